/* Issue 6, acceptance 1 (seed 004 Sect. 4.3-4.4): the three concise notes of the 2D 5-point
   Jacobi with N = 100000 on Sandy Bridge EP with cores=8.  roofline-check-all: every note of
   this file must be matched (testsuite/lib/roofline.exp).
   - LC: 3*N*8 B = 2.4 MB > 16 KiB, 128 KiB (L1, L2 violated), <= 10 MiB (L3 holds, 1 thread):
     seed Table 3 row "LC in L3" {6 || 8 | 10 | 10 | 13} -> {8 ] 18 ] 28 ] 41}.  Our in-core
     T_nOL is 9.5, not 8: GCC's 256-bit loads of a[i-1] and a[i+1] are misaligned and the port
     model charges the cache-line-split loads (1.5 per pass of 4 iterations, see the verbose
     in-core note); T_OL 6 as in the seed.  So {9.5 ] 19.5 ] 29.5 ] 42.5}.
   - working set 2 x 8 B x N^2 = 149 GiB > 20 MiB: data in MEM.  1 core: 32 flop per 8 LUP x
     2.7 GHz / 42.5 cy = 2.03 GFLOP/s (509 MLUP/s).
   - scaling with the n-thread rule (eq. 11, 3*N*8 B <= 10 MiB / n): the L3 condition holds up
     to n = 4: n_S = ceil(42.5 / 13) = 4 (seed: 4 with the L3 condition) at b_S/B_C = 6.67
     GFLOP/s; from 5 threads on it breaks (no LC, 51.1 cy, B_C 40 B/LUP) and P(8) = 4.00.
   - advice: block the inner loop for L1, b_i <= 682 (eq. 10; seed N_i < 683) -> seed
     {8 ] 14 ] 20 ] 33}, ours {9.5 ] 15.5 ] 21.5 ] 34.5} (the same +1.5 of T_nOL): 42.5/34.5 =
     1.23x on 1 core; 8 cores: 4.00 -> 6.67 GFLOP/s = 1.67x (B_C 24 B/LUP, n_S 3 as the seed's
     L1 row).  The temporal-blocking bound (T_L3Mem removed) follows: +44 % on 1 core. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-cores=8" } */
#define N 100000L

void jacobi(double *restrict b, const double *restrict a)
{
  for (long j = 1; j < N - 1; j++) /* { dg-message {roofline: ECM \{6 \|\| 9.5 \| 10 \| 10 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 29.5 \] 42.5\} cy/CL on snb-e5-2680} } */
    for (long i = 1; i < N - 1; i++)
      b[j * N + i] = (a[j * N + i - 1] + a[j * N + i + 1] + a[(j - 1) * N + i] + a[(j + 1) * N + i]) * 0.25;
}
/* { dg-message {roofline: data in MEM \(working set 149 GiB; layer condition holds in L3\): 2.03 GFLOP/s \(509 MLUP/s\) on 1 core, saturates at 4 cores \(6.67 GFLOP/s\), 4.00 GFLOP/s on 8 cores; 10 s in total \(100 % of jacobi\); bottleneck: memory transfer \(13 of 42.5 cy/CL\)} "" { target *-*-* } 24 } */
/* { dg-message {roofline: advice: block loop i1 to <= 682 for L1 -> \{9.5 \] 15.5 \] 21.5 \] 34.5\} cy/CL, 1.23x on 1 core, 1.67x on 8 cores; saturates at 3 cores; upper bound: temporal blocking at most \+44 % on 1 core} "" { target *-*-* } 24 } */
