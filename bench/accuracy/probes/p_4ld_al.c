/* 4 aligned loads, 1 store: a[i] = b[i] + b[i + 8] + b[i + 16] + b[i + 24] */
#define KERNEL k_p_4ld_al
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + b[i + 8] + b[i + 16] + b[i + 24];
	return 0;
}
