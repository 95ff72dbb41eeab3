/* copy, both streams 64 B aligned: a[i] = b[i] */
#define KERNEL k_p_copy_al
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i];
	return 0;
}
