/* zeroing loop GCC turns into memset */
void zero(long n, float *restrict a)
{
	for (long i = 0; i < n; i++)
		a[i] = 0.0f;
}
