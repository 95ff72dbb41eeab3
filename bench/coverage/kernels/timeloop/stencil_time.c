/* 2D 5-point stencil in a time loop with swapped pointers */
void stencil_time(int nt, int nx, int ny, double *u, double *v)
{
	for (int t = 0; t < nt; t++) {
		for (int i = 1; i < ny - 1; i++)
			for (int j = 1; j < nx - 1; j++)
				v[i * nx + j] = 0.25 * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j]
							+ u[i * nx + j - 1] + u[i * nx + j + 1]);
		double *tmp = u; u = v; v = tmp;
	}
}
