/* GCC replaces copy and zeroing loops by memcpy and memset (and folds a memcpy of a known size
   between declared arrays into one aggregate copy).  The call is modelled as the loop it
   replaces, over the elements of its block, inside the loops enclosing it, with glibc's 32-byte
   vector loads and stores: STREAM's copy inside the NTIMES loop gets the copy loop's figures
   {4 || 2 | 6 | 6 | 13} (stream-timed-snb.c, built there with -fno-tree-loop-distribute-patterns)
   and zeroing rows one store stream {4 || 0 | 4 | 4 | 8.6} (write-allocate and eviction).  The
   note is at the statement GCC turned into the call. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 20000000
#define NTIMES 10
extern double a[N], b[N], c[N];

void stream_copy_scale(double s)
{
  for (int k = 0; k < NTIMES; k++)
    {
      for (int j = 0; j < N; j++)
	c[j] = a[j]; /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
      for (int j = 0; j < N; j++)
	b[j] = s * c[j];
    }
}
/* { dg-message {call to memcpy modelled as a loop over its block: one 32-byte load and/or store per 32 bytes} "" { target *-*-* } 19 } */
/* the scale loop is now the only inner loop: a perfect nest, its note at the k loop */
/* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} "" { target *-*-* } 16 } */

void zero_rows(int n, int m, double A[n][m])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = 0.0; /* { dg-message {ECM \{4 \|\| 0 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 4 \] 8 \] 16.6\} cy/CL on snb-e5-2680} } */
  /* { dg-message {call to memset modelled as a loop over its block} "" { target *-*-* } 32 } */
}
