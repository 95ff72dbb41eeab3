/* 2D 9-point star, radius 2 (PRK stencil style, weights as #defines) */
#define N 4096
#define W1 (1.0 / 4.0)
#define W2 (1.0 / 16.0)
void star2d_r2(double out[N][N], double in[N][N])
{
	for (int i = 2; i < N - 2; i++)
		for (int j = 2; j < N - 2; j++)
			out[i][j] += W1 * (in[i][j + 1] - in[i][j - 1] + in[i + 1][j] - in[i - 1][j])
				   + W2 * (in[i][j + 2] - in[i][j - 2] + in[i + 2][j] - in[i - 2][j]);
}
