/* The column walk of syrk/syr2k/symm in isolation: for k < K, for j < n: c[j] += a * A[j][k]
 * with rows of M doubles (stride M*8 B), A allocated with 4 KiB or 2 MiB pages.  Prints core
 * cycles per iteration and per 64 B line of A touched, best of ROUNDS runs; the clock is the
 * dependency chain of bench/incore/clock.h.
 *   colwalk n M K pages(4k|2m) [rounds]      (built by study/colwalk.sh, -O3 -march=native,
 *                                             vector and -fno-tree-vectorize) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../../incore/clock.h"

static double *alloc(size_t bytes, int huge)
{
	const size_t h = 2u << 20;
	size_t len = (bytes + h - 1) & ~(h - 1);
	char *m = mmap(NULL, len + h, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		exit(1);
	m = (char *)(((size_t)m + h - 1) & ~(h - 1));
	madvise(m, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	memset(m, 0, len);
	return (double *)m;
}

__attribute__((noinline)) static void walk(int n, int M, int K, double *restrict c,
					   const double *restrict A, double a)
{
	for (int k = 0; k < K; k++)
		for (int j = 0; j < n; j++)
			c[j] += a * A[(long)j * M + k];
}

int main(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	int n = atoi(argv[1]), M = atoi(argv[2]), K = atoi(argv[3]);
	int huge = !strcmp(argv[4], "2m"), rounds = argc > 5 ? atoi(argv[5]) : 9;
	double *A = alloc((size_t)n * M * 8, huge), *c = alloc((size_t)n * 8 + 64, huge);
	double ghz = clock_ghz_of(50), best = 1e30;

	for (long i = 0; i < (long)n * M; i++)
		A[i] = 1e-9 * (i & 255);
	for (int r = 0; r < rounds; r++) {
		double t0 = now_ns();
		walk(n, M, K, c, A, 0.5);
		double t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	double cy = best * ghz / ((double)n * K);
	printf("n %5d M %5d K %5d %s: %.3f cy/it, %.2f cy per line of A (%.2f GHz, c0 %g)\n",
	       n, M, K, argv[4], cy, cy * (M == 1 ? 8 : 1), ghz, c[0]);
	return 0;
}
