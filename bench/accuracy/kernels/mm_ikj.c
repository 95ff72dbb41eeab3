/* matmul c += a b, loop order i, k, j (inner j: rows of b and c) */
#define KERNEL k_mm_ikj
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		for (long k = 0; k < n; k++)
			for (long j = 0; j < n; j++)
				c[i * n + j] += a[i * n + k] * b[k * n + j];
	return 0;
}
