/* 3D star stencil of radius 4 (25 points), n (inner) x m x l */
#define KERNEL k_star3d_r4
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)c; (void)d;
	for (long k = 4; k < l - 4; k++)
		for (long j = 4; j < m - 4; j++)
			for (long i = 4; i < n - 4; i++)
				b[(k * m + j) * n + i] = s * a[(k * m + j) * n + i]
					+ 0.100 * (a[(k * m + j) * n + i - 1] + a[(k * m + j) * n + i + 1]
					+ a[(k * m + j - 1) * n + i] + a[(k * m + j + 1) * n + i]
					+ a[((k - 1) * m + j) * n + i] + a[((k + 1) * m + j) * n + i])
					+ 0.050 * (a[(k * m + j) * n + i - 2] + a[(k * m + j) * n + i + 2]
					+ a[(k * m + j - 2) * n + i] + a[(k * m + j + 2) * n + i]
					+ a[((k - 2) * m + j) * n + i] + a[((k + 2) * m + j) * n + i])
					+ 0.033 * (a[(k * m + j) * n + i - 3] + a[(k * m + j) * n + i + 3]
					+ a[(k * m + j - 3) * n + i] + a[(k * m + j + 3) * n + i]
					+ a[((k - 3) * m + j) * n + i] + a[((k + 3) * m + j) * n + i])
					+ 0.025 * (a[(k * m + j) * n + i - 4] + a[(k * m + j) * n + i + 4]
					+ a[(k * m + j - 4) * n + i] + a[(k * m + j + 4) * n + i]
					+ a[((k - 4) * m + j) * n + i] + a[((k + 4) * m + j) * n + i]);
	return 0;
}
