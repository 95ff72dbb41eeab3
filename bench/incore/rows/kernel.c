/* Row kernels of the short-row study (rows.sh builds this file with -O3 -march=native, as the
 * accuracy benchmark builds its kernels).  The row length is a run-time value (GCC emits the
 * vector loop with its remainder paths), or the constant NC when built with -DNC=... (GCC then
 * knows the remainder, as in PolyBench).
 *   row3:  b[r][i] = s * (a[r][i-1] + a[r][i] + a[r][i+1]),  i = 1 .. n-2  (3-point row stencil)
 *   j3d7:  bench/accuracy/kernels/j3d7.c's loop nest (rows of n-2 interior points)
 */
#ifdef NC
#define NN NC
#else
#define NN n
#endif

void row3(long n, long rows, double *restrict a, double *restrict b, double s)
{
	for (long r = 0; r < rows; r++)
		for (long i = 1; i < NN - 1; i++)
			b[r * NN + i] = s * (a[r * NN + i - 1] + a[r * NN + i] + a[r * NN + i + 1]);
}

void j3d7(long n, long m, long l, double *restrict a, double *restrict b, double s)
{
	for (long k = 1; k < l - 1; k++)
		for (long j = 1; j < m - 1; j++)
			for (long i = 1; i < NN - 1; i++)
				b[(k * m + j) * NN + i] = s * (a[(k * m + j) * NN + i - 1] + a[(k * m + j) * NN + i + 1]
					+ a[(k * m + j - 1) * NN + i] + a[(k * m + j + 1) * NN + i]
					+ a[((k - 1) * m + j) * NN + i] + a[((k + 1) * m + j) * NN + i]);
}
