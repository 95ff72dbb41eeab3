/* Leaving a loop on the measured Zen 5 guest (zen5-host-bench, port table zen5: loop_exit
   predicted 136, penalty 57, full_at 1.0, hidden_from 1.87; measured by bench/incore/loop-exit.c
   on AMD EPYC family 26 model 2).  GCC 12 -O3 -march=znver3 vectorises x = s * y with ymm:
   4 doubles per pass, a unit of work (8 doubles, one cache line) = 2 passes, so the pace in cy
   per pass = the ECM figure in cy/CL / 2.
   long_l1: one execution of 1600 iterations = 400 passes > 136, data in L1 (25 KiB), ECM 2
     cy/CL = 1.0 cy per pass <= full_at: the full 57 cy (200 units x 2 cy + 57 = 457 cy).
   rows_l2: 20 executions of 400 passes, data in L2 (500 KiB), ECM 2.07304 cy/CL (the zen rule's
     L2 figure, JSON performance.cycles_per_unit) = 1.0365 cy per pass: 57 x (1.87 - 1.0365) /
     (1.87 - 1.0) = 54.6 cy per execution.
   short_l1: 6 executions of 400 iterations = 100 passes <= 136: the exit is foreseen, nothing.
   long_l3: 1000 executions of 500 passes, data in L3 (30.5 MiB, 7.5 cy/CL blended with the
     file's measured memory share 0.34 at that working set) = 3.75 cy per pass >= hidden_from: the work queued behind the exit branch hides it, nothing. */
/* { dg-do compile } */
/* { dg-options "-O3 -march=znver3 -fplugin-arg-roofline-machine=zen5-host-bench -fplugin-arg-roofline-verbose" } */

double a[1600], b[1600], u[20][1600], v[20][1600], x[6][400], y[6][400];
double p[1000][2000], q[1000][2000];

void long_l1(double s)
{
  for (int i = 0; i < 1600; i++) /* { dg-message {predicted time: 200 units of work [^\n]*x 2 cy/CL [^\n]*including 57 cy for leaving the loop after more than 136 passes} } */
    a[i] = s * b[i];
}

void rows_l2(double s)
{
  for (int i = 0; i < 20; i++) /* { dg-message {including 54.6 cy for leaving the loop in each of 20 executions of more than 136 passes} } */
    for (int j = 0; j < 1600; j++)
      u[i][j] = s * v[i][j];
}

void short_l1(double s)
{
  for (int i = 0; i < 6; i++) /* { dg-message {predicted time: [^\n]*6 executions[^\n]*GHz = [^,\n]*in total \(100 % of short_l1\); the function} } */
    for (int j = 0; j < 400; j++)
      x[i][j] = s * y[i][j];
}

void long_l3(double s)
{
  for (int i = 0; i < 1000; i++) /* { dg-message {predicted time: [^\n]*1000 executions[^\n]*x 7.5 cy/CL[^\n]*GHz = [^,\n]*in total \(100 % of long_l3\); the function} } */
    for (int j = 0; j < 2000; j++)
      p[i][j] = s * q[i][j];
}
/* { dg-message {ECM \{} "" { target *-*-* } 22 } */
/* { dg-message {ECM \{} "" { target *-*-* } 28 } */
/* { dg-message {ECM \{} "" { target *-*-* } 35 } */
/* { dg-message {ECM \{} "" { target *-*-* } 42 } */
