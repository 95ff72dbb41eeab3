/* store: a[i] = s */
#define KERNEL k_init
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[i] = s;
	return 0;
}
