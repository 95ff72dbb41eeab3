/* gemm as BLAS-like codes write it: C = beta*C + alpha*A*B, i-k-j order */
void gemm(int ni, int nj, int nk, double alpha, double beta,
	  double C[restrict ni][nj], const double A[restrict ni][nk],
	  const double B[restrict nk][nj])
{
	for (int i = 0; i < ni; i++) {
		for (int j = 0; j < nj; j++)
			C[i][j] *= beta;
		for (int k = 0; k < nk; k++)
			for (int j = 0; j < nj; j++)
				C[i][j] += alpha * A[i][k] * B[k][j];
	}
}
