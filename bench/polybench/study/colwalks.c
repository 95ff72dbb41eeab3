/* S column walks at once, each with its own strict sum:
 *   for j < J: for k < N: s_c += d[k][j + c * gap]   (c < S, rows of M doubles)
 * Column j's lines serve the next 7 values of j from L2 when S * N lines fit there.  Prints
 * core cycles per iteration and per access, best of 3; the clock is the dependency chain of
 * bench/incore/clock.h.  A sixth argument puts d on 2 MiB pages (and prints AnonHugePages).
 *   colwalks M N J S gap [2m]      (gcc-12 -O3 -march=native -fno-tree-vectorize) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../../incore/clock.h"

static int huge;

static double *alloc(size_t bytes)
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

#define WALK(S)									\
__attribute__((noinline)) static double walk##S(int M, int N, int J, const double *d, int gap) \
{										\
	double acc = 0;								\
	for (int j = 0; j < J; j++) {						\
		double s[4] = { 0, 0, 0, 0 };					\
		for (int k = 0; k < N; k++) {					\
			const double *r = d + (long)k * M + j;			\
			for (int c = 0; c < S; c++)				\
				s[c] += r[c * gap];				\
		}							\
		for (int c = 0; c < S; c++)					\
			acc += s[c];						\
	}								\
	return acc;								\
}
WALK(1) WALK(2) WALK(3) WALK(4)

int main(int argc, char **argv)
{
	if (argc < 6)
		return 2;
	int M = atoi(argv[1]), N = atoi(argv[2]), J = atoi(argv[3]), S = atoi(argv[4]);
	int gap = atoi(argv[5]);
	huge = argc > 6;
	double *d = alloc((size_t)N * M * 8);

	for (long x = 0; x < (long)N * M; x++)
		d[x] = 1e-3 * (x % 1000);
	double ghz = clock_ghz_of(50), best = 1e30, r = 0;

	for (int t = 0; t < 3; t++) {
		double t0 = now_ns();
		r += S == 1 ? walk1(M, N, J, d, gap) : S == 2 ? walk2(M, N, J, d, gap)
		   : S == 3 ? walk3(M, N, J, d, gap) : walk4(M, N, J, d, gap);
		double e = now_ns() - t0;
		if (e < best)
			best = e;
	}
	double its = (double)J * N;

	printf("M %d N %d J %d S %d gap %d: %.3f cy/it %.3f cy/access (%.2f GHz) %g\n", M, N, J,
	       S, gap, best * ghz / its, best * ghz / its / S, ghz, r);
	if (huge) {
		char b[256];
		FILE *f = fopen("/proc/self/smaps_rollup", "r");
		while (f && fgets(b, sizeof b, f))
			if (strstr(b, "AnonHuge"))
				fputs(b, stdout);
		if (f)
			fclose(f);
	}
	return 0;
}
