/* STREAM triad: a[i] = b[i] + s * c[i] */
#define KERNEL k_triad
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
	return 0;
}
