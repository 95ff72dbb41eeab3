/* roofline-bench: the link costs per working set (machines/bench/wssteps.c): the plan of
 * sizes, the step fitted to the calibration kernels, the machine keys it writes; expected
 * values derived by hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "machines/bench/wssteps.h"

/* the Zen 5 guest of zen5-host-bench.yml: L1 48 KiB, L2 1 MiB, L3 32 MiB shared by 2 cores */
static void test_plan_zen5(void **state)
{
	(void)state;
	static rlb_calsizes s;
	long long size[3] = { 48 << 10, 1 << 20, 32 << 20 };
	int shared[3] = { 1, 1, 2 };
	rlb_wssteps_plan(&s, 3, size, shared);
	assert_int_equal(s.n[0], 0);
	assert_int_equal(s.n[1], 8);
	assert_int_equal(s.n[2], 8);
	/* L2: lo = 4 x 48 KiB = 196608, hi = 0.7 x 1 MiB = 734003.2, ratio 3.7333; size 3 =
	   196608 x 3.7333^(3/7) = 196608 x 1.75868 = 345768.6 -> 84 x 4096 = 344064; size 7 =
	   734003.2 -> 179 x 4096 = 733184 */
	assert_int_equal(s.ws[1][0], 196608);
	assert_int_equal(s.ws[1][3], 344064);
	assert_int_equal(s.ws[1][7], 733184);
	/* L3: lo = 2 x 1 MiB, hi = min(32 MiB / 2, 16 x 1 MiB) = 16 MiB, ratio 8: size 3 =
	   2 MiB x 2^(9/7) = 5113271 -> 1248 x 4096 = 5111808 */
	assert_int_equal(s.ws[2][0], 2 << 20);
	assert_int_equal(s.ws[2][3], 5111808);
	assert_int_equal(s.ws[2][7], 16 << 20);
	/* an L2 only 4 x the L1: lo = 1 MiB is beyond hi = 0.7 MiB, no sizes; the last level
	   always gets some (hi >= 4 x the level below = 2 x lo) */
	long long near[3] = { 256 << 10, 1 << 20, 8 << 20 };
	rlb_wssteps_plan(&s, 3, near, shared);
	assert_int_equal(s.n[1], 0);
	assert_int_equal(s.n[2], 8);
}

/* Three fitted kernels and one held out at 8 sizes of 200 .. 640 KiB (level 1):
 *   A: 1.3 at the first three sizes, 1.0 beyond (reference: the smallest at the top three
 *     sizes = 1.0);
 *   B: 2.6 at the first four, 2.0 at sizes 4 and 5, 2.6 again at sizes 6 and 7 (two slow
 *     figures: the median of the top three would be 2.6, the smallest is 2.0): ratio 1.3 up to
 *     size 3, 1.0 at 4 and 5, 1.3 at 6 and 7;
 *   C (reads nothing, a store kernel): WO at the first three sizes, 1.0 beyond;
 *   D (held out): 1 up to size 4, 9 beyond - counted, it would give ratios 1/9 at the small
 *     sizes and move their median to (1.0 + 1.3) / 2 = 1.15, so it must not count.
 * Ratio per size = median over A, B, C: 1.3, 1.3, 1.3, 1.0 (1.0, 1.3, 1.0), then 1.0 (sizes 6
 * and 7: 1.0, 1.3, 1.0).  The step
 * after 3 sizes has residual 0: factor 1.3, below = sqrt(280 x 320) KiB = 299.33 KiB -> 299 KiB
 * = 306176 B.  write_only: C's ratio below the step, WO: 1.02 is written as 1 (within 5 %),
 * 1.2 as 1.2. */
