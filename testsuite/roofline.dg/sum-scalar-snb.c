/* Seed 004 Table 2, "sum scalar (unrolled)": {8 || 4 | 2 | 2 | 4.3} on Sandy Bridge EP.
   Flags: -O3 -march=sandybridge -ffast-math -fno-tree-vectorize -funroll-loops
   -fvariable-expansion-in-unroller --param max-variable-expansions-in-unroller=3: scalar code,
   unrolled 8 times with 4 partial sums (ICC's code in the seed has the same shape).
   Per pass of 8 iterations: 8 `vaddsd mem` on p1 = 8 cy (port bound, T_OL); the longest
   chain is 2 adds x 3 cy = 6 < 8; 8 scalar loads on p2/p3 = 4 (T_nOL). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -ffast-math -fno-tree-vectorize -funroll-loops -fvariable-expansion-in-unroller --param max-variable-expansions-in-unroller=3 -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{8 \|\| 4 \| 2 \| 2 \| 4.3\} cy/CL -> \{8 \] 8 \] 8 \] 12.3\} cy/CL on snb-e5-2680} } */
    s += a[i];
  return s;
}
