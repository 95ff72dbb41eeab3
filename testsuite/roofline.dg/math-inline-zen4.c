/* fabs, copysign, floor, ceil, trunc (SSE4.1 round) and, with -ffast-math, fmin, fmax and
   round are instructions in the generated code, not calls: the loop is analysed like any
   other (no call in the in-core note). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=x86-64-v3 -ffast-math -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-verbose" } */
#include <math.h>

void inl(int n, double *restrict y, const double *restrict x, const double *restrict z)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{} } */
    y[i] = fabs(x[i]) + fmin(x[i], z[i]) + fmax(x[i], z[i]) + copysign(x[i], z[i])
	   + floor(x[i]) + ceil(z[i]) + trunc(x[i]) + round(z[i]);
  /* { dg-bogus {calls [0-9.]+ cy} "" { target *-*-* } 10 } */
}
