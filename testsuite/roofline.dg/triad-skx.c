/* STREAM triad on the adCARM machine of seed 003 (Xeon Gold 6140, skx-gold-6140.yml), AVX-512,
   data in memory (3 x 160 MB).  Roofline family (model/roofline.c, docs/model.md section 6):
   16 flop per unit of 8 iterations; the core requests 2 x 64 B loads + 64 B store = 192 B ->
   CARM AI 16/192 = 0.0833 flop/B; ORM at L3: L2-L3 carries 2 loads + 1 write-allocate + 3
   evictions (victim L3: every line leaving L2 is written into L3) = 6 x 64 B -> 0.0417 flop/B,
   times the L2-L3 bandwidth of the file (64 B / 4 cy x 2.3 GHz = 36.8 GB/s) = 1.53 GFLOP/s,
   below MEM (4 lines -> 0.0625 x 41.4 = 2.59): ORM limit L3.  The rooflines in the JSON
   remarks are checked by rooflines.exp. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=skylake-avx512 -mprefer-vector-width=512 -fplugin-arg-roofline-machine=skx-gold-6140" } */

#define N 20000000
double a[N], b[N], c[N];

void triad(double s)
{
  for (long i = 0; i < N; i++) /* { dg-message {memory-bound \(ORM AI 0.0417 flop/B at L3, CARM AI 0.0833 flop/B under the MEM roof\)} } */
    a[i] = b[i] + s * c[i];
/* { dg-message {ECM \{1.3 \|\| 1 \| 4 \| 24 \| 14.2\} cy/CL -> \{1.3 \] 5 \] 29 \] 43.2\} cy/CL on skx-gold-6140} "" { target *-*-* } 17 } */
}
