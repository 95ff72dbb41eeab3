/* 3D 25-point star, radius 4 (seismic finite differences, 8th order) */
void star3d_25(int nz, int ny, int nx, float *restrict next, const float *restrict cur,
	       const float *restrict vel, const float c[5])
{
	long sy = nx, sz = (long)nx * ny;
	for (int k = 4; k < nz - 4; k++)
		for (int j = 4; j < ny - 4; j++)
			for (int i = 4; i < nx - 4; i++) {
				long p = k * sz + j * sy + i;
				float lap = c[0] * cur[p]
					+ c[1] * (cur[p + 1] + cur[p - 1] + cur[p + sy] + cur[p - sy] + cur[p + sz] + cur[p - sz])
					+ c[2] * (cur[p + 2] + cur[p - 2] + cur[p + 2 * sy] + cur[p - 2 * sy] + cur[p + 2 * sz] + cur[p - 2 * sz])
					+ c[3] * (cur[p + 3] + cur[p - 3] + cur[p + 3 * sy] + cur[p - 3 * sy] + cur[p + 3 * sz] + cur[p - 3 * sz])
					+ c[4] * (cur[p + 4] + cur[p - 4] + cur[p + 4 * sy] + cur[p - 4 * sy] + cur[p + 4 * sz] + cur[p - 4 * sz]);
				next[p] = 2.0f * cur[p] - next[p] + vel[p] * lap;
			}
}
