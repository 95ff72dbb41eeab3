/* power-law scaling with a run-time exponent */
#include <math.h>
void powscale(int n, double *restrict y, const double *restrict x, double e)
{
	for (int i = 0; i < n; i++)
		y[i] = pow(x[i], e);
}
