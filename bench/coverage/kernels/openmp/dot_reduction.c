/* dot product, parallel for with a sum reduction */
double dot(long n, const double *restrict x, const double *restrict y)
{
	double s = 0.0;
#pragma omp parallel for schedule(static) reduction(+:s)
	for (long i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}
