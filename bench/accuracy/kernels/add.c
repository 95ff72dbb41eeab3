/* 2 loads 1 store: a[i] = b[i] + c[i] */
#define KERNEL k_add
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + c[i];
	return 0;
}
