/* The notes also go through GCC's optimisation-info channel: with quiet (no inform notes)
   -fopt-info-loop still prints the ECM line as an "optimized" remark. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-quiet -fopt-info-loop-optimized" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {optimized: roofline: ECM .* on snb-e5-2680} } */
  /* { dg-message {optimized: roofline: figures are estimates for snb-e5-2680} "" { target *-*-* } 8 } */
    a[i] = s * b[i];
}
/* { dg-message {optimized: loop vectorized} "" { target *-*-* } 8 } */
/* { dg-message {optimized: loop turned into non-loop} "" { target *-*-* } 0 } */
