/* roofline-bench: the calibration kernels' working sets per level and the median over them
 * (machines/bench/calsizes.c); expected values derived by hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "machines/bench/calsizes.h"

/* the Zen 5 guest of zen5-host-bench.yml: L1 48 KiB, L2 1 MiB, L3 32 MiB shared by 2 cores */
static void test_plan_zen5(void **state)
{
	(void)state;
	static rlb_calsizes s;
	long long size[3] = { 48 << 10, 1 << 20, 32 << 20 };
	int shared[3] = { 1, 1, 2 };
	rlb_calsizes_plan(&s, 3, size, shared, 7);
	assert_int_equal(s.n[0], 0);           /* the L1: no sizes (its time is T_OL) */
	assert_int_equal(s.n[1], 7);
	assert_int_equal(s.n[2], 7);
	/* L2: hi = 0.7 x 1 MiB = 734003.2, lo = max(8 x 48 KiB = 393216, 0.2 x 1 MiB), at most
	   hi / 2 = 367001.6: lo = 367001.6, step (hi - lo) / 6 = 61166.93; rounded down to 4 KiB: 367001.6 / 4096
	   = 89.6 -> 364544; the middle one 367001.6 + 3 x 61166.93 = 550502.4 -> 134 x 4096 =
	   548864; the last 734003.2 -> 179 x 4096 = 733184 */
	assert_int_equal(s.ws[1][0], 364544);
	assert_int_equal(s.ws[1][3], 548864);
	assert_int_equal(s.ws[1][6], 733184);
	/* L3: hi = min(32 MiB / 2, 16 x 1 MiB) = 16 MiB, lo = min(8 x 1 MiB, hi / 2) = 8 MiB,
	   step 8 MiB / 6: 8, 9.33, ... 16 MiB; the middle one 8 + 4 = 12 MiB */
	assert_int_equal(s.ws[2][0], 8 << 20);
	assert_int_equal(s.ws[2][3], 12 << 20);
	assert_int_equal(s.ws[2][6], 16 << 20);
}

/* an Intel Emerald Rapids class guest: L2 2 MiB, an LLC of 260 MiB (sysfs) shared by 2: the
 * range stops at 16 x L2; a small LLC share: at least 4 x the level below */
static void test_plan_caps(void **state)
{
	(void)state;
	static rlb_calsizes s;
	long long size[3] = { 48 << 10, 2 << 20, 260LL << 20 };
	int shared[3] = { 1, 1, 2 };
	rlb_calsizes_plan(&s, 3, size, shared, 5);
	/* hi = min(130 MiB, 16 x 2 MiB) = 32 MiB, lo = min(8 x 2 MiB, 16 MiB) = 16 MiB: 16, 20,
	   24, 28, 32 MiB */
	assert_int_equal(s.ws[2][0], 16 << 20);
	assert_int_equal(s.ws[2][1], 20 << 20);
	assert_int_equal(s.ws[2][4], 32 << 20);
	/* L2: hi = 0.7 x 2 MiB = 1468006.4, lo = max(393216, 0.2 x 2 MiB = 419430.4) = 419430.4
	   (below hi / 2) -> 102 x 4096 = 417792 */
	assert_int_equal(s.ws[1][0], 417792);
	long long small[3] = { 32 << 10, 1 << 20, 4 << 20 };
	int many[3] = { 1, 1, 8 };
	rlb_calsizes_plan(&s, 3, small, many, 3);
	/* hi = min(4 MiB / 8, 16 MiB) = 0.5 MiB, at least 4 x 1 MiB -> 4 MiB; lo = min(8 MiB,
	   hi / 2 = 2 MiB), at least 2 x 1 MiB -> 2 MiB: 2, 3, 4 MiB */
	assert_int_equal(s.ws[2][0], 2 << 20);
	assert_int_equal(s.ws[2][1], 3 << 20);
	assert_int_equal(s.ws[2][2], 4 << 20);
}

static void test_median(void **state)
{
	(void)state;
	double odd[3] = { 3, 1, 2 }, even[4] = { 4, 1, 3, 2 }, gaps[4] = { 0, 5, -1, 7 };
	double none[2] = { 0, -1 };
	assert_true(rlb_calsizes_median(odd, 3) == 2);
	assert_true(rlb_calsizes_median(even, 4) == 2.5);   /* (2 + 3) / 2 */
	assert_true(rlb_calsizes_median(gaps, 4) == 6);     /* unmeasured ones left out: (5 + 7) / 2 */
	assert_true(rlb_calsizes_median(none, 2) == 0);
	assert_true(odd[0] == 3 && odd[1] == 1);            /* not sorted in place */
}

/* the medians replace the kernels' single-size figures at the levels with sizes only */
static void test_apply(void **state)
{
	(void)state;
	static rlb_calsizes s;
	static rlb_cal c;
	memset(&s, 0, sizeof s);
	memset(&c, 0, sizeof c);
	s.nlevels = c.nlevels = 3;
	c.nk = 2;
	s.n[1] = 5;
	s.n[2] = 5;
	/* kernel 0 at L2: the copy kernel's figures of the Zen 5 guest at 204-716 KiB (2026-11-24
	   21:15 UTC, five of them): 2.68 2.68 2.38 2.05 2.08 -> sorted 2.05 2.08 2.38 2.68 2.68,
	   median 2.38 */
	double l2[5] = { 2.68, 2.68, 2.38, 2.05, 2.08 }, l3[5] = { 4.26, 4.74, 4.39, 4.16, 4.57 };
	memcpy(s.t[0][1], l2, sizeof l2);
	memcpy(s.t[0][2], l3, sizeof l3);    /* sorted 4.16 4.26 4.39 4.57 4.74: median 4.39 */
	for (int k = 0; k < 2; k++)
		for (int L = 0; L <= 3; L++)
			c.k[k].t[L] = 10 + L;        /* the single-size figures */
	/* from the last level (L3, index 2) only: the L2 figure stays */
	assert_int_equal(rlb_calsizes_apply(&s, &c, 2), 1);
	assert_true(c.k[0].t[1] == 11 && c.k[0].t[2] == 4.39);
	assert_int_equal(rlb_calsizes_apply(&s, &c, 1), 2);
	assert_true(c.k[0].t[0] == 10);      /* L1 untouched */
	assert_true(c.k[0].t[1] == 2.38);
	assert_true(c.k[0].t[2] == 4.39);
	assert_true(c.k[0].t[3] == 13);      /* memory untouched */
	assert_true(c.k[1].t[1] == 11 && c.k[1].t[2] == 12);   /* kernel 1: no sizes measured */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_zen5),
		cmocka_unit_test(test_plan_caps),
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_apply),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
