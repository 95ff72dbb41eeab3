/* only=FUNC and only=FILE:LINE (here a comma list of both): notes only for the nests of
   function keep and for the loop at line 21; the other loop of by_line and the nest of
   drop get none (the remarks file keeps them).  Without -fopenmp the pragma is ignored;
   with it the outlined function keep._omp_fn.0 counts as keep (omp/only-omp-snb.c). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-only=keep,only-snb.c:21" } */

void keep(double *restrict x, const double *restrict y, double q, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM \{5 \|\| 4 \| 6 \| 6 \| 13\} cy/CL} } */
    x[i] = x[i] + q * y[i];
}

void by_line(double *restrict x, const double *restrict y, double q, int n)
{
  for (int i = 0; i < n; i++) /* { dg-bogus {roofline: ECM} } */
    x[i] = x[i] + q * y[i];
  for (int i = 0; i < n; i++)
    x[i] = x[i] * y[i];
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL} } */
    x[i] = q * y[i];
}

void drop(double *restrict x, const double *restrict y, double q, int n)
{
  for (int i = 0; i < n; i++) /* { dg-bogus {roofline: ECM} } */
    x[i] = x[i] + q * y[i];
}
