/* STREAM triad a[i] = b[i] + s*c[i] on Sandy Bridge EP, AVX.
   Hand derivation (first model, no layer conditions): per 8 iterations 4 AVX loads (T_nOL 4),
   2 AVX stores at 2 cy (T_OL 4); lines: b, c loads, a write-allocate + evict = 4 x 2 cy = 8,
   memory 4 x 4.32 = 17.3; serial Intel rule -> {4 ] 12 ] 20 ] 37.3}.
   Port model: with -march=sandybridge GCC splits the unaligned 256-bit loads and stores into
   128-bit halves (vinsertf128 mem / vextractf128 mem): 10 fused uops per pass of 4 iterations
   on the 4-wide front end = 2.5 cy per pass -> T_OL 5 (front-end bound), {5 ] 12 ] 20 ] 37.3}. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680" } */

void triad(int n, double s, double *restrict a, const double *restrict b, const double *restrict c)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{5 \|\| 4 \| 8 \| 8 \| 17.3\} cy/CL -> \{5 \] 12 \] 20 \] 37.3\} cy/CL on snb-e5-2680} } */
    a[i] = b[i] + s * c[i];
}
