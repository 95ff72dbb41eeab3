/* matrix-vector product with the row accumulator set before and stored after the j loop */
void matvec(int n, int m, const float *restrict a, const float *restrict x, float *restrict y)
{
	for (int i = 0; i < n; i++) {
		float s = 0.0f;
		for (int j = 0; j < m; j++)
			s += a[(long)i * m + j] * x[j];
		y[i] = s;
	}
}
