/* load: s += a[i] (a sum reduction compiled with -ffast-math: a pure load stream) */
#define KERNEL k_load
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		s += a[i];
	return s;
}
