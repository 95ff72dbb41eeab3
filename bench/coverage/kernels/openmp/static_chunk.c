/* axpy with a chunked static schedule (round-robin blocks of 256 iterations) */
void axpy_chunk(int n, double *restrict y, const double *restrict x, double a)
{
#pragma omp parallel for schedule(static, 256)
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
}
