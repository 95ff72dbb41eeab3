/* A machine name that is neither bundled nor a file is an error. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-machine=no-such-machine" } */
/* { dg-error {roofline: machine 'no-such-machine' not found} "" { target *-*-* } 0 } */
void f(void) {}
