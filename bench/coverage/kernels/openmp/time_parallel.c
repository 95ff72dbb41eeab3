/* time loop around a parallel region with two worksharing loops */
void heat1d(int nt, int n, double *restrict u, double *restrict v)
{
	for (int t = 0; t < nt; t++) {
#pragma omp parallel
		{
#pragma omp for schedule(static)
			for (int i = 1; i < n - 1; i++)
				v[i] = u[i] + 0.1 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma omp for schedule(static)
			for (int i = 1; i < n - 1; i++)
				u[i] = v[i];
		}
	}
}
