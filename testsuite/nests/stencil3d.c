/* 3D 7-point stencil on VLA parameters */
void stencil3d(int n, double (*a)[n][n], double (*b)[n][n])
{
	for (int k = 1; k < n - 1; k++)
		for (int j = 1; j < n - 1; j++)
			for (int i = 1; i < n - 1; i++)
				b[k][j][i] = 0.5 * a[k][j][i] +
					(a[k][j][i - 1] + a[k][j][i + 1] + a[k][j - 1][i] +
					 a[k][j + 1][i] + a[k - 1][j][i] + a[k + 1][j][i]) / 6.0;
}
