/* 2D star stencil of radius 4 (17 points), n (inner) x m */
#define KERNEL k_star2d_r4
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 4; j < m - 4; j++)
		for (long i = 4; i < n - 4; i++)
			b[j * n + i] = 0.2 * a[j * n + i]
				+ 0.100 * (a[j * n + i - 1] + a[j * n + i + 1] + a[(j - 1) * n + i] + a[(j + 1) * n + i])
				+ 0.050 * (a[j * n + i - 2] + a[j * n + i + 2] + a[(j - 2) * n + i] + a[(j + 2) * n + i])
				+ 0.033 * (a[j * n + i - 3] + a[j * n + i + 3] + a[(j - 3) * n + i] + a[(j + 3) * n + i])
				+ 0.025 * (a[j * n + i - 4] + a[j * n + i + 4] + a[(j - 4) * n + i] + a[(j + 4) * n + i]);
	return 0;
}
