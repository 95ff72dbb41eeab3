/* rotate points by per-point angles */
#include <math.h>
#define N 100000
double px[N], py[N], ang[N];
void rotate(void)
{
	for (int i = 0; i < N; i++) {
		double c = cos(ang[i]), s = sin(ang[i]);
		double x = px[i], y = py[i];
		px[i] = c * x - s * y;
		py[i] = s * x + c * y;
	}
}
