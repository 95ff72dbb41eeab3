/* cores=1: every sentence says "1 core", never "1 cores", and a figure for the whole (here
   1-core) chip that would repeat the 1-core one is printed once.  Sandy Bridge EP file
   (-march=sandybridge), capped to one core:
   - scale, data in memory: ECM {4 || 2 | 6 | 6 | 13} -> 27 cy/CL, n_S = ceil(27 / 13) = 3
     (Stengel et al. eq. 8, as in default-machine-cores.c) is beyond the 1-core chip; temporal
     blocking removes T_L3Mem = 13 cy: 27 / 14 = 1.93, "+93 % on 1 core" and no chip gain;
   - sum, a strict FP reduction: T_OL 24 cy/CL (8 dependent 3-cy adds per cache line), n_S =
     ceil(24 / 4.3) = 6; reassociation: {8 ] 8 ] 8 ] 12.3}, 24 / 12.3 = 1.95x on 1 core, said once
     (GCC 11: 2 vector loads per line, not 8 scalar ones: T_nOL 2, {.. ] 10.3}, 2.33x);
   - small, 15.6 KiB in L1: no cache-resident chip figure (it would be the 1-core one). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-cores=1 -fplugin-arg-roofline-define=n=100000000" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: data in MEM [^\n]* on 1 core, does not saturate the memory on 1 core \(n_S = 3\);} } */
    a[i] = s * b[i];
  /* { dg-message {roofline: advice: temporal blocking [^\n]* -> 14 cy/CL in memory, \+93 % on 1 core} "" { target *-*-* } 16 } */
  /* { dg-bogus {\+93 % on 1 core,} "" { target *-*-* } 16 } */
  /* { dg-bogus {1 cores} "" { target *-*-* } 16 } */
  /* { dg-message {roofline: figures are estimates for snb-e5-2680 [^\n]*; multicore figures for at most 1 of its 8 cores} "" { target *-*-* } 16 } */
  /* { dg-message {roofline: ECM [^\n]* -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} "" { target *-*-* } 16 } */
}

double sum(int n, const double *a)
{
  double t = 0;
  for (int i = 0; i < n; i++) /* { dg-message {roofline: advice: loop-carried dependency chain [^\n]* (1\.95|2\.33)x on 1 core} } */
    t += a[i];
  /* { dg-bogus {1 cores} "" { target *-*-* } 28 } */
  /* { dg-bogus {on 1 core, [0-9.]+x on} "" { target *-*-* } 28 } */
  /* { dg-message {roofline: ECM [^\n]* on snb-e5-2680} "" { target *-*-* } 28 } */
  /* { dg-message {roofline: data in MEM [^\n]* on 1 core, does not saturate the memory on 1 core \(n_S = 6\);} "" { target *-*-* } 28 } */
  return t;
}

void small(double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < 1000; i++) /* { dg-message {roofline: data in L1 [^\n]* on 1 core; } } */
    a[i] = s * b[i];
  /* { dg-bogus {cache-resident} "" { target *-*-* } 39 } */
  /* { dg-bogus {1 cores} "" { target *-*-* } 39 } */
  /* { dg-message {roofline: ECM [^\n]* on snb-e5-2680} "" { target *-*-* } 39 } */
  /* { dg-message {roofline: advice: port-bound core [^\n]* 2x on 1 core} "" { target *-*-* } 39 } */
}
