/* A column walk whose cost exceeds what its lines predict: page walks (docs/model.md, "Page
   walks").  b[i] += a[i][j] over 8 columns of rows of 4160 B: every access of a is on a new
   4 KiB page; the 8 columns share each line of a.  Predicted on the measured Zen 5 guest file
   (tlb: L1 96 entries, +0.5 cy per access beyond it; L2 4096 entries, +6.8 cy per page walk,
   both measured with bench/tlb/column-walk.c) and checked against the same kernel measured
   with bench/tlb/predict.py (bench/tlb/colwalk-kernel.c: gcc-12 -O2 -fno-tree-vectorize, best
   of 300, core cycles from an add chain) on an AMD EPYC Zen 5 guest (AuthenticAMD family 26
   model 2), 2026-11-24 18:15-18:27 UTC, load average 2.5-5.6, four runs:
     rows    pages of a  measured cy/CL   predicted
       64       66  8.6              8      (no TLB term: 66 pages < 96)
      256      261  12.1 - 12.3      12     (8 + 8 page touches x 0.5 cy beyond the L1 TLB)
     8192     8337  63.9 - 71.8      67.8   (9.4 + 8 x (0.5 + 6.8) beyond the 4096-entry L2 TLB)
   The regular expressions accept the predictions within 20 % of the median measurement
   (8.6: 6.9..10.3; 12.2: 9.8..14.6; 66.3: 53..79.6), with the data level of the note.  Without
   the page-walk term the last two would be 8 and 9.4 (-34 % and -86 %).  The memory figure of
   the notes (not the data level of any of the three) has the restart term of a stride of a
   page or more (docs/model.md section 4c): the 2 lines per unit the layer conditions read from
   memory x 17 cy = 34 cy beyond the in-core time. */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-verbose" } */

double a64[64][520], b64[64];
double a256[256][520], b256[256];
double a8k[8192][520], b8k[8192];

void colsum64(void)
{
  for (int j = 0; j < 8; j++) /* { dg-message {ECM \{8 \|\| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+\} cy/CL, in memory in-core \+ 34 cy/CL restarting streams -> \{([7-9]|10)(\.[0-9])? \]} } */
    for (int i = 0; i < 64; i++)
      b64[i] += a64[i][j];
}

void colsum256(void)
{
  for (int j = 0; j < 8; j++) /* { dg-message {cy/CL \+ 4 cy/CL page walks, in memory in-core \+ 34 cy/CL restarting streams -> \{(9\.[89]|1[0-4](\.[0-9])?) \]} } */
    for (int i = 0; i < 256; i++) /* { dg-message {page walks: 258 pages per sweep > 96-entry L1 TLB \(4 KiB pages, measured\): 8 new-page accesses per unit x 0\.5 cy = \+4 cy/CL} "" { target *-*-* } 35 } */
      b256[i] += a256[i][j];
}

void colsum8k(void)
{
  for (int j = 0; j < 8; j++) /* { dg-message {cy/CL \+ 58\.4 cy/CL page walks, in memory in-core \+ 34 cy/CL restarting streams -> \{[0-9.]+ \] (5[3-9]|6[0-9]|7[0-9])(\.[0-9])? \]} } */
    for (int i = 0; i < 8192; i++) /* { dg-message {data in L2 .* bottleneck: page walks \(58\.4 of (5[3-9]|6[0-9]|7[0-9])(\.[0-9])? cy/CL\)} "" { target *-*-* } 42 } */
      b8k[i] += a8k[i][j];
}
