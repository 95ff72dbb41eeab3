/* 3D Jacobi 7-point, n (inner) x m x l */
#define KERNEL k_j3d7
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)c; (void)d;
	for (long k = 1; k < l - 1; k++)
		for (long j = 1; j < m - 1; j++)
			for (long i = 1; i < n - 1; i++)
				b[(k * m + j) * n + i] = s * (a[(k * m + j) * n + i - 1] + a[(k * m + j) * n + i + 1]
					+ a[(k * m + j - 1) * n + i] + a[(k * m + j + 1) * n + i]
					+ a[((k - 1) * m + j) * n + i] + a[((k + 1) * m + j) * n + i]);
	return 0;
}
