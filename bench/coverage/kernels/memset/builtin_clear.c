/* per-time-step clear of a force array with __builtin_memset, then a scaled add */
void step(int nt, long n, double *restrict f, double *restrict x, const double *restrict v, double dt)
{
	for (int t = 0; t < nt; t++) {
		__builtin_memset(f, 0, n * sizeof(double));
		for (long i = 0; i < n; i++) {
			f[i] += -x[i];
			x[i] += dt * (v[i] + f[i]);
		}
	}
}
