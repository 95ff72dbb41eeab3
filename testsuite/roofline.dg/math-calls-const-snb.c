/* With -fno-math-errno exp is a const function: nothing in GIMPLE stops the analysis, but the
   generated loop still calls the library (the vector variant with -ffast-math), and one call
   instruction is not its cost: not analysed, naming the function called. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fno-math-errno -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
double exp(double);

void exps(int n, double *restrict y, const double *restrict x)
{
  for (int i = 0; i < n; i++) /* { dg-message {not analysed: call to exp in the generated code \(its cost is not modelled\)} } */
    y[i] = exp(x[i]);
}
