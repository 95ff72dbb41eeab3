/* Arrays of structs: a field p[i].x is an access to the struct array seen as an array of
   the field's elements, at stride sizeof(struct) / sizeof(field) and a constant offset.

   Particle update over struct particle { double x, y, z, vx, vy, vz; } p[N] (48 B = 6
   doubles per particle): the six fields are one array p of doubles, accessed at
   6*i + 0 .. 6*i + 5, so they share lines exactly as the hardware sees them.  Unit of work
   = 8 iterations (one 64 B line of 8 B elements at unit stride); at stride 6 they touch
   8 * 48 B = 384 B = 6 lines of p.  p is read and written (x, y, z): 6 loads and 6
   evictions per unit, and no write-allocate - the written lines were read in the same
   iteration.  Sandy Bridge EP: 2 cy per line L1-L2 and L2-L3, 64 B * 2.7 GHz / 40 GB/s =
   4.32 cy per line from memory:
     T_L1L2 = T_L2L3 = (6 + 6) * 2 = 24 cy, T_L3Mem = 12 * 4.32 = 51.84 -> 51.8 cy.
   The plugin prints {T_OL || T_nOL | 24 | 24 | 51.8}: the same.  (T_OL and T_nOL come
   from GCC's code; not checked here.)  A single array of 48 B structs is a stream of
   6 lines per unit, the same as 6 separate double streams in a struct-of-arrays layout:
   all six fields are used, so no line is wasted.

   Through a pointer (struct particle *q) the same.

   A packed struct whose size is not a multiple of the field's size has no such view:
   it stays rejected with the reason.  */
/* { dg-do compile } */
/* { dg-options "-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose" } */

struct particle { double x, y, z, vx, vy, vz; };
struct particle p[100000];

void push(long n, double dt)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 24 \| 24 \| 51.8\} cy/CL} } */
    {
      p[i].x += p[i].vx * dt;
      p[i].y += p[i].vy * dt;
      p[i].z += p[i].vz * dt;
    }
}
/* { dg-message {roofline: unit of work = 8 iterations \(8 B elements: one 64 B line at unit stride; inner stride 6 elements here: 6 lines of p\); code: } "" { target *-*-* } 30 } */
/* { dg-message {roofline: 1 streams \(before layer conditions\): p RW 6 CL; per boundary 6 loads \+ 0 write-allocate \+ 6 evict CL} "" { target *-*-* } 30 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 30 } */
/* { dg-message {roofline: layer conditions [^\n]*traffic per unit: L1-L2 6\+0\+6 CL, L2-L3 6\+0\+6 CL, L3-MEM 6\+0\+6 CL} "" { target *-*-* } 30 } */

void push_ptr(long n, struct particle *restrict q, double dt)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: ECM \{[0-9.]+ \|\| [0-9.]+ \| 24 \| 24 \| 51.8\} cy/CL} } */
    {
      q[i].x += q[i].vx * dt;
      q[i].y += q[i].vy * dt;
      q[i].z += q[i].vz * dt;
    }
}
/* { dg-message {roofline: unit of work = 8 iterations \(8 B elements: one 64 B line at unit stride; inner stride 6 elements here: 6 lines of q\); code: } "" { target *-*-* } 44 } */
/* { dg-message {roofline: 1 streams \(before layer conditions\): q RW 6 CL; per boundary 6 loads \+ 0 write-allocate \+ 6 evict CL} "" { target *-*-* } 44 } */
/* { dg-message {roofline: in-core per pass} "" { target *-*-* } 44 } */
/* { dg-message {roofline: layer conditions} "" { target *-*-* } 44 } */

struct __attribute__((packed)) record { char tag; double v; };

void scale(long n, struct record *restrict r, double s)
{
  for (long i = 0; i < n; i++) /* { dg-message {roofline: not analysed: struct field access in r: struct size 9 B not a multiple of the field's 8 B} } */
    r[i].v *= s;
}
