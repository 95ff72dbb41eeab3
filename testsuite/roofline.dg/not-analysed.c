/* Loops the model cannot describe get a "not analysed" note with the reason (verbose only),
   never an error or a crash. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
extern double f(double);

void with_call(int n, double *a)
{
  for (int i = 0; i < n; i++) /* { dg-message {not analysed: call to f in loop body} } */
    a[i] = f(a[i]);
}

void gather(int n, double *restrict y, const double *restrict x, const int *idx)
{
  for (int i = 0; i < n; i++) /* { dg-message {not analysed: indirect access} } */
    y[i] = x[idx[i]];
}

int find(const int *a, int key)
{
  int i = 0;
  while (a[i] != key) /* { dg-message {not analysed: unknown trip count} } */
    i++;
  return i;
}
