/* DAXPY: 1D pointer arrays, read and write of y[i] */
void daxpy(int n, double a, double *x, double *y)
{
	for (int i = 0; i < n; i++)
		y[i] = y[i] + a * x[i];
}
