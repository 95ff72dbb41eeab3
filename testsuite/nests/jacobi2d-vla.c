/* 2D 5-point Jacobi on VLA parameters */
void jacobi2d_vla(int n, double (*a)[n], double (*b)[n])
{
	for (int j = 1; j < n - 1; j++)
		for (int i = 1; i < n - 1; i++)
			b[j][i] = 0.25 * (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]);
}
