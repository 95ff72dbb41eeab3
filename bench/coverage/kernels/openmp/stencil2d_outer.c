/* 2D 5-point stencil, parallel outer loop */
void stencil2d(int n, double A[restrict n][n], const double B[restrict n][n])
{
#pragma omp parallel for
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			A[i][j] = 0.2 * (B[i][j] + B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
}
