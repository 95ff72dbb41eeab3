/* step 2 and counting down */
void strided(int n, double *a, const double *b)
{
	for (int i = 0; i < n; i += 2)
		a[i] = 2.0 * b[i + 1];
}
void reverse(int n, double *a, const double *b)
{
	for (int i = n - 1; i >= 0; i--)
		a[i] = b[n - 1 - i];
}
