/* sum reduction: one read stream, no store */
double sum(int n, const double *a)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}
