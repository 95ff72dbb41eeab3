/* copy halo rows and columns into send buffers (MPI-style packing) */
#include <string.h>
void pack_halo(int ny, int nx, int h, const double *restrict u, double *restrict north,
	       double *restrict south, double *restrict west)
{
	for (int r = 0; r < h; r++) {
		memcpy(north + (long)r * nx, u + (long)(h + r) * nx, nx * sizeof(double));
		memcpy(south + (long)r * nx, u + (long)(ny - 2 * h + r) * nx, nx * sizeof(double));
	}
	for (int j = 0; j < ny; j++)
		for (int r = 0; r < h; r++)
			west[j * h + r] = u[(long)j * nx + h + r];
}
