/* complex axpy with complex numbers as a struct (Fortran-interop style) */
typedef struct { double re, im; } cplx;
void zaxpy(int n, cplx a, const cplx *restrict x, cplx *restrict y)
{
	for (int i = 0; i < n; i++) {
		y[i].re += a.re * x[i].re - a.im * x[i].im;
		y[i].im += a.re * x[i].im + a.im * x[i].re;
	}
}
