/* complex conjugate dot product, struct complex, global arrays */
#define N 1000000
typedef struct { float re, im; } cfloat;
cfloat u[N], v[N];
cfloat cdotc(void)
{
	cfloat s = { 0.0f, 0.0f };
	for (int i = 0; i < N; i++) {
		s.re += u[i].re * v[i].re + u[i].im * v[i].im;
		s.im += u[i].re * v[i].im - u[i].im * v[i].re;
	}
	return s;
}
