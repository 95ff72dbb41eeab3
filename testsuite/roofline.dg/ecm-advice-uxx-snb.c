/* Issue 6, acceptance 1 (seed 004 Sect. 5): uxx DP at N = 150 on Sandy Bridge EP, concise notes
   (roofline-check-all: every note here must be matched).
   - ECM: T_OL 84 = 2 vdivpd per CL x 42 cy on the divider, as the seed.  T_nOL 43.8, not 38: with
     full 256-bit loads (-mno-avx256-split-unaligned-load) the port model charges the line-split
     loads of the misaligned streams (uxx-snb.c without these flags gets 38-40): rows of 150
     doubles = 1200 B start alternately at 0 and 16 B mod 32, so of the 17 unit-stride read
     streams the 15 at an even offset from i = 2 (16 B) are aligned on every other row and the 2
     at an odd one (xx[i -+ 1]) never: (15 x 0.5 + 2) x 0.5 splits per 32 B stream and pass of 4
     iterations = 4.75 per pass.
     Transfers 20.6 | 20.6 | 27.5 against the seed's 20 | 20 | 26: the rows of 150 doubles are
     not whole cache lines, so each stream costs the alignment average (lc.c) - 6.4 instead of 6
     lines from memory.  Prediction {84 ] 84 ] 85 ] 112.5} (seed {84 ] 84 ] 84 ] 104}).
   - the L3 plane condition (4+2) * N^2 * 8 B <= 10 MiB holds (no blocking needed for L3 at this
     size, also with 8 threads: 8.6 MB); data in memory (121 MiB).
   - temporal blocking bound (T_L3Mem removed): seed 104 -> 84 = +24 % on one core; GCC's code
     112.5 -> 85 = +32 %: its larger T_nOL makes T_nOL + transfers exceed T_OL even in L3, so
     removing T_L3Mem gains more than in the seed, where the divider (84) takes over.  On 8
     cores 2.59x (no memory bottleneck; seed: "over 2000 MLUP/s" = 8 x 8 LUP x 2.7 GHz / 84).
   - the concise advice: block loop i1 (j) to <= 17 for L2 (planes in L2) -> 104.5 cy/CL, 1.08x
     on one core; 1x on 8 cores (saturated either way); the temporal bound is appended.
   - the divide is not worth removing with data in memory: see ecm-advice.exp (verbose). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define M 150
#define N 150
double u1[M][N][N], d1[M][N][N], xx[M][N][N], xy[M][N][N], xz[M][N][N];
void uxx(double c1, double c2, double dth)
{
  for (int k = 2; k < M - 2; k++) /* { dg-message {roofline: ECM \{84 \|\| 43.8 \| 20.6 \| 20.6 \| 27.5\} cy/CL -> \{84 \] 84 \] 85 \] 112.5\} cy/CL on snb-e5-2680} } */
    for (int j = 2; j < N - 2; j++)
      for (int i = 2; i < N - 2; i++) {
        double d = 0.25 * (d1[k][j][i] + d1[k][j - 1][i] + d1[k - 1][j][i] + d1[k - 1][j - 1][i]);
        u1[k][j][i] = u1[k][j][i] + (dth / d)
          * (c1 * (xx[k][j][i] - xx[k][j][i - 1]) + c2 * (xx[k][j][i + 1] - xx[k][j][i - 2])
           + c1 * (xy[k][j][i] - xy[k][j - 1][i]) + c2 * (xy[k][j + 1][i] - xy[k][j - 2][i])
           + c1 * (xz[k][j][i] - xz[k - 1][j][i]) + c2 * (xz[k + 1][j][i] - xz[k - 2][j][i]));
      }
}
/* { dg-message {roofline: data in MEM \(working set 121 MiB; layer condition holds in L3\): 4.61 GFLOP/s \(192 MLUP/s\) on 1 core, saturates at 5 cores} "" { target *-*-* } 29 } */
/* { dg-message {roofline: advice: block loop i1 to <= 17 for L2 -> \{84 \] 84 \] 84 \] 104.5\} cy/CL, 1.08x on 1 core, 1x on 8 cores; saturates at 4 cores; upper bound: temporal blocking at most \+32 % on 1 core, 2.59x on 8 cores} "" { target *-*-* } 29 } */
