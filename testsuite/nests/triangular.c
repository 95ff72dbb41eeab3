/* triangular nest: the inner upper bound is the outer iterator */
void triangular(int n, double (*a)[n], const double *x, double *y)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < j; i++)
			a[j][i] = a[j][i] + x[i] * y[j];
}
