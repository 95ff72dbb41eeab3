/* HELD-OUT L1-resident kernels for the in-core benchmark (bench/incore/run.py --set heldout).
 * None of these loops was used to fit machines/ports/glc.yml: the shapes differ from
 * bench/incore/kernels.c (weighted 3- and 5-point stencils, affine scale, multiply-accumulate into
 * the output, degree-2 Horner and mixed mul/add/sub, 2 and 3 accumulators written in the source,
 * 3 input streams, norms, division by a loop invariant, sqrt(b*b + c*c)).
 * Same conventions as kernels.c: one signature, the loop on ONE line (the plugin's note is matched
 * by line), function names prefixed by VARIANT.  A fourth input stream D lives in the unused
 * upper part of B's region (18 KiB above b: no 4K aliasing with a, b, c, which are 4 KiB aligned;
 * the harness initialises it like b). */
#include <math.h>
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define K(name) void CAT(VARIANT, name)(long n, double *restrict a, double *restrict b, double *restrict c, double s)
#define F(p) ((float *)(p))
#define D(p) ((p) + 2304)

K(w3)      { for (long i = 1; i < n - 1; i++) a[i] = 0.25 * b[i - 1] + 0.5 * b[i] + 0.25 * b[i + 1]; }
K(st5)     { for (long i = 2; i < n - 2; i++) a[i] = s * (b[i - 2] + b[i + 2]) + 0.3 * (b[i - 1] + b[i + 1]) + 0.4 * b[i]; }
K(sst5)    { float *x = F(a), *y = F(b); for (long i = 2; i < n - 2; i++) x[i] = 0.1f * y[i - 2] + 0.2f * y[i - 1] + 0.4f * y[i] + 0.2f * y[i + 1] + 0.1f * y[i + 2]; }
K(axpb)    { for (long i = 0; i < n; i++) a[i] = s * b[i] + 0.5; }
K(saxpb)   { float t = s; float *x = F(a), *y = F(b); for (long i = 0; i < n; i++) x[i] = t * y[i] + 0.5f; }
K(fmac)    { for (long i = 0; i < n; i++) c[i] = a[i] * b[i] + c[i]; }
K(sfmac)   { float *x = F(a), *y = F(b), *z = F(c); for (long i = 0; i < n; i++) z[i] = x[i] * y[i] + z[i]; }
K(horner2) { for (long i = 0; i < n; i++) a[i] = (b[i] * s + 0.7) * b[i] + 1.3; }
K(mix)     { for (long i = 0; i < n; i++) a[i] = (b[i] + s) * (c[i] - 0.5) * b[i]; }
K(sum2)    { double r0 = 0, r1 = 0; for (long i = 0; i < n; i += 2) { r0 += a[i]; r1 += a[i + 1]; } c[0] = r0 + r1; }
K(sum3)    { double r0 = 0, r1 = 0, r2 = 0; for (long i = 0; i < n; i++) { r0 += a[i]; r1 += b[i]; r2 += c[i]; } a[0] = r0 + r1 + r2; }
K(tri3)    { double *d = D(b); for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i] + 0.3 * d[i]; }
K(upd3)    { for (long i = 0; i < n; i++) a[i] = a[i] + s * b[i] + 0.3 * c[i]; }
K(nrm2)    { double r = 0; for (long i = 0; i < n; i++) r += a[i] * a[i]; c[0] = r; }
K(snrm2)   { float r = 0; float *x = F(a); for (long i = 0; i < n; i++) r += x[i] * x[i]; c[0] = r; }
K(asum)    { double r = 0; for (long i = 0; i < n; i++) r += fabs(a[i]); c[0] = r; }
K(divs)    { for (long i = 0; i < n; i++) a[i] = b[i] / s; }
K(sdivs)   { float t = s; float *x = F(a), *y = F(b); for (long i = 0; i < n; i++) x[i] = y[i] / t; }
K(hyp)     { for (long i = 0; i < n; i++) a[i] = sqrt(b[i] * b[i] + c[i] * c[i]); }
K(shyp)    { float *x = F(a), *y = F(b), *z = F(c); for (long i = 0; i < n; i++) x[i] = sqrtf(y[i] * y[i] + z[i] * z[i]); }
