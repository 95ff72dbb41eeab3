/* A latency-bound loop that streams its data: trisolv's and mvt's inner loop alone.
 *   for i < R: s = y[i]; for j < len(i): s -= A[i][j] * x[j]; y[i] = s     (rows of M doubles)
 * len(i) = i (SHAPE tri: trisolv's lower triangle) or M (SHAPE rect: whole rows, one contiguous
 * stream over R x M doubles) or M / 2 (SHAPE half: rows of half the stride, each starting at a jump)
 * or N (SHAPE len=N, N <= M).  CHAIN 2: the strict vsubsd chain of PolyBench's code (2 cy per
 * iteration on Zen 5), CHAIN 4: the same as a fused multiply-add chain, CHAIN 0: four
 * independent sums (no chain: the transfers bind), CHAIN 5: atax's two loops per row (the add
 * chain, then y[j] += A[i][j] * s over the row), CHAIN 6: atax's second loop alone.  FLUSH 1 reads a 128 MiB buffer before every
 * timed run (the data comes from memory, as PolyBench's flush and initialisation leave it),
 * FLUSH 0 repeats the run on warm data (L2 / L3, depending on the size).  Prints core cycles per
 * iteration and per 64 B line of A, best of RUNS; the clock is bench/incore/clock.h's chain.
 * SHAPE col: the column walk colwalk() over all M columns (CHAIN 2 or 0); per line: per 8 iterations.
 * A is on 4 KiB pages, on 2 MiB pages with CHAINMEM_HUGE=1 in the environment.
 *   chainmem tri|rect|half|col|len=N R M CHAIN FLUSH [RUNS]     (gcc-12 -O3 -march=native) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../../incore/clock.h"

static double *flushbuf, sink;
static int rowlen;	/* SHAPE len=N: rows of N doubles */
static double *y2;	/* CHAIN 5: the y of atax (M doubles) */
#define FLUSH_BYTES (128u << 20)

/* reads the flush buffer (clean lines, as PolyBench's flush: no write-backs during the run) */
__attribute__((noinline)) static double flush_read(void)
{
	double s = 0;
	for (size_t k = 0; k < FLUSH_BYTES / 8; k += 8)
		s += flushbuf[k];
	return s;
}

__attribute__((noinline, optimize("fp-contract=off"))) static void chain2(int R, int M, int tri, const double *A,
					     const double *x, double *y)
{
	for (int i = 0; i < R; i++) {
		double s = y[i];
		int n = tri == 1 ? i : tri == 2 ? M / 2 : tri == 3 ? rowlen : M;
		for (int j = 0; j < n; j++)
			s = s - A[(long)i * M + j] * x[j];
		y[i] = s;
	}
}

/* SHAPE col: mvt's and gemver's column walk, s -= A[j][i] * x[j] down column i (rows of M
 * doubles: a stride of 8 M bytes), one column per i < M, R rows; CHAIN 2 the strict chain,
 * CHAIN 0 four independent sums */
__attribute__((noinline, optimize("fp-contract=off"))) static void colwalk(int R, int M, int nochain,
		const double *A, const double *x, double *y)
{
	for (int i = 0; i < M; i++) {
		double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
		int j = 0;
		if (nochain)
			for (; j + 4 <= R; j += 4) {
				s0 -= A[(long)j * M + i] * x[j];
				s1 -= A[(long)(j + 1) * M + i] * x[j + 1];
				s2 -= A[(long)(j + 2) * M + i] * x[j + 2];
				s3 -= A[(long)(j + 3) * M + i] * x[j + 3];
			}
		for (; j < R; j++)
			s0 = s0 - A[(long)j * M + i] * x[j];
		y[i % R] += s0 + s1 + s2 + s3;
	}
}

__attribute__((noinline)) static void chain4(int R, int M, int tri,
		const double *A, const double *x, double *y)
{
	for (int i = 0; i < R; i++) {
		double s = y[i];
		int n = tri == 1 ? i : tri == 2 ? M / 2 : tri == 3 ? rowlen : M;
		for (int j = 0; j < n; j++)
			s = __builtin_fma(-A[(long)i * M + j], x[j], s);
		y[i] = s;
	}
}

/* atax: the add chain over row i, then y[j] += A[i][j] * s over the same row (a second loop
 * inside the row loop, vectorised in the -O3 build) */
