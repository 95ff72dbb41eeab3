/* 2D 5-point Jacobi, static arrays, on Sandy Bridge EP (AVX).
   Seed 004 Table 3, row "no LC": {6 || 8 | 10 | 10 | 22} -> {8 ] 18 ] 28 ] 50}; the first
   traffic model assumes no layer condition: 3 rows of a + b's write-allocate and eviction =
   5 lines x 2 cy; memory 5 x 4.32 = 21.6 (the seed rounds 4.32 to 4.3 per line: 22 and 50).
   In-core per 8 iterations: 8 AVX loads (T_nOL 8), 6 adds on the add port (T_OL 6). */
/* In-core (port model): the seed's ICC-like full 256-bit code needs
   -mno-avx256-split-unaligned-load/-store (GCC's -mtune=sandybridge splits them otherwise, which
   makes the body front-end bound).  T_OL 6 = 6 vaddpd on p1 per CL (the vmulpd go to p0) as in the seed;
   T_nOL = 8 AVX loads x 2 cy / 2 ports = 8 (seed) + 1.5 for the line-split loads of the three
   misaligned streams (a[j][i+1], a[j-1][i], a[j+1][i] start at odd element offsets with i = 1:
   each splits once per 64 B line, one extra p2/p3 cycle) = 9.5; the seed ignores line splits. */
/* Layer conditions (issue 3): N = 2000 is known, 3*2000*8 B = 48 KB <= 128 KiB (L2/2): the
   L2 condition holds (seed 004 Table 3, row "LC in L2": {.. | 10 | 6 | 13}); the first
   model's no-LC row {.. | 10 | 10 | 21.6} applies when N is unknown (jacobi2d-vla-snb.c). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define N 2000
double a[N][N], b[N][N];

void jacobi(void)
{
  for (int j = 1; j < N - 1; j++) /* { dg-message {ECM \{6 \|\| 9.5 \| 10 \| 6 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 25.5 \] 38.5\} cy/CL on snb-e5-2680} } */
    for (int i = 1; i < N - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}
