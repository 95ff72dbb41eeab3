/* copy with the load 8 B off the line: a[i] = b[i + 1] (every zmm load crosses a line) */
#define KERNEL k_p_copy_ls
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		a[i] = b[i + 1];
	return 0;
}
