/* 2D 5-point Jacobi on flattened pointers a[j*n+i] (delinearisation) */
void jacobi2d_ptr(int n, const double *a, double *b)
{
	for (int j = 1; j < n - 1; j++)
		for (int i = 1; i < n - 1; i++)
			b[j * n + i] = 0.25 * (a[j * n + i - 1] + a[j * n + i + 1] +
					       a[(j - 1) * n + i] + a[(j + 1) * n + i]);
}
