/* five rows, vertical neighbours only (5 loads, 5 rows), n columns (inner) x m rows (bench/accuracy/stencil-mem-study.py) */
#define KERNEL k_s_vert5
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 2; j < m - 2; j++)
		for (long i = 2; i < n - 2; i++)
			b[j * n + i] = a[(j - 2) * n + i] + a[(j - 1) * n + i] + a[j * n + i] + a[(j + 1) * n + i] + a[(j + 2) * n + i];
	return 0;
}
