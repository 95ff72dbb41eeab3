/* Schoenauer triad: a[i] = b[i] + c[i] * d[i] */
#define KERNEL k_schoenauer
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + c[i] * d[i];
	return 0;
}
