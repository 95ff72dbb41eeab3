/* rectangular pointer array a[j*m+i]: rows of m (m given by a define in the probe) */
void rect(int n, int m, double *a, const double *b)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[j * m + i] = a[j * m + i] + b[i];
}
