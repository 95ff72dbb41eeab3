/* DAXPY as in daxpy-snb.c with GCC's default code for -march=sandybridge: every unaligned
   256-bit access split into 128-bit halves (vmovupd xmm + vinsertf128 mem; vmovupd xmm +
   vextractf128 mem).  Per pass of 4 iterations 10 fused uops: the 4-wide front end needs 2.5 cy
   = 5 cy/CL, more than the stores (4): {5 || 4 | ...}.  Loads: 4 x 128-bit = T_nOL 4 as before. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */

void daxpy(long n, double s, double *a, const double *b)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{5 \|\| 4 \| 6 \| 6 \| 13\} cy/CL} } */
    a[i] = a[i] + s * b[i];
}
