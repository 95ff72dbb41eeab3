/* Strict-order FP sum on the EMR host (port table glc): GCC 12 -O3 -march=cooperlake keeps the
   adds in order (8 vaddsd per pass of 8 iterations with zmm loads and lane extracts, or 8
   vaddsd mem): one chain, 8 x 2 cy (Golden Cove FADD latency 2, measured here 1.9-2.0) = 16
   cy/CL, latency bound (bench/incore measures 14.6-15.1). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=cooperlake -fplugin-arg-roofline-machine=emr-host" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{16 \|\| [0-9.]+ \|} } */
    s += a[i];
  return s;
}
