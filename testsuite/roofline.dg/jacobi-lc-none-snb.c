/* Layer conditions (issue 3): the 2D 5-point Jacobi of seed 004 with N = 1000000, i.e. the
   regime "no LC" (N>436906; 3*N*8 B <= C_k/2 with C = 32 KiB, 256 KiB, 20 MiB).
   Seed 004 Table 3 gives the transfer terms of this row; memory 4.32 cy per line (the
   seed rounds to 4.3: 5 lines = 22).  The in-core terms are the port model's (not
   checked here).  N is a constant here; jacobi-lc-define-snb.c gives the size with define=. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */
#define N 1000000L

void jacobi(double *restrict b, const double *restrict a)
{
  for (long j = 1; j < N - 1; j++) /* { dg-message {ECM \{[0-9.]+ \|\| [0-9.]+ \| 10 \| 10 \| 21.6\} cy/CL} } */
    for (long i = 1; i < N - 1; i++)
      b[j * N + i] = (a[j * N + i - 1] + a[j * N + i + 1] + a[(j - 1) * N + i] + a[(j + 1) * N + i]) * 0.25;
}
