/* matrix add with collapse(2) */
#define N 4000
void madd(double C[N][N], const double A[N][N], const double B[N][N])
{
#pragma omp parallel for collapse(2) schedule(static)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = A[i][j] + B[i][j];
}
