/* L1-resident kernels for the in-core benchmark (bench/incore/run.py).  Every kernel has the
 * same signature and its loop on ONE line (the plugin's note is matched by line).  Compiled in
 * several variants (flags in run.py), function names prefixed by VARIANT. */
#include <math.h>
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define K(name) void CAT(VARIANT, name)(long n, double *restrict a, double *restrict b, double *restrict c, double s)
#define F(p) ((float *)(p))

K(copy)       { for (long i = 0; i < n; i++) a[i] = b[i]; }
K(scale)      { for (long i = 0; i < n; i++) a[i] = s * b[i]; }
K(daxpy)      { for (long i = 0; i < n; i++) a[i] = a[i] + s * b[i]; }
K(triad)      { for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i]; }
K(striad)     { float t = s; float *x = F(a), *y = F(b), *z = F(c); for (long i = 0; i < n; i++) x[i] = y[i] + t * z[i]; }
K(sum)        { double r = 0; for (long i = 0; i < n; i++) r += a[i]; c[0] = r; }
K(ssum)       { float r = 0; float *x = F(a); for (long i = 0; i < n; i++) r += x[i]; c[0] = r; }
K(sum4)       { double r0 = 0, r1 = 0, r2 = 0, r3 = 0; for (long i = 0; i < n; i += 4) { r0 += a[i]; r1 += a[i + 1]; r2 += a[i + 2]; r3 += a[i + 3]; } c[0] = r0 + r1 + r2 + r3; }
K(dot)        { double r = 0; for (long i = 0; i < n; i++) r += a[i] * b[i]; c[0] = r; }
K(jacobi1d)   { for (long i = 1; i < n - 1; i++) a[i] = s * (b[i - 1] + b[i] + b[i + 1]); }
K(jacobi2d)   { const long m = 256; for (long i = 1; i < m - 1; i++) a[m + i] = s * (b[i] + b[2 * m + i] + b[m + i - 1] + b[m + i + 1]); }
K(mm_axpy)    { for (long j = 0; j < n; j++) c[j] += s * b[j]; }
K(mm_dot)     { double r = 0; for (long k = 0; k < n / 8; k++) r += a[k] * b[8 * k]; c[0] = r; }
K(div)        { for (long i = 0; i < n; i++) a[i] = b[i] / c[i]; }
K(sdiv)       { float *x = F(a), *y = F(b), *z = F(c); for (long i = 0; i < n; i++) x[i] = y[i] / z[i]; }
K(sqrt)       { for (long i = 0; i < n; i++) a[i] = sqrt(b[i]); }
K(update)     { for (long i = 0; i < n; i++) a[i] = s * a[i]; }
K(poly)       { for (long i = 0; i < n; i++) a[i] = ((s * b[i] + 1.0) * b[i] + 2.0) * b[i] + 3.0; }
