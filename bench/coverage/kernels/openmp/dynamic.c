/* triangular update with a dynamic schedule */
void tri(int n, double A[restrict n][n], const double *restrict x)
{
#pragma omp parallel for schedule(dynamic, 16)
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++)
			A[i][j] += x[i] * x[j];
}
