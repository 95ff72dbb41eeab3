/* 2D 5-point Jacobi, static arrays, on Sandy Bridge EP (AVX).
   Seed 004 Table 3, row "no LC": {6 || 8 | 10 | 10 | 22} -> {8 ] 18 ] 28 ] 50}; the first
   traffic model assumes no layer condition: 3 rows of a + b's write-allocate and eviction =
   5 lines x 2 cy; memory 5 x 4.32 = 21.6 (the seed rounds 4.32 to 4.3 per line: 22 and 50).
   In-core per 8 iterations: 8 AVX loads (T_nOL 8), 6 adds on the add port (T_OL 6). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define N 2000
double a[N][N], b[N][N];

void jacobi(void)
{
  for (int j = 1; j < N - 1; j++) /* { dg-message {ECM \{6 \|\| 8 \| 10 \| 10 \| 21.6\} cy/CL -> \{8 \] 18 \] 28 \] 49.6\} cy/CL on snb-e5-2680} } */
    for (int i = 1; i < N - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}
