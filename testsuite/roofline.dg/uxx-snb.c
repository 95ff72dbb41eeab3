/* Seed 004's uxx stencil (DP) on Sandy Bridge EP: core time dominated by the divider.
   Seed: {84 || 38 | ...} with ICC code.  GCC 12 (-O3 -march=sandybridge) vectorises the inner
   loop with ymm and keeps one vdivpd (dth/d) per pass of 4 iterations (no -mrecip, so no
   reciprocal approximation even with -ffast-math): 2 vdivpd per CL x 42 cy on the divider = 84
   (T_OL).  T_nOL: GCC splits the unaligned 256-bit loads into 128-bit halves (each half one
   p2/p3 slot); the load slots give 38 per CL as in the seed, plus 2 for the line-split loads of
   the misaligned streams (odd element offsets, 128-bit loads: one split per line) -> 40.
   Front end 17.5 cy per pass = 35 per CL, far below the divider. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define M 150
#define N 150
double u1[M][N][N], d1[M][N][N], xx[M][N][N], xy[M][N][N], xz[M][N][N];
void uxx(double c1, double c2, double dth)
{
  for (int k = 2; k < M - 2; k++) /* { dg-message {roofline: ECM \{84 \|\| (38|39|40)(\.[0-9])? \|} } */
    for (int j = 2; j < N - 2; j++)
      for (int i = 2; i < N - 2; i++) {
        double d = 0.25 * (d1[k][j][i] + d1[k][j - 1][i] + d1[k - 1][j][i] + d1[k - 1][j - 1][i]);
        u1[k][j][i] = u1[k][j][i] + (dth / d)
          * (c1 * (xx[k][j][i] - xx[k][j][i - 1]) + c2 * (xx[k][j][i + 1] - xx[k][j][i - 2])
           + c1 * (xy[k][j][i] - xy[k][j - 1][i]) + c2 * (xy[k][j + 1][i] - xy[k][j - 2][i])
           + c1 * (xz[k][j][i] - xz[k - 1][j][i]) + c2 * (xz[k + 1][j][i] - xz[k - 2][j][i]));
      }
}
