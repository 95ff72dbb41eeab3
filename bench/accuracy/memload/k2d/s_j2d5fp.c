/* the 2D 5-point Jacobi with 12 dependent multiplies by s (more FP work, the same loads), n columns (inner) x m rows (bench/accuracy/stencil-mem-study.py) */
#define KERNEL k_s_j2d5fp
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 1; j < m - 1; j++)
		for (long i = 1; i < n - 1; i++)
			b[j * n + i] = ((((((((((((0.25 * (a[j * n + i - 1] + a[j * n + i + 1] + a[(j - 1) * n + i] + a[(j + 1) * n + i])) * s) * s) * s) * s) * s) * s) * s) * s) * s) * s) * s) * s;
	return 0;
}
