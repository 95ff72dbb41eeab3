/* imperfect nest: a statement of the outer loop around the inner loop */
void rowsum(int n, int m, double (*a)[m], double *s)
{
	for (int j = 0; j < n; j++) {
		double t = 0.0;
		for (int i = 0; i < m; i++)
			t += a[j][i];
		s[j] = t;
	}
}
