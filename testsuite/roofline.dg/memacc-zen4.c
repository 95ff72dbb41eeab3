/* An accumulator kept in memory (PolyBench bicg's q[i]): q, s, A, p and r are pointers that may
   alias, so GCC keeps q[i] in memory and every iteration loads it, adds A[i][j] * p[j] (one
   vfmadd) and stores it back.  The chain runs through store-to-load forwarding: zen4 table
   store_forward fp 8 cy (an estimate: Downs' uarch-bench figure for Zen 2) + FMA latency 4 =
   12 cy per iteration = 96 cy/CL (8 iterations of 8 B), 64 of it forwarding.  The advice prices
   the same code with q in a register: the FMA chain alone, 4 cy per iteration = 32 cy/CL.
   With a local accumulator GCC vectorises (AVX2, 4 lanes) with an in-order reduction: 4
   vaddsd of latency 3 per pass of 4 iterations = 24 cy/CL, and no chain through memory.
   Measured on an AMD EPYC Zen 5 guest (bench/incore/memacc.py, PolyBench bicg MEDIUM): 11.9
   cy per iteration with q in memory, 3.7 with q local and the loop not vectorised. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen4" } */

void bicg_q(int n, int m, double A[n][m], double *s, double *q, const double *p, const double *r)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{96 \|\| [0-9.]+ \|} } */
    {                         /* { dg-message {advice: loop-carried chain through memory binds T_OL \(96 cy/CL, 64 of it store-to-load forwarding\): the accumulator q is kept in memory, stored and loaded back every iteration, because the loop's other accesses may alias it; accumulate in a local variable \(or declare the pointers restrict\) -> T_OL 32,} "" { target *-*-* } 16 } */
      q[i] = 0.0;
      for (int j = 0; j < m; j++)
	{
	  s[j] = s[j] + r[i] * A[i][j];
	  q[i] = q[i] + A[i][j] * p[j];
	}
    }
}

void bicg_local(int n, int m, double A[n][m], double *s, double *q, const double *p, const double *r)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{24 \|\| [0-9.]+ \|} } */
    {
      double qi = 0.0;
      for (int j = 0; j < m; j++)
	{
	  s[j] = s[j] + r[i] * A[i][j];
	  qi = qi + A[i][j] * p[j];
	}
      q[i] = qi;
    }
}
