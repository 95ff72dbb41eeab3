/* Seed 004 Table 2, "sum naive": strict-order FP sum on Sandy Bridge EP, {24 || 4 | 2 | 2 | 4.3}.
   Flags: -O3 -march=sandybridge (no -ffast-math: the adds stay in source order).
   GCC 12 emits 4 in-order `vaddsd mem, xmm0, xmm0` per pass of 4 iterations: one dependency
   chain through xmm0, 4 x 3 cy (SNB FADD latency) = 12 cy per pass = 24 cy/CL: T_OL is the
   loop-carried latency bound (the port bound is 8: 8 adds on p1); T_nOL = 8 scalar loads on
   p2/p3 = 4.  (Before the port model, this test pinned the throughput bound {8 || 4 ...}.)
   GCC 11 generates one 128-bit load + vinsertf128 (mem) per pass and 4 register vaddsd:
   the same chain (24), 2 load slots per 8 iterations -> T_nOL 2. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{24 \|\| (4|2|3) \| 2 \| 2 \| 4.3\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL} } */
    s += a[i];
  return s;
}
