/* Streams that restart from memory (docs/model.md section 4c) on the measured Zen 5 guest
   (zen5-host-bench: memory.restart 17 cy per line for the first 460 lines of each run, measured
   with bench/polybench/study/chainmem.c).  The rows of a lower triangle of 8192 x 8192 doubles:
   row i reads a[i][0..i], then the loop jumps to the next row, 8192 - i - 1 elements further:
   every row is a run that starts at a jump.  By hand, per unit of work (8 iterations): one line
   of a read from memory (x stays in the caches); the runs average (8192 + 1) / 2 / 8 = 512.06
   lines (the JSON's run_lines 512.125 counts the row's partial line), so 460 / 512.125 =
   0.8982 of the lines are in the first 460 of their run: 0.8982 x 17 = 15.27 cy beyond the
   in-core time max(T_OL 4, T_nOL 2) (the port model: the add chain's latency, 2 loads): 19.27
   cy/CL in memory, above the composition rule's figure (T_nOL 2 + the fractions of the
   transfers 1 / 2.1 / 6: under 9). In the caches nothing changes: 4 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O3 -ffast-math -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-define=n=8192" } */

double trsum(int n, double (*restrict a)[n], double *restrict x)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{4 \|\| 2 \| 1 \| 2.1 \| 6\} cy/CL, in memory in-core \+ 15.3 cy/CL restarting streams -> \{4 \] 4 \] 4 \] 19.3\} cy/CL on zen5-host-bench} } */
    for (int j = 0; j <= i; j++)
      s += a[i][j] * x[j];
  return s;
}
