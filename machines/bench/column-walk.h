/* The column walk of roofline-bench's TLB step (tlb.c) and of bench/tlb/column-walk.c:
 *
 *   for (j = 0; j < 8; j++) for (i = 0; i < rows; i++) s[i % 8] += a[i * stride + j]
 *
 * Every access is on its own page when the stride is at least the page size; the 8 columns
 * share each line, so after the first column the lines come from the cache that holds ROWS
 * lines and the pages touched per sweep decide the TLB.  Eight independent accumulators keep
 * the FP add latency out.  Header-only: bench/tlb/column-walk.c is one file built by one gcc
 * command.  Include it with _GNU_SOURCE defined (mmap's MAP_ANONYMOUS, MADV_HUGEPAGE). */
#ifndef RLB_COLUMN_WALK_H
#define RLB_COLUMN_WALK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* REPS sweeps over the 8 columns of ROWS rows (a multiple of 8), STRIDE doubles apart */
__attribute__((noinline, optimize("O2", "no-tree-vectorize")))
static double rlb_colwalk_sweeps(const double *a, long rows, long stride, long reps)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	for (long r = 0; r < reps; r++)
		for (long j = 0; j < 8; j++)
			for (const double *p = a + j, *e = a + j + rows * stride; p < e;
			     p += 8 * stride) {
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

/* the walk's array: RAW .. RAW + LEN mapped, A its first 2 MiB boundary */
typedef struct rlb_colwalk_buf {
	char *raw;
	size_t len;
	double *a;
} rlb_colwalk_buf;

/* Map ROWS rows of STRIDE_B bytes (and a 4 KiB page more) at a 2 MiB boundary, asked for
 * 2 MiB pages when HUGE (MADV_HUGEPAGE) or 4 KiB pages (MADV_NOHUGEPAGE), first touched
 * (every byte 1).  0 on success, -1 if mmap fails. */
static inline int rlb_colwalk_map(rlb_colwalk_buf *b, long rows, long stride_b, int huge)
{
	size_t bytes = (size_t)rows * stride_b + 4096, al = 2u << 20;
	b->len = (bytes + al - 1) / al * al + al;
	b->raw = mmap(NULL, b->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->raw == MAP_FAILED)
		return -1;
	b->a = (double *)(((uintptr_t)b->raw + al - 1) / al * al);
	madvise(b->a, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	memset(b->a, 1, bytes);
	return 0;
}

static inline void rlb_colwalk_unmap(rlb_colwalk_buf *b)
{
	munmap(b->raw, b->len);
}

static inline double rlb_colwalk_now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Core cycles per access at GHZ of the walk over A (ROWS rows of STRIDE_B bytes): the fastest
 * of BEST_OF timings of 1 + MIN_ACCESSES / (8 ROWS) sweeps each, after one untimed call. */
static inline double rlb_colwalk_cycles(const double *a, long rows, long stride_b,
					long min_accesses, int best_of, double ghz)
{
	long acc = rows * 8, reps = 1 + min_accesses / acc;
	double best = 1e9, sink = rlb_colwalk_sweeps(a, rows, stride_b / 8, reps);
	for (int r = 0; r < best_of; r++) {
		double t0 = rlb_colwalk_now_s();
		sink += rlb_colwalk_sweeps(a, rows, stride_b / 8, reps);
		double t = rlb_colwalk_now_s() - t0;
		if (t < best)
			best = t;
	}
	return sink == 42 ? 0 : best * ghz * 1e9 / ((double)reps * acc);
}

#endif
