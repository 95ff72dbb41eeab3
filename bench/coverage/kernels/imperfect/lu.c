/* LU decomposition without pivoting, Doolittle, in place */
void lu(int n, double A[restrict n][n])
{
	for (int k = 0; k < n; k++) {
		for (int i = k + 1; i < n; i++)
			A[i][k] /= A[k][k];
		for (int i = k + 1; i < n; i++)
			for (int j = k + 1; j < n; j++)
				A[i][j] -= A[i][k] * A[k][j];
	}
}
