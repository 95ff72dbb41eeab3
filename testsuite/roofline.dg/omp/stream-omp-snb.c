/* STREAM's four kernels as `#pragma omp parallel for` loops inside the repetition loop
   `for (k = 0; k < NTIMES; k++)`.  GCC outlines each loop into stream_omp._omp_fn.N and
   computes each thread's block of j from omp_get_thread_num / omp_get_num_threads; the
   plugin reads that loop for one thread, i.e. over the original space 0 <= j < N, and gets
   the ECM notes of the same loops without OpenMP (stream_serial below, and
   ../stream-timed-snb.c): copy and scale {4 || 2 | 6 | 6 | 13}, add and triad
   {4 || 4 | 8 | 8 | 17.3}.  The notes are at the loop body: the outlined loop keeps no
   location of its `for`.
   -mno-avx256-split-unaligned-*: a thread's block starts at an index GCC cannot prove
   aligned, so with sandybridge tuning it would split the 256-bit accesses of add and triad
   into 128-bit halves (stream-omp-split-snb.c); without the split the OpenMP code is the
   serial code. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fno-tree-loop-distribute-patterns -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 20000000
#define NTIMES 10
static double a[N], b[N], c[N];

void stream_omp(double s)
{
  for (int k = 0; k < NTIMES; k++) /* { dg-message {not analysed: OpenMP parallel region in loop body \(its loops are analysed in the outlined function stream_omp._omp_fn.[0-3]\)} } */
    {
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	c[j] = a[j]; /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	b[j] = s * c[j]; /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	c[j] = a[j] + b[j]; /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	a[j] = b[j] + s * c[j]; /* { dg-message {ECM \{4 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
    }
}
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 8 threads \(the machine's cores, without cores=\)} "" { target *-*-* } 25 } */
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 8 threads} "" { target *-*-* } 28 } */
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 8 threads} "" { target *-*-* } 31 } */
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 8 threads} "" { target *-*-* } 34 } */
/* the multicore scaling uses the thread count: the machine's 8 cores.  The outlined loop
   does not see the k loop around its parallel region (stream_serial's loops neither): no
   layer condition across k is listed, unlike in ../stream-timed-snb.c */
/* { dg-message {data in MEM \(working set 305 MiB\): 801 Mit/s on 1 core, saturates at 3 cores \(1.67 Git/s\), 1.67 Git/s on 8 cores} "" { target *-*-* } 25 } */

void stream_serial(double s)
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
