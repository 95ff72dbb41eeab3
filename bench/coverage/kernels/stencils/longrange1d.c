/* 1D long-range: 8 neighbours each side, coefficients in an array */
#define R 8
void longrange(int n, double *restrict y, const double *restrict x, const double c[2 * R + 1])
{
	for (int i = R; i < n - R; i++) {
		double s = 0.0;
		for (int r = -R; r <= R; r++)
			s += c[r + R] * x[i + r];
		y[i] = s;
	}
}
