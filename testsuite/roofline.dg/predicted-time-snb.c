/* The predicted time of each loop over all its executions and its share of the function, in
   the data note, and with verbose the arithmetic and the assumption behind it.
   Sandy Bridge EP (snb-e5-2680) at 2.7 GHz, N = 1000, TSTEPS = 50:
   - each sweep of kernel_jacobi_2d (GCC makes the copy's inner loop a memcpy, modelled as a
     loop at the call) runs 50 x 998 times its inner loop (49900 executions),
     50 x 998 x 998 = 49 800 200 iterations = 6 225 025 units of 8 iterations;
     the working set 16 000 000 B = 15.26 MiB is beyond the 10 MiB the L3 (20 MiB,
     lc_safety_factor 0.5) keeps fully: share not kept (15.26 - 10) / (2 x (20 - 10)) = 0.263
     (model/perf.c, rl_perf_spill); the stencil 28.06 + 0.263 x (41.1 - 28.06) = 31.49 cy/CL
     (the ECM note's L3 and MEM figures): 6 225 025 x 31.49 / 2.7e9 = 72.6 ms; the copy
     14.52 + 0.263 x (27.5 - 14.52) = 17.93 cy/CL: 41.3 ms; the function's loops 113.9 ms,
     so 72.6 / 113.9 = 64 % and 36 %.  Once per execution of the stencil's inner loop the
     i loop's own 16 instructions (model/rows.c, priced by the port model: 4.3 cy) add
     49900 x 4.3 = 0.21 M cy = 0.08 ms (72.6 ms shown still); the copy (a memcpy call) has no
     code of its own read.
   - scale_until: a repetition loop of unknown count around 1000 iterations = 125 units x 4
     cy/CL (data in L1) + its own 4 instructions once (1 cy) = 501 cy / 2.7 GHz = 186 ns for
     one repetition.
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
/* { dg-message {ECM \{8.5 \|\| 12 \| 10 \| 6 \| 13\} cy/CL -> \{12 \] 22 \] 28.1 \] 41.1\} cy/CL} "" { target *-*-* } 30 } */
/* { dg-message {data in L3 \(working set 15.2 MiB; [^)]*\): 3.85 GFLOP/s .*; 72.6 ms in total \(64 % of kernel_jacobi_2d\); bottleneck} "" { target *-*-* } 30 } */
/* { dg-message {predicted time: 6225025 units of work \(49900 executions of the innermost loop\) x 31.5 cy/CL \+ 49900 executions x 4.3 cy \(the code around the loop: its enclosing loop's own 16 instructions 4.3 cy, no remainder code\) / 2.7 GHz = 72.6 ms in total \(64 % of kernel_jacobi_2d\); the function's ranked loops: 0.114 s} "" { target *-*-* } 30 } */
/* { dg-message {ECM \{4 \|\| 2.5 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8.5 \] 14.5 \] 27.5\} cy/CL} "" { target *-*-* } 35 } */
/* { dg-message {data in L3 .*; 41.3 ms in total \(36 % of kernel_jacobi_2d\); bottleneck} "" { target *-*-* } 35 } */
/* { dg-message {predicted time: 6225025 units of work \(49900 executions of the innermost loop\) x 17.9 cy/CL \(no cost per execution: no generated code read\) / 2.7 GHz = 41.3 ms in total \(36 % of kernel_jacobi_2d\)} "" { target *-*-* } 35 } */

void scale_until(volatile int *stop, double s)
{
  while (!*stop)
    for (int i = 0; i < N; i++)
      A[0][i] *= s;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 48 } */
/* { dg-message {data in L1 \(working set 7.81 KiB\): 5.40 GFLOP/s .*; 186 ns per repetition \(100 % of scale_until\); bottleneck} "" { target *-*-* } 48 } */
/* { dg-message {predicted time: 125 units of work \(1 execution of the innermost loop\) x 4 cy/CL \+ 1 execution x 1 cy \(the code around the loop: its enclosing loop's own 4 instructions 1 cy, no remainder code\) / 2.7 GHz = 186 ns per repetition \(100 % of scale_until\); the function's ranked loops: 186 ns; repetition loop at line 47: count unknown, time given per repetition} "" { target *-*-* } 48 } */

void scale_n(int n, double s, double *restrict x)
{
  for (int i = 0; i < n; i++)
    x[i] *= s;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 57 } */
/* { dg-message {predicted time: n unknown \(no constant, no define=n=VALUE\): not ranked} "" { target *-*-* } 57 } */
/* { dg-bogus {data in MEM assumed [^\n]* in total} "" { target *-*-* } 57 } */
