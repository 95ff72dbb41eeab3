/* STREAM triad: three 1D pointer arrays */
void triad(long n, double s, double *a, const double *b, const double *c)
{
	for (long i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
}
