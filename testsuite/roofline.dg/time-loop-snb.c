/* Outer loops the model cannot describe never block the nest inside them: a repetition loop
   with an unknown trip count (`while (!*stop)`, a doubling loop) or a non-affine bound
   (t < n * m) is left out with its own statements, and the triad inside gets triad-snb.c's
   prediction {5 || 4 | 8 | 8 | 17.3}; with verbose the outer loop is reported as repeated an
   unknown number of times. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void triad_until(volatile int *stop, int n, double s, double *restrict a,
		 const double *restrict b, const double *restrict c)
{
  while (!*stop)
    for (int i = 0; i < n; i++) /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
      a[i] = b[i] + s * c[i];
  /* { dg-message {the loop at line 12 around this nest \(unknown trip count\) is repeated an unknown number of times: it is not part of the model, the prediction is for the nest inside it} "" { target *-*-* } 13 } */
}

void triad_doubling(int n, double s, double *restrict a, const double *restrict b,
		    const double *restrict c, double *restrict sum)
{
  for (int t = 1; t < n; t *= 2)
    {
      *sum += t;
      for (int i = 0; i < n; i++) /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
	a[i] = b[i] + s * c[i];
      /* { dg-message {the loop at line 21 around this nest \(unknown trip count\) is repeated an unknown number of times} "" { target *-*-* } 24 } */
    }
}

void triad_nm(int n, int m, double s, double *restrict a, const double *restrict b,
	      const double *restrict c, double *restrict sum)
{
  for (int t = 0; t < n * m; t++)
    {
      *sum += t;
      for (int i = 0; i < n; i++) /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
	a[i] = b[i] + s * c[i];
      /* { dg-message {the loop at line 33 around this nest \(non-affine loop bound\) is repeated an unknown number of times} "" { target *-*-* } 36 } */
    }
}

/* A timer call in the body of the repetition loop (Parallel Research Kernels style) is left
   out with the other statements of that loop; the repetitions themselves stay in the model. */
extern double wtime(void);
void triad_timed(int iterations, int n, double s, double *restrict a,
		 const double *restrict b, const double *restrict c, double *t0)
{
  for (int iter = 0; iter < iterations; iter++)
    {
      if (iter == 1)
	*t0 = wtime();
      for (int i = 0; i < n; i++) /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
	a[i] = b[i] + s * c[i];
      /* { dg-message {the statements of the loop at line 48 outside its inner loops are not part of the model \(call to wtime in loop body\)} "" { target *-*-* } 52 } */
    }
}
