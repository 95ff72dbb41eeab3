/* squared Frobenius norm of a matrix with collapse(2) and a + reduction */
#define N 3000
double A[N][N];

double frob2(void)
{
	double s = 0.0;
#pragma omp parallel for collapse(2) reduction(+:s)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * A[i][j];
	return s;
}