static void fill_table(rlb_calsizes *s, rlb_cal *c, double step, double wo)
{
	static const int kib[8] = { 200, 240, 280, 320, 400, 480, 560, 640 };
	memset(s, 0, sizeof *s);
	memset(c, 0, sizeof *c);
	s->nlevels = 3;
	s->n[1] = 8;
	c->nk = 4;
	for (int k = 0; k < 4; k++) {
		c->k[k].fitted = k < 3;
		c->k[k].reads = k == 2 ? 0 : 1;
	}
	for (int i = 0; i < 8; i++) {
		s->ws[1][i] = kib[i] * 1024LL;
		s->t[0][1][i] = i < 3 ? step : 1.0;
		s->t[1][1][i] = i < 4 || i >= 6 ? 2 * step : 2.0;
		s->t[2][1][i] = i < 3 ? wo : 1.0;
		s->t[3][1][i] = i < 5 ? 1.0 : 9.0;
	}
}

static void test_fit_step(void **state)
{
	(void)state;
	static rlb_calsizes s;
	static rlb_cal c;
	rlb_ws_step st[RL_MAX_LEVELS];
	memset(st, 0, sizeof st);
	fill_table(&s, &c, 1.3, 1.02);
	assert_int_equal(rlb_wssteps_fit(&s, &c, 1, &st[1]), 1);
	assert_int_equal(st[1].nbelow, 3);
	assert_float_equal(st[1].factor, 1.3, 1e-12);
	assert_float_equal(st[1].below, 306176, 0);
	assert_float_equal(st[1].ratio[3], 1.0, 1e-12);
	assert_float_equal(st[1].ratio[7], 1.0, 1e-12);
	/* into the machine: caches[0] (the L1-L2 link) of a 48 KiB L1 */
	rl_machine m;
	memset(&m, 0, sizeof m);
	m.nlevels = 3;
	m.levels[0].size = 48 << 10;
	m.levels[1].size = 1 << 20;
	m.levels[1].small_factor = 7;     /* level 2 has no sizes: cleared, nothing written */
	assert_int_equal(rlb_wssteps_apply(&s, st, &m), 1);
	assert_float_equal(m.levels[0].small_below, 306176, 0);
	assert_float_equal(m.levels[0].small_factor, 1.3, 1e-12);
	assert_float_equal(st[1].write_only, 1.02, 1e-12);
	assert_float_equal(m.levels[0].small_write_only, 1, 0);
	assert_float_equal(m.levels[1].small_factor, 0, 0);
	/* a step of 3 % (below RLB_WS_MIN_FACTOR 1.05): fitted, not written */
	fill_table(&s, &c, 1.03, 1.0);
	assert_int_equal(rlb_wssteps_fit(&s, &c, 1, &st[1]), 0);
	assert_float_equal(st[1].factor, 1.03, 1e-12);
	assert_int_equal(rlb_wssteps_apply(&s, st, &m), 0);
	assert_float_equal(m.levels[0].small_factor, 0, 0);
	/* a store kernel with a step of its own */
	fill_table(&s, &c, 1.3, 1.2);
	assert_int_equal(rlb_wssteps_fit(&s, &c, 1, &st[1]), 1);
	assert_float_equal(st[1].write_only, 1.2, 1e-12);
	rlb_wssteps_apply(&s, st, &m);
	assert_float_equal(m.levels[0].small_write_only, 1.2, 1e-12);
	/* a kernel not measured at a size: no step */
	fill_table(&s, &c, 1.3, 1.0);
	for (int k = 0; k < 3; k++)
		s.t[k][1][5] = 0;
	assert_int_equal(rlb_wssteps_fit(&s, &c, 1, &st[1]), 0);
}

/* Two buffer sets: set 0 is the table of fill_table (step 1.3), set 1 the same with a slow
 * placement at sizes 6 and 7 (every kernel 1.5 x): the combination takes the faster set per
 * figure, i.e. set 0's table.  Confirmation (RLB_WS_MIN_FACTOR 1.05, RLB_WS_CONFIRM 0.5):
 * every set's own step >= 1.05, and the sets' factors within 0.5 x (1.3 - 1) = 0.15. */