__attribute__((noinline, optimize("fp-contract=off"))) static void atax(int R, int M, int tri, int only2,
		const double *restrict A, const double *restrict x, double *restrict y)
{
	for (int i = 0; i < R; i++) {
		double s = 0;
		int n = tri == 1 ? i : tri == 2 ? M / 2 : tri == 3 ? rowlen : M;
		const double *a = A + (long)i * M;
		if (!only2)
			for (int j = 0; j < n; j++)
				s = s + a[j] * x[j];
		else
			s = x[i % M];
		for (int j = 0; j < n; j++)
			y[j] = y[j] + a[j] * s;
	}
}

__attribute__((noinline, optimize("fp-contract=off"))) static void nochain(int R, int M, int tri, const double *A,
					      const double *x, double *y)
{
	for (int i = 0; i < R; i++) {
		double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
		int n = tri == 1 ? i : tri == 2 ? M / 2 : tri == 3 ? rowlen : M, j = 0;
		const double *a = A + (long)i * M;
		for (; j + 4 <= n; j += 4) {
			s0 -= a[j] * x[j];
			s1 -= a[j + 1] * x[j + 1];
			s2 -= a[j + 2] * x[j + 2];
			s3 -= a[j + 3] * x[j + 3];
		}
		for (; j < n; j++)
			s0 -= a[j] * x[j];
		y[i] += s0 + s1 + s2 + s3;
	}
}

/* BYTES on 2 MiB pages (HUGE: MADV_HUGEPAGE) or on 4 KiB pages (MADV_NOHUGEPAGE) */
static double *alloc_pages(size_t bytes, int huge)
{
	const size_t h = 2u << 20;
	size_t len = (bytes + h - 1) & ~(h - 1);
	char *p = mmap(NULL, len + h, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(1);
	p = (char *)(((size_t)p + h - 1) & ~(h - 1));
	madvise(p, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	return (double *)p;
}

int main(int argc, char **argv)
{
	if (argc < 6) {
		fprintf(stderr, "usage: chainmem tri|rect|half|col|len=N R M CHAIN(0|2|4|5|6) FLUSH(0|1) [RUNS]\n");
		return 2;
	}
	int col = !strcmp(argv[1], "col");
	int tri = !strcmp(argv[1], "tri") ? 1 : !strcmp(argv[1], "half") ? 2
		: !strncmp(argv[1], "len=", 4) ? 3 : 0, R = atoi(argv[2]), M = atoi(argv[3]);
	int chain = atoi(argv[4]), flush = atoi(argv[5]), runs = argc > 6 ? atoi(argv[6]) : 5;
	if (tri == 3)
		rowlen = atoi(argv[1] + 4);
	double *A = alloc_pages((size_t)R * M * 8, getenv("CHAINMEM_HUGE") != NULL);
	double *x = aligned_alloc(64, (size_t)(M > R ? M : R) * 8);
	double *y = aligned_alloc(64, (size_t)R * 8);

	y2 = calloc((size_t)M, 8);
	flushbuf = aligned_alloc(64, FLUSH_BYTES);
	memset(flushbuf, 1, FLUSH_BYTES);
	for (long k = 0; k < (long)R * M; k++)
		A[k] = 1e-6 * (k % 1000);
	for (int k = 0; k < (M > R ? M : R); k++)
		x[k] = 1.0 / (k + 1);
	double ghz = clock_ghz_of(50), best = 1e30;

	for (int t = 0; t < runs + 1; t++) {
		memset(y, 0, (size_t)R * 8);
		if (flush)
			sink += flush_read();
		double t0 = now_ns();
		if (col)
			colwalk(R, M, chain == 0, A, x, y);
		else if (chain == 2)
			chain2(R, M, tri, A, x, y);
		else if (chain == 4)
			chain4(R, M, tri, A, x, y);
		else if (chain == 5 || chain == 6)
			atax(R, M, tri, chain == 6, A, x, y2);
		else
			nochain(R, M, tri, A, x, y);
		double e = now_ns() - t0;
		if (t > 0 && e < best)
			best = e;
	}
	double its = tri == 1 ? (double)R * (R - 1) / 2 : tri == 2 ? (double)R * (M / 2)
		   : tri == 3 ? (double)R * rowlen : (double)R * M;

	printf("%s R %d M %d chain %d flush %d: %.3f cy/it %.2f cy/line (%.2f GHz, %.3f ms) %g\n",
	       argv[1], R, M, chain, flush, best * ghz / its, best * ghz / its * 8, ghz, best * 1e-6,
	       y[R - 1] + sink * 0);
	return 0;
}
