/* Calls to math functions in the loop body.  sqrt is an instruction: GCC calls the library
   only on the errno path (x < 0), which the profile marks cold and the body leaves out.  Scalar
   (the errno test keeps GCC from vectorising): per 8 iterations 8 sqrtsd at 21 cy on the
   divider = 168 cy, far above the transfers: {168 || 4 | 6 | 6 | 13}.  exp stays a call; the
   Sandy Bridge port table names no call-cost table: not analysed, with the reason. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
double sqrt(double);
double exp(double);

void roots(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{168 \|\| 4 \| 6 \| 6 \| 13\} cy/CL -> \{168 \] 168 \] 168 \] 168\} cy/CL on snb-e5-2680} } */
    y[i] = sqrt(x[i]);
}

void exps(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {not analysed: call to exp in the generated code \(its cost is not modelled\)} } */
    y[i] = exp(x[i]);
}
