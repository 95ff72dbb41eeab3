/* Acceptance 3: the flattened a[j*n+i] version of the 2D Jacobi, delinearised, gets the same
   ECM terms as the static-array version (jacobi2d-static-snb.c). */
/* In-core (port model): the seed's ICC-like full 256-bit code needs
   -mno-avx256-split-unaligned-load/-store (GCC's -mtune=sandybridge splits them otherwise, which
   makes the body front-end bound).  T_OL 6 = 6 vaddpd on p1 per CL (the vmulpd go to p0) as in the seed;
   T_nOL = 8 AVX loads x 2 cy / 2 ports = 8 (seed) + 1.5 for the line-split loads of the three
   misaligned streams (a[j][i+1], a[j-1][i], a[j+1][i] start at odd element offsets with i = 1:
   each splits once per 64 B line, one extra p2/p3 cycle) = 9.5; the seed ignores line splits. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-define=n=2000" } */
/* Layer conditions (issue 3): with define=n=2000, as N = 2000 in the static version, the
   L2 condition holds (3*2000*8 B = 48 KB <= 128 KiB): the same row {.. | 10 | 6 | 13}.
   (GCC's own plugin-argument parser mangles a value containing '=': the plugin reads
   define= from the saved command line instead; this test would see n=200 otherwise.) */

void jacobi(int n, double *restrict b, const double *restrict a)
{
  for (int j = 1; j < n - 1; j++) /* { dg-message {ECM \{6 \|\| 9.5 \| 10 \| 6 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 25.5 \] 38.5\} cy/CL on snb-e5-2680} } */
    for (int i = 1; i < n - 1; i++)
      b[j * n + i] = (a[j * n + i - 1] + a[j * n + i + 1] + a[(j - 1) * n + i] + a[(j + 1) * n + i]) * 0.25;
}
