/* define= needs NAME=VALUE. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-define=n -fplugin-arg-roofline-machine=snb-e5-2680" } */
/* { dg-error {expected NAME=VALUE with a non-negative integer VALUE for '-fplugin-arg-roofline-define'} "" { target *-*-* } 0 } */
void f(void) {}
