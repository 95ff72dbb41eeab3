/* Boolean keys take an optional value: quiet=1 (no notes), verbose=yes, verbose=0 (off). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose=yes -fplugin-arg-roofline-verbose=0 -fplugin-arg-roofline-quiet=1 -fplugin-arg-roofline-quiet=false -fplugin-arg-roofline-quiet=true" } */

void scale(int n, double s, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++) /* quiet: no note here */
    a[i] = s * b[i];
}
