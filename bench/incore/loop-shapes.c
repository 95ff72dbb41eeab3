/* loop-shapes.c - one-line-per-iteration vector loops as GCC emits them, data in L1: cycles
 * per iteration of the same memory operations in loops of different shapes (instruction mix,
 * front-end slots), each measured at 48 layouts: 4 code alignments of the loop (0, 16, 32, 48 B
 * after a 64 B boundary) x 4 distances of the arrays modulo 4 KiB (0, 5, 17, 32 lines; arrays
 * 2 MiB apart in one huge-page mapping, as bench/accuracy/harness.c places them) x 3 lengths of
 * a sweep (64, 128, 192 lines per array; the loop exits and restarts after every sweep, as a
 * called kernel does).  Prints min / quartiles / median / max over the 48 layouts.
 *
 *   add:    vmovupd (b), z1; vaddpd (c), z1, z0; vmovupd z0, (a)   (GCC's a[i] = b[i] + c[i])
 *   daxpy:  vmovupd (b), z1; vfmadd213pd (a), z2, z1; vmovupd z1, (a)      (check, not fitted)
 *   *_sep:  the same with every load a separate vmovupd and the operation on registers
 *   *_nK:   K nops added to the loop body (more front-end slots, same memory operations)
 *   init, copy, upd (a[i] = s * a[i], a load-op), ld2 (add without its store), schoen
 *   (3 loads, one of them in the FMA, + 1 store)
 * Every loop ends as GCC's: addq $64, %rax; cmpq %n, %rax; jne (compare + branch fused).
 * Needs AVX-512F.  Build and run (bench/incore/loop-shapes.sh does both, under the lock):
 *   gcc-12 -O2 -o loop-shapes loop-shapes.c
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 ./loop-shapes [SUBSTRING]
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "clock.h"

#define Z __attribute__((target("avx512f,avx512vl"), noinline))
/* SW sweeps of NB bytes; the loop starts PAD bytes after a 64 B boundary (jumped over) */
#define LOOP(name, pad, body)                                                                     \
	Z static void name##_##pad(long nb, char *a, char *b, char *c, long sw)                    \
	{                                                                                          \
		__asm__ volatile("vbroadcastsd (%[b]), %%zmm2\n\t1: xorl %%eax, %%eax\n\t"         \
				 "jmp 2f\n\t.p2align 6\n\t.fill " #pad ", 1, 0x90\n\t2:\n\t" body     \
				 "addq $64, %%rax\n\tcmpq %[n], %%rax\n\tjne 2b\n\t"              \
				 "decq %[sw]\n\tjnz 1b\n\tvzeroupper"                              \
				 : [sw] "+r"(sw)                                                   \
				 : [a] "r"(a), [b] "r"(b), [c] "r"(c), [n] "r"(nb)                 \
				 : "rax", "memory", "xmm0", "xmm1", "xmm2", "xmm3");               \
	}
#define PADS(name, body) LOOP(name, 0, body) LOOP(name, 16, body) LOOP(name, 32, body) \
	LOOP(name, 48, body)
#define ROW(name) { #name, { name##_0, name##_16, name##_32, name##_48 } }
#define NOP "nop\n\t"

#define ADD "vmovupd (%[b],%%rax), %%zmm1\n\tvaddpd (%[c],%%rax), %%zmm1, %%zmm0\n\t" \
	"vmovupd %%zmm0, (%[a],%%rax)\n\t"
#define ADD_SEP "vmovupd (%[b],%%rax), %%zmm1\n\tvmovupd (%[c],%%rax), %%zmm3\n\t" \
	"vaddpd %%zmm3, %%zmm1, %%zmm0\n\tvmovupd %%zmm0, (%[a],%%rax)\n\t"
#define DAXPY "vmovupd (%[b],%%rax), %%zmm1\n\tvfmadd213pd (%[a],%%rax), %%zmm2, %%zmm1\n\t" \
	"vmovupd %%zmm1, (%[a],%%rax)\n\t"
