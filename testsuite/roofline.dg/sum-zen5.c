/* Strict-order FP sum on the measured Zen 5 guest (zen5-host-bench, port table zen5).
   GCC 12 -O3 -march=znver3 keeps the adds in order: 4 vaddsd with a memory operand per pass of
   4 iterations, one chain through the accumulator.  By hand: Zen 5 FADD latency 2 cy (measured
   2.0 by bench/incore/uarch.py on AMD EPYC family 26 model 2) -> 4 x 2 = 8 cy per pass,
   2 passes per 64 B line = 16 cy/CL, latency bound; the 8 scalar loads per line on the two FP
   load pipes give T_nOL = 4.  GCC 11 vectorises the strict sum differently (docs/internals.md:
   one vector load, shuffles, 4 register vaddsd per pass): the same 4 x 2 cy chain, and 2 loads
   per pass on the two load pipes -> T_nOL = 2 cy/CL.  bench/accuracy measured 15.3-16.1 cy/CL
   for this loop (GCC 12, L1..MEM). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{16 \|\| [24] \|} } */
    s += a[i];
  return s;
}
