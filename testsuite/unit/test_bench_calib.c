/* roofline-bench's ECM calibration fit (machines/bench/calib.c) and the capacity step finder
 * (machines/bench/capacity.c) on synthetic data with a known answer. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "machines/bench/calib.h"
#include "machines/bench/capacity.h"
#include "machines/bench/overlap.h"

/* three levels, the L3 a victim cache (AMD Zen): on the L2-L3 link every line in is a line
 * out, so only fill + evict of that link is determined by any kernel */
static void zen_like(rl_machine *m)
{
	memset(m, 0, sizeof *m);
	m->nlevels = 3;
	m->cores = 2;
	m->clock_ghz = 4;
	for (int l = 0; l < 3; l++) {
		m->levels[l].line = 64;
		m->levels[l].write_allocate = 1;
		m->levels[l].shared_by = 1;
	}
	m->levels[2].victim = 1;
}

/* roofline-bench's fitted kernels: load, store, copy, update, 2 loads 1 store; held out: 3 loads
 * 1 store.  In-core (L1) times: 0.5 cy per load, 1 cy per store, the larger of the two. */
static void kernels(rlb_cal *c)
{
	static const struct { const char *name; int ns, rd, wr, ld, st, fit; } k[] = {
		{ "load", 1, 1, 0, 1, 0, 1 }, { "store", 1, 0, 1, 0, 1, 1 },
		{ "copy", 2, 1, 2, 1, 1, 1 }, { "update", 1, 1, 1, 1, 1, 1 },
		{ "2load_1store", 3, 3, 4, 2, 1, 1 }, { "3load_1store", 4, 7, 8, 3, 1, 0 },
	};
	memset(c, 0, sizeof *c);
	c->nlevels = 3;
	c->load_cycles = 0.5;
	c->nk = 6;
	for (int i = 0; i < 6; i++) {
		rlb_cal_kernel *x = &c->k[i];
		strcpy(x->name, k[i].name);
		x->nstreams = k[i].ns;
		x->reads = k[i].rd;
		x->writes = k[i].wr;
		x->loads = k[i].ld;
		x->stores = k[i].st;
		x->fitted = k[i].fit;
		x->t[0] = fmax(0.5 * k[i].ld, 1.0 * k[i].st);
	}
}

/* the measurements the rule and link costs TRUTH give */
static void synthesise(rlb_cal *c, const rlb_cal_fit *truth)
{
	for (int i = 0; i < c->nk; i++)
		for (int lv = 1; lv <= c->nlevels; lv++)
			c->k[i].t[lv] = rlb_cal_predict(c, &c->k[i], lv, truth);
}

static void check_fit(rl_overlap rule, int links)
{
	rl_machine m;
	rlb_cal c;
	zen_like(&m);
	kernels(&c);
	rlb_cal_counts(&c, &m);
	/* the traffic rule: copy in memory fills 2 lines (load + write-allocate) and evicts 1 at
	   the memory link; at L2-L3 (victim) it evicts both lines */
	assert_float_equal(c.k[2].fills[3][2], 2, 1e-12);
	assert_float_equal(c.k[2].evicts[3][2], 1, 1e-12);
	assert_float_equal(c.k[2].evicts[3][1], 2, 1e-12);
	/* L2-L3: evict at the fit's floor (0.01), only fill + evict is determined there */
	rlb_cal_fit truth = { rule, links, { 1.0, 2.0, 8.0 }, { 0.3, 0.01, 4.0 }, 0, 0 };
	synthesise(&c, &truth);
	assert_int_equal(rlb_cal_fit_all(&c), 0);
	const rlb_cal_fit *f = &c.fits[c.chosen];
	assert_int_equal(f->rule, rule);
	if (rule == RL_OVERLAP_PARTIAL)
		assert_int_equal(f->serial_links, links);
	assert_true(f->rms_pct < 0.1);
	for (int b = 0; b < 3; b++) {
		assert_float_equal(f->fill[b], truth.fill[b], 0.01 * truth.fill[b]);
		assert_float_equal(f->evict[b], truth.evict[b], 0.01 * truth.evict[b] + 0.005);
	}
	/* the held-out kernel is reproduced too (same rule, same costs) */
	for (int lv = 1; lv <= 3; lv++)
		assert_float_equal(rlb_cal_predict(&c, &c.k[5], lv, f), c.k[5].t[lv],
				   1e-3 * c.k[5].t[lv]);
}

static void test_fit_overlapping(void **state)
{
	(void)state;
	check_fit(RL_OVERLAP_ZEN, 1);
}

