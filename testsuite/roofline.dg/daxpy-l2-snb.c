/* One data level in the concise note (model/perf.c, model/roofline.c): DAXPY whose working set
   fits in L2 and is swept once per call.  The ECM line 2 says where the data lives by the
   working set: 2 arrays x 10000 x 8 B = 160000 B = 156 KiB, > 32 KiB L1, <= 256 KiB L2 ->
   data in L2, ECM {4 || 4 | 6 | 6 | 13} -> 4 + 6 = 10 cy/CL -> 16 flop x 2.7 GHz / 10 cy =
   4.32 GFLOP/s (the rate is the data level's figure; the total time adds that the L2 keeps
   fully only 0.5 x 256 = 128 KiB: (156.25 - 128) / (2 x (256 - 128)) = 0.110 from L3,
   10 + 0.110 x (16 - 10) = 10.66 cy/CL, 10000 / 8 x 10.66 / 2.7 GHz = 4.94 us).  The roofline placement must use that level: with the data resident in L2 no
   line crosses L2-L3 or L3-MEM.  Per unit of 8 iterations the core requests 4 x 32 B loads +
   2 x 32 B stores = 192 B (CARM AI 16 / 192 = 0.0833 flop/B); L1-L2 carries a load + a evict
   + b load = 3 x 64 B = 192 B (ORM L2 AI 0.0833).  ORM: L1 and L2 both 0.0833 x 86.4 GB/s =
   7.2 GFLOP/s, the first (L1) is the limit; L3 and MEM carry nothing.  CARM: L1 serves
   192 - 2 x 64 B = 64 B (33 %), L2 the 128 B of the a and b loads (67 %).  The CARM L2 roof
   (line / (L1 load 2 + L1-L2 transfer 2 cy) x 2.7 GHz = 43.2 GB/s -> 3.6 GFLOP/s) assumes
   every requested byte comes from L2, so the ECM point (4.32) lies above it; the lowest roof
   above the point is L1's (86.4 GB/s -> 7.2 GFLOP/s): 60 %, with 67 % of the bytes from L2.
   Before, the roofline took the layer-condition traffic of one cold sweep (3 lines from MEM
   per unit) and said "memory-bound (ORM AI 0.0833 flop/B at MEM, CARM AI 0.0833 flop/B under
   the MEM roof)" in the same line as "data in L2". */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680" } */

#define N 10000
double a[N], b[N];

void daxpy(double s)
{
  for (long i = 0; i < N; i++) /* { dg-message {roofline: data in L2 \(working set 156 KiB\): 4.32 GFLOP/s on 1 core[^\n]*; bottleneck: L1-L2 transfer \(6 of 10 cy/CL\); memory-bound; CARM AI 0.0833 flop/B at 60 % of the L1 roof \(7.2 GFLOP/s\): 67 % of the bytes from L2} } */
    a[i] = a[i] + s * b[i];
/* { dg-message {ECM \{4 \|\| 4 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 10 \] 16 \] 29\} cy/CL on snb-e5-2680} "" { target *-*-* } 27 } */
}
