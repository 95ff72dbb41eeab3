/* With -ffast-math glibc's <math.h> declares exp as a SIMD function and GCC 11/12 vectorise
   the loop with libmvec's AVX2 variant _ZGVdN4v_exp (4 doubles per call; x86-64-v3 = AVX2).
   Row _ZGVdN4v_exp of machines/calls/zen5.yml: 10.4 cy per call; a 64 B line holds 8
   doubles = 2 calls: T_OL = 2 x 10.4 = 20.8 cy/CL (ports 1 cy per pass, front end 1).  T_nOL
   (the loads) depends on the compiler: GCC 12 loads x once per call, GCC 11 also reloads a
   spilled value (1 and 1.7 cy/CL). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=x86-64-v3 -ffast-math -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-verbose" } */
#include <math.h>

void exps(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{20.8 \|\| (1|1.7) \| 3 \| 8 \| 2\} cy/CL} } */
    y[i] = exp(x[i]);
  /* { dg-message {1 x _ZGVdN4v_exp at 10.4 cy per call of 4 elements} "" { target *-*-* } 13 } */
}
