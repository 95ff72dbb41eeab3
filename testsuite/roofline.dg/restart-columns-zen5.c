/* A column walk read from memory: every line is fetched on demand (docs/model.md section 4c).
   mvt's second nest, y[i] += a[j][i] * x[j], rows of 2000 doubles (16000 B): every access of a
   is on a new 4 KiB page, where the hardware prefetchers do not follow, so each line of a that
   comes from memory is a run of one line starting at a jump.  By hand on the measured Zen 5
   guest file (zen5-host-bench: memory.restart 17 cy per line, measured with
   bench/polybench/study/chainmem.c on rows that restart): per unit of work (8 iterations) the
   port model gives T_OL 16 (the add chain, 4 cy per pass of 2 iterations) and T_nOL 6 (8 with
   GCC 11's code, which loads differently: the figures below do not change, T_OL binds); L2
   keeps the column (9 n x 8 B <= 1 MiB) for the next 7 values of i, so one line of a per unit
   comes from memory: 1 x 17 = 17 cy beyond max(T_OL, T_nOL) = 16, plus the 4 cy of L1-TLB
   misses (8 new-page accesses x 0.5 cy): 37 cy/CL in memory (the overlapping rule alone: 20).
   Measured: the same loop from memory (chainmem col 2000 2000 2 1, AMD EPYC, AuthenticAMD
   family 26 model 2, 2026-11-25 03:05 UTC, best of 5, load average 1.9) 28.2 cy per line
   (SLP-vectorised, 2 iterations per pass) and 34.8 (scalar); in PolyBench's mvt (LARGE, the
   same rows) 32.8 in both builds (bench/polybench/study/nestprefix.py).  In the caches nothing
   changes: 20 cy/CL. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-define=n=2000" } */

void colsum(int n, double (*restrict a)[n], double *restrict x, double *restrict y)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{16 \|\| [68] \| 9.3 \| 2.1 \| 6\} cy/CL \+ 4 cy/CL page walks, in memory in-core \+ 17 cy/CL restarting streams -> \{20 \] 20 \] 20 \] 37\} cy/CL on zen5-host-bench} } */
    for (int j = 0; j < n; j++)
      y[i] = y[i] + a[j][i] * x[j];
}
