/* daxpy: a[i] = a[i] + s * b[i] */
#define KERNEL k_daxpy
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[i] = a[i] + s * b[i];
	return 0;
}
