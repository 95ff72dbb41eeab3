/* only= takes FUNC (an identifier) or FILE:LINE (a positive line number), comma-separated. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-roofline-only=f.c:0 -fplugin-arg-roofline-machine=snb-e5-2680" } */
/* { dg-error {roofline: expected FUNC \(an identifier\) or FILE:LINE \(a positive line number\), comma-separated for '-fplugin-arg-roofline-only'; valid keys} "" { target *-*-* } 0 } */
void f(void) {}
