/* the same particle push, structure of arrays */
struct particles { double *restrict x, *restrict y, *restrict z, *restrict vx, *restrict vy, *restrict vz; };
void push_soa(int n, struct particles p, double dt)
{
	for (int i = 0; i < n; i++) {
		p.x[i] += p.vx[i] * dt;
		p.y[i] += p.vy[i] * dt;
		p.z[i] += p.vz[i] * dt;
	}
}
