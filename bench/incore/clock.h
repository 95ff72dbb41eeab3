/* The core clock of the in-core benchmarks (harness.c, calls.c, calls-acc/, store-forward.c),
 * of bench/accuracy/harness.c and of bench/tlb: a dependent chain of 1-cycle register adds (as
 * bench/host/measure.c), GHz = adds / ns, the fastest of ROUNDS short runs (a shared machine
 * grants slices that short); not the TSC.
 * Header-only: each benchmark is one file built by its script. */
#ifndef RL_BENCH_INCORE_CLOCK_H
#define RL_BENCH_INCORE_CLOCK_H

#include <time.h>

static inline double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* the fastest of ROUNDS runs of CHAINS x 1000 dependent adds, in adds per ns (always inlined:
 * each caller's chain length stays a constant in its code) */
static inline double clock_ghz_chains(int rounds, long chains)
{
	double best = 0;
	for (int r = 0; r < rounds; r++) {
		long x = 0, one = 1;
		double t0 = now_ns();
		for (long i = 0; i < chains; i++)
			__asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
		double g = chains * 1000.0 / (now_ns() - t0);
		if (g > best)
			best = g;
	}
	return best;
}

/* runs of 100 000 adds (~20 us at 5 GHz) */
static inline double clock_ghz_of(int rounds)
{
	return clock_ghz_chains(rounds, 100);
}

#endif
