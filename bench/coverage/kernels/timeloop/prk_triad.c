/* Parallel Research Kernels nstream: triad in a timed iteration loop, run-time sizes */
void nstream(int iterations, long length, double *restrict A, const double *restrict B,
	     const double *restrict C, double scalar)
{
	for (int iter = 0; iter <= iterations; iter++)
		for (long j = 0; j < length; j++)
			A[j] += B[j] + scalar * C[j];
}