#define DAXPY_SEP "vmovupd (%[b],%%rax), %%zmm1\n\tvmovupd (%[a],%%rax), %%zmm3\n\t" \
	"vfmadd213pd %%zmm3, %%zmm2, %%zmm1\n\tvmovupd %%zmm1, (%[a],%%rax)\n\t"
#define INIT "vmovupd %%zmm2, (%[a],%%rax)\n\t"
#define COPY "vmovupd (%[b],%%rax), %%zmm1\n\tvmovupd %%zmm1, (%[a],%%rax)\n\t"
#define UPD "vmulpd (%[a],%%rax), %%zmm2, %%zmm1\n\tvmovupd %%zmm1, (%[a],%%rax)\n\t"
#define LD2 "vmovupd (%[b],%%rax), %%zmm1\n\tvaddpd (%[c],%%rax), %%zmm1, %%zmm0\n\t"
#define SCHOEN "vmovupd (%[b],%%rax), %%zmm0\n\tvmovupd 8192(%[c],%%rax), %%zmm1\n\t" \
	"vfmadd132pd (%[c],%%rax), %%zmm1, %%zmm0\n\tvmovupd %%zmm0, (%[a],%%rax)\n\t"

PADS(init, INIT)
PADS(copy, COPY)
PADS(upd, UPD)
PADS(ld2, LD2)
PADS(add, ADD)
PADS(add_n1, ADD NOP)
PADS(add_n2, ADD NOP NOP)
PADS(add_sep, ADD_SEP)
PADS(daxpy, DAXPY)
PADS(daxpy_n1, DAXPY NOP)
PADS(daxpy_sep, DAXPY_SEP)
PADS(schoen, SCHOEN)

typedef void loop_fn(long, char *, char *, char *, long);
static const struct { const char *name; loop_fn *fn[4]; } shapes[] = {
	ROW(init), ROW(copy), ROW(upd), ROW(ld2), ROW(add), ROW(add_n1), ROW(add_n2),
	ROW(add_sep), ROW(daxpy), ROW(daxpy_n1), ROW(daxpy_sep), ROW(schoen),
};

static int cmp_d(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

#define NLAY 48
static const long LINES[3] = { 64, 128, 192 }, LAYS[4] = { 0, 5, 17, 32 };

/* cycles per iteration of shape S at layout K (0..47), best of 9 runs */
static double time_layout(int s, int k, char *base, double ghz)
{
	long lines = LINES[k / 16], lay = LAYS[k / 4 % 4];
	char *a = base, *b = base + (2 << 20) + lay * 64, *c = base + (4 << 20) + 2 * lay * 64;
	long nb = lines * 64, sw = 40000000 / nb;
	double best = 1e30;
	shapes[s].fn[k % 4](nb, a, b, c, sw / 4);
	for (int r = 0; r < 9; r++) {
		double t0 = now_ns();
		shapes[s].fn[k % 4](nb, a, b, c, sw);
		double d = now_ns() - t0;
		if (d < best)
			best = d;
	}
	return best * ghz / ((double)sw * lines);
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	size_t len = 16 << 20;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	char *base = (char *)(((uintptr_t)p + (2 << 20) - 1) & ~((2UL << 20) - 1));
	madvise(base, 12 << 20, MADV_HUGEPAGE);
	for (long i = 0; i < (12 << 20) / 8; i++)
		((double *)base)[i] = 1.0001;
	double ghz = clock_ghz_chains(40, 50);
	printf("# core clock (add chain) %.3f GHz; cycles per iteration over %d layouts\n", ghz, NLAY);
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		if (only && !strstr(shapes[s].name, only))
			continue;
		double v[NLAY];
		for (int k = 0; k < NLAY; k++)
			v[k] = time_layout((int)s, k, base, ghz);
		qsort(v, NLAY, sizeof *v, cmp_d);
		printf("%-10s min %.3f q1 %.3f median %.3f q3 %.3f max %.3f\n", shapes[s].name, v[0],
		       v[NLAY / 4], (v[NLAY / 2 - 1] + v[NLAY / 2]) / 2, v[3 * NLAY / 4], v[NLAY - 1]);
		fflush(stdout);
	}
	return 0;
}
