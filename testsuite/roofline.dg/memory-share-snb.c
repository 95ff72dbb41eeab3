/* A machine's measured memory_share (docs/model.md section 6b, docs/machine-files.md): the share
   of the working set that the L3 does not keep from one sweep to the next comes from the file's
   points instead of the linear rule.  testsuite/machines/snb-memory-share.yml is Sandy Bridge EP
   (snb-e5-2680) with synthetic round points on its 20 MiB L3: sizes 2.5, 10, 20, 40 MiB,
   shares 0, 0.1, 0.5, 0.9, reuse_shares 0, 0.2, 0.6, 1 (interpolated linearly in log2 of the
   working set).  PolyBench's jacobi-2d at N = 1000, TSTEPS = 50 (as predicted-time-snb.c):
   the working set in lines 1000 x 8000 B of A + 998 x 8000 B of B = 15 984 000 B = 15.24 MiB,
   log2(15.24 / 10) = 0.6082 of the way from 10 to 20 MiB.  Both loops' loads re-read lines
   (the stencil's rows; the copy's 32-byte loads split in two 16-byte halves on this core: its
   load slots exceed one per 16 B of each line, model/ecm.c's reuse share), so reuse_shares:
   0.2 + 0.6082 x 0.4 = 0.443 not kept, the L3 keeps 56 %.  The stencil 28.06 + 0.443 x
   (41.1 - 28.06) = 33.84 cy/CL (the linear rule gave 31.49): 6 225 025 units x 33.84 / 2.7 GHz
   = 78.0 ms, + 49900 executions x 4.3 cy of the i loop's own code (model/rows.c) = 78.1 ms;
   the copy 14.52 + 0.443 x (27.5 - 14.52) = 20.27 cy/CL: 46.7 ms. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=@SRCDIR@/machines/snb-memory-share.yml -fplugin-arg-roofline-verbose" } */
#define N 1000
#define TSTEPS 50
static double A[N][N], B[N][N];

void kernel_jacobi_2d(void)
{
  for (int t = 0; t < TSTEPS; t++)
    {
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  A[i][j] = B[i][j];
    }
}
/* { dg-message {ECM \{8.5 \|\| 12 \| 10 \| 6 \| 13\} cy/CL -> \{12 \] 22 \] 28.1 \] 41.1\} cy/CL} "" { target *-*-* } 25 } */
/* { dg-message {data in L3; L3 keeps 56 % of it from one sweep to the next \(measured per working set, loads re-reading lines\): 33.8 cy/CL between the L3 and MEM figures} "" { target *-*-* } 25 } */
/* { dg-message {predicted time: 6225025 units of work \(49900 executions of the innermost loop\) x 33.8 cy/CL \+ 49900 executions x 4.3 cy \(the code around the loop: [^)]*\) / 2.7 GHz = 78.1 ms in total} "" { target *-*-* } 25 } */
/* { dg-message {data in L3; L3 keeps 56 % of it from one sweep to the next \(measured per working set, loads re-reading lines\): 20.3 cy/CL between the L3 and MEM figures} "" { target *-*-* } 30 } */
/* { dg-message {x 20.3 cy/CL \(no cost per execution: no generated code read\) / 2.7 GHz = 46.7 ms in total} "" { target *-*-* } 30 } */
/* { dg-message {ECM \{4 \|\| 2.5 \| 6 \| 6 \| 13\} cy/CL -> \{4 \] 8.5 \] 14.5 \] 27.5\} cy/CL} "" { target *-*-* } 30 } */
