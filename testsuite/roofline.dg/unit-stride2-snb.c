/* The unit-of-work label of strided loops (verbose note).  The unit of work is always
   line / element = 64 B / 8 B = 8 iterations of the innermost loop (Kerncraft's and seed
   004's "cy/CL": cycles per cache line's worth of iterations), whatever the stride; every
   figure of the nest is per those 8 iterations.  At stride 2 they do not span one line:

   for (i = 0; i < n; i += 2) a[i] = s * b[i];     (and a[2*i] = s * b[2*i]; i++)
     8 iterations read b[i], b[i+2], ..., b[i+14]: 16 elements = 128 B = 2 lines of b, and
     write 2 lines of a.  The label used to say "8 iterations (one 64 B line of 8 B
     elements)"; it now says what they touch: "2 lines each of b, a".
     Transfers per unit on Sandy Bridge EP (2 cy per line L1-L2 and L2-L3, 64 B * 2.7 GHz /
     40 GB/s = 4.32 cy per line from memory): b 2 loads, a 2 write-allocates + 2 evictions
     = 6 lines -> T_L1L2 = T_L2L3 = 6 * 2 = 12, T_L3Mem = 6 * 4.32 = 25.92 -> 25.9, twice
     the unit-stride loop's {6 | 6 | 13} below (3 lines): the same 8 iterations move twice
     the lines.  (T_OL and T_nOL come from GCC's code; not checked here.)
   a[i] = s * b[2*i]: only b is strided: 2 lines of b, 1 line of a (2 + 1 + 1 = 4 lines:
     {8 | 8 | 17.3}).
   a[i] = s * b[i]: the label stays "one 64 B line of 8 B elements".  */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

void step2(long n, double s, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i += 2) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 12 \| 12 \| 25.9\} cy/CL} } */
    a[i] = s * b[i];
}
/* { dg-message {roofline: unit of work = 8 iterations \(8 B elements: one 64 B line at unit stride; inner stride 2 elements here: 2 lines each of b, a\); code: } "" { target *-*-* } 23 } */
/* { dg-message {roofline: 2 streams \(before layer conditions\): b R 2 CL, a W 2 CL; per boundary 2 loads \+ 2 write-allocate \+ 2 evict CL} "" { target *-*-* } 23 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 23 } */
/* { dg-message {roofline: layer conditions [^\n]*traffic per unit: L1-L2 2\+2\+2 CL, L2-L3 2\+2\+2 CL, L3-MEM 2\+2\+2 CL} "" { target *-*-* } 23 } */

void index2(long n, double s, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 12 \| 12 \| 25.9\} cy/CL} } */
    a[2 * i] = s * b[2 * i];
}
/* { dg-message {roofline: unit of work = 8 iterations \(8 B elements: one 64 B line at unit stride; inner stride 2 elements here: 2 lines each of b, a\); code: } "" { target *-*-* } 33 } */
/* { dg-message {roofline: 2 streams \(before layer conditions\): b R 2 CL, a W 2 CL} "" { target *-*-* } 33 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 33 } */
/* { dg-message {roofline: layer conditions} "" { target *-*-* } 33 } */

void gather2(long n, double s, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 8 \| 8 \| 17.3\} cy/CL} } */
    a[i] = s * b[2 * i];
}
/* { dg-message {roofline: unit of work = 8 iterations \(8 B elements: one 64 B line at unit stride; inner stride 2 elements here: 2 lines of b\); code: } "" { target *-*-* } 43 } */
/* { dg-message {roofline: 2 streams \(before layer conditions\): b R 2 CL, a W 1 CL} "" { target *-*-* } 43 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 43 } */
/* { dg-message {roofline: layer conditions} "" { target *-*-* } 43 } */

void unit(long n, double s, double *restrict a, const double *restrict b)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 6 \| 6 \| 13\} cy/CL} } */
    a[i] = s * b[i];
}
/* { dg-message {roofline: unit of work = 8 iterations \(one 64 B line of 8 B elements\); code: } "" { target *-*-* } 53 } */
/* { dg-message {roofline: 2 streams \(before layer conditions\): b R 1 CL, a W 1 CL} "" { target *-*-* } 53 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 53 } */
/* { dg-message {roofline: layer conditions} "" { target *-*-* } 53 } */
