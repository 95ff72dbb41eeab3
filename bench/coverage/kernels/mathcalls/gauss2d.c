/* 2D Gaussian evaluated on a grid, exp in the inner loop */
#include <math.h>
void gauss(int ny, int nx, float g[restrict ny][nx], float sigma)
{
	for (int j = 0; j < ny; j++)
		for (int i = 0; i < nx; i++)
			g[j][i] = expf(-((float)(i * i + j * j)) / (2.0f * sigma * sigma));
}
