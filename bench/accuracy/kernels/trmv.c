/* lower-triangular matrix-vector product c[i] += a[i][j] * b[j], j <= i */
#define KERNEL k_trmv
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		for (long j = 0; j <= i; j++)
			c[i] += a[i * n + j] * b[j];
	return 0;
}
