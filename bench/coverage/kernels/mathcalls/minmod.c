/* minmod slope limiter over a 1D grid (fabs, fmin, copysign) */
#include <math.h>
void minmod(int n, double *restrict slope, const double *restrict u)
{
	for (int i = 1; i < n - 1; i++) {
		double a = u[i] - u[i - 1], b = u[i + 1] - u[i];
		slope[i] = a * b > 0.0 ? copysign(fmin(fabs(a), fabs(b)), a) : 0.0;
	}
}
