/* roofline-bench: the cost of a strided line filled into L1 from L2.
 *
 * A read stream whose consecutive accesses are two or more lines apart (a column walk of short
 * rows, a[16 * i]) is not covered like adjacent lines: on AMD Zen 5 a line 128 B - 2 KiB from
 * the last costs 2.0 core cycles from L2 against 1.02 for adjacent lines, with 4 KiB or 2 MiB
 * pages alike (docs/model.md section 4d).  The walk: one load every STRIDE bytes into eight
 * independent sums over half the L2's lines, on 2 MiB pages (no TLB term in the figure). */
#include "machines/bench/strided.h"
#include "machines/bench/column-walk.h"

#include <stdio.h>
#include <string.h>

/* N accesses STRIDE bytes apart (N a multiple of 8), eight independent sums, REPS times */
__attribute__((noinline, optimize("O2", "no-tree-vectorize")))
static double strided_sweeps(const char *p, long n, long stride, long reps)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	for (long r = 0; r < reps; r++)
		for (const char *q = p, *e = p + n * stride; q < e; q += 8 * stride) {
			s0 += *(const double *)q;
			s1 += *(const double *)(q + stride);
			s2 += *(const double *)(q + 2 * stride);
			s3 += *(const double *)(q + 3 * stride);
			s4 += *(const double *)(q + 4 * stride);
			s5 += *(const double *)(q + 5 * stride);
			s6 += *(const double *)(q + 6 * stride);
			s7 += *(const double *)(q + 7 * stride);
		}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

/* core cycles per line of LINES lines STRIDE bytes apart: the fastest of 30 timings of
 * enough sweeps for 200 000 lines, after one untimed sweep; < 0 if mmap fails */
static double line_cost(long lines, long stride, double ghz)
{
	rlb_colwalk_buf b;
	if (rlb_colwalk_map(&b, lines, stride, 1))
		return -1;
	const char *p = (const char *)b.a;
	long reps = 1 + 200000 / lines;
	double best = 1e9, sink = strided_sweeps(p, lines, stride, 1);
	for (int r = 0; r < 30; r++) {
		double t0 = rlb_colwalk_now_s();
		sink += strided_sweeps(p, lines, stride, reps);
		double t = rlb_colwalk_now_s() - t0;
		if (t < best)
			best = t;
	}
	rlb_colwalk_unmap(&b);
	return sink == 42 ? 0 : best * ghz * 1e9 / ((double)reps * lines);
}

void rlb_strided_measure(rlb_strided *s, const rl_machine *m, double ghz, int quiet)
{
	static const long strides[2] = { 192, 1088 };
	memset(s, 0, sizeof(*s));
	if (m->nlevels < 2 || m->levels[1].size <= 0 || !(ghz > 0)) {
		snprintf(s->why, sizeof s->why, "no L2 level or no clock");
		return;
	}
	long per_core = m->levels[1].size / (m->levels[1].shared_by > 0 ? m->levels[1].shared_by : 1);
	s->lines = per_core / 2 / 64 / 8 * 8;
	if (s->lines < 64) {
		snprintf(s->why, sizeof s->why, "L2 too small (%ld B)", per_core);
		return;
	}
	s->adjacent = line_cost(s->lines, 64, ghz);
	for (int i = 0; i < 2; i++)
		s->cy[i] = line_cost(s->lines, strides[i], ghz);
	if (s->adjacent < 0 || s->cy[0] < 0 || s->cy[1] < 0) {
		snprintf(s->why, sizeof s->why, "mmap failed");
		return;
	}
	s->strided = (s->cy[0] + s->cy[1]) / 2;
	s->ok = 1;
	if (!quiet)
		fprintf(stderr, "roofline-bench: strided lines from L2 (%ld lines): 64 B %.2f, 192 B "
			"%.2f, 1088 B %.2f cy/line\n", s->lines, s->adjacent, s->cy[0], s->cy[1]);
}

void rlb_strided_apply(const rlb_strided *s, rl_machine *m)
{
	if (!s->ok || m->nlevels < 2)
		return;
	rl_cache_level *L = &m->levels[0];
	double fill = L->fill_cycles > 0 ? L->fill_cycles : L->cycles_per_line;
	L->strided_fill = s->strided > fill ? s->strided : 0;
}
