/* strict dot product s += a[i] * b[i] (one dependent FMA or add per element) */
#define KERNEL k_dot_strict
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}
