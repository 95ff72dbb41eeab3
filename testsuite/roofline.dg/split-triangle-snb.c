/* A triangular nest GCC splits at -O3 (loop splitting: the j loop becomes a loop for j = 0,
   whose k loop is empty, and a loop for 1 <= j < i that SCEV cannot follow) is modelled with
   the exact bounds of the second part and gets its predicted time.
   Sandy Bridge EP (snb-e5-2680) at 2.7 GHz, N = 200; counted by hand:
   - k loop (line 11, note at the split j loop, line 8): executions = sum over i of the j in
     [1, i) = sum_{i=2}^{199} (i - 1) = 198 * 199 / 2 = 19701; iterations = sum_i sum_{j<i} j =
     C(200, 3) = 200 * 199 * 198 / 6 = 1313400 = 164175 units of 8; at 24 cy/CL (the ECM note:
     the chain through the subtraction, 3 cy per iteration) 164175 * 24 / 2.7e9 = 1.459 ms;
   - the diagonal k loop (line 15): sum_i i = 19900 iterations = 2487.5 units, at 24 cy/CL
     22.1 us;
   - once per execution of each k loop, the code around it (model/rows.c): the j loop's
     A[i][j] /= A[j][j], one vdivsd of 22 cy on the divider (snb.yml), binds its own 10
     instructions: 19701 x 22 cy = 0.160 ms -> 1.62 ms; the diagonal loop's i loop has the
     divide of the last j too (GCC's split; 13 instructions with GCC 12, 20 with GCC 11, 22 cy
     either way): 200 x 22 cy = 1.6 us ->
     23.7 us; the function 1.64 ms, the k loop's share 98.6 % -> 99 %. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 200
static double A[N][N];

void kernel_tri(void)
{
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < i; j++)
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[j][k];
	  A[i][j] /= A[j][j];
	}
      for (int k = 0; k < i; k++)
	A[i][i] -= A[i][k] * A[i][k];
    }
}
/* { dg-message {ECM \{24 \|\| 8 \| 2.7 \| 0.1 \| 0.3\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL} "" { target *-*-* } 26 } */
/* { dg-message {predicted time: 164175 units of work \(19701 executions of the innermost loop\) x 24 cy/CL \+ 19701 executions x 22 cy \(the code around the loop: its enclosing loop's own [0-9]+ instructions 22 cy[^)]*\) / 2.7 GHz = 1.62 ms in total \(99 % of kernel_tri\); the function's ranked loops: 1.64 ms} "" { target *-*-* } 26 } */
/* { dg-bogus {unknown} "" { target *-*-* } 26 } */
/* { dg-message {ECM \{24 \|\| 4 \| 2.5 \| 0.3 \| 0.7\} cy/CL -> \{24 \] 24 \] 24 \] 24\} cy/CL} "" { target *-*-* } 32 } */
/* { dg-message {predicted time: 2488 units of work \(200 executions of the innermost loop\) x 24 cy/CL \+ 200 executions x 22 cy \(the code around the loop: its enclosing loop's own [0-9]+ instructions 22 cy, no remainder code\) / 2.7 GHz = 23.7 us in total} "" { target *-*-* } 32 } */
