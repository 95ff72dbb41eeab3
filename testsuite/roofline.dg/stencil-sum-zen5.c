/* A 2D 5-point stencil read (the four neighbours of a[j][i], summed) on the measured Zen 5 guest
   (zen5-host-bench: overlapping rule with serial fractions 0.366, 0.274, 0.814 and memory load
   factor 2.1 measured by roofline-bench's Jacobi kernel, docs/model.md section 4).  Rows of 258 doubles, 100000 rows:
   the layer conditions hold in every cache (3 rows = 6 KiB), data in memory.  No stores, so the
   store rules of the port table do not enter.  By hand, per unit of work (8 iterations): the
   port model's T_OL 4 (the vector adds) and T_nOL 5.5 (the loads, with the line splits of
   section 3); one line read per unit, 258 / 256 = 1.00783 lines with the rows' halo:
   T_L1L2 = 1.00783 x 1.031 = 1.039, T_L2L3 = 1.00783 x (2.115 + 0.01 evicted to the victim L3)
   = 2.142, T_L3Mem = 1.00783 x 6.028 = 6.075 (the file's fill costs).  The overlapping rule
   alone gives 5.5 at every cache level and max(5.5, 6.075) = 6.1 in memory; with the
   fractions: L2 5.5 + 0.366 x 1.039 = 5.880, L3 5.880 + 0.274 x 2.142 = 6.467, memory 6.467 +
   0.814 x 6.075 = 11.41 cy/CL.  The file's ecm.memory_load_factor 2.1 (section 4): 256-bit
   loads, per unit 2 passes x (4 loads + 1.5 line-split) = 11 load slots against 1.00783 x 64 /
   32 = 2.016 for reading the memory lines once: share 1 - 2.016 / 11 = 0.8168 of T_nOL (times
   min(1, 1.00783 lines read from memory) = 1), 4.492 cy; 6.075 + 2.1 x 4.492 = 15.51 cy/CL
   (above 11.41): memory 15.5.  Not bounded by the serial sum 5.5 + 1.039 + 2.142 + 6.075 = 14.76
   (section 8: stencils in memory measured up to 27 % beyond that sum).  bench/accuracy
   measured the Jacobi (with a store) at 4.85, 6.2-6.35 and 22.5 cy/CL in L2, L3 and memory
   where its T_nOL is 3.75 (AuthenticAMD family 26 model 2, 2026-11-24). */
/* { dg-do compile } */
/* { dg-options "-O3 -ffast-math -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-define=n=258 -fplugin-arg-roofline-define=m=100000" } */

double j2d5_sum(int n, int m, double (*restrict a)[n])
{
  double s = 0.0;
  for (int j = 1; j < m - 1; j++) /* { dg-message {ECM \{4 \|\| 5.5 \| 1 \| 2.1 \| 6.1\} cy/CL -> \{5.5 \] 5.9 \] 6.5 \] 15.5\} cy/CL on zen5-host-bench} } */
    for (int i = 1; i < n - 1; i++)
      s += a[j][i-1] + a[j][i+1] + a[j-1][i] + a[j+1][i];
  return s;
}
