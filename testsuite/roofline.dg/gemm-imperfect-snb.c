/* PolyBench's gemm: the i loop holds two inner nests, `C[i][j] *= beta` and the k-j nest.
   Each innermost loop gets its own prediction at its own place, with i as its context.
   `C *= beta`: one stream read and written, per 8 iterations 2 AVX loads (T_nOL 2), 2 AVX
   stores (T_OL 4), C loaded and evicted (no write-allocate: the line is already there) = 2
   lines per boundary: {4 || 2 | 4 | 4 | 8.6}.  The k-j nest: C[i][j] read and written, B[k][j]
   read, A[i][k] invariant in j; the layer condition for C (one row, 8.8 kB, reused by every
   k) holds in L1, the one for B (all of B between two i iterations) in no cache, so one line
   (B) per boundary: {4 || 4 | 2 | 2 | 4.3}.  Verbose says that the data C *= beta leaves in
   the caches for the k loop is not credited. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define NI 1000
#define NJ 1100
#define NK 1200

void kernel_gemm(double alpha, double beta, double C[NI][NJ], double A[NI][NK],
		 double B[NK][NJ])
{
  for (int i = 0; i < NI; i++)
    {
      for (int j = 0; j < NJ; j++) /* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL on snb-e5-2680} } */
	C[i][j] *= beta;
      for (int k = 0; k < NK; k++) /* { dg-message {ECM \{4 \|\| 4 \| 2 \| 2 \| 4.3\} cy/CL -> \{4 \] 6 \] 8 \] 12.3\} cy/CL on snb-e5-2680} } */
	for (int j = 0; j < NJ; j++)
	  C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
/* { dg-message {one of 2 loops inside the loop at line 19: no reuse between them is modelled; this loop's data traffic is computed as if it ran alone inside the enclosing loops} "" { target *-*-* } 21 } */
/* { dg-message {one of 2 loops inside the loop at line 19: no reuse between them} "" { target *-*-* } 23 } */
