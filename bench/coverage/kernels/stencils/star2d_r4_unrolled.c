/* 2D 17-point star, radius 4, written out (as generated codes do) */
#define N 2048
double in[N][N], out[N][N];
void star2d_r4u(void)
{
	for (int i = 4; i < N - 4; i++)
		for (int j = 4; j < N - 4; j++)
			out[i][j] = 0.5 * in[i][j]
				+ 0.1 * (in[i][j - 1] + in[i][j + 1] + in[i - 1][j] + in[i + 1][j])
				+ 0.05 * (in[i][j - 2] + in[i][j + 2] + in[i - 2][j] + in[i + 2][j])
				+ 0.025 * (in[i][j - 3] + in[i][j + 3] + in[i - 3][j] + in[i + 3][j])
				+ 0.0125 * (in[i][j - 4] + in[i][j + 4] + in[i - 4][j] + in[i + 4][j]);
}
