/* Non-temporal stores: a copy a[i] = b[i] written with AVX intrinsics, once with
   _mm256_stream_pd (vmovntpd: no write-allocate, the lines go straight to memory) and once
   with _mm256_store_pd (vmovapd: write-allocate).  The plugin reads the stores from the
   late RTL (UNSPEC_MOVNT) and sets the nest's nontemporal_stores only when every store of
   the loop is non-temporal; the traffic model (polyhedral/lc.c, fill_traffic) then drops
   the write-allocate and the L1/L2/L3 evictions of the written array and counts its lines
   once at the memory boundary.
   Unit of work: 8 iterations of i += 4 = 32 doubles = 4 lines of b and 4 lines of a (the
   label of strided loops; the lanes of a source vector access are elements of the access).
   In-core per unit (8 x vmovapd ymm load, 8 x 256-bit store): T_nOL = 8 loads x 1 cy
   (2*p2|p3) = 8, T_OL = 8 stores x 2 cy on p4 = 16 (vmovntpd uses the store ports like
   vmovapd on Sandy Bridge: the width-256 store row of ports/snb.yml).
   Ordinary stores: per cache boundary 4 b loads + 4 a write-allocates + 4 a evictions =
   12 lines x 2 cy = 24; memory 12 x 4.32 = 51.8 -> {16 || 8 | 24 | 24 | 51.8}.
   Non-temporal: L1-L2 and L2-L3 carry the 4 b lines only = 8 cy; memory 4 b loads + 4 a
   streamed = 8 x 4.32 = 34.6 -> {16 || 8 | 8 | 8 | 34.6}.
   -fno-tree-loop-distribute-patterns: otherwise the ordinary copy becomes memcpy. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fno-tree-loop-distribute-patterns -fplugin-arg-roofline-machine=snb-e5-2680" } */
#include <immintrin.h>

void copy_stream(long n, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i += 4) /* { dg-message {roofline: ECM \{16 \|\| 8 \| 8 \| 8 \| 34.6\} cy/CL -> \{16 \] 16 \] 24 \] 58.6\} cy/CL on snb-e5-2680} } */
    _mm256_stream_pd(&a[i], _mm256_load_pd(&b[i]));
}

void copy_store(long n, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i += 4) /* { dg-message {roofline: ECM \{16 \|\| 8 \| 24 \| 24 \| 51.8\} cy/CL -> \{16 \] 32 \] 56 \] 107.8\} cy/CL on snb-e5-2680} } */
    _mm256_store_pd(&a[i], _mm256_load_pd(&b[i]));
}
