/* float data, double accumulation */
double sum_fd(long n, const float *restrict x, const float *restrict w)
{
	double s = 0.0;
	for (long i = 0; i < n; i++)
		s += (double)x[i] * w[i];
	return s;
}
