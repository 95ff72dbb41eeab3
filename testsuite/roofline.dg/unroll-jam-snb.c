/* Copies of one source loop: at -O3 GCC unrolls the i loop by 2 and fuses the two copies of
   the j loop (unroll-and-jam, -floop-unroll-and-jam), and keeps a copy of the original nest
   for the last iteration of i when n is odd.  Both copies are innermost loops when the plugin
   looks, with the same stores (y[j], twice in the main copy): the loop gets one set of notes,
   the main copy's, at the loop's own location, and the verbose note names the other copy.
   Main copy, by hand: per unit of 8 j-iterations 2 rows x 8 x (mul + add) = 32 flop; sizes
   unknown (no-LC regime): a R 1 CL for each of the two rows, y RW 1 CL, x read once per i
   (0 CL): 3 loads + 0 write-allocates + 1 evict per boundary.  The remainder copy does one
   row: 16 flop per unit. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void mv(int n, int m, double *restrict y, double (*restrict a)[m], const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM } } */
    /* { dg-message {roofline: GCC made 2 copies of this source loop \(unroll-and-jam by 2: this copy repeats each statement of the loop body 2 times, the other runs the remaining iterations of the outer loop\); reported once, with this copy's figures and predicted time; the other copy \(at 15:[0-9]+\): [0-9.]+ cy/CL} "" { target *-*-* } 15 } */
    /* { dg-message {roofline: performance: [^\n]*W = 32 flop per unit} "" { target *-*-* } 15 } */
    /* { dg-message {traffic per unit: L1-L2 3\+0\+1 CL, L2-L3 3\+0\+1 CL, L3-MEM 3\+0\+1 CL} "" { target *-*-* } 15 } */
    for (int j = 0; j < m; j++)
      y[j] += a[i][j] * x[i];
}
/* the other verbose notes are matched but not checked here */
/* { dg-message {roofline: data in } "" { target *-*-* } 15 } */
/* { dg-message {roofline: unit of work} "" { target *-*-* } 15 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 15 } */
/* { dg-message {roofline: 4 streams} "" { target *-*-* } 15 } */
/* { dg-message {roofline: scaling} "" { target *-*-* } 15 } */
/* { dg-message {roofline: regimes} "" { target *-*-* } 15 } */
/* { dg-message {roofline: predicted time} "" { target *-*-* } 15 } */
/* { dg-message {roofline: ORM} "" { target *-*-* } 15 } */
/* { dg-message {roofline: CARM} "" { target *-*-* } 15 } */
/* { dg-message {roofline: adCARM} "" { target *-*-* } 15 } */
/* { dg-message {roofline: in-core ceilings} "" { target *-*-* } 15 } */
/* { dg-message {roofline: advice: temporal blocking} "" { target *-*-* } 15 } */
/* { dg-message {roofline: advice: memory bandwidth saturates} "" { target *-*-* } 15 } */
