/* Times the kernels of kernels.c at working sets in L1, L2, L3 and memory on one pinned core
 * and prints cycles per unit of work (8 iterations, one line per array): the core clock from a
 * dependent add chain and a 3-cycle imul chain (the faster), not the TSC.  Best of 15 timings
 * of >= 2 ms after >= 5 ms of warm-up.  Usage: harness L1_BYTES L2_BYTES [huge]
 * (huge: the arrays asked for 2 MiB pages, as roofline-bench's buffers; default: the 4 KiB
 * pages an ordinary malloc gets where transparent huge pages are "madvise") */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kernels.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static double clock_ghz(void)
{
	double best = 0;
	for (int r = 0; r < 31; r++) {
		unsigned long x = 1, one = 1;
		double t0 = now();
		for (long i = 0; i < 5000; i++)
			__asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
		double g = 5e6 / (now() - t0);
		if (g > best) best = g;
		t0 = now();
		for (long i = 0; i < 2000; i++)
			__asm__ volatile(".rept 1000\n\timulq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
		g = 6e6 / (now() - t0);
		if (g > best) best = g;
	}
	return best;
}

static const struct { const char *name; kern_fn *f; int streams; } K[] = {
	{ "load", k_load, 1 }, { "store", k_store, 1 }, { "copy", k_copy, 2 },
	{ "update", k_update, 1 }, { "triad", k_triad, 3 }, { "add", k_add, 3 },
	{ "daxpy", k_daxpy, 2 }, { "3load_1store", k_3load_1store, 4 }, { "sum4", k_sum4, 4 },
};

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) return 2;
	int huge = argc == 4;
	long l1 = atol(argv[1]), l2 = atol(argv[2]);
	long ws[4] = { l1 / 2, l2 / 2, 4 * l2, 512L << 20 };
	const char *lv[4] = { "L1", "L2", "L3", "MEM" };
	double ghz = clock_ghz();
	printf("clock %.3f GHz\n", ghz);
	volatile double sink = 0;
	for (int k = 0; k < (int)(sizeof K / sizeof K[0]); k++)
		for (int L = 0; L < 4; L++) {
			long n = ws[L] / 8 / K[k].streams / 64 * 64;
			double *a[4];
			for (int s = 0; s < 4; s++) {
				/* skewed like roofline-bench's streams (no 4K aliasing) */
				size_t sz = (n * 8 + 8192 * 4 + (2 << 20)) / (2 << 20) * (2 << 20);
				char *p = aligned_alloc(2 << 20, sz);
				if (huge)
					madvise(p, sz, MADV_HUGEPAGE);
				a[s] = (double *)(p + s * (17 * 64 + 4096 * 5));
				for (long i = 0; i < n; i++) a[s][i] = 1.0;
			}
			long reps = 1;
			double w0 = now();
			while (now() - w0 < 5e6) {
				for (long r = 0; r < reps; r++) sink += K[k].f(n, a[0], a[1], a[2], a[3], 1.0);
				if (now() - w0 < 2e6) reps *= 2;
			}
			double best = 1e30;
			for (int t = 0; t < 15; t++) {
				double t0 = now();
				for (long r = 0; r < reps; r++) sink += K[k].f(n, a[0], a[1], a[2], a[3], 1.0);
				double d = (now() - t0) / reps;
				if (d < best) best = d;
			}
			printf("%-13s %-3s %8.3f cy/unit  (n %ld)\n", K[k].name, lv[L],
			       best * ghz / (n / 8.0), n);
			for (int s = 0; s < 4; s++)
				free((char *)a[s] - s * (17 * 64 + 4096 * 5));
		}
	return sink == 12345.0;
}
