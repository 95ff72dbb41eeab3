/* integer triad: no flops */
void itriad(int n, int s, int *a, const int *b, const int *c)
{
	for (int i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
}
