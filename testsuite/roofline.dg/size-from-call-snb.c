/* Sizes a function takes as arguments (PolyBench's kernel_doitgen(nr, nq, np, ...), not
   inlined) are read from its calls when every call in the file passes the same constant, and
   the note says so; calls with different values leave the size unknown.
   Sandy Bridge EP (snb-e5-2680) at 2.7 GHz:
   - kernel_scale(100, 1000, x): 100 executions of the j loop, 100 * 1000 = 100000 iterations
     = 12500 units of 8; working set 800 kB (L3), 10 cy/CL (the ECM note):
     12500 * 10 / 2.7e9 = 46.3 us; once per execution of the j loop the i loop's own 12
     instructions (model/rows.c, priced by the port model: 3.3 cy; the remainder code is
     skipped, 1000 = 125 x 8; its figure differs between GCC 11 and 12) add 100 x 3.3 = 330
     cy: 125330 / 2.7e9 = 46.4 us;
   - kernel_two is called with 1000 and with 2000: n stays unknown, not ranked. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
__attribute__((noinline, noclone)) void
kernel_scale(int n, int m, double *restrict x)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      x[i * m + j] *= 2.0;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 17 } */
/* { dg-message {predicted time: 12500 units of work \(100 executions of the innermost loop\) x 10 cy/CL \+ 100 executions x 3.3 cy \(the code around the loop: its enclosing loop's own 12 instructions 3.3 cy; remainder code [0-9.]+ cy skipped: 0 iterations left per execution\) / 2.7 GHz = 46.4 us in total \(100 % of kernel_scale\); the function's ranked loops: 46.4 us; n = 100, m = 1000: the values the one call in this file passes \(a call from elsewhere may differ\)} "" { target *-*-* } 17 } */

__attribute__((noinline, noclone)) void
kernel_two(int n, double *restrict x)
{
  for (int i = 0; i < n; i++)
    x[i] *= 3.0;
}
/* { dg-message {ECM \{4 \|\| 2 \| 4 \| 4 \| 8.6\} cy/CL -> \{4 \] 6 \] 10 \] 18.6\} cy/CL} "" { target *-*-* } 27 } */
/* { dg-message {predicted time: n unknown \(no constant, no define=n=VALUE\): not ranked} "" { target *-*-* } 27 } */

double x[200000];

int main(void)
{
  kernel_scale(100, 1000, x);
  kernel_two(1000, x);
  kernel_two(2000, x);
  return 0;
}
