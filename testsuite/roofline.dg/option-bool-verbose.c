/* verbose=yes is verbose: the "not analysed" note of a loop with a call appears. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose=yes" } */
void f(int);
void g(int n)
{
  for (int i = 0; i < n; i++) /* { dg-message {roofline: not analysed: call to f in loop body} } */
    f(i);
}
