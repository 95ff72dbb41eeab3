/* roofline-bench: the data TLB's reach and miss costs (machines/bench/tlb.h).
 *
 * The walk (column-walk.h, shared with bench/tlb/column-walk.c): 8 columns of ROWS rows of
 * 4160 B, eight independent accumulators.  Each access is on its own 4 KiB page; the 8 columns
 * share each line, so the lines come from the cache that holds ROWS lines and the pages
 * touched per sweep decide the TLB.  The L1 TLB step comes while the lines are in L1 (at most ~100 pages), the L2 TLB step
 * while they are in L2 (a few thousand lines of 64 B). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "machines/bench/tlb.h"
#include "machines/bench/column-walk.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIDE_B 4160L
#define PAGE_4K 4096L

/* AnonHugePages (kB) of the mapping that starts at ADDR, -1 when /proc does not say */
static long huge_kb_of(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	int in = 0;
	long kb = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
			in = (uintptr_t)addr >= lo && (uintptr_t)addr < hi;
		else if (in && sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

/* cycles per access of the walk over ROWS rows (a multiple of 8); HUGE: MADV_HUGEPAGE */
static double walk_cost(long rows, int huge, double ghz, long *huge_kb)
{
	rlb_colwalk_buf b;
	if (rlb_colwalk_map(&b, rows, STRIDE_B, huge))
		return 0;
	if (huge_kb)
		*huge_kb = huge_kb_of(b.raw);
	double cy = rlb_colwalk_cycles(b.a, rows, STRIDE_B, 200000, 60, ghz);
	rlb_colwalk_unmap(&b);
	return cy;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* median cost of the points with LO <= pages <= HI; 0 if none */
static double median_cost(const rlb_tlb *t, double lo, double hi)
{
	double v[RLB_TLB_POINTS];
	int n = 0;
	for (int i = 0; i < t->npoints; i++)
		if (t->pages[i] >= lo && t->pages[i] <= hi)
			v[n++] = t->cy[i];
	if (!n)
		return 0;
	qsort(v, (size_t)n, sizeof v[0], cmp_double);
	return v[n / 2];
}

/* the last point (from FROM on) before two consecutive points cost more than LIMIT (a single
 * slow point is noise of the shared machine); -1 if none */
static int last_before_step(const rlb_tlb *t, int from, double limit)
{
	for (int i = from + 1; i + 1 < t->npoints; i++)
		if (t->cy[i] > limit && t->cy[i + 1] > limit)
			return i - 1;
	return -1;
}

/* the first point at or beyond PAGES */
static int point_at(const rlb_tlb *t, double pages)
{
	for (int i = 0; i < t->npoints; i++)
		if (t->pages[i] >= pages)
			return i;
	return t->npoints - 1;
}

/* The two steps.  L1 TLB: while the lines fit in L1 (<= 512 pages), a rise of 0.25 cy over
 * the first points; its cost: the median from 2x to 4x its reach.  L2 TLB: a rise of 1.5 cy
 * over the L2 plateau (1024..2048 pages, lines in L2); its cost at twice its reach, where
 * every page touch misses (docs/model.md: the miss fraction ramps from reach to 2 x reach). */
static void find_steps(rlb_tlb *t)
{
	double base = median_cost(t, 0, 48);
	int i1 = last_before_step(t, 0, base + 0.25);
	if (i1 < 0 || t->pages[i1] > 256) {
		snprintf(t->why, sizeof t->why, "no L1 TLB step below 256 pages");
		return;
	}
	t->entries[0] = (int)t->pages[i1];
	t->miss[0] = median_cost(t, 2 * t->pages[i1], 4 * t->pages[i1]) - base;
	double plat = median_cost(t, 1024, 2048);
	int i2 = last_before_step(t, point_at(t, 1024), plat + 1.5);
	if (i2 < 0 || !(t->miss[0] > 0) || 2 * t->pages[i2] > t->pages[t->npoints - 1]) {
		snprintf(t->why, sizeof t->why, "no L2 TLB step up to %.0f pages",
			 t->pages[t->npoints - 1] / 2);
		return;
	}
	t->entries[1] = (int)t->pages[i2];
	t->miss[1] = t->cy[point_at(t, 2 * t->pages[i2])] - plat;
	t->ok = t->miss[1] > 0;
}

void rlb_tlb_measure(rlb_tlb *t, double ghz, int quiet)
{
	memset(t, 0, sizeof *t);
	t->huge_kb = -1;
	double p = 16;
	for (int i = 0; i < RLB_TLB_POINTS && p <= 16384; i++, p *= 1.19) {
		long rows = ((long)p + 7) / 8 * 8;
		if (i > 0 && rows <= t->pages[i - 1]) {
			i--;
			continue;
		}
		t->pages[i] = (double)rows;
		t->cy[i] = walk_cost(rows, 0, ghz, NULL);
		t->npoints = i + 1;
		if (!quiet)
			fprintf(stderr, "          tlb: column walk over %6ld pages of 4 KiB: %6.2f "
				"cy/access\n", rows, t->cy[i]);
	}
	find_steps(t);
	if (!t->ok)
		return;
	long rows = (long)(2 * t->entries[1] + 7) / 8 * 8;
	t->huge_pages = (double)rows;
	t->small_cy = t->cy[point_at(t, rows)];
	t->huge_cy = walk_cost(rows, 1, ghz, &t->huge_kb);
	if (!quiet)
		fprintf(stderr, "          tlb: L1 %d entries (+%.2f cy), L2 %d entries (+%.2f cy); "
			"%ld rows on 2 MiB pages: %.2f cy/access (huge pages granted: %ld kB)\n",
			t->entries[0], t->miss[0], t->entries[1], t->miss[1], rows, t->huge_cy,
			t->huge_kb);
}

void rlb_tlb_apply(const rlb_tlb *t, rl_machine *m, const char *how)
{
	if (!t->ok)
		return;
	static const char *const names[2] = { "L1", "L2" };
	m->ntlb = 2;
	m->tlb_measured = 1;
	for (int k = 0; k < 2; k++) {
		snprintf(m->tlb[k].name, sizeof m->tlb[k].name, "%s", names[k]);
		m->tlb[k].entries = t->entries[k];
		m->tlb[k].page = PAGE_4K;
		m->tlb[k].miss_cycles = t->miss[k] > 0.01 ? t->miss[k] : 0.01;
	}
	char huge[96];
	if (t->huge_kb > 0)
		snprintf(huge, sizeof huge, "%.2f cy/access (granted: %ld kB)", t->huge_cy,
			 t->huge_kb);
	else
		snprintf(huge, sizeof huge, "not granted by the kernel (%.2f cy/access)", t->huge_cy);
	snprintf(m->tlb_source, sizeof m->tlb_source, "measured: column walk, stride 4160 B, "
		 "entries = last page count before each step (grid x1.19); %.0f pages: %.2f cy/access "
		 "on 4 KiB pages, 2 MiB pages (MADV_HUGEPAGE) %s; %s", t->huge_pages, t->small_cy,
		 huge, how);
}
