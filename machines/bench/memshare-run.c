/* roofline-bench: the measurement of the last level's memory share per working set
 * (machines/bench/memshare.h). */
#include "machines/bench/memshare.h"
#include "machines/bench/kernels.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MS_ROW 8192              /* the stencil's row: 3 rows and the written one fit the L1 */

static double ms_now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* 2 MiB aligned, huge pages asked for (as the other buffers of roofline-bench), touched */
static char *ms_alloc(size_t n)
{
	void *p = NULL;
	n = (n + (2u << 20) - 1) / (2u << 20) * (2u << 20);
	if (posix_memalign(&p, 2u << 20, n))
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, n, MADV_HUGEPAGE);
#endif
	memset(p, 1, n);
	return p;
}

/* a copy of N bytes from SRC + 8 B (every load of W >= 16 bytes spans two lines: W / 64 of
 * them for W = 64, every other one for W = 32, ...) to DST; the loads unaligned, the stores
 * aligned.  0 or -1 */
static int ms_split_copy(int w, char *src, char *dst, size_t n)
{
#if defined(__x86_64__)
#define MS_IRP ".irp o,0,1,2,3,4,5,6,7\n\t"
#define MS_SPLIT(ld, st, reg, W) MS_IRP ld " 8+\\o*" #W "(%0), %%" reg "0\n\t" st " %%" reg \
	"0, \\o*" #W "(%1)\n\t.endr\n\t"
	for (size_t off = 0; off < n; off += 8 * (size_t)w) {
		char *a = src + off, *b = dst + off;
		switch (w) {
		case 64: __asm__ volatile(MS_SPLIT("vmovupd", "vmovapd", "zmm", 64)
					  : : "r"(a), "r"(b) : "xmm0", "memory"); break;
		case 32: __asm__ volatile(MS_SPLIT("vmovupd", "vmovapd", "ymm", 32)
					  : : "r"(a), "r"(b) : "xmm0", "memory"); break;
		case 16: __asm__ volatile(MS_SPLIT("movupd", "movapd", "xmm", 16)
					  : : "r"(a), "r"(b) : "xmm0", "memory"); break;
		default: return -1;
		}
	}
	if (w >= 32)
		__asm__ volatile("vzeroupper" ::: "memory");
	return 0;
#else
	(void)w; (void)src; (void)dst; (void)n;
	return -1;
#endif
}

/* one sweep of kernel K over a working set of WS bytes in A (and B); its lines of work in
 * *LINES.  0 or -1 */
static int ms_sweep(int k, int w, char *a, char *b, long long ws, double *lines)
{
	size_t half = (size_t)ws / 2;
	if (k == 0) {
		char *s[4] = { a, a, a, a };
		*lines = (double)ws / 64;
		return k_bw_sweep(w, K_LOAD, s, (size_t)ws);
	}
	if (k == 1) {
		char *s[4] = { a, b, a, b };
		*lines = (double)half / 64;
		return k_bw_sweep(w, K_1LD1ST, s, half);
	}
	if (k == 3) {
		*lines = (double)half / 64;
		return ms_split_copy(w, a, b, half);
	}
	/* rows j-1, j, j+1 of A and row j of B: one new line of A per line of work */
	size_t n = (half - 2 * MS_ROW) / 512 * 512;
	char *s[4] = { a, a + MS_ROW, a + 2 * MS_ROW, b + MS_ROW };
	*lines = (double)n / 64;
	return k_bw_sweep(w, K_3LD1ST, s, n);
}

/* cycles per line of work of kernel K at WS: a warm-up sweep, then sweeps for >= 1 ms */
static double ms_point(int k, int w, char *a, char *b, long long ws, double ghz)
{
	double lines, t0 = ms_now_ns();
	if (ms_sweep(k, w, a, b, ws, &lines))
		return -1;
	double warm = ms_now_ns() - t0;
	int reps = warm > 1e6 ? 1 : (int)(1e6 / (warm > 1e3 ? warm : 1e3)) + 1;
	t0 = ms_now_ns();
	for (int r = 0; r < reps; r++)
		ms_sweep(k, w, a, b, ws, &lines);
	return (ms_now_ns() - t0) / reps * ghz / lines;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* best and median of the R rounds V into S at kernel K, point I */
static void ms_store(rlb_memshare *s, int k, int i, double *v, int r)
{
	qsort(v, (size_t)r, sizeof *v, cmp_double);
	s->best[k][i] = v[0];
	s->med[k][i] = r % 2 ? v[r / 2] : (v[r / 2 - 1] + v[r / 2]) / 2;
}

int rlb_memshare_measure(rlb_memshare *s, int width, double ghz, int rounds, double until_s)
{
	static double v[RLB_MS_NK][RLB_MS_N + 1][RLB_MS_MAXR];
	if (s->n < 2 || rounds < 1)
		return -1;
	if (rounds > RLB_MS_MAXR)
		rounds = RLB_MS_MAXR;
	char *a = ms_alloc((size_t)s->mem_ws + 4096), *b = ms_alloc((size_t)s->mem_ws / 2 + MS_ROW);
	int ok = a && b, r = 0;
	double start = ms_now_ns();
	for (; ok && r < rounds; r++) {
		if (r >= 5 && (ms_now_ns() - start) / 1e9 > until_s)
			break;
		for (int i = 0; ok && i <= s->n; i++)
			for (int k = 0; ok && k < RLB_MS_NK; k++) {
				double t = ms_point(k, width, a, b, i < s->n ? s->ws[i] : s->mem_ws,
						    ghz);
				ok = t > 0;
				v[k][i][r] = t;
			}
	}
	free(a);
	free(b);
	if (!ok)
		return -1;
	s->rounds = r;
	for (int k = 0; k < RLB_MS_NK; k++)
		for (int i = 0; i <= s->n; i++)
			ms_store(s, k, i, v[k][i], r);
	return 0;
}
