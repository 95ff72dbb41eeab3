/* Loop versions: the vectoriser cannot prove the references of these inner loops independent
   and versions each loop with a run-time alias check (vectorised copy / scalar copy).  The
   verbose note names both copies with their predictions and says which runs.
   floyd: path[i][k] lies in row i, which the loop stores over j = 0 .. n-1, for every i and k
   (0 <= k < n): the check always fails, only the scalar copy runs and is the one reported
   (9 instructions, cmp+jne fused: 8 slots / 6 per cycle = 1.33 cy per iteration = 21.3 cy/CL
   of 16 ints), though the vectorised copy would take 8 cy/CL.  PolyBench's floyd-warshall
   measures the same with and without vectorisation.
   shift: a[k][j] and a[i][j] overlap only where i == k: the vectorised copy runs elsewhere.
   add1: a and b are pointers: the addresses decide; the vectorised copy is reported. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-verbose" } */

void floyd(int n, int path[n][n])
{
  for (int k = 0; k < n; k++) /* { dg-message {ECM \{21.3 \|\| 16 \|} } */
    for (int i = 0; i < n; i++) /* { dg-message {loop versions \(GCC's run-time check picks one\): vectorised copy [0-9.]+ cy/CL, scalar copy 21.3 cy/CL; path\[i1\]\[i0\] lies in the range of path\[i1\]\[i2\] in every iteration: the alias check always fails, the scalar copy runs \(reported\), the vectorised copy never} "" { target *-*-* } 16 } */
      for (int j = 0; j < n; j++)
	path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

void shift(int n, double a[n][n], int k)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{[0-9.]+ \|\|} } */
    for (int j = 0; j < n; j++) /* { dg-message {loop versions [^;]*; a\[k\]\[i1\] and a\[i0\]\[i1\] overlap where k - i0 = 0: the scalar copy runs there, the vectorised copy \(reported\) elsewhere} "" { target *-*-* } 24 } */
      a[i][j] = a[k][j] + 1.0;
}

void add1(int n, double *a, const double *b)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{[0-9.]+ \|\|} } */
    a[i] = b[i] + 1.0;        /* { dg-message {loop versions \(GCC's run-time check picks one\): vectorised copy [0-9.]+ cy/CL, scalar copy [0-9.]+ cy/CL; whether b\[i0\] and a\[i0\] overlap depends on the addresses} "" { target *-*-* } 31 } */
}
