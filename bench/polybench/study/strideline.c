/* Cost per cache line of a read stream whose consecutive accesses are STRIDE bytes apart
 * (one 8 B load per access, A independent sums), repeated over LINES distinct lines so that the
 * data stays in L2 or L3, against the contiguous stream over the same number of lines (every
 * double of each line read, A = 1, 2 or 8 independent sums).  Prints core cycles per line, best of ROUNDS
 * sweeps; the clock is the dependency chain of bench/incore/clock.h.  PAGES 2m puts the array
 * on 2 MiB pages (THP madvise), 4k forbids them.
 *   strideline LINES STRIDE A 4k|2m [ROUNDS]   (STRIDE 0: the contiguous stream;
 *   gcc-12 -O2 -march=native -fno-tree-vectorize) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../../incore/clock.h"

static char *alloc(size_t bytes, int huge)
{
	const size_t h = 2u << 20;
	size_t len = (bytes + h - 1) & ~(h - 1);
	char *m = mmap(NULL, len + h, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		exit(1);
	m = (char *)(((size_t)m + h - 1) & ~(h - 1));
	madvise(m, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	memset(m, 1, len);
	return m;
}

/* n accesses STRIDE bytes apart (n a multiple of 8), A independent sums */
#define WALK(A)									\
__attribute__((noinline)) static double walk##A(const char *p, long n, long stride) \
{										\
	double s[8] = { 0 };							\
	for (long i = 0; i < n; i += 8) {					\
		const char *q = p + i * stride;					\
		_Pragma("GCC unroll 8")						\
		for (int u = 0; u < 8; u++)					\
			s[u % A] += *(const double *)(q + u * stride);		\
	}									\
	return s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];		\
}
WALK(1) WALK(2) WALK(8)

int main(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	long lines = atol(argv[1]), stride = atol(argv[2]);
	int a = atoi(argv[3]), huge = argv[4][0] == '2', rounds = argc > 5 ? atoi(argv[5]) : 9;
	int contig = stride == 0;
	long n = contig ? lines * 8 : lines, step = contig ? 8 : stride;
	char *p = alloc((size_t)n * step, huge);
	double ghz = clock_ghz_of(50), best = 1e30, r = 0;

	for (int t = 0; t < rounds; t++) {
		double t0 = now_ns();
		r += a == 1 ? walk1(p, n, step) : a == 2 ? walk2(p, n, step) : walk8(p, n, step);
		double e = now_ns() - t0;
		if (e < best && t > 0)
			best = e;
	}
	printf("lines %ld (%.2f MiB) stride %ld A %d %s: %.3f cy/line (%.2f GHz) %g\n", lines,
	       lines * 64.0 / (1 << 20), stride, a, huge ? "2m" : "4k", best * ghz / lines, ghz, r);
	return 0;
}
