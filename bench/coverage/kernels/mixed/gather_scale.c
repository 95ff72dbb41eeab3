/* gather through an index array, int64 indices, float data */
void gather(long n, float *restrict y, const float *restrict x, const long *restrict idx, float a)
{
	for (long i = 0; i < n; i++)
		y[i] = a * x[idx[i]];
}
