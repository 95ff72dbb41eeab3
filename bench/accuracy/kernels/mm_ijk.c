/* matmul c += a b, loop order i, j, k (inner k: a row, a column of b) */
#define KERNEL k_mm_ijk
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		for (long j = 0; j < n; j++)
			for (long k = 0; k < n; k++)
				c[i * n + j] += a[i * n + k] * b[k * n + j];
	return 0;
}
