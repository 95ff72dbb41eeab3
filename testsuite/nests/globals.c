/* global pointer, global size, local static array and parameter-sized 2D array */
double *gp;
int gn;
void scale_global(double s)
{
	for (int i = 0; i < gn; i++)
		gp[i] = s * gp[i];
}
void param_array(int n, double a[n][n], double b[n][n])
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			b[i][j] = a[j][i];
}
double local_static(void)
{
	static double t[100][50];
	double s = 0.0;
	for (int j = 0; j < 100; j++)
		for (int i = 0; i < 50; i++)
			s += t[j][i];
	return s;
}
