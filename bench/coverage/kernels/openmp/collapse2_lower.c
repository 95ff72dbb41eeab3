/* scaling the lower triangle with collapse(2) over a non-rectangular nest (OpenMP 5.0) */
void scale_lower(int n, double A[restrict n][n], double a)
{
#pragma omp parallel for collapse(2)
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++)
			A[i][j] *= a;
}
