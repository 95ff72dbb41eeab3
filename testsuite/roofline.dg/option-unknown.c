/* An unknown option key is an error that lists the valid keys; the compilation fails. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machin=snb-e5-2680" } */
/* { dg-error {roofline: unknown option '-fplugin-arg-roofline-machin'; valid keys: machine, define, cores, clock, remarks, yaml-remarks, sarif, verbose, quiet, timing, only, help} "" { target *-*-* } 0 } */
void f(void) {}
