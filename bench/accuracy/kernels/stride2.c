/* strided update a[2*i] = s * a[2*i] (stride 2 doubles) */
#define KERNEL k_stride2
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[2 * i] = s * a[2 * i];
	return 0;
}
