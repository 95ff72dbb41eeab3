/* sparse matrix-vector product, CSR */
void spmv(int n, const int *restrict rowptr, const int *restrict col, const double *restrict val,
	  const double *restrict x, double *restrict y)
{
	for (int i = 0; i < n; i++) {
		double s = 0.0;
		for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
			s += val[k] * x[col[k]];
		y[i] = s;
	}
}
