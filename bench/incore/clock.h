/* The core clock of the in-core benchmarks (harness.c, calls.c, calls-acc/, store-forward.c):
 * a dependent chain of 1-cycle register adds (as bench/host/measure.c), GHz = adds / ns, the
 * fastest of ROUNDS short runs (a shared machine grants slices that short); not the TSC.
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

static inline double clock_ghz_of(int rounds)
{
	double best = 0;
	for (int r = 0; r < rounds; r++) {
		long x = 0, one = 1, it = 100;
		double t0 = now_ns();
		for (long i = 0; i < it; i++)
			__asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
		double g = it * 1000.0 / (now_ns() - t0);
		if (g > best)
			best = g;
	}
	return best;
}

#endif
