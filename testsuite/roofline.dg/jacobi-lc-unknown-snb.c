/* Layer conditions (issue 3) with the size unknown: the verbose note lists the condition of
   each level with its threshold (seed 004: N < 683, 5461, 436900 - the exact solutions of
   3*n*8 B <= C_k/2 are 682, 5461, 436906).  The data is assumed in memory, and the traffic
   assumes the sizes up to the largest threshold, where three rows still fit in half the L3:
   5461 < n <= 436906, Stengel et al.'s Table 3 row {.. | 10 | 10 | 13} (a larger n would make
   one grid of this kernel more than a terabyte); the notes say so. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void jacobi(int n, double (*restrict b)[n], double (*restrict a)[n])
{
  for (int j = 1; j < n - 1; j++) /* { dg-message {ECM \{[0-9.]+ \|\| [0-9.]+ \| 10 \| 10 \| 13\} cy/CL} } */
    /* { dg-message {layer conditions \(0.5 of each cache, 1 thread\): L1: 3\*n\*8 B <= 16 KiB \(n <= 682\) size unknown; L2: 3\*n\*8 B <= 128 KiB \(n <= 5461\) size unknown; L3: 3\*n\*8 B <= 10 MiB \(n <= 436906\) size unknown; sizes unknown: ECM for 5461 < n <= 436906 \(LC in L3\); traffic per unit: L1-L2 3\+1\+1 CL, L2-L3 3\+1\+1 CL, L3-MEM 1\+1\+1 CL} "" { target *-*-* } 12 } */
    /* { dg-message {data in MEM assumed \(sizes unknown: ECM for 5461 < n <= 436906 \(LC in L3\); 4 size regimes in verbose\)} "" { target *-*-* } 12 } */
    for (int i = 1; i < n - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}
/* the other verbose notes (unit of work, in-core, streams) are matched but not checked here */
/* { dg-message {roofline: unit of work} "" { target *-*-* } 12 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 12 } */
/* { dg-message {roofline: 4 streams \(before layer conditions\)} "" { target *-*-* } 12 } */
