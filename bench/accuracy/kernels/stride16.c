/* strided update a[16*i] = s * a[16*i] (stride 16 doubles) */
#define KERNEL k_stride16
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[16 * i] = s * a[16 * i];
	return 0;
}
