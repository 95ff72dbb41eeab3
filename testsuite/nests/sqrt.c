/* sqrt and division: with -fno-math-errno sqrt is an internal function, otherwise a call */
#include <math.h>
void norm(int n, float *r, const float *x, const float *y)
{
	for (int i = 0; i < n; i++)
		r[i] = sqrtf(x[i] * x[i] + y[i] * y[i]) / x[i];
}
