/* transposed copy b[i][j] = a[j][i] (inner j: a column of a) */
#define KERNEL k_transpose
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		for (long j = 0; j < n; j++)
			b[i * n + j] = a[j * n + i];
	return 0;
}
