/* Stores and loads of one array through one address register that are NOT a recurrence kept in
   memory (the negative cases of recurrence-memory-zen5.c): the load never reads what a store of
   the pass before wrote, so no store-to-load forwarding enters the loop-carried latency.
   GCC 12 -O2 -march=znver3 keeps the loads in memory (the pointers may alias):
   - stride2: vmovsd 8(%rsi,%rax,2) loads p[2i-1], vmovsd 16(%rsi,%rax,2) stores p[2i], %rax
     steps by 8: the address moves 16 B per pass and the two are 8 B apart (never the same);
   - forward: vmovsd 8(%rsi,%rax,8) loads p[i+1], (%rsi,%rax,8) stores p[i]: the load reads
     ahead of the store (an anti-dependence);
   - other_array: b[i-1] loaded through %rdx, a[i] stored through %rsi.
   Each pass: one vdivsd, 4 cy on the zen5 table's divider (measured on AMD EPYC family 26
   model 2), 8 iterations per 64 B line: T_OL = 32 cy/CL.  Were the load taken for a read of the
   previous pass's store, the chain would be forwarding 9 + vaddsd 2 + vdivsd 13 = 24 cy per
   iteration = 192 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O2 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench" } */

void stride2(int n, double *p, double *q, double c)
{
  for (int i = 1; i < n; i++) /* { dg-message {ECM \{32 \|\| } } */
    p[2 * i] = c / (p[2 * i - 1] + q[i]); /* { dg-bogus {chain through memory} "" { target *-*-* } 19 } */
}

void forward(int n, double *p, double *q, double c)
{
  for (int i = 0; i < n - 1; i++) /* { dg-message {ECM \{32 \|\| } } */
    p[i] = c / (p[i + 1] + q[i]); /* { dg-bogus {chain through memory} "" { target *-*-* } 25 } */
}

void other_array(int n, double *a, double *b, double c)
{
  for (int i = 1; i < n; i++) /* { dg-message {ECM \{32 \|\| } } */
    a[i] = c / (b[i - 1] + c); /* { dg-bogus {chain through memory} "" { target *-*-* } 31 } */
}
