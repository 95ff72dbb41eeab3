/* particle push, array of structs */
struct particle { double x, y, z, vx, vy, vz, m; };
void push(int n, struct particle *restrict p, double dt)
{
	for (int i = 0; i < n; i++) {
		p[i].x += p[i].vx * dt;
		p[i].y += p[i].vy * dt;
		p[i].z += p[i].vz * dt;
	}
}
