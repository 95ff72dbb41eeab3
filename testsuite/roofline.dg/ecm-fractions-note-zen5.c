/* The verbose performance note names the composition rule's serial fractions when the machine
   file gives them (docs/model.md section 4): zen5-host-bench has the overlapping rule with
   ecm.serial_fraction 0.366, 0.274, 0.814 (L1-L2, L2-L3, L3-MEM).  The kernel is the stencil
   read of stencil-sum-zen5.c, whose hand derivation gives 11.41 cy/CL in memory with the
   fractions (6.08 without) and 15.51 with the file's memory load factor 2.1 too (its loads
   re-read lines: the note names the factor); W = 8 iterations x 4 adds = 32 flop per unit, f =
   4.167 GHz (the file's clock, shown as 4.2): P(MEM) = 32 x 4.167 / 15.51 = 8.60 GFLOP/s
   (with the fractions alone 11.7, without them 21.9). */
/* { dg-do compile } */
/* { dg-options "-O3 -ffast-math -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-define=n=258 -fplugin-arg-roofline-define=m=100000 -fplugin-arg-roofline-verbose" } */

double j2d5_sum(int n, int m, double (*restrict a)[n])
{
  double s = 0.0;
  for (int j = 1; j < m - 1; j++) /* { dg-message {roofline: performance: [^\n]*P = W \* f / T with W = 32 flop per unit, f = 4.2 GHz, T by the zen rule with serial fractions L1-L2 0.366, L2-L3 0.274, L3-MEM 0.814, memory load factor 2.1: L1 [^\n]*, MEM 8.60 GFLOP/s;} } */
    for (int i = 1; i < n - 1; i++)
      s += a[j][i-1] + a[j][i+1] + a[j-1][i] + a[j+1][i];
  return s;
}
/* { dg-message {roofline: ECM \{4 \|\| 5.5 \| 1 \| 2.1 \| 6.1\} cy/CL -> \{5.5 \] 5.9 \] 6.5 \] 15.5\} cy/CL on zen5-host-bench} "" { target *-*-* } 15 } */
