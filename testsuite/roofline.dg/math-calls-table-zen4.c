/* Calls to libm functions costed from the call table (machines/ports/zen4.yml names
   machines/calls/zen5.yml, measured on AMD Zen 5 and marked an estimate for Zen 4).
   Scalar code (-fmath-errno keeps GCC from vectorising): one call per iteration, 8 iterations
   per 64 B line of doubles, so T_OL = 8 x the row's cycles per call, above the ports (< 1 cy
   per pass), the front end (1) and the latency (1):
     exp: row exp 11.1 cy/call -> T_OL = 8 x 11.1 = 88.8 cy/CL;
     b[i] * sin(c[i]): row sin 31.9 cy/call -> 8 x 31.9 = 255.2 cy/CL.
   The transfers are zen4.yml's (unchanged by calls).  expm1 has no row: the reason stays.
   (If the table is measured again, the figures here follow its rows.) */
/* { dg-do compile } */
/* { dg-options "-O3 -march=x86-64-v3 -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-verbose" } */
double exp(double);
double sin(double);
double expm1(double);

void exps(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{88.8 \|\| 2.7 \| 3 \| 8 \| 2\} cy/CL} } */
    y[i] = exp(x[i]);
  /* { dg-message {calls 11.1 cy \(1 x exp at 11.1 cy per call of 1 element, calls/zen5.yml:[0-9]+\), measured on AuthenticAMD family 26 model 2: an estimate for this core} "" { target *-*-* } 18 } */
}

void sins(int n, double *restrict a, const double *restrict b, const double *restrict c)
{
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{255.2 \|\| 5.3 \| 4 \| 12 \| 2.6\} cy/CL} } */
    a[i] = b[i] * sin(c[i]);
}

void expm1s(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {not analysed: call to expm1 in the generated code \(its cost is not modelled\)} } */
    y[i] = expm1(x[i]);
}
