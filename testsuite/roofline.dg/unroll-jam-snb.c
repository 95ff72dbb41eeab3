/* Copies of one source loop: at -O3 GCC unrolls the i loop by 2 and fuses the two copies of
   the j loop (unroll-and-jam, -floop-unroll-and-jam), and keeps a copy of the original nest
   for the last iteration of i when n is odd.  Both copies are innermost loops when the plugin
   looks, with the same stores (y[j], twice in the main copy): the loop gets one set of notes,
   the main copy's, at the loop's own location, and the verbose note names the other copy.
   Main copy, by hand: per unit of 8 j-iterations 2 rows x 8 x (mul + add) = 32 flop (the
   remainder copy does one row: 16 flop per unit); its streams are x (read once per i, 0 CL),
   the two rows of a and y. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void mv(int n, int m, double *restrict y, double (*restrict a)[m], const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM } } */
    /* { dg-message {roofline: GCC made 2 copies of this source loop \(unroll-and-jam by 2: this copy repeats each statement of the loop body 2 times, the other runs the remaining iterations of the outer loop\); reported once, with this copy's figures and predicted time; the other copy \(at 14:[0-9]+\): [0-9.]+ cy/CL} "" { target *-*-* } 14 } */
    /* { dg-message {roofline: performance: [^\n]*W = 32 flop per unit} "" { target *-*-* } 14 } */
    for (int j = 0; j < m; j++)
      y[j] += a[i][j] * x[i];
}
/* { dg-message {roofline: 4 streams \(before layer conditions\): x R 0 CL, a R 1 CL, a R 1 CL, y RW 1 CL} "" { target *-*-* } 14 } */
