/* Without ecm.serial_fraction in the machine file (the bundled zen4: overlapping rule, no
   fractions) the verbose performance note names no fractions: "f = 3.7 GHz:" is followed
   directly by the figures per level.  DAXPY: W = 8 iterations x 2 flop = 16 flop per unit. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-verbose" } */

void daxpy(int n, double a, double *restrict x, double *restrict y)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: performance: [^\n]*P = W \* f / T with W = 16 flop per unit, f = 3.7 GHz: L1 } } */
    y[i] = a * x[i] + y[i];
}
/* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+( \| [0-9.]+)+\} cy/CL -> \{[^\n]*\} cy/CL on zen4} "" { target *-*-* } 9 } */
