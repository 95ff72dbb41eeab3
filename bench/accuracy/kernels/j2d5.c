/* 2D Jacobi 5-point, n columns (inner) x m rows */
#define KERNEL k_j2d5
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 1; j < m - 1; j++)
		for (long i = 1; i < n - 1; i++)
			b[j * n + i] = 0.25 * (a[j * n + i - 1] + a[j * n + i + 1] + a[(j - 1) * n + i] + a[(j + 1) * n + i]);
	return 0;
}
