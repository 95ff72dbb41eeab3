/* store-forward.c - store-to-load forwarding latency of the core it runs on (x86-64).
 *
 * Each test is a dependency chain through one memory location: the value is
 * stored, loaded back (the load is forwarded from the pending store), optionally
 * changed by one operation, and stored again.  Cycles per link come from the
 * time of 1000 unrolled links and the core clock of a chain of 1-cycle integer
 * adds (the TSC is not the core clock), best of many runs.
 *
 *   gpr     movq %rax,(m); movq (m),%rax                    round trip, 64-bit GPR
 *   xmm     vmovsd %xmm0,(m); vmovsd (m),%xmm0             round trip, 64-bit FP
 *   ymm     vmovupd %ymm0,(m); vmovupd (m),%ymm0           round trip, 256-bit
 *   addsd   vaddsd in a register chain                     the FP add latency
 *   fma     vfmadd231sd in a register chain                the FMA latency
 *   mem_add load; vaddsd; store back (a sum kept in memory)
 *   mem_fma load q; vfmadd132sd (a),x,y with q as addend; store q (PolyBench bicg's
 *           q[i] = q[i] + A[i][j] * p[j] as GCC compiles it when q may alias A)
 *   two_4k  two such sums (load, vaddsd, store) at addresses 4096 B apart (same low 12 bits:
 *           gesummv's tmp[i] and y[i] when the arrays are page-aligned)
 *   two_off the same 4160 B apart
 *
 * The port tables' store_forward_latency is "xmm" (the 64-bit FP round trip):
 * mem_add - addsd and mem_fma - fma check that the round trip adds to the
 * operation's latency.  Run it under the measurement lock, on one CPU:
 *   gcc -O2 -o store-forward bench/incore/store-forward.c
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 ./store-forward
 * "./store-forward clock" prints the core clock only (bench/incore/memacc.py).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "clock.h"

static double clock_ghz(void)
{
	return clock_ghz_of(200);
}

static double slot[1024] __attribute__((aligned(4096)));
static double other[64] __attribute__((aligned(64)));

#define LINKS 1000
#define TEST(name, body, ...)                                                                 \
	static void name(long it)                                                             \
	{                                                                                     \
		for (long i = 0; i < it; i++)                                                 \
			__asm__ volatile(".rept 1000\n\t" body "\n\t.endr" __VA_ARGS__);    \
	}

TEST(t_gpr, "movq %%rax, (%0)\n\tmovq (%0), %%rax", : : "r"(slot) : "rax", "memory")
TEST(t_xmm, "vmovsd %%xmm0, (%0)\n\tvmovsd (%0), %%xmm0", : : "r"(slot) : "xmm0", "memory")
TEST(t_ymm, "vmovupd %%ymm0, (%0)\n\tvmovupd (%0), %%ymm0", : : "r"(slot) : "xmm0", "memory")
TEST(t_addsd, "vaddsd %%xmm1, %%xmm0, %%xmm0", : : : "xmm0", "xmm1")
TEST(t_fma, "vfmadd231sd %%xmm1, %%xmm2, %%xmm0", : : : "xmm0", "xmm1", "xmm2")
TEST(t_mem_add, "vmovsd (%0), %%xmm0\n\tvaddsd %%xmm1, %%xmm0, %%xmm0\n\tvmovsd %%xmm0, (%0)",
     : : "r"(slot) : "xmm0", "xmm1", "memory")
TEST(t_mem_fma,
     "vmovsd (%0), %%xmm6\n\tvmovsd 8(%1), %%xmm0\n\tvfmadd132sd 16(%1), %%xmm6, %%xmm0\n\t"
     "vmovsd %%xmm0, (%0)",
     : : "r"(slot), "r"(other) : "xmm0", "xmm6", "memory")

#define TWO_SUMS(name, off)                                                                  \
	TEST(name,                                                                            \
	     "vmovsd (%0), %%xmm0\n\tvaddsd %%xmm1, %%xmm0, %%xmm0\n\tvmovsd %%xmm0, (%0)\n\t"    \
	     "vmovsd " #off "(%0), %%xmm2\n\tvaddsd %%xmm1, %%xmm2, %%xmm2\n\t"                  \
	     "vmovsd %%xmm2, " #off "(%0)",                                                       \
	     : : "r"(slot) : "xmm0", "xmm2", "memory")
TWO_SUMS(t_two_4k, 4096)
TWO_SUMS(t_two_off, 4160)

/* Best ns per link of FN over RUNS timings of IT x 1000 links. */
static double ns_per_link(void (*fn)(long), int runs)
{
	double best = 1e30;
	for (int r = 0; r < runs; r++) {
		long it = 20;
		double t0 = now_ns();
		fn(it);
		double t = (now_ns() - t0) / (it * (double)LINKS);
		if (t < best)
			best = t;
	}
	return best;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(long);
	} tests[] = {
		{ "gpr", t_gpr }, { "xmm", t_xmm }, { "ymm", t_ymm }, { "addsd", t_addsd },
		{ "fma", t_fma }, { "mem_add", t_mem_add }, { "mem_fma", t_mem_fma },
		{ "two_4k", t_two_4k }, { "two_off", t_two_off },
	};
	for (int i = 0; i < 1024; i++)
		slot[i] = 1.0;
	for (int i = 0; i < 64; i++)
		other[i] = 1.0;
	double ghz = clock_ghz();
	if (argc > 1 && argv[1][0] == 'c') {   /* "clock": the core clock only */
		printf("clock_ghz %.3f\n", ghz);
		return 0;
	}
	double ns[sizeof tests / sizeof tests[0]];
	for (unsigned k = 0; k < sizeof tests / sizeof tests[0]; k++)
		ns[k] = ns_per_link(tests[k].fn, 300);
	double g2 = clock_ghz();
	if (g2 > ghz)
		ghz = g2;
	printf("clock_ghz %.3f\n", ghz);
	for (unsigned k = 0; k < sizeof tests / sizeof tests[0]; k++)
		printf("%-8s %.2f cy per link\n", tests[k].name, ns[k] * ghz);
	return 0;
}
