/* Reassociated FP sum (-ffast-math) on the measured Zen 5 guest (zen5-host-bench, port table
   zen5): with 512-bit vectors GCC 12 keeps ONE vector accumulator, one vaddpd zmm with a
   memory operand per 64 B line.  By hand: the loop-carried chain is that vaddpd, latency 2 cy
   (Zen 5 adds at full 512-bit width; measured 2.0 by bench/incore/uarch.py on AMD EPYC family
   26 model 2) -> T_OL = 2 cy/CL, latency bound (the ports alone: 0.5); one zmm load on two load
   pipes: T_nOL = 0.5.  bench/accuracy measured 1.96-2.00 cy/CL for this loop with data in L2
   (shorter L1 loops overlap consecutive calls and run at 1.5-1.8). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=x86-64-v4 -mprefer-vector-width=512 -ffast-math -fplugin-arg-roofline-machine=zen5-host-bench" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{2 \|\| 0.5 \|} } */
    s += a[i];
  return s;
}
