/* 2D Jacobi with a copy-back sweep, pointer arrays with explicit index arithmetic */
void jacobi2d_copy(int n, double *restrict u, double *restrict unew, const double *restrict f, double h2)
{
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
						+ u[i * n + j - 1] + u[i * n + j + 1] - h2 * f[i * n + j]);
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			u[i * n + j] = unew[i * n + j];
}
