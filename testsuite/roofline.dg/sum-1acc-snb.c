/* Vectorised sum with one accumulator (-O3 -march=sandybridge -ffast-math): one vaddpd ymm
   per pass of 4 iterations; the loop-carried chain of 3 cy per pass = 6 cy/CL binds, not the
   port bound (2).  Not in the seed; shows the latency bound under reassociation. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -ffast-math -fplugin-arg-roofline-machine=snb-e5-2680" } */

double sum(int n, const double *a)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-message {ECM \{6 \|\| 2 \| 2 \| 2 \| 4.3\}} } */
    s += a[i];
  return s;
}
