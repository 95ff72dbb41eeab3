/* OpenMP collapse(2) over a non-rectangular nest (the inner loop starts at the outer
   index): GCC finds the first indices of a thread's block by solving a quadratic in
   floating point, not by % and /; the plugin gives the reason.  Without if-conversion
   (-fno-tree-loop-if-convert) GCC 11 and 12 both keep a single copy of the loop. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fno-tree-loop-if-convert -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define M 2000
double A[M][M], B[M][M];

void triangle(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++)
      B[i][j] = A[i][j]; /* { dg-message {not analysed: OpenMP collapse over a non-rectangular nest \(an inner bound depends on an outer index\) is not modelled} } */
}
