/* L1 distance */
#include <math.h>
double l1(long n, const double *restrict a, const double *restrict b)
{
	double s = 0.0;
	for (long i = 0; i < n; i++)
		s += fabs(a[i] - b[i]);
	return s;
}
