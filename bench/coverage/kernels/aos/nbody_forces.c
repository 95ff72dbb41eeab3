/* n-body force accumulation, AoS with a mass field (inner j loop) */
#include <math.h>
struct body { float x, y, z, m; };
void forces(int n, const struct body *restrict b, float *restrict ax, float *restrict ay,
	    float *restrict az, float eps2)
{
	for (int i = 0; i < n; i++) {
		float fx = 0, fy = 0, fz = 0;
		for (int j = 0; j < n; j++) {
			float dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
			float r2 = dx * dx + dy * dy + dz * dz + eps2;
			float inv = 1.0f / sqrtf(r2);
			float s = b[j].m * inv * inv * inv;
			fx += dx * s; fy += dy * s; fz += dz * s;
		}
		ax[i] = fx; ay[i] = fy; az[i] = fz;
	}
}
