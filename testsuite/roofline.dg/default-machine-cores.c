/* cores=N caps the core counts of a default machine: the Sandy Bridge EP file has 8 cores,
   the notes speak of at most 3 (cores=3) - the saturation point of this copy-like loop with
   data in memory (Stengel et al. eq. 8: n_S = ceil(T_ECM^mem / T_L3Mem) = ceil(29 / 13) = 3
   on that file, see copy-stream-snb.c) would otherwise be reported against 8 cores. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-cores=3 -fplugin-arg-roofline-define=n=100000000" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: figures are estimates for snb-e5-2680 [^\n]*; multicore figures for at most 3 of its 8 cores} } */
    a[i] = s * b[i];
  /* { dg-message {roofline: ECM [^\n]* on snb-e5-2680} "" { target *-*-* } 10 } */
  /* { dg-message {roofline: data in MEM [^\n]* on 3 cores} "" { target *-*-* } 10 } */
  /* { dg-message {roofline: advice} "" { target *-*-* } 10 } */
}
