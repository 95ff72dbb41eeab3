/* The code around an innermost loop, once per execution (model/rows.c), on the measured Zen 5
   guest (zen5-host-bench, port table zen5).  GCC 12 sums each row of 256 doubles in one zmm
   accumulator (32 passes of vaddpd mem, add, cmp + jne; no remainder: 256 = 32 x 8), then,
   in the enclosing loop, once per row: movq, vxorpd zmm (the accumulator's zero), the
   horizontal sum vextractf64x4, vaddpd ymm, vextractf64x2, vaddpd xmm, vunpckhpd, vaddpd xmm,
   the store vmovlpd, and addq, addq, leaq, cmpq + jne: 14 instructions.  By hand with
   zen5.yml: the FP pipes take vxorpd and vunpckhpd (any of f0-f3), the two extracts (f1|f2),
   the three adds (f2|f3): 7 uops on 4 pipes = 1.75 cy, more than {f1,f2,f3} (5 uops / 3 =
   1.67) or {f2,f3} (3 / 2 = 1.5); the front end 13 slots / 8 = 1.625 cy; ALUs 5 / 6; the store
   0.5 cy on s0|s1: 1.75 cy per execution (shown 1.8), 64 executions.  The loop alone in its
   function has no enclosing loop: no such term, with the reason.  The steady state (ECM
   note) is the accumulator's chain: one vaddpd per pass, latency 2 cy = 2 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O3 -ffast-math -march=x86-64-v4 -mprefer-vector-width=512 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-verbose" } */

#define N 256
void row_sums(const double (*restrict b)[N], double *restrict out)
{
  for (long r = 0; r < 64; r++) /* { dg-message {ECM \{2 \|\|} } */
  /* { dg-message {predicted time: 2048 units of work \(64 executions of the innermost loop\) x 2 cy/CL \+ 64 executions x 1.8 cy \(the code around the loop: its enclosing loop's own 14 instructions 1.8 cy, no remainder code\) / } "" { target *-*-* } 19 } */
    {
      double s = 0;
      for (long i = 0; i < N; i++)
	s += b[r][i];
      out[r] = s;
    }
}

double one_sum(const double *restrict b)
{
  double s = 0;
  for (long i = 0; i < 4096; i++) /* { dg-message {ECM \{2 \|\|} } */
  /* { dg-message {predicted time: 512 units of work \(1 execution of the innermost loop\) x [0-9.]+ cy/CL \(no cost per execution: the loop is not inside another loop\) / } "" { target *-*-* } 32 } */
    s += b[i];
  return s;
}
