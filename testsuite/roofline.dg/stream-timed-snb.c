/* STREAM's four kernels inside the repetition loop `for (k = 0; k < NTIMES; k++)`, serial:
   the k loop has four inner loops, so each kernel is modelled with k as its context, its own
   accesses, and the data of the other three per iteration of k (the union of their accesses:
   copy adds b, 153 MiB; the others touch nothing more).  The arrays (153 MiB each) do not
   fit any cache, so repeating a kernel reuses nothing, and the data one kernel leaves for the
   next (c between copy and scale: 458 MiB touched in between, the copy's a and c and the
   scale's b and c) fits no cache either: each kernel gets the ECM note of the same loop
   written alone
   (stream_once below): copy and scale {4 || 2 | 6 | 6 | 13} (one load stream, one store
   stream with write-allocate), add and triad {4 || 4 | 8 | 8 | 17.3} (triad-snb.c's
   transfers; T_OL 4, not 5: the static arrays are aligned, so GCC does not split the 256-bit
   accesses).
   -fno-tree-loop-distribute-patterns keeps the copy a loop (else it becomes memcpy). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fno-tree-loop-distribute-patterns -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 20000000
#define NTIMES 10
static double a[N], b[N], c[N];

void stream_timed(double s)
{
  for (int k = 0; k < NTIMES; k++)
    {
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
	c[j] = a[j];
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
	b[j] = s * c[j];
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
	c[j] = a[j] + b[j];
      for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
	a[j] = b[j] + s * c[j];
    }
}
/* { dg-message {one of 4 loops inside the loop at line 22: the layer conditions of the loops around count the data of all of them per iteration \(union of their accesses: the others add 153 MiB not touched here\)} "" { target *-*-* } 24 } */
/* { dg-message {one of 4 loops inside the loop at line 22: [^\n]*; c written by the loop at line 24 is loaded again here: the data touched between the two uses \(458 MiB\) fits no cache} "" { target *-*-* } 26 } */
/* { dg-message {one of 4 loops inside the loop at line 22: [^\n]*; a read by the loop at line 24 is loaded again here \(as 2 more groups of references\)} "" { target *-*-* } 28 } */
/* { dg-message {one of 4 loops inside the loop at line 22: [^\n]*; b written by the loop at line 26 is loaded again here \(as 1 more group of references\)} "" { target *-*-* } 30 } */

void stream_once(double s)
{
  for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
    c[j] = a[j];
  for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
    b[j] = s * c[j];
  for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
    c[j] = a[j] + b[j];
  for (int j = 0; j < N; j++) /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
    a[j] = b[j] + s * c[j];
}
