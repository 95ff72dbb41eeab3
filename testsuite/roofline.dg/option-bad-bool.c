/* A bad value of a boolean key is an error naming the accepted values. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-quiet=maybe -fplugin-arg-roofline-machine=snb-e5-2680" } */
/* { dg-error {roofline: expected no value or one of 1, yes, true, 0, no, false for '-fplugin-arg-roofline-quiet'} "" { target *-*-* } 0 } */
void f(void) {}
