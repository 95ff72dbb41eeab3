/* 8 aligned loads, 1 store */
#define KERNEL k_p_8ld_al
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + b[i + 8] + b[i + 16] + b[i + 24] + b[i + 32] + b[i + 40] + b[i + 48] + b[i + 56];
	return 0;
}
