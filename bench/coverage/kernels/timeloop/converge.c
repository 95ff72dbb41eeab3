/* Jacobi 1D until the residual is small: sweep, residual, copy */
#include <math.h>
double converge(int n, double *restrict u, double *restrict v, const double *restrict f, double tol)
{
	double res;
	do {
		for (int i = 1; i < n - 1; i++)
			v[i] = 0.5 * (u[i - 1] + u[i + 1] + f[i]);
		res = 0.0;
		for (int i = 1; i < n - 1; i++)
			res += (v[i] - u[i]) * (v[i] - u[i]);
		for (int i = 1; i < n - 1; i++)
			u[i] = v[i];
	} while (res > tol * tol);
	return res;
}
