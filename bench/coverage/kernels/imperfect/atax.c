/* y = A^T (A x): tmp row sum then scatter into y */
#define M 1900
#define N 2100
void atax(double A[M][N], double x[N], double y[N], double tmp[M])
{
	for (int i = 0; i < N; i++)
		y[i] = 0.0;
	for (int i = 0; i < M; i++) {
		tmp[i] = 0.0;
		for (int j = 0; j < N; j++)
			tmp[i] += A[i][j] * x[j];
		for (int j = 0; j < N; j++)
			y[j] += A[i][j] * tmp[i];
	}
}
