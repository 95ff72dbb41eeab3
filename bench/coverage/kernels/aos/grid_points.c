/* 2D grid of point structs, gather the x component to a plain array */
struct point { float x, y, z, w; };
void gather_x(int ny, int nx, const struct point g[restrict ny][nx], float out[restrict ny][nx])
{
	for (int j = 0; j < ny; j++)
		for (int i = 0; i < nx; i++)
			out[j][i] = g[j][i].x + g[j][i].w;
}
