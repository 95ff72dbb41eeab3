/* max-norm of a difference, max reduction */
#include <math.h>
double maxdiff(long n, const double *restrict a, const double *restrict b)
{
	double m = 0.0;
#pragma omp parallel for reduction(max:m)
	for (long i = 0; i < n; i++) {
		double d = fabs(a[i] - b[i]);
		m = d > m ? d : m;
	}
	return m;
}
