/* A recurrence kept in memory (PolyBench adi's sweeps): p, q and u may alias, so GCC stores
   p[i][j] and q[i][j] and loads them back as p[i][j-1] and q[i][j-1] in the next iteration, at an
   address that moves with the loop (GCC 12 and 11 -O3 -march=znver3: vfmadd132sd (%rsi,%rax,8)
   reads what vmovsd %xmm3, 8(%rsi,%rax,8) wrote one pass before, %rax stepping by 1).
   The chain per iteration, zen5 table figures measured on AMD EPYC family 26 model 2:
   store-to-load forwarding 9 cy + vfmadd 4 + vdivsd 13 = 26 cy (q's chain: forwarding 9 +
   vfnmadd 4 + vdivsd 13 = 26 too), 8 iterations per 64 B line = 208 cy/CL, 72 of it forwarding;
   the divider alone takes 2 x 4 cy per iteration = 64 cy/CL (the bound before the chain was
   seen).  The advice prices the previous values in registers: (4 + 13) x 8 = 136 cy/CL.
   Measured: PolyBench adi MEDIUM (whose time is two such sweeps, 26 cy per iteration, and two
   4-cy backward sweeps) 0.0542 s against 0.0549 s predicted with this chain (0.0221 s without). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench" } */

void sweep(int n, double p[n][n], double q[n][n], double u[n][n], double a, double b, double c)
{
  for (int i = 1; i < n - 1; i++) /* { dg-message {ECM \{208 \|\| [0-9.]+ \|} } */
    for (int j = 1; j < n - 1; j++) /* { dg-message {advice: loop-carried chain through memory binds T_OL \(208 cy/CL, 72 of it store-to-load forwarding\): a value stored in one iteration is loaded back in the next \(a recurrence such as p\[j\] = f\(p\[j-1\]\) kept in memory, because the loop's other accesses may alias it\); carry the previous value in a local variable \(or declare the pointers restrict\) -> T_OL 136,} "" { target *-*-* } 17 } */
      {
	p[i][j] = -c / (a * p[i][j - 1] + b);
	q[i][j] = (u[i][j] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
}
