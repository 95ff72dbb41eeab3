/* exponential decay factors */
#include <math.h>
void decay(int n, double *restrict y, const double *restrict lambda, double t)
{
	for (int i = 0; i < n; i++)
		y[i] = exp(-lambda[i] * t);
}
