/* The column-walk kernel that bench/tlb/predict.py compiles with the plugin (its prediction)
 * and times (with -DRL_TIMING: main below).  A PolyBench-like column sum: b[i] += a[i][j] walks
 * the 4160 B rows of a (a new 4 KiB page at every access, distinct cache sets) for 8 columns;
 * the 8 columns share each line of a, so the lines come from the cache that holds ROWS lines
 * while the pages touched per sweep (ROWS + the few of b) decide the TLB.
 *
 *   gcc -O2 -fno-tree-vectorize -DROWS=8192 -DRL_TIMING -o colwalk bench/tlb/colwalk-kernel.c
 *   ./colwalk      # prints: rows, clock GHz, cycles per unit of work (8 iterations)
 */
#ifndef ROWS
#define ROWS 8192
#endif
#define COLS 520        /* 4160 B per row */

double a[ROWS][COLS];
double b[ROWS];

void colsum(void)
{
	for (int j = 0; j < 8; j++)
		for (int i = 0; i < ROWS; i++)
			b[i] += a[i][j];
}

#ifdef RL_TIMING
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../incore/clock.h"   /* core clock: the add chain of the in-core benchmarks */

static double now(void)
{
	return now_ns() * 1e-9;
}

static double clock_ghz(void)
{
	return clock_ghz_of(2000);
}

int main(void)
{
	memset(a, 1, sizeof a);     /* first touch outside the timed region */
	memset(b, 0, sizeof b);
	double ghz = clock_ghz();
	long calls = 1 + 400000 / ((long)ROWS * 8), best_reps = 300;
	double best = 1e9;
	colsum();
	for (long r = 0; r < best_reps; r++) {
		double t0 = now();
		for (long c = 0; c < calls; c++)
			colsum();
		double t = (now() - t0) / calls;
		if (t < best)
			best = t;
	}
	/* units of work: 8 iterations (one 64 B line of 8 B elements) -> ROWS per call */
	printf("%d %.3f %.3f %g\n", ROWS, ghz, best * ghz * 1e9 / ROWS, b[ROWS / 2]);
	return 0;
}
#endif
