/* Layer conditions with the size given on the command line: define=n=100000 selects seed 004
   Table 3's "LC in L3" row (5461 < n <= 436906): transfers {.. | 10 | 10 | 13}.  The value
   contains '=', which GCC's own plugin-argument parser mangles (n=100000 would arrive as
   n=10000, the L2-violated/L3 row would still hold, so a second define picks an L2 size:
   m=3000 -> {.. | 10 | 6 | 13}; with the mangled m=300 it would be the L1 row {.. | 6 | 6 | 13}). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-define=n=100000 -fplugin-arg-roofline-define=m=3000" } */

void jacobi_n(int n, double (*restrict b)[n], double (*restrict a)[n])
{
  for (int j = 1; j < n - 1; j++) /* { dg-message {ECM \{[0-9.]+ \|\| [0-9.]+ \| 10 \| 10 \| 13\} cy/CL} } */
    for (int i = 1; i < n - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}

void jacobi_m(int m, double (*restrict b)[m], double (*restrict a)[m])
{
  for (int j = 1; j < m - 1; j++) /* { dg-message {ECM \{[0-9.]+ \|\| [0-9.]+ \| 10 \| 6 \| 13\} cy/CL} } */
    for (int i = 1; i < m - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.2;  /* differs from jacobi_n: identical functions are folded by -O3 (ICF) */
}
