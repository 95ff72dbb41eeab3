/* Working sets around the L3 capacity: cycles per 64 B line of work of three kernels that
 * sweep a working set of S bytes again and again, S from 4 MiB to 64 MiB plus a memory
 * reference (256 MiB), in interleaved rounds (round r measures every kernel and size once
 * before round r + 1: a noisy phase of a shared host hits one round of many points).
 *   load: s += a[i] over S bytes (8 independent vector sums)
 *   copy: b[i] = a[i] (S/2 bytes each)
 *   j2d5: b = 5-point stencil of a, rows of 1024 doubles, S/2 bytes each
 *   rows3: b[i] = a[i - row] + a[i] + a[i + row] (aligned loads), row3: b[i] = a[i-1] + a[i] + a[i+1]
 * Per point one warm-up sweep, then the time of one sweep (several when short); per point the
 * best and the median round.  Huge pages asked for (madvise), as bench/accuracy/harness.c.
 *   cc -O3 -march=native l3tail-study.c -o l3tail-study
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 ./l3tail-study [rounds] */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../incore/clock.h"

static double sink;

__attribute__((noinline)) static void k_load(double *b, const double *a, long n)
{
	typedef double v8 __attribute__((vector_size(64)));
	v8 s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };
	const v8 *v = (const v8 *)a;
	(void)b;
	for (long i = 0; i < n / 8; i += 4) {
		s0 += v[i];
		s1 += v[i + 1];
		s2 += v[i + 2];
		s3 += v[i + 3];
	}
	s0 += s1 + s2 + s3;
	for (int k = 0; k < 8; k++)
		sink += s0[k];
}

__attribute__((noinline)) static void k_copy(double *restrict b, const double *restrict a, long n)
{
	for (long i = 0; i < n; i++)
		b[i] = a[i];
}

#define ROW 1024
__attribute__((noinline)) static void k_j2d5(double *restrict b, const double *restrict a, long n)
{
	long m = n / ROW;
	for (long j = 1; j < m - 1; j++)
		for (long i = 1; i < ROW - 1; i++)
			b[j * ROW + i] = 0.25 * (a[j * ROW + i - 1] + a[j * ROW + i + 1] +
						 a[(j - 1) * ROW + i] + a[(j + 1) * ROW + i]);
}

/* three rows, aligned loads only (the asm stencil of roofline-bench's memory-share step) */
__attribute__((noinline)) static void k_rows3(double *restrict b, const double *restrict a, long n)
{
	long m = n / ROW;
	for (long j = 1; j < m - 1; j++)
		for (long i = 0; i < ROW; i++)
			b[j * ROW + i] = a[(j - 1) * ROW + i] + a[j * ROW + i] + a[(j + 1) * ROW + i];
}

/* the row's own neighbours only (unaligned loads i-1, i+1 of one row) */
__attribute__((noinline)) static void k_row3(double *restrict b, const double *restrict a, long n)
{
	for (long i = 1; i < n - 1; i++)
		b[i] = a[i - 1] + a[i] + a[i + 1];
}

typedef void (*kfn)(double *, const double *, long);
static const kfn kern[] = { k_load, k_copy, k_j2d5, k_rows3, k_row3 };
static const char *const kname[] = { "load", "copy", "j2d5", "rows3", "row3" };
#define NK 5

static int cmpd(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 7;
	static const double mib[] = { 4, 8, 11.3, 16, 22.6, 32, 45.3, 64, 256 };
	enum { NS = sizeof mib / sizeof mib[0], MAXR = 64 };
	if (rounds > MAXR)
		rounds = MAXR;
	size_t total = 2 * (256u << 20) + (4u << 20);
	char *mem = aligned_alloc(2u << 20, total);
	madvise(mem, total, MADV_HUGEPAGE);
	memset(mem, 1, total);
	double ghz = clock_ghz_of(50);
	static double t[NK][NS][MAXR];
	for (int r = 0; r < rounds; r++)
		for (int s = 0; s < NS; s++)
			for (int k = 0; k < NK; k++) {
				long bytes = (long)(mib[s] * (1 << 20)) / 8192 * 8192;
				long n = k == 0 ? bytes / 8 : bytes / 16;
				double *a = (double *)mem, *b = (double *)(mem + (256u << 20) + (2u << 20));
				kern[k](b, a, n);   /* warm-up sweep */
				int reps = 1 + (int)(32.0 * (1 << 20) / bytes);
				double t0 = now_ns();
				for (int x = 0; x < reps; x++)
					kern[k](b, a, n);
				double ns = (now_ns() - t0) / reps;
				/* cycles per line of work: per 64 B of a read */
				double lines = (k == 0 ? bytes : bytes / 2) / 64.0;
				t[k][s][r] = ns * ghz / lines;
			}
	printf("# clock %.3f GHz, %d interleaved rounds; cy per line of work, best / median\n", ghz,
	       rounds);
	printf("%-5s", "MiB");
	for (int s = 0; s < NS; s++)
		printf(" %13.1f", mib[s]);
	printf("\n");
	for (int k = 0; k < NK; k++) {
		printf("%-5s", kname[k]);
		for (int s = 0; s < NS; s++) {
			qsort(t[k][s], rounds, sizeof(double), cmpd);
			printf("   %5.2f/%5.2f", t[k][s][0], t[k][s][rounds / 2]);
		}
		printf("\n");
	}
	return sink == 12345.0;
}
