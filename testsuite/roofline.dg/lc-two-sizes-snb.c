/* Layer conditions in two unknown sizes.  The plane condition of this 3D sweep holds the
   planes k-1, k, k+1 of a (each m rows of n doubles): 3*m*n*8 B; with m and n unknown its
   threshold is solved with both equal (a threshold in n at an assumed value of m would depend
   on that value alone: it used to read "(n <= 0)").  By hand, with half of each cache:
   L1 16 KiB: 24*n^2 <= 16384 -> n <= 26; L2 128 KiB: n <= 73; L3 10 MiB: 24*n^2 <= 10485760
   -> n <= 660 (not checked here: the row condition in n alone before each).  With two
   parameters no table of size regimes is made.
   (-fno-loop-unroll-and-jam: GCC would otherwise fuse three j iterations.)
   The initialisation nest touches nothing twice: it has no condition, and the notes say so
   instead of listing "0*8 B <= 16 KiB holds" per level. */
/* { dg-do compile } */
/* { dg-options "-O3 -fno-loop-unroll-and-jam -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void sweep(int l, int m, int n, double (*restrict c)[m][n], double (*restrict a)[m][n])
{
  for (int k = 1; k < l - 1; k++) /* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: [0-9]+\*n\*8 B <= 16 KiB \(n <= [0-9]+\) size unknown; L1: 3\*m\*n\*8 B <= 16 KiB \(m = n <= 26\) size unknown; L2: [^;]*; L2: 3\*m\*n\*8 B <= 128 KiB \(m = n <= 73\) size unknown; L3: [^;]*; L3: 3\*m\*n\*8 B <= 10 MiB \(m = n <= 660\) size unknown; sizes unknown} } */
    /* { dg-message {roofline: regimes: none \(conditions in several size parameters \([mn], [mn]\)\)} "" { target *-*-* } 16 } */
    /* { dg-message {roofline: ECM } "" { target *-*-* } 16 } */
    for (int j = 1; j < m - 1; j++)
      for (int i = 1; i < n - 1; i++)
	c[k][j][i] = a[k - 1][j][i] + a[k + 1][j][i] + a[k][j - 1][i] + a[k][j + 1][i];
}

void init(int m, int n, double (*restrict a)[n])
{
  for (int j = 0; j < m; j++) /* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): no data of the loops inside is used again in the next iteration of i0 \(no condition\); traffic per unit: } } */
    /* { dg-message {roofline: ECM } "" { target *-*-* } 26 } */
    for (int i = 0; i < n; i++)
      a[j][i] = 1.0;
}
