/* Sibling loops of an imperfect nest share the caches: in one iteration of the loop around
   them every sibling runs, so the data kept across that loop competes with the union of
   all their accesses, and data an earlier sibling touched in the same iteration can be
   found in a cache.  snb-e5-2680 (layer conditions with half of each cache: L1 16 KiB, L2
   128 KiB, L3 10 MiB; L1-L2 and L2-L3 2 cy per line, memory 4.32 cy per line).  Each
   T = 100 repetition loop adds its compulsory misses, 0.1 cy at memory. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define T 100

/* Two sweeps over different arrays.  b = 2a reuses a and b across t: alone that is
   2 * 6000 * 8 B = 96000 B <= 128 KiB (the L2 condition holds, {4 || 2 | 6 | 0.1 | 0.1});
   with the other sweep's c the iteration of t touches 3 * 6000 * 8 B = 144000 B = 18000*8 B
   > 128 KiB, so a, b and c come from L3: a load, b write-allocate and eviction = 3 lines at
   L1-L2 and L2-L3, {4 || 2 | 6 | 6 | 0.1}.  c = c + 1 likewise: 2 lines (load, eviction),
   {4 || 2 | 4 | 4 | 0.1} instead of {4 || 2 | 4 | 0 | 0.1}. */
void sweeps_6000(double *restrict a, double *restrict b, double *restrict c)
{
  for (int t = 0; t < T; t++)
    {
      for (int i = 0; i < 6000; i++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 0.1\} cy/CL -> \{4 \] 8 \] 14 \] 14.1\} cy/CL on snb-e5-2680} } */
	b[i] = 2.0 * a[i];
      for (int i = 0; i < 6000; i++) /* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 0.1\} cy/CL -> \{4 \] 6 \] 10 \] 10.1\} cy/CL on snb-e5-2680} } */
	c[i] = c[i] + 1.0;
    }
}
/* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: 18000\*8 B <= 16 KiB \[block i1 to 682\] violated; L2: 18000\*8 B <= 128 KiB \[block i1 to 5461\] violated; L3: 18000\*8 B <= 10 MiB holds} "" { target *-*-* } 21 } */
/* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: 18000\*8 B <= 16 KiB \[block i1 to 682\] violated; L2: 18000\*8 B <= 128 KiB \[block i1 to 5461\] violated; L3: 18000\*8 B <= 10 MiB holds} "" { target *-*-* } 23 } */
/* { dg-message {one of 2 loops inside the loop at line 19: the layer conditions of the loops around count the data of all of them per iteration \(union of their accesses: the others add 46.9 KiB not touched here\)} "" { target *-*-* } 21 } */
/* { dg-message {one of 2 loops inside the loop at line 19: the layer conditions of the loops around count the data of all of them per iteration \(union of their accesses: the others add 93.8 KiB not touched here\)} "" { target *-*-* } 23 } */

/* The same at n = 4000: 3 * 4000 * 8 B = 96000 B <= 128 KiB, all three stay in L2 and the
   predictions are those of each sweep alone. */
void sweeps_4000(double *restrict a, double *restrict b, double *restrict c)
{
  for (int t = 0; t < T; t++)
    {
      for (int i = 0; i < 4000; i++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 0.1 \| 0.1\} cy/CL -> \{4 \] 8 \] 8.1 \] 8.2\} cy/CL on snb-e5-2680} } */
	b[i] = 2.0 * a[i];
      for (int i = 0; i < 4000; i++) /* { dg-message {ECM \{4 \|\| 2 \| 4 \| 0 \| 0.1\} cy/CL -> \{4 \] 6 \] 6 \] 6.1\} cy/CL on snb-e5-2680} } */
	c[i] = c[i] + 1.0;
    }
}
/* { dg-message {L2: 12000\*8 B <= 128 KiB holds} "" { target *-*-* } 40 } */
/* { dg-message {L2: 12000\*8 B <= 128 KiB holds} "" { target *-*-* } 38 } */

/* jacobi-1d's two sweeps: both touch a and b, so the union adds nothing (the elements b[0]
   and b[5999] the second sweep reads and the first does not write are a boundary, not a
   separate layer) and the condition is that of each sweep alone: 2 * 6000 * 8 B + the
   halo = 12005*8 B <= 128 KiB.  The second sweep reads b where the first left it: the data
   touched between the two uses is one iteration of t (a and b, 2 * 6000 * 8 B = 93.8 KiB):
   from L2, as the reuse across t already says, and its compulsory misses (0.1 cy at L2-L3
   before) are the first sweep's. */
void jacobi_sweeps(double *restrict a, double *restrict b)
{
  for (int t = 0; t < T; t++)
    {
      for (int i = 1; i < 5999; i++) /* { dg-message {ECM \{4 \|\| 7 \| 6 \| 0.1 \| 0.1\} cy/CL -> \{7 \] 13 \] 13.1 \] 13.2\} cy/CL on snb-e5-2680} } */
	b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
      for (int i = 1; i < 5999; i++) /* { dg-message {ECM \{4 \|\| 7 \| 6 \| 0 \| 0.1\} cy/CL -> \{7 \] 13 \] 13 \] 13.1\} cy/CL on snb-e5-2680} } */
	a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
    }
}
/* { dg-message {one of 2 loops inside the loop at line 56: [^\n]*union of their accesses: the others touch nothing this loop does not\)} "" { target *-*-* } 58 } */
/* { dg-message {one of 2 loops inside the loop at line 56: [^\n]*; b written by the loop at line 58 is used here from L2: its first touch in each iteration hits there \(data touched between the two uses: 93.8 KiB\)} "" { target *-*-* } 60 } */

/* atax: the second j loop reads the row A[i][*] the first one just read.  Between the two
   uses the two loops touch the row of A, x and y (3 * 2000 * 8 B = 46.9 KiB
   <= 128 KiB): the second loop finds the row in L2, nothing of A crosses L2-L3 or
   L3-memory; y (reused across i) stays in L2 as well (2000*8 B + the row of A <= 128 KiB),
   while in L1 y and x together (4000*8 B > 16 KiB) do not fit.  L1-L2: A and y loaded, y
   evicted = 3 lines: {4 || 4 | 6 | 0 | 0}; alone it was {4 || 4 | 2 | 2 | 4.3} (y in L1, A
   from memory).  The first loop keeps x across i: with y of the second loop that is
   4000*8 B > 16 KiB, x comes from L2 (T_L1L2 4 instead of 2). */
#define M 2000
#define N 2000
void atax_like(double A[M][N], double *restrict x, double *restrict y, double *restrict tmp)
{
  for (int i = 0; i < M; i++)
    {
      double s = 0.0;
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{24 \|\| 4 \| 4 \| 2 \| 4.3\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL on snb-e5-2680} } */
	s += A[i][j] * x[j];
      tmp[i] = s;
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 4 \| 6 \| 0 \| 0\} cy/CL -> \{4 \] 10 \] 10 \] 10\} cy/CL on snb-e5-2680} } */
	y[j] += A[i][j] * s;
    }
}
/* { dg-message {one of 2 loops inside the loop at line 79: [^\n]*the others add 15.6 KiB not touched here\); A read by the loop at line 82 is used here from L2: its first touch in each iteration hits there \(data touched between the two uses: 46.9 KiB\)} "" { target *-*-* } 85 } */
