/* Acceptance 3: the VLA version of the 2D Jacobi (n given with define=) gets the same
   ECM terms as the static-array version (jacobi2d-static-snb.c). */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-define=n=2000" } */

void jacobi(int n, double (*restrict b)[n], double (*restrict a)[n])
{
  for (int j = 1; j < n - 1; j++) /* { dg-message {ECM \{6 \|\| 8 \| 10 \| 10 \| 21.6\} cy/CL -> \{8 \] 18 \] 28 \] 49.6\} cy/CL on snb-e5-2680} } */
    for (int i = 1; i < n - 1; i++)
      b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}
