/* OpenMP collapse(N) with the static schedule.  GCC merges the N loops into one loop
   over N1*N2*... iterations, gives each thread a contiguous block of it, recovers the
   indices of the block's first iteration by % and / and then steps the innermost index,
   resetting it and stepping the next one at the end of its range.  The plugin reads
   that loop as the original nest (loops i, j with their bounds, subscripts A[i-1][j]...),
   so the layer conditions and the data transfers are those of the same loops without
   OpenMP (the *_serial functions): the same layer-condition line and the same
   T_L1L2 | T_L2L3 | T_L3Mem terms.  The in-core terms come from the code GCC generates,
   which differs: the merged loop with its index stepping is not vectorised (scalar
   loads, adds and the wrap test), the serial loops are.  The notes are at the first
   access of the body: the merged loop keeps no location of its `for`; the copy GCC
   made for if-conversion and deleted is said so at the same line.  What stays
   rejected: the dynamic, guided and chunked schedules and loops inside the collapsed
   ones (a non-rectangular nest: omp-collapse-triangle-snb.c).  cores=4 sets the
   thread count. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose -fplugin-arg-roofline-cores=4" } */
#define M 2000
#define N 1000
double A[M][M], B[M][M];
double C[N][N], D[N][N];

/* data terms 10 | 6 | 13 as jacobi_serial's; T_OL 57.3 and T_nOL 16 of the scalar
   merged loop (50 instructions per pass of 2 iterations, 14.3 cy on p0 p1 p5) */
void jacobi_collapsed(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M - 1; j++)
      B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]); /* { dg-message {ECM \{57.3 \|\| 16 \| 10 \| 6 \| 13\} cy/CL -> \{57.3 \] 57.3 \] 57.3 \] 57.3\} cy/CL on snb-e5-2680} } */
}
/* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: 5999\*8 B <= 16 KiB \[block i1 to 682\] violated; L2: 5999\*8 B <= 128 KiB holds; L3: 5999\*8 B <= 10 MiB holds; traffic per unit: L1-L2 3\+1\+1 CL, L2-L3 1\+1\+1 CL, L3-MEM 1\+1\+1 CL} "" { target *-*-* } 30 } */
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 4 threads \(cores=\)} "" { target *-*-* } 30 } */
/* { dg-message {loop copy removed by GCC \(if-conversion version not used\)} "" { target *-*-* } 30 } */

void jacobi_serial(void)
{
  for (int i = 1; i < M - 1; i++) /* { dg-message {ECM \{6 \|\| 9.5 \| 10 \| 6 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 25.5 \] 38.5\} cy/CL on snb-e5-2680} } */
    for (int j = 1; j < M - 1; j++)
      B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
}
/* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: 5999\*8 B <= 16 KiB \[block i1 to 682\] violated; L2: 5999\*8 B <= 128 KiB holds; L3: 5999\*8 B <= 10 MiB holds; traffic per unit: L1-L2 3\+1\+1 CL, L2-L3 1\+1\+1 CL, L3-MEM 1\+1\+1 CL} "" { target *-*-* } 38 } */

/* a reduction: each thread's partial sum, two read streams (data terms 4 | 4 | 8.6 as
   dot_serial's); the merged loop's T_nOL 8: two scalar loads per iteration */
double dot_collapsed(void)
{
  double s = 0;
#pragma omp parallel for collapse(2) reduction(+:s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * D[i][j]; /* { dg-message {ECM \{34.7 \|\| 8 \| 4 \| 4 \| 8.6\} cy/CL -> \{34.7 \] 34.7 \] 34.7 \] 34.7\} cy/CL on snb-e5-2680} } */
  return s;
}
/* { dg-message {data in L3 \(working set 15.3 MiB\): } "" { target *-*-* } 52 } */
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 4 threads \(cores=\)} "" { target *-*-* } 52 } */
/* { dg-message {loop copy removed by GCC \(if-conversion version not used\)} "" { target *-*-* } 52 } */
double dot_serial(void)
{
  double s = 0;
  for (int i = 0; i < N; i++) /* { dg-message {ECM \{24 \|\| 4 \| 4 \| 4 \| 8.6\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL on snb-e5-2680} } */
    for (int j = 0; j < N; j++)
      s += C[i][j] * D[i][j];
  return s;
}
/* { dg-message {data in L3 \(working set 15.3 MiB\): } "" { target *-*-* } 61 } */

/* collapse(3) with a run-time outer bound: a copy, data terms 6 | 6 | 13 as STREAM's
   copy (stream-omp-snb.c: one read stream, one written with write-allocate) */
void copy3(int n, double (*restrict x)[64][64], double (*restrict y)[64][64])
{
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
	x[i][j][k] = y[i][j][k]; /* { dg-message {ECM \{45.3 \|\| 4 \| 6 \| 6 \| 13\} cy/CL -> \{45.3 \] 45.3 \] 45.3 \] 45.3\} cy/CL on snb-e5-2680} } */
}
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 4 threads \(cores=\)} "" { target *-*-* } 76 } */
/* { dg-message {loop copy removed by GCC \(if-conversion version not used\)} "" { target *-*-* } 76 } */

/* what stays rejected, with its reason */
void copy_dynamic(void)
{
#pragma omp parallel for collapse(2) schedule(dynamic)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = A[i][j]; /* { dg-message {not analysed: OpenMP schedule\(dynamic\) is not modelled} } */
}

void copy_guided(void)
{
#pragma omp parallel for collapse(2) schedule(guided)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = A[i][j]; /* { dg-message {not analysed: OpenMP schedule\(guided\) is not modelled} } */
}

void copy_chunked(void)
{
#pragma omp parallel for collapse(2) schedule(static, 16)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = A[i][j]; /* { dg-message {not analysed: OpenMP schedule\(static, CHUNK\) is not modelled} } */
}

void copy_inner(int n, double (*restrict x)[M][n], double (*restrict y)[M][n])
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < n; k++) /* { dg-message {not analysed: OpenMP collapse with a loop inside the collapsed loops or around them is not modelled} } */
	x[i][j][k] = y[i][j][k];
}

/* the merged loop's values are sampled at the second iteration of each loop and the
   third of the innermost one: shorter loops keep their reason */
void copy_short(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      B[i][j] = A[i][j]; /* { dg-message {not analysed: OpenMP collapse whose innermost loop runs fewer than 3 times or another loop once is not modelled} } */
}
/* { dg-message {loop copy removed by GCC \(if-conversion version not used\)} "" { target *-*-* } 122 } */
