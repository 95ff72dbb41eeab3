/* stream-omp-snb.c with the flags of ../stream-timed-snb.c (sandybridge tuning, which
   splits unaligned 256-bit accesses).  The data traffic is that of the serial loops, but
   a thread's block starts at an index GCC cannot prove aligned: where the serial loops
   over the aligned static arrays use whole 256-bit accesses, the OpenMP code of add and
   triad loads in 128-bit halves (vmovupd xmm + vinsertf128), and the front end bounds
   T_OL at 4.5 and 5 cycles per line instead of 4 (copy and scale are unchanged). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fno-tree-loop-distribute-patterns -fopenmp -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define N 20000000
#define NTIMES 10
static double a[N], b[N], c[N];

void stream_omp(double s)
{
  for (int k = 0; k < NTIMES; k++)
    {
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	c[j] = a[j]; /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	b[j] = s * c[j]; /* { dg-message {ECM \{4 \|\| 2 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8 \] 14 \] 27\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	c[j] = a[j] + b[j]; /* { dg-message {ECM \{4.5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{4.5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
#pragma omp parallel for
      for (int j = 0; j < N; j++)
	a[j] = b[j] + s * c[j]; /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
    }
}