static void test_fit_serial(void **state)
{
	(void)state;
	check_fit(RL_OVERLAP_SERIAL, 1);
}

static void test_fit_partial(void **state)
{
	(void)state;
	check_fit(RL_OVERLAP_PARTIAL, 1);
}

/* a fitted kernel without a measurement: no fit */
static void test_fit_needs_data(void **state)
{
	(void)state;
	rlb_cal c;
	kernels(&c);
	assert_int_equal(rlb_cal_fit_all(&c), -1);
}

/* The rule choice: the fits of the Zen 5 guest's runs of 2026-11-24 22:06-22:09 UTC
 * (bench/machines/zen5-2026-11-24-s18-run{1,2,3}.log; rms %: serial, overlapping, partial
 * with 1 and 2 serial links).  Margin: a partial rule needs rms <= 0.75 x and <= -1 point of
 * the better of serial and overlapping.
 *   run 1: 7.6 2.4 5.9 7.6 -> overlapping (partial worse);
 *   run 2: 7.9 8.3 6.8 8.1 -> serial 7.9 is the better simple rule; 6.8 > 0.75 x 7.9 = 5.925
 *          -> serial (the smallest rms alone chose partial 1; that run's L2 buffers sat on
 *          4 KiB pages and its L2 load, store and update were 25-30 % slow: no choice rule
 *          mends such data, the 2 MiB pages of every buffer beyond the L1 do);
 *   run 3: 6.6 3.5 5.3 6.7 -> overlapping.
 * Made up to test the edges: simple 8.0, partial 6.0 = exactly 0.75 x 8.0 and 2 points
 * smaller -> partial; simple 3.0, partial 2.1 (0.7 x, but only 0.9 points smaller) -> the
 * simple rule; simple 8.0, partial 6.01 (0.751 x) -> the simple rule; the partial rule
 * with 2 links of a two-level host (rms 1e9, the serial rule) never counts. */
static int choose(double s, double o, double p1, double p2)
{
	rlb_cal_fit f[4] = {
		{ RL_OVERLAP_SERIAL, 1, { 0 }, { 0 }, s, 0 },
		{ RL_OVERLAP_ZEN, 1, { 0 }, { 0 }, o, 0 },
		{ RL_OVERLAP_PARTIAL, 1, { 0 }, { 0 }, p1, 0 },
		{ RL_OVERLAP_PARTIAL, 2, { 0 }, { 0 }, p2, 0 },
	};
	return rlb_cal_choose(f, 4);
}

static void test_rule_choice(void **state)
{
	(void)state;
	assert_int_equal(choose(7.6, 2.4, 5.9, 7.6), 1);
	assert_int_equal(choose(7.9, 8.3, 6.8, 8.1), 0);
	assert_int_equal(choose(6.6, 3.5, 5.3, 6.7), 1);
	assert_int_equal(choose(9.0, 8.0, 7.0, 6.0), 3);
	assert_int_equal(choose(3.0, 9.0, 2.1, 5.0), 0);
	assert_int_equal(choose(9.0, 8.0, 6.01, 9.0), 1);
	assert_int_equal(choose(9.0, 8.0, 6.5, 1e9), 1);
	assert_int_equal(choose(9.0, 20.0, 2.0, 1e9), 2);
	/* the sentence names the choice, both rms figures and the margin */
	rlb_cal c;
	memset(&c, 0, sizeof c);
	rlb_cal_fit f[4] = {
		{ RL_OVERLAP_SERIAL, 1, { 0 }, { 0 }, 7.9, 0 },
		{ RL_OVERLAP_ZEN, 1, { 0 }, { 0 }, 8.3, 0 },
		{ RL_OVERLAP_PARTIAL, 1, { 0 }, { 0 }, 6.8, 0 },
		{ RL_OVERLAP_PARTIAL, 2, { 0 }, { 0 }, 8.1, 0 },
	};
	memcpy(c.fits, f, sizeof f);
	c.chosen = rlb_cal_choose(c.fits, 4);
	char why[256];
	rlb_cal_choice_text(&c, why, sizeof why);
	assert_string_equal(why, "serial rule: rms of the better of serial and overlapping "
			    "(serial) 7.9 %, of the best partial rule (1 serial link) 6.8 %; a "
			    "partial rule is chosen only if its rms is at least 25 % and 1.0 "
			    "points smaller");
}

/* step from 1.0 to 2.0 between N = 1000 and 1200 with one noisy point (1.9 at N = 600) below
 * it: midpoint 1.5 is crossed (last upward crossing) between 1000 (1.0) and 1200 (2.0) at
 * x = 0.5: N = exp((ln 1000 + ln 1200) / 2) = sqrt(1.2e6) = 1095.4; a flat curve: no step */
