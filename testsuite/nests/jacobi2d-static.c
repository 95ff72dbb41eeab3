/* 2D 5-point Jacobi on static arrays */
#define N 1024
double a[N][N], b[N][N];
void jacobi2d_static(void)
{
	for (int j = 1; j < N - 1; j++)
		for (int i = 1; i < N - 1; i++)
			b[j][i] = 0.25 * (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]);
}
