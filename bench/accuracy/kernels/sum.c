/* strict sum: s += a[i] without reassociation (one dependent add per element) */
#define KERNEL k_sum
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		s += a[i];
	return s;
}
