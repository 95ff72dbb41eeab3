/* 3D 7-point heat step with collapse(3) over the whole grid */
#define N 200
double u[N][N][N], v[N][N][N];

void heat3d(double c)
{
#pragma omp parallel for collapse(3)
	for (int i = 1; i < N - 1; i++)
		for (int j = 1; j < N - 1; j++)
			for (int k = 1; k < N - 1; k++)
				v[i][j][k] = u[i][j][k] + c * (u[i-1][j][k] + u[i+1][j][k]
					+ u[i][j-1][k] + u[i][j+1][k] + u[i][j][k-1] + u[i][j][k+1]
					- 6.0 * u[i][j][k]);
}
