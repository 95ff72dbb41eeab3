/* Seed 004 Table 2, "sum AVX": {2 || 2 | 2 | 2 | 4.3} on Sandy Bridge EP.
   Flags: -O3 -march=sandybridge -ffast-math -funroll-loops -fvariable-expansion-in-unroller
   --param max-variable-expansions-in-unroller=3: `vaddpd ymm` (4 lanes) with 4 partial sums.
   Per CL: 2 vaddpd on p1 = 2 (T_OL), 2 256-bit loads x 2 cy on p2/p3 = 2 (T_NOL).
   With -O3 -march=sandybridge -ffast-math alone (one accumulator) the chain gives 6 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -ffast-math -funroll-loops -fvariable-expansion-in-unroller --param max-variable-expansions-in-unroller=3 -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{2 \|\| 2 \| 2 \| 2 \| 4.3\} cy/CL -> \{2 \] 4 \] 6 \] 10.3\} cy/CL on snb-e5-2680} } */
    s += a[i];
  return s;
}
