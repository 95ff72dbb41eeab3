/* OpenMP worksharing loops besides STREAM: a reduction (each thread's partial sum is a
   local accumulator; the loop GCC adds to merge the partial sums with compare-and-swap
   gets no note), a parallel outer loop of a 2D Jacobi sweep (the inner loop is analysed
   with the outer loop's original bounds; its note is at the body, the outlined loops keep
   no location of their `for`), and what stays rejected with its reason: the dynamic,
   guided and chunked static schedules (collapse(N): omp-collapse-snb.c).  cores=4 sets
   the thread count. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -mno-avx256-split-unaligned-load -mno-avx256-split-unaligned-store -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose -fplugin-arg-roofline-cores=4" } */
#define M 2000
double A[M][M], B[M][M];

double dot(const double *x, const double *y, int n)
{
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i]; /* { dg-message {ECM \{24 \|\| 4 \| 4 \| 4 \| 8.6\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL on snb-e5-2680} } */
  return s;
}
/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 4 threads \(cores=\)} "" { target *-*-* } 18 } */

double dot_serial(const double *x, const double *y, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{24 \|\| 4 \| 4 \| 4 \| 8.6\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL on snb-e5-2680} } */
    s += x[i] * y[i];
  return s;
}

void jacobi_rows(void)
{
#pragma omp parallel for
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M - 1; j++)
      B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]); /* { dg-message {ECM \{6 \|\| 9.5 \| 10 \| 6 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 25.5 \] 38.5\} cy/CL on snb-e5-2680} } */
}

/* { dg-message {OpenMP worksharing loop \(static schedule\) over the original iteration space; each of 4 threads \(cores=\)} "" { target *-*-* } 36 } */

void jacobi_serial(void)
{
  for (int i = 1; i < M - 1; i++) /* { dg-message {ECM \{6 \|\| 9.5 \| 10 \| 6 \| 13\} cy/CL -> \{9.5 \] 19.5 \] 25.5 \] 38.5\} cy/CL on snb-e5-2680} } */
    for (int j = 1; j < M - 1; j++)
      B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
}

void scale_dynamic(double *x, int n)
{
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; i++)
    x[i] = 2.0 * x[i]; /* { dg-message {not analysed: OpenMP schedule\(dynamic\) is not modelled} } */
}

void scale_guided(double *x, int n)
{
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; i++)
    x[i] = 2.0 * x[i]; /* { dg-message {not analysed: OpenMP schedule\(guided\) is not modelled} } */
}

void scale_chunked(double *x, int n)
{
#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < n; i++)
    x[i] = 2.0 * x[i]; /* { dg-message {not analysed: OpenMP schedule\(static, CHUNK\) is not modelled} } */
}
