/* 3D 13-point star, radius 2 */
#define NX 256
#define NY 256
#define NZ 256
double u[NZ][NY][NX], v[NZ][NY][NX];
void star3d_13(double c0, double c1, double c2)
{
	for (int k = 2; k < NZ - 2; k++)
		for (int j = 2; j < NY - 2; j++)
			for (int i = 2; i < NX - 2; i++)
				v[k][j][i] = c0 * u[k][j][i]
					+ c1 * (u[k][j][i - 1] + u[k][j][i + 1] + u[k][j - 1][i] + u[k][j + 1][i]
						+ u[k - 1][j][i] + u[k + 1][j][i])
					+ c2 * (u[k][j][i - 2] + u[k][j][i + 2] + u[k][j - 2][i] + u[k][j + 2][i]
						+ u[k - 2][j][i] + u[k + 2][j][i]);
}
