/* A machine file with a wrong value: one error "FILE:LINE:COL: error: ..." pointing into the
   machine file (testsuite/machines/bad-type.yml: 'cores: eight' at line 4, column 8), and the
   compilation fails. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machine=@SRCDIR@/machines/bad-type.yml" } */
/* { dg-error {bad-type.yml:4:8: error: roofline: expected an integer for 'cores', got 'eight'} "" { target *-*-* } 0 } */
void f(void) {}
