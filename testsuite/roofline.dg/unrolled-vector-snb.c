/* A vectorised loop of few iterations that GCC unrolls completely after vectorising it has
   no loop in the generated code: it is costed from the source, with the vector factor the
   vectoriser chose (before, as scalar code: 8 times too slow).
   Sandy Bridge EP (snb-e5-2680), -march=sandybridge: AVX, 4 doubles per 256-bit register;
   k runs 16 iterations = 4 passes of vector factor 4, which cunroll unrolls.  One iteration
   has 9 additions/subtractions and 4 multiplications (the flop count of the source):
   per pass of 4 iterations 9 vaddpd ymm on port 1 = 9 cy, 4 vmulpd on port 0 = 4 cy, and
   the 256-bit loads of the source accesses (2 cy each) on ports 2 and 3: 8 and 7 cy; a unit
   (8 iterations) is 2 passes: T_OL = 2 x 9 = 18 cy/CL (scalar: 8 x 9 = 72 cy/CL). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
#define N 18
double A[N][N][N], B[N][N][N];

void kernel_heat(void)
{
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
	B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
		     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
		     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
		     + A[i][j][k];
}
/* { dg-message {ECM \{18 \|\| 14 \| 7.4 \| 7.4 \| 16.1\} cy/CL} "" { target *-*-* } 17 } */
/* { dg-message {code: not found in RTL, costed from the source, 21 instructions per pass, 4 iterations per pass \(vector factor 4 x unroll 1\)} "" { target *-*-* } 17 } */
/* { dg-message {in-core per pass: p0 4 cy, p1 9 cy, p2 8 cy \(nOL\), p3 7 cy \(nOL\), p4 2 cy;} "" { target *-*-* } 17 } */
