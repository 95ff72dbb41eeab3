/* Leaving a loop on the measured Zen 5 guest (zen5-host-bench, port table zen5: loop_exit
   predicted 136, penalty 30, measured by bench/incore/loop-exit.c on AMD EPYC family 26 model 2).
   GCC 12 -O3 -march=znver3 vectorises a[i][j] = s * b[i][j] with ymm (4 doubles per pass).
   long_rows: 1000 executions of the j loop of 2000 iterations = 500 passes > 136: each exit is
   mispredicted, 30 cy per execution (1000 x 30 = 30000 cy added to the time).
   short_rows: 4000 executions of 400 iterations = 100 passes <= 136: the exit is foreseen,
   nothing is added. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-verbose" } */

double a[1000][2000], b[1000][2000], c[4000][400], d[4000][400];

void long_rows(double s)
{
  for (int i = 0; i < 1000; i++) /* { dg-message {including 30 cy for leaving the loop in each of 1000 executions of more than 136 passes} } */
    for (int j = 0; j < 2000; j++)
      a[i][j] = s * b[i][j];
}

void short_rows(double s)
{
  for (int i = 0; i < 4000; i++) /* { dg-message {predicted time: [^\n]*4000 executions[^\n]*GHz = [^,\n]*in total \(100 % of short_rows\); the function} } */
    for (int j = 0; j < 400; j++)
      c[i][j] = s * d[i][j];
}
/* { dg-message {ECM \{} "" { target *-*-* } 15 } */
/* { dg-message {ECM \{} "" { target *-*-* } 22 } */