static void test_sets_confirm(void **state)
{
	(void)state;
	static rlb_calsizes set[2], comb;
	static rlb_cal c;
	rlb_ws_step st, per[2];
	fill_table(&set[0], &c, 1.3, 1.0);
	set[1] = set[0];
	for (int k = 0; k < 4; k++)
		for (int i = 6; i < 8; i++)
			set[1].t[k][1][i] *= 1.5;
	rlb_wssteps_combine(&comb, set, 2);
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 8; i++)
			assert_float_equal(comb.t[k][1][i], set[0].t[k][1][i], 0);
	assert_int_equal(comb.n[1], 8);
	assert_float_equal(comb.ws[1][3], 320 * 1024, 0);
	/* both sets x 1.3 (set 1 = set 0): confirmed */
	rlb_wssteps_fit(&comb, &c, 1, &st);
	rlb_wssteps_fit(&set[0], &c, 1, &per[0]);
	rlb_wssteps_fit(&set[0], &c, 1, &per[1]);
	assert_int_equal(rlb_wssteps_confirm(&st, per, 2), 1);
	assert_int_equal(st.confirmed, 1);
	assert_float_equal(st.set_factor[1], 1.3, 1e-12);
	/* one set without a step (factor 1.03 < 1.05): not confirmed, not written */
	static rlb_calsizes flat;
	fill_table(&flat, &c, 1.03, 1.0);
	rlb_wssteps_fit(&comb, &c, 1, &st);
	rlb_wssteps_fit(&flat, &c, 1, &per[1]);
	assert_int_equal(rlb_wssteps_confirm(&st, per, 2), 0);
	assert_int_equal(st.confirmed, 0);
	assert_float_equal(st.set_factor[1], 1.03, 1e-12);
	/* both sets have a step, 1.3 and 1.1: spread 0.2 > 0.5 x (1.3 - 1) = 0.15: not confirmed;
	   1.3 and 1.2: spread 0.1 <= 0.15, confirmed */
	static rlb_calsizes s11, s12;
	fill_table(&s11, &c, 1.1, 1.0);
	fill_table(&s12, &c, 1.2, 1.0);
	rlb_wssteps_fit(&comb, &c, 1, &st);
	rlb_wssteps_fit(&s11, &c, 1, &per[1]);
	assert_int_equal(rlb_wssteps_confirm(&st, per, 2), 0);
	rlb_wssteps_fit(&comb, &c, 1, &st);
	rlb_wssteps_fit(&s12, &c, 1, &per[1]);
	assert_int_equal(rlb_wssteps_confirm(&st, per, 2), 1);
	assert_float_equal(st.factor, 1.3, 1e-12);
}

/* The reference figures into the fit: kernel A's smallest figure at sizes 5..7 of
 * fill_table is 1.0, B's 2.0 (size 5; sizes 6, 7 are 2.6), C's 1.0, the held-out D's 9.0;
 * a level without sizes (2) is left alone. */
static void test_reference(void **state)
{
	(void)state;
	static rlb_calsizes s;
	static rlb_cal c;
	fill_table(&s, &c, 1.3, 1.0);
	for (int k = 0; k < 4; k++)
		c.k[k].t[1] = c.k[k].t[2] = 5.0;
	assert_int_equal(rlb_wssteps_reference(&s, &c, 1), 4);
	assert_float_equal(c.k[0].t[1], 1.0, 0);
	assert_float_equal(c.k[1].t[1], 2.0, 0);
	assert_float_equal(c.k[2].t[1], 1.0, 0);
	assert_float_equal(c.k[3].t[1], 9.0, 0);
	assert_int_equal(rlb_wssteps_reference(&s, &c, 2), 0);
	assert_float_equal(c.k[0].t[2], 5.0, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_zen5),
		cmocka_unit_test(test_fit_step),
		cmocka_unit_test(test_sets_confirm),
		cmocka_unit_test(test_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
