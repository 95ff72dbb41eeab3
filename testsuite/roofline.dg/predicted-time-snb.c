/* The predicted time of each loop over all its executions and its share of the function, in
   the data note, and with verbose the arithmetic and the assumption behind it.
   Sandy Bridge EP (snb-e5-2680) at 2.7 GHz, N = 1000, TSTEPS = 50:
   - each sweep of kernel_jacobi_2d (GCC makes the copy's inner loop a memcpy, modelled as a
     loop at the call) runs 50 x 998 times its inner loop (49900 executions),
     50 x 998 x 998 = 49 800 200 iterations = 6 225 025 units of 8 iterations;
     the stencil at its data level L3 (working set 15.2 MiB) 28.06 cy/CL (the ECM note's
     28.1): 6 225 025 x 28.06 / 2.7e9 = 64.7 ms; the copy 14.52 cy/CL (14.5): 33.5 ms; the
     function's loops 98.2 ms, so 64.7 / 98.2 = 66 % and 34 %.
   - scale_until: a repetition loop of unknown count around 1000 iterations = 125 units x 4
     cy/CL (data in L1) / 2.7 GHz = 185 ns for one repetition.
   - scale_n: n comes from the caller: no total, the verbose note says why. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 1000
#define TSTEPS 50
static double A[N][N], B[N][N];

void kernel_jacobi_2d(void)
{
  for (int t = 0; t < TSTEPS; t++)
    {
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  A[i][j] = B[i][j];
    }
}
/* { dg-message {ECM \{8.5 \|\| 12 \| 10 \| 6 \| 13\} cy/CL -> \{12 \] 22 \] 28.1 \] 41.1\} cy/CL} "" { target *-*-* } 23 } */
/* { dg-message {data in L3 \(working set 15.2 MiB; [^)]*\): 3.85 GFLOP/s .*; 64.7 ms in total \(66 % of kernel_jacobi_2d\); bottleneck} "" { target *-*-* } 23 } */
/* { dg-message {predicted time: 6225025 units of work \(49900 executions of the innermost loop\) x 28.1 cy/CL / 2.7 GHz = 64.7 ms in total \(66 % of kernel_jacobi_2d\); the function's ranked loops: 98.2 ms} "" { target *-*-* } 23 } */
/* { dg-message {ECM \{4 \|\| 2.5 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8.5 \] 14.5 \] 27.5\} cy/CL} "" { target *-*-* } 28 } */
/* { dg-message {data in L3 .*; 33.5 ms in total \(34 % of kernel_jacobi_2d\); bottleneck} "" { target *-*-* } 28 } */
/* { dg-message {predicted time: 6225025 units of work \(49900 executions of the innermost loop\) x 14.5 cy/CL / 2.7 GHz = 33.5 ms in total \(34 % of kernel_jacobi_2d\)} "" { target *-*-* } 28 } */

void scale_until(volatile int *stop, double s)
{
  while (!*stop)
    for (int i = 0; i < N; i++)
      A[0][i] *= s;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 41 } */
/* { dg-message {data in L1 \(working set 7.81 KiB\): 5.40 GFLOP/s .*; 185 ns per repetition \(100 % of scale_until\); bottleneck} "" { target *-*-* } 41 } */
/* { dg-message {predicted time: 125 units of work \(1 execution of the innermost loop\) x 4 cy/CL / 2.7 GHz = 185 ns per repetition \(100 % of scale_until\); the function's ranked loops: 185 ns; repetition loop at line 40: count unknown, time given per repetition} "" { target *-*-* } 41 } */

void scale_n(int n, double s, double *restrict x)
{
  for (int i = 0; i < n; i++)
    x[i] *= s;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 50 } */
/* { dg-message {predicted time: n unknown \(no constant, no define=n=VALUE\): not ranked} "" { target *-*-* } 50 } */
/* { dg-bogus {data in MEM assumed [^\n]* in total} "" { target *-*-* } 50 } */
