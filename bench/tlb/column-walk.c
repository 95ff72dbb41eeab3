/* Column walk: the cost of an access whose stride crosses a page, with 4 KiB and 2 MiB pages.
 *
 *   for (j = 0; j < 8; j++) for (i = 0; i < rows; i++) s[k] += a[i * stride + j]
 *
 * Every access of the inner loop is on its own page when STRIDE x 8 B >= the page size; the 8
 * columns share each line, so after the first column the lines come from the cache that holds
 * ROWS lines - the line count alone predicts L1/L2 hits, the TLB decides the rest.  Eight
 * independent accumulators (k = i % 8) keep the FP add latency out.  Core cycles come from a
 * dependent chain of register adds (1 cy each), not the TSC.
 *
 *   gcc -O2 -fno-tree-vectorize -o column-walk bench/tlb/column-walk.c
 *   ./column-walk [STRIDE_BYTES]      # prints rows, pages, cy/access for 4 KiB and 2 MiB pages
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../incore/clock.h"   /* core clock: the add chain of the in-core benchmarks */

static double now(void)
{
	return now_ns() * 1e-9;
}

static double clock_ghz(void)
{
	return clock_ghz_of(3000);
}

/* ROWS is a multiple of 8: eight accumulators in registers, one per row of a group */
__attribute__((noinline)) static double walk(const double *a, long rows, long stride, long reps)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	for (long r = 0; r < reps; r++)
		for (long j = 0; j < 8; j++)
			for (const double *p = a + j, *e = a + j + rows * stride; p < e; p += 8 * stride) {
				s0 += p[0];
				s1 += p[stride];
				s2 += p[2 * stride];
				s3 += p[3 * stride];
				s4 += p[4 * stride];
				s5 += p[5 * stride];
				s6 += p[6 * stride];
				s7 += p[7 * stride];
			}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

int main(int argc, char **argv)
{
	long stride_b = argc > 1 ? atol(argv[1]) : 8192;
	long stride = stride_b / 8;
	double ghz = clock_ghz();
	printf("# column walk, stride %ld B, clock %.3f GHz (add chain)\n", stride_b, ghz);
	printf("# rows  pages  cy/access(4KiB)  cy/access(2MiB)\n");
	static const long rows_list[] = { 16, 32, 48, 64, 96, 128, 256, 512, 1024, 1536, 2048,
					  3072, 4096, 8192, 16384, 32768 };
	for (size_t k = 0; k < sizeof rows_list / sizeof rows_list[0]; k++) {
		long rows = rows_list[k];
		size_t bytes = (size_t)rows * stride_b + 4096;
		double cy[2];
		for (int huge = 0; huge < 2; huge++) {
			size_t al = 2u << 20, len = (bytes + al - 1) / al * al + al;
			char *raw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
					 -1, 0);
			if (raw == MAP_FAILED)
				return 1;
			double *a = (double *)(((uintptr_t)raw + al - 1) / al * al);
			madvise(a, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
			memset(a, 1, bytes);
			/* ~1-2 ms per timed repetition, the best of 300: the undisturbed slices */
			long acc = rows * 8, reps = 1 + 500000 / acc;
			double best = 1e9, sink = walk(a, rows, stride, reps);
			for (int r = 0; r < 300; r++) {
				double t0 = now();
				sink += walk(a, rows, stride, reps);
				double t = now() - t0;
				if (t < best)
					best = t;
			}
			cy[huge] = best * ghz * 1e9 / ((double)reps * acc);
			if (sink == 42)
				puts("");
			munmap(raw, len);
		}
		printf("%6ld %6ld %10.2f %16.2f\n", rows, rows * stride_b / 4096, cy[0], cy[1]);
	}
	return 0;
}
