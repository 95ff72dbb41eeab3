/* Acceptance: seed 004's DAXPY a[i] = a[i] + s*b[i] on Sandy Bridge EP, AVX code.
   Seed 004 (published-results.md): ECM {4 || 4 | 6 | 6 | 13} cy/CL -> {4 ] 10 ] 16 ] 29}.
   Flags: -O3 -march=sandybridge -mno-avx256-split-unaligned-load
   -mno-avx256-split-unaligned-store: full 256-bit vmovupd / vaddpd mem as in the seed's code
   (-mtune=sandybridge otherwise splits unaligned 256-bit accesses: daxpy-split-snb.c).
   Per 8 iterations: 4 AVX loads x 2 cy on p2/p3 (T_nOL 4), 2 AVX stores x 2 cy on p4 (T_OL 4);
   front end 6 fused uops per pass / 4 = 3 cy/CL.
   Lines: a load + a evict + b load = 3 x 2 cy = 6 per cache boundary, 3 x 4.32 = 13 from memory.
   No restrict: GCC versions the loop for aliasing, the vector loop is the one modelled. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680" } */

void daxpy(long n, double s, double *a, const double *b)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{4 \|\| 4 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 10 \] 16 \] 29\} cy/CL on snb-e5-2680} } */
    a[i] = a[i] + s * b[i];
}
