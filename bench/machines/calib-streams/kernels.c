/* Stream kernels for checking a roofline-bench machine file against the plugin (run.sh):
 * compiled with the plugin, timed by harness.c.  One unit of work = 8 iterations (one 64 B line
 * per array). */
#include "kernels.h"

double k_load(long n, double *restrict a, double *restrict b, double *restrict c,
	      double *restrict d, double s)
{
	(void)b; (void)c; (void)d;
	double sum = s;
	for (long i = 0; i < n; i++)
		sum += a[i];
	return sum;
}

double k_store(long n, double *restrict a, double *restrict b, double *restrict c,
	       double *restrict d, double s)
{
	(void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[i] = s;
	return 0;
}

double k_copy(long n, double *restrict a, double *restrict b, double *restrict c,
	      double *restrict d, double s)
{
	(void)c; (void)d; (void)s;
	for (long i = 0; i < n; i++)
		b[i] = a[i];
	return 0;
}

double k_update(long n, double *restrict a, double *restrict b, double *restrict c,
		double *restrict d, double s)
{
	(void)b; (void)c; (void)d;
	for (long i = 0; i < n; i++)
		a[i] = s * a[i];
	return 0;
}

double k_triad(long n, double *restrict a, double *restrict b, double *restrict c,
	       double *restrict d, double s)
{
	(void)d;
	for (long i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
	return 0;
}

double k_add(long n, double *restrict a, double *restrict b, double *restrict c,
	     double *restrict d, double s)
{
	(void)d; (void)s;
	for (long i = 0; i < n; i++)
		c[i] = a[i] + b[i];
	return 0;
}

double k_daxpy(long n, double *restrict a, double *restrict b, double *restrict c,
	       double *restrict d, double s)
{
	(void)c; (void)d;
	for (long i = 0; i < n; i++)
		b[i] = b[i] + s * a[i];
	return 0;
}

double k_3load_1store(long n, double *restrict a, double *restrict b, double *restrict c,
		      double *restrict d, double s)
{
	(void)s;
	for (long i = 0; i < n; i++)
		d[i] = a[i] + b[i] + c[i];
	return 0;
}

double k_sum4(long n, double *restrict a, double *restrict b, double *restrict c,
	      double *restrict d, double s)
{
	double sum = s;
	for (long i = 0; i < n; i++)
		sum += a[i] + b[i] + c[i] + d[i];
	return sum;
}
