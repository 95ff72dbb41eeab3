/* a call in the body: not analysed */
extern double f(double);
void apply(int n, double *a)
{
	for (int i = 0; i < n; i++)
		a[i] = f(a[i]);
}
