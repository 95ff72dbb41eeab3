/* Strict-order FP sum on Zen 4 (port table zen4, not measured here): one chain of in-order
   vaddsd, FADD latency 3 -> 3 cy per iteration = 24 cy/CL (the 4 x 3 cy per pass of 4). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen4" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{24 \|\| [0-9.]+ \|} } */
    s += a[i];
  return s;
}
