/* vector lengths of 3-vectors stored as separate arrays */
#include <math.h>
void lengths(int n, const double *restrict x, const double *restrict y, const double *restrict z,
	     double *restrict r)
{
	for (int i = 0; i < n; i++)
		r[i] = sqrt(x[i] * x[i] + y[i] * y[i] + z[i] * z[i]);
}
