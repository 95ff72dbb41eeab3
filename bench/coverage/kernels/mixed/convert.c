/* double -> float conversion with scaling */
void to_float(long n, float *restrict y, const double *restrict x, double s)
{
	for (long i = 0; i < n; i++)
		y[i] = (float)(s * x[i]);
}
