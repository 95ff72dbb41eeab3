/* 2D star stencil of radius 2 (9 points), n (inner) x m */
#define KERNEL k_star2d_r2
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 2; j < m - 2; j++)
		for (long i = 2; i < n - 2; i++)
			b[j * n + i] = 0.2 * a[j * n + i]
				+ 0.100 * (a[j * n + i - 1] + a[j * n + i + 1] + a[(j - 1) * n + i] + a[(j + 1) * n + i])
				+ 0.050 * (a[j * n + i - 2] + a[j * n + i + 2] + a[(j - 2) * n + i] + a[(j + 2) * n + i]);
	return 0;
}
