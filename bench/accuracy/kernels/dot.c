/* dot product s += a[i] * b[i] (with -ffast-math: vectorised) */
#define KERNEL k_dot
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}
