/* single precision triad */
void ftriad(int n, float s, float *a, const float *b, const float *c)
{
	for (int i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
}
