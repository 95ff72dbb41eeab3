/* an outer loop with two inner loops: not analysed (several inner loops) */
void siblings(int n, double (*a)[n], double (*b)[n])
{
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < n; i++)
			a[j][i] = 1.0 + a[j][i];
		for (int i = 0; i < n; i++)
			b[j][i] = 2.0 * b[j][i];
	}
}
