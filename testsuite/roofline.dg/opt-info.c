/* With -fopt-info-loop each roofline note is printed once, as an "optimized" remark, and not
   also as a "note" (roofline-check-all: every line of the output must be matched, so a second
   copy of a note would be excess output). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fopt-info-loop" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {optimized: roofline: ECM .* on snb-e5-2680} } */
    a[i] = s * b[i];
}
/* { dg-message {optimized: roofline: data in MEM} "" { target *-*-* } 9 } */
/* { dg-message {optimized: roofline: advice: } "" { target *-*-* } 9 } */
/* { dg-message {optimized: loop vectorized} "" { target *-*-* } 9 } */
/* { dg-message {optimized: loop turned into non-loop} "" { target *-*-* } 0 } */
