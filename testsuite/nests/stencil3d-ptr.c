/* 3D 7-point stencil on flattened pointers (two-level delinearisation) */
void stencil3d_ptr(int n, const double *a, double *b)
{
	for (int k = 1; k < n - 1; k++)
		for (int j = 1; j < n - 1; j++)
			for (int i = 1; i < n - 1; i++)
				b[(k * n + j) * n + i] = a[(k * n + j) * n + i - 1] + a[(k * n + j) * n + i + 1] +
					a[(k * n + j - 1) * n + i] + a[(k * n + j + 1) * n + i] +
					a[((k - 1) * n + j) * n + i] + a[((k + 1) * n + j) * n + i];
}