static void test_capacity_step(void **state)
{
	(void)state;
	const double n[8] = { 400, 500, 600, 800, 1000, 1200, 1500, 2000 };
	const double t[8] = { 1.0, 1.0, 1.9, 1.0, 1.0, 2.0, 2.0, 2.0 };
	assert_float_equal(rlb_capacity_breakpoint(n, t, 8, 1.1), sqrt(1.2e6), 1e-6);
	const double flat[8] = { 1.0, 1.02, 1.0, 1.01, 1.03, 1.04, 1.05, 1.05 };
	assert_float_equal(rlb_capacity_breakpoint(n, flat, 8, 1.1), 0, 0);
}

/* the step fitted to a ramp (the 3D sweep): 0.32 at N = 100..400, 0.34 at 500, 0.36 at 600,
 * 0.37 at 700..1000, one fast point (0.28 at N = 200) and one slow (0.40 at N = 300) below.
 * Splits k = 3..7 (at least 3 points a side), absolute deviations from the medians:
 *   k = 5 (below: 0.32 0.28 0.40 0.32 0.34, median 0.32; above: 0.36 0.37 0.37 0.37 0.37,
 *   median 0.37): 0 + .04 + .08 + 0 + .02 + .01 = 0.15;
 *   k = 4 (below median 0.32; above 0.34 0.36 0.37 x 4: median 0.37): .04 + .08 + .03 + .01
 *   = 0.16;  k = 6 (below: 0.32 0.28 0.40 0.32 0.34 0.36, median 0.33; above 0.37 x 4):
 *   .01 + .05 + .07 + .01 + .01 + .03 = 0.18;  k = 3 and 7 are larger.
 * The split after N = 500: sqrt(500 x 600) = 547.72; 0.37 / 0.32 = 1.156 >= 1.1.  With a
 * minimum step of 1.2: no step.  The half-way crossing of the plateaus (smallest of the
 * first three 0.28, median of the last three 0.37: middle 0.325) would be the last upward
 * crossing, between 400 (0.32) and 500 (0.34) instead. */
static void test_capacity_step_fit(void **state)
{
	(void)state;
	const double n[10] = { 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000 };
	const double t[10] = { 0.32, 0.28, 0.40, 0.32, 0.34, 0.36, 0.37, 0.37, 0.37, 0.37 };
	assert_float_equal(rlb_capacity_step_fit(n, t, 10, 1.1), sqrt(500.0 * 600.0), 1e-9);
	assert_float_equal(rlb_capacity_step_fit(n, t, 10, 1.2), 0, 0);
	assert_float_equal(rlb_capacity_step_fit(n, t, 5, 1.1), 0, 0);
	double b = rlb_capacity_breakpoint(n, t, 10, 1.1);
	assert_true(b > 400 && b < 500);
}

/* the grid of the capacity sweep: levels of the Zen 5 guest (48 KiB, 1 MiB, 32 MiB shared by 2):
 * L1 -> two levels out, a quarter of the L3 share = 4 MiB >= 2 x 1 MiB; L2 -> its next level,
 * the same 4 MiB.  A 96 MiB L3 per core: capped at 8e6 B.  A 3 MiB L3 shared by 2 (a quarter of
 * the share 0.375 MiB < 2 x L2): L1's grid stays in L2, a quarter of it = 256 KiB.  Two levels:
 * L1 -> L2. */
static void test_capacity_grid(void **state)
{
	(void)state;
	static rl_machine m;
	long long sz[3] = { 48 << 10, 1 << 20, 32 << 20 };
	m.nlevels = 3;
	for (int i = 0; i < 3; i++) {
		m.levels[i].size = sz[i];
		m.levels[i].shared_by = i == 2 ? 2 : 1;
	}
	int g = -1;
	assert_float_equal(rlb_capacity_grid_bytes(&m, 0, &g), 4194304.0, 0);
	assert_int_equal(g, 2);
	assert_float_equal(rlb_capacity_grid_bytes(&m, 1, &g), 4194304.0, 0);
	assert_int_equal(g, 2);
	m.levels[2].size = 192 << 20;
	assert_float_equal(rlb_capacity_grid_bytes(&m, 0, &g), 8e6, 0);
	m.levels[2].size = 3 << 20;
	assert_float_equal(rlb_capacity_grid_bytes(&m, 0, &g), 262144.0, 0);
	assert_int_equal(g, 1);
	m.nlevels = 2;
	assert_float_equal(rlb_capacity_grid_bytes(&m, 0, &g), 262144.0, 0);
	assert_int_equal(g, 1);
}

