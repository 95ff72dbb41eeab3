/* only=FUNC keeps the notes of the loops GCC outlined from FUNC (FUNC._omp_fn.N) and of
   FUNC itself; those of other functions are left out of the notes. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-only=keep" } */

void keep(double *restrict x, const double *restrict y, double q, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = x[i] + q * y[i]; /* { dg-message {roofline: ECM } } */
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM } } */
    x[i] = q * y[i];
}

void drop(double *restrict x, const double *restrict y, double q, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = x[i] + q * y[i]; /* { dg-bogus {roofline: ECM} } */
}
