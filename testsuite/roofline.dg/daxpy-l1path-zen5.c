/* DAXPY with 512-bit vectors on the measured Zen 5 guest (zen5-host-bench, port table zen5).
   GCC 12 makes one zmm line per iteration: vmovupd load, vfmadd213pd with a memory operand,
   vmovupd store, add / cmp / jne.  By hand: two zmm loads on the two load pipes (l0|l1, 1 cy
   each) plus the store's share of a load pipe (zen5.yml store row width 512, load_slots 0.2)
   = 2.2 cy on two pipes -> T_nOL = 1.1 cy/CL; the ports give T_OL = the store (2*s0|s1: 1 cy)
   or the loop counter's 1-cy chain = 1 cy/CL, but the body (5 slots: load, FMA with a load,
   store, add, cmp + jne fused; 2 loads, 1 store of 512 bits) is the table's loop shape, whose
   measured 1.32 cy per pass is T_OL (shown 1.3); in L1 (overlapping rule) max = 1.3.  Without
   the share (the table before) T_nOL was 1.0.  Measured on AMD EPYC family 26 model 2: these
   loads and store streaming through L1 unrolled by 4 take 1.148 cy per line
   (bench/incore/uarch.py --set streams, st_z_daxpy_24k_dep_u4 / st_z_2l1s_24k_dep_u4); in
   GCC's one-line loop 1.29-1.37 (median over 48 code and data layouts, three runs:
   bench/incore/loop-shapes-zen5-2026-11-25.txt, shape 'daxpy'). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=x86-64-v4 -mprefer-vector-width=512 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-define=n=2048" } */

void daxpy(long n, double s, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i++) /* { dg-message {ECM \{1.3 \|\| 1.1 \| [0-9.]+ \| [0-9.]+ \| [0-9.]+\} cy/CL -> \{1.3 \]} } */
    a[i] = a[i] + s * b[i];
}
