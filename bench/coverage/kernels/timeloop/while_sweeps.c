/* relaxation sweeps repeated while a counter runs */
void relax(int n, double *restrict x, const double *restrict b, double omega, int maxit)
{
	int it = 0;
	while (it < maxit) {
		for (int i = 1; i < n - 1; i++)
			x[i] = (1.0 - omega) * x[i] + omega * 0.5 * (x[i - 1] + x[i + 1] - b[i]);
		it++;
	}
}
