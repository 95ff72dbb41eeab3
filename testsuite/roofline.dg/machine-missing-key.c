/* A machine file without a required key: the error points at the mapping that lacks it
   (testsuite/machines/missing-key.yml: 'memory:' mapping starts at line 10, column 3). */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machine=@SRCDIR@/machines/missing-key.yml" } */
/* { dg-error {missing-key.yml:10:3: error: roofline: expected required key 'bandwidth' in 'memory'} "" { target *-*-* } 0 } */
void f(void) {}
