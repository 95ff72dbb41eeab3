/* one row, five in-row neighbours (5 loads re-reading the row streamed from memory), n columns (inner) x m rows (bench/accuracy/stencil-mem-study.py) */
#define KERNEL k_s_inrow5
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)l; (void)c; (void)d; (void)s;
	for (long j = 2; j < m - 2; j++)
		for (long i = 2; i < n - 2; i++)
			b[j * n + i] = a[j * n + i - 2] + a[j * n + i - 1] + a[j * n + i] + a[j * n + i + 1] + a[j * n + i + 2];
	return 0;
}
