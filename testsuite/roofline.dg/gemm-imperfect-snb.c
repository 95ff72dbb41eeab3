/* PolyBench's gemm: the i loop holds two inner nests, `C[i][j] *= beta` and the k-j nest.
   Each innermost loop gets its own prediction at its own place, with i as its context.
   `C *= beta`: one stream read and written, per 8 iterations 2 AVX loads (T_nOL 2), 2 AVX
   stores (T_OL 4), C loaded and evicted (no write-allocate: the line is already there) = 2
   lines per boundary: {4 || 2 | 4 | 4 | 8.6}.  The k-j nest: C[i][j] read and written, B[k][j]
   read, A[i][k] invariant in j; the layer condition for C (one row, 8.8 kB, reused by every
   k) holds in L1, the one for B (all of B between two i iterations) in no cache, so one line
   (B) per boundary: {4 || 4 | 2 | 2 | 4.3}.  Verbose says what is assumed between the two:
   C *= beta reuses nothing across i, so the k-j nest's data does not change its traffic; the
   k-j nest finds the row C[i][*] that C *= beta wrote in the same iteration of i in L2: the
   data touched between the two uses is at most one iteration of k: a row of C and of B
   (8800 B each, not a whole number of lines: (8800 + 56) / 64 = 138.4 lines on average) and
   the line of A[i][k]: (2 * 138.4 + 1) * 64 B = 17776 B = 17.4 KiB > 16 KiB (half of L1),
   <= 128 KiB (half of L2).
   The first touch of the C row it saves is 138.4 lines per 1.32 million iterations
   (0.0008 CL per unit of work): the ECM figures do not change at this precision. */
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
/* { dg-message {one of 2 loops inside the loop at line 26: this loop reuses nothing across the iterations of the loops around, so the data of the others does not change its traffic} "" { target *-*-* } 28 } */
/* { dg-message {one of 2 loops inside the loop at line 26: the layer conditions of the loops around count the data of all of them per iteration \(union of their accesses: the others touch nothing this loop does not\); C written by the loop at line 28 is used here from L2: its first touch in each iteration hits there \(data touched between the two uses: 17.4 KiB\)} "" { target *-*-* } 30 } */
