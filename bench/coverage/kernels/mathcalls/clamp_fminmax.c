/* clamp with fmin/fmax (limiter in a finite-volume code) */
#include <math.h>
void clamp(int n, double *restrict q, double lo, double hi)
{
	for (int i = 0; i < n; i++)
		q[i] = fmin(fmax(q[i], lo), hi);
}
