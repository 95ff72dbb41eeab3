/* Loops with math calls for the accuracy check of the call costs (calls-accuracy.sh).
 * Compiled twice: as is (scalar libm calls: -fmath-errno keeps GCC from vectorising) and
 * with -ffast-math (libmvec vector variants). */
#include <math.h>

void k_exp(long n, double *restrict y, const double *restrict x)
{
	for (long i = 0; i < n; i++)
		y[i] = exp(x[i]);
}

void k_sin(long n, double *restrict a, const double *restrict b, const double *restrict c)
{
	for (long i = 0; i < n; i++)
		a[i] = b[i] * sin(c[i]);
}

void k_explog(long n, double *restrict a, const double *restrict b, const double *restrict c)
{
	for (long i = 0; i < n; i++)
		a[i] = exp(b[i]) * log(c[i]) + a[i];
}

void k_powf(long n, float *restrict a, const float *restrict b, const float *restrict c)
{
	for (long i = 0; i < n; i++)
		a[i] = powf(b[i], c[i]);
}

void k_rotate(long n, double *restrict x, double *restrict y, const double *restrict ang)
{
	for (long i = 0; i < n; i++) {
		double c = cos(ang[i]), s = sin(ang[i]);
		double xi = x[i], yi = y[i];
		x[i] = c * xi - s * yi;
		y[i] = s * xi + c * yi;
	}
}
