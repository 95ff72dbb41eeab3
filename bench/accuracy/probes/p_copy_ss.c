/* copy with the store 8 B off the line: a[i + 1] = b[i] (every zmm store crosses a line) */
#define KERNEL k_p_copy_ss
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i + 1] = b[i];
	return 0;
}
