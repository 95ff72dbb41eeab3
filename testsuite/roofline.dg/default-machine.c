/* Without machine=, -march=sandybridge selects the Sandy Bridge EP file, and the notes say so:
   the first note of the translation unit says the figures are estimates of a bundled file
   (with the core count capped to the CPUs the compiler may use when they are fewer than the
   file's 8) and how to measure the computer. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM [^\n]* on snb-e5-2680} } */
    a[i] = s * b[i];
  /* { dg-message {roofline: figures are estimates for snb-e5-2680 \(Intel Xeon E5-2680 \(Sandy Bridge EP\)\), a bundled machine file chosen by -march=sandybridge(; multicore figures for at most [1-7] of its 8 cores \(the CPUs this compiler may use, or cores=N\))?; for figures of the computer you build on, measure it once: 'roofline-bench -o host.yml && roofline-bench install host.yml'} "" { target *-*-* } 10 } */
}

/* The estimates note comes once per translation unit. */
void scale2(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM [^\n]* on snb-e5-2680} } */
    a[i] = s + b[i];
}
