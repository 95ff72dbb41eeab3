/* One source loop, one note, though GCC made two copies of it.  tree-if-conv versions the
   loop for the vectoriser under an IFN_LOOP_VECTORIZED guard (if-converted copy, original
   copy); the vectoriser gives up on the strict-order max reduction, folds the guard and
   deletes the if-converted copy.  Only the scalar loop GCC keeps (a vmaxsd chain: 8 x 3 cy
   per 8 iterations = 24 cy/CL) is predicted; the deleted copy gets no ECM note (it had one
   before, costed from the source: {8 || ...}), only the verbose sentence saying it went.
   A second ECM note at the line is not consumed by the dg-message and fails the test as
   excess output. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */
double fabs(double);

double maxdiff(long n, const double *restrict a, const double *restrict b)
{
  double m = 0.0;
  for (long i = 0; i < n; i++) /* { dg-message {ECM \{24 \|\| [0-9.]+ \| 4 \| 4 \| 8.6\} cy/CL -> \{24 \] 24 \] 24 \] 24.6\} cy/CL on snb-e5-2680} } */
    {                          /* { dg-message {loop copy removed by GCC \(if-conversion version not used\)} "" { target *-*-* } 16 } */
      double d = fabs(a[i] - b[i]);
      m = d > m ? d : m;
    }
  return m;
}
