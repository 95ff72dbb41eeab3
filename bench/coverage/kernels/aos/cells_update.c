/* lattice cells as structs, update one field from two others (LBM-like moments) */
struct cell { double rho, ux, uy, f[9]; };
void moments(int n, struct cell *restrict c)
{
	for (int i = 0; i < n; i++) {
		double r = 0.0, mx = 0.0, my = 0.0;
		r = c[i].f[0] + c[i].f[1] + c[i].f[2] + c[i].f[3] + c[i].f[4]
		  + c[i].f[5] + c[i].f[6] + c[i].f[7] + c[i].f[8];
		mx = c[i].f[1] - c[i].f[3] + c[i].f[5] - c[i].f[6] - c[i].f[7] + c[i].f[8];
		my = c[i].f[2] - c[i].f[4] + c[i].f[5] + c[i].f[6] - c[i].f[7] - c[i].f[8];
		c[i].rho = r;
		c[i].ux = mx / r;
		c[i].uy = my / r;
	}
}
