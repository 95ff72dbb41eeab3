/* 4 loads (3 crossing a line), 1 store: a[i] = b[i] + b[i + 1] + b[i + 2] + b[i + 3] */
#define KERNEL k_p_4ld_sp
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + b[i + 1] + b[i + 2] + b[i + 3];
	return 0;
}
