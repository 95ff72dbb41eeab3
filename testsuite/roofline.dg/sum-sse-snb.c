/* Seed 004 Table 2, "sum SSE": {4 || 2 | 2 | 2 | 4.3} on Sandy Bridge EP.
   Flags: -O3 -march=sandybridge -mno-avx -ffast-math -funroll-loops
   -fvariable-expansion-in-unroller --param max-variable-expansions-in-unroller=3: `addpd mem`
   (2 lanes), unrolled 8 times with 4 partial sums.  Per CL (8 iterations): 4 addpd on p1 = 4
   (T_OL; chain 2 x 3 cy per 16 iterations = 3 < 4), 4 128-bit loads on p2/p3 = 2 (T_nOL).
   Without the unroll flags GCC keeps one accumulator: latency bound 4 x 3 = 12 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx -ffast-math -funroll-loops -fvariable-expansion-in-unroller --param max-variable-expansions-in-unroller=3 -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{4 \|\| 2 \| 2 \| 2 \| 4.3\} cy/CL -> \{4 \] 4 \] 6 \] 10.3\} cy/CL on snb-e5-2680} } */
    s += a[i];
  return s;
}
