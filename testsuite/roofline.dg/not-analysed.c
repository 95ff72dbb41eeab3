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

/* In an imperfect nest each innermost loop keeps its own reason; its siblings are analysed. */
void sibling_call(int n, double *restrict a, double *restrict b)
{
  for (int t = 0; t < 100; t++)
    {
      for (int i = 0; i < n; i++) /* { dg-message {not analysed: call to f in loop body} } */
	a[i] = f(a[i]);
      for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM \{} } */
	b[i] = 2.0 * b[i];
    }
}

/* A call in the body of the loop around several inner loops (a timer around STREAM's
   kernels) is not part of any inner loop's model and blocks none of them. */
extern double now(void);
void timed_siblings(int n, double *restrict a, double *restrict b, double *tm)
{
  for (int k = 0; k < 10; k++)
    {
      tm[k] = now();
      for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM \{} } */
	a[i] = 2.0 * a[i];
      for (int i = 0; i < n; i++) /* { dg-message {roofline: ECM \{} } */
	b[i] = b[i] + a[i];
      tm[k] = now() - tm[k];
    }
}

/* memset and memcpy in a loop are modelled as a loop over their block; a length that is not
   affine in the loop counters and sizes keeps a reason. */
void tri_zero(int n, double *restrict a)
{
  for (int i = 0; i < n; i++)
    __builtin_memset(a + (long) i * n, 0, (long) i * i * sizeof(double)); /* { dg-message {not analysed: non-affine length of memset} } */
}