/* Serial fractions (machines/bench/overlap.c) from a Jacobi kernel synthesised with known
 * ones.  Link costs: L1-L2 fill 1 / evict 0.3, L2-L3 2 / 0.01 (victim L3), memory 8 / 4; the
 * kernel moves a copy's lines: T_L1L2 = 2 x 1 + 0.3 = 2.3, T_L2L3 = 2 x 2 + 2 x 0.01 = 4.02,
 * T_L3Mem = 2 x 8 + 4 = 20.  L1 time 6, fractions 0.4, 0.25, 0.8: L2 6 + 0.92 = 6.92, L3
 * 6.92 + 1.005 = 7.925, memory 7.925 + 16 = 23.925. */
static void zen_costs(rl_machine *m)
{
	zen_like(m);
	m->overlap = RL_OVERLAP_ZEN;
	m->levels[0].fill_cycles = 1;
	m->levels[0].evict_cycles = 0.3;
	m->levels[1].fill_cycles = 2;
	m->levels[1].evict_cycles = 0.01;
	m->mem_fill_cycles = 8;
	m->mem_evict_cycles = 4;
}

static void test_serial_fractions(void **state)
{
	(void)state;
	rl_machine m;
	zen_costs(&m);
	rlb_overlap o = { .nlevels = 3, .n = 258, .t = { 6, 6.92, 7.925, 23.925 } };
	assert_int_equal(rlb_overlap_fit(&o, &m, NULL), 0);
	assert_float_equal(o.link[0], 2.3, 1e-12);
	assert_float_equal(o.link[1], 4.02, 1e-12);
	assert_float_equal(o.link[2], 20, 1e-12);
	assert_float_equal(o.frac[0], 0.4, 1e-9);
	assert_float_equal(o.frac[1], 0.25, 1e-9);
	assert_float_equal(o.frac[2], 0.8, 1e-9);
	/* clamped: an L2 time below the L1 time gives 0, a memory time beyond the serial sum 1 */
	rlb_overlap c2 = { .nlevels = 3, .n = 258, .t = { 6, 5.5, 7, 60 } };
	assert_int_equal(rlb_overlap_fit(&c2, &m, NULL), 0);
	assert_float_equal(c2.frac[0], 0, 0);
	assert_float_equal(c2.frac[1], 0.249, 1e-9);  /* (7 - 6) / 4.02 = 0.2488 -> 0.249 */
	assert_float_equal(c2.frac[2], 1, 0);
	/* the partial rule keeps its serial link whole; the serial rule takes none */
	m.overlap = RL_OVERLAP_PARTIAL;
	m.serial_links = 1;
	assert_int_equal(rlb_overlap_fit(&o, &m, NULL), 0);
	assert_float_equal(o.frac[0], 1, 0);
	m.overlap = RL_OVERLAP_SERIAL;
	assert_int_equal(rlb_overlap_fit(&o, &m, NULL), -1);
	/* a level not measured */
	m.overlap = RL_OVERLAP_ZEN;
	o.t[3] = 0;
	assert_int_equal(rlb_overlap_fit(&o, &m, NULL), -1);
}

/* With the calibration kernels (streams measured as the overlapping rule predicts them with
 * the same costs): the inner fractions do not change them (their T_nOL plus the fractions stays
 * below the transfer), so the Jacobi kernel alone decides those; a memory fraction of 0.95
 * (kernel: 7.925 + 0.95 x 20 = 26.925) would make them slower: the load kernel's chain 0.5 +
 * 0.4 x 1 + 0.25 x 2.01 + x 8 passes its 8 cy beyond x = 0.8247, the copy's (0.5 + 0.4 x 2.3
 * + 0.25 x 4.02 + x 20 against 20) beyond 0.8788, so the least-squares fraction lies between
 * 0.8247 and 0.95. */
static void test_serial_fractions_with_streams(void **state)
{
	(void)state;
	rl_machine m;
	rlb_cal c;
	zen_costs(&m);
	kernels(&c);
	rlb_cal_counts(&c, &m);
	rlb_cal_fit truth = { RL_OVERLAP_ZEN, 1, { 1, 2, 8 }, { 0.3, 0.01, 4 }, 0, 0 };
	synthesise(&c, &truth);
	c.fits[0] = truth;
	c.chosen = 0;
	rlb_overlap o = { .nlevels = 3, .n = 258, .t = { 6, 6.92, 7.925, 26.925 } };
	assert_int_equal(rlb_overlap_fit(&o, &m, NULL), 0);
	assert_float_equal(o.frac[2], 0.95, 1e-9);
	assert_int_equal(rlb_overlap_fit(&o, &m, &c), 0);
	assert_float_equal(o.frac[0], 0.4, 1e-9);
	assert_float_equal(o.frac[1], 0.25, 1e-9);
	assert_true(o.frac[2] > 0.8247 && o.frac[2] < 0.95);
}

