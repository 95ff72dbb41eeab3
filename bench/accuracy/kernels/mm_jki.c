/* matmul c += a b, loop order j, k, i (inner i: columns of a and c) */
#define KERNEL k_mm_jki
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d; (void)s;
	for (long j = 0; j < n; j++)
		for (long k = 0; k < n; k++)
			for (long i = 0; i < n; i++)
				c[i * n + j] += a[i * n + k] * b[k * n + j];
	return 0;
}
