/* Strict-order FP sum on Sandy Bridge EP.  Without -ffast-math GCC emits 4 in-order
   `vaddsd mem, xmm` per pass of 4 iterations.  First model (throughput only), per 8 iterations:
   8 scalar loads at 2/cy = 4 cy (T_nOL), 8 adds on the one add port = 8 cy (T_OL); one line per
   boundary: 2 | 2 | 4.32.  Seed 004's naive sum is 24 cy/CL: the add latency chain (8 x 3 cy),
   which the portmodel issue adds; this test pins the throughput model: {8 || 4 | 2 | 2 | 4.3}.
   GCC 11 generates different code for the same loop: one 128-bit load + one vinsertf128 with
   a memory operand per pass (then shuffles), i.e. 2 load slots per 8 iterations -> T_nOL 2,
   {8 || 2 | 2 | 2 | 4.3} -> {8 ] 8 ] 8 ] 10.3}.  Both are what the respective code costs. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{8 \|\| (4 \| 2 \| 2 \| 4.3\} cy/CL -> \{8 \] 8 \] 8 \] 12.3|2 \| 2 \| 2 \| 4.3\} cy/CL -> \{8 \] 8 \] 8 \] 10.3)\} cy/CL} } */
    s += a[i];
  return s;
}