/* ecm.memory_load_factor from the Jacobi kernel (the Zen 5 guest's run of 2026-11-24 22:06 UTC,
 * AuthenticAMD family 26 model 2): 4.38 cy per 8 updates in L1, 23.18 in memory, the memory
 * link 2 x 6.256 + 1.243 = 13.755 cy.  AVX-512: per unit 4 zmm loads, 7/8 of them line-split
 * = 7.5 slots against 1 load per line read; with the calibration's 0.5 cy per load T_nOL =
 * 3.75: reuse 3.75 x (1 - 1 / 7.5) = 3.25 cy, factor (23.18 - 13.755) / 3.25 = 2.9.  Without
 * the calibration's figure the L1 time stands for T_nOL: reuse 4.38 x 6.5 / 7.5 = 3.796,
 * factor 2.4829.  AVX2: 8 ymm loads, 3/8 split = 11 slots against 2: reuse 11 x 0.5 x 9 / 11
 * = 4.5.  A memory time at or below the transfer: no factor. */
static void test_memory_load_factor(void **state)
{
	(void)state;
	rlb_overlap o = { .nlevels = 3, .avx = 2, .t = { 4.38, 5.15, 6.31, 23.18 },
			  .link = { 2.135, 4.32, 13.755 } };
	assert_float_equal(rlb_overlap_load_factor(&o, 0.5), 2.9, 1e-9);
	assert_float_equal(o.reuse, 3.25, 1e-9);
	assert_float_equal(rlb_overlap_load_factor(&o, 0), 2.4829, 1e-4);
	assert_float_equal(o.reuse, 3.796, 1e-9);
	o.avx = 1;
	rlb_overlap_load_factor(&o, 0.5);
	assert_float_equal(o.reuse, 4.5, 1e-9);
	o.t[3] = 13.7;
	assert_float_equal(rlb_overlap_load_factor(&o, 0.5), 0, 0);
}

/* the tall grids' limit: 3/8 of the level holding the grid, at most 32 MiB (32 MiB L3 of the
 * Zen 5 guest: 12 MiB, 12 rows of N <= 65536; a 260 MiB L3 as sysfs reports on the Emerald
 * Rapids guest: 32 MiB).  The factor from a step: 1 MiB L2, step at N = 32768 -> 3 x 32768 x
 * 8 / 2^20 = 0.75; step at N = 48000 (beyond 43690.7 = 2^20 / 24) -> 1; no step over a sweep
 * reaching N = 65528 (1.5 x 43690.7 >= 1.25 x) -> 1; no step up to N = 50000 (1.14 x) -> 0 */
static void test_capacity_tall_factor(void **state)
{
	(void)state;
	static rl_machine m;
	m.nlevels = 3;
	m.levels[2].size = 32 << 20;
	assert_float_equal(rlb_capacity_tall_bytes(&m, 2), 12582912.0, 0);
	m.levels[2].size = 260LL << 20;
	assert_float_equal(rlb_capacity_tall_bytes(&m, 2), 33554432.0, 0);
	assert_float_equal(rlb_capacity_factor(32768, 65528, 1 << 20), 0.75, 1e-12);
	assert_float_equal(rlb_capacity_factor(48000, 65528, 1 << 20), 1.0, 0);
	assert_float_equal(rlb_capacity_factor(0, 65528, 1 << 20), 1.0, 0);
	assert_float_equal(rlb_capacity_factor(0, 50000, 1 << 20), 0, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_overlapping),
		cmocka_unit_test(test_fit_serial),
		cmocka_unit_test(test_fit_partial),
		cmocka_unit_test(test_fit_needs_data),
		cmocka_unit_test(test_rule_choice),
		cmocka_unit_test(test_capacity_step),
		cmocka_unit_test(test_capacity_step_fit),
		cmocka_unit_test(test_capacity_grid),
		cmocka_unit_test(test_serial_fractions),
		cmocka_unit_test(test_serial_fractions_with_streams),
		cmocka_unit_test(test_capacity_tall_factor),
		cmocka_unit_test(test_memory_load_factor),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
