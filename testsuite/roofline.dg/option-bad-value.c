/* A bad value is an error naming the key, what was expected, and the valid keys. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-cores=zero -fplugin-arg-roofline-machine=snb-e5-2680" } */
/* { dg-error {roofline: expected a core count 1..4096 for '-fplugin-arg-roofline-cores'; valid keys} "" { target *-*-* } 0 } */
void f(void) {}
