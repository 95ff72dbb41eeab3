/* three rows, vertical neighbours only (3 loads, 3 rows), n columns (inner) x m rows (bench/accuracy/stencil-mem-study.py) */
#define KERNEL k_s_vert3
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 1; j < m - 1; j++)
		for (long i = 1; i < n - 1; i++)
			b[j * n + i] = a[(j - 1) * n + i] + a[j * n + i] + a[(j + 1) * n + i];
	return 0;
}
