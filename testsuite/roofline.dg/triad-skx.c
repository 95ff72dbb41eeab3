/* STREAM triad on the adCARM machine of seed 003 (Xeon Gold 6140, skx-gold-6140.yml), AVX-512,
   data in memory (3 x 160 MB).  Roofline family (model/roofline.c, docs/model.md section 6):
   16 flop per unit of 8 iterations; the core requests 2 x 64 B loads + 64 B store = 192 B ->
   CARM AI 16/192 = 0.0833 flop/B; ORM at L3: L2-L3 carries 2 loads + 1 write-allocate + 3
   evictions (victim L3: every line leaving L2 is written into L3) = 6 x 64 B -> 0.0417 flop/B,
   times the L2-L3 bandwidth of the file (64 B / 4 cy x 2.3 GHz = 36.8 GB/s) = 1.53 GFLOP/s,
   below MEM (4 lines -> 0.0625 x 41.4 = 2.59): ORM limit L3.  The rooflines in the JSON
   remarks are checked by rooflines.exp.  The concise note gives one verdict: the ECM's
   dominant term at MEM is the L2-L3 transfer (24 of 43.2 cy/CL) -> memory-bound; its point,
   16 flop x 2.3 GHz / 43.2 cy = 0.852 GFLOP/s at CARM AI 0.0833, sits under the MEM roof
   (the file's MEM 512-bit load row capped at the L3 roof, line / (L1 load + transfers to L3,
   serial rule) x clock = 26.76 GB/s -> 2.23 GFLOP/s), the lowest roof above it: 38 %. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=skylake-avx512 -mprefer-vector-width=512 -fplugin-arg-roofline-machine=skx-gold-6140" } */

#define N 20000000
double a[N], b[N], c[N];

void triad(double s)
{
  for (long i = 0; i < N; i++) /* { dg-message {bottleneck: L2-L3 transfer \(24 of 43.2 cy/CL\); memory-bound; CARM AI 0.0833 flop/B at 38 % of the MEM roof \(2.23 GFLOP/s\)} } */
    a[i] = b[i] + s * c[i];
/* { dg-message {ECM \{1.3 \|\| 1 \| 4 \| 24 \| 14.2\} cy/CL -> \{1.3 \] 5 \] 29 \] 43.2\} cy/CL on skx-gold-6140} "" { target *-*-* } 21 } */
}
