/* Without machine=, -march=sandybridge selects the Sandy Bridge EP file, and the note says so. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM .* on snb-e5-2680} } */
    a[i] = s * b[i];
}
