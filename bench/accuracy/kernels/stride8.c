/* strided update a[8*i] = s * a[8*i] (stride 8 doubles) */
#define KERNEL k_stride8
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[8 * i] = s * a[8 * i];
	return 0;
}
