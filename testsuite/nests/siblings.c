/* an outer loop with two inner loops: each inner loop gets its own prediction, with the j loop
   as its context (neither reuses data across j: the other's data does not change its traffic) */
void siblings(int n, double (*a)[n], double (*b)[n])
{
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < n; i++)
			a[j][i] = 1.0 + a[j][i];
		for (int i = 0; i < n; i++)
			b[j][i] = 2.0 * b[j][i];
	}
}
