/* 2D 25-point box, radius 2, coefficient matrix */
#define N 3000
void box2d_r2(double out[N][N], const double in[N][N], const double w[5][5])
{
	for (int i = 2; i < N - 2; i++)
		for (int j = 2; j < N - 2; j++) {
			double s = 0.0;
			for (int a = -2; a <= 2; a++)
				for (int b = -2; b <= 2; b++)
					s += w[a + 2][b + 2] * in[i + a][j + b];
			out[i][j] = s;
		}
}
