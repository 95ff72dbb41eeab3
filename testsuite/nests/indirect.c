/* indirect access a[idx[i]]: not analysed */
double gather(int n, const double *a, const int *idx)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += a[idx[i]];
	return s;
}
