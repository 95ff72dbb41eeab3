/* roofline-bench: the last level's memory share per working set (machines/bench/memshare.c):
 * the plan of the sizes and the fit of the shares, expected figures derived by hand in the
 * comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "machines/bench/memshare.h"

#define MIB (1LL << 20)

/* L3 32 MiB: 4 MiB (the plateau), then 8 x 2^(i/2) MiB up to 64 MiB: 8, 11.31 (rounded down
 * to 64 KiB: 11584 KiB), 16, 22.63 (23168 KiB), 32, 45.25 (46336 KiB), 64 - 8 sizes; memory
 * 8 x 32 = 256 MiB.  A 1 GiB L3: 128 MiB (the plateau), then 256 MiB (L / 4, and the sizes
 * stop at 1 GiB / 4 = 256 MiB): 2 sizes; memory at most 1 GiB.  Below 1 MiB: none. */
static void test_plan(void **state)
{
	rlb_memshare s;
	(void)state;
	rlb_memshare_plan(&s, 32 * MIB);
	assert_int_equal(s.n, 8);
	assert_int_equal(s.ws[0], 4 * MIB);
	assert_int_equal(s.ws[1], 8 * MIB);
	assert_int_equal(s.ws[2], 11584 * 1024LL);
	assert_int_equal(s.ws[3], 16 * MIB);
	assert_int_equal(s.ws[4], 23168 * 1024LL);
	assert_int_equal(s.ws[7], 64 * MIB);
	assert_int_equal(s.mem_ws, 256 * MIB);
	rlb_memshare_plan(&s, 1024 * MIB);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.ws[0], 128 * MIB);
	assert_int_equal(s.ws[1], 256 * MIB);
	assert_int_equal(s.mem_ws, 1024 * MIB);
	rlb_memshare_plan(&s, 512 * 1024);
	assert_int_equal(s.n, 0);
}

/* Three sizes and memory.  load: 2, 2.5, 4 | mem 6 -> shares 0, 0.125, 0.5;
 * copy: 4, 4, 13 | 13 -> 0, 0, 1; stencil: 5, 4.8 (faster than the plateau: 0), 9 | 15 ->
 * 0, 0, 0.4; split copy: 4, 5, 4.5 | 12 -> 0, 0.125, 0.0625 -> non-decreasing 0, 0.125, 0.125.
 * shares: median (mean) of load and copy: 0, 0.0625, 0.75; reuse_shares: the stencil's
 * 0, 0, 0.4.  Applied: rounded to 2 decimals: 0.06, 0.75. */
static void test_fit(void **state)
{
	rlb_memshare s;
	static const double t[RLB_MS_NK][4] = { { 2, 2.5, 4, 6 }, { 4, 4, 13, 13 },
						{ 5, 4.8, 9, 15 }, { 4, 5, 4.5, 12 } };
	(void)state;
	memset(&s, 0, sizeof s);
	s.n = 3;
	s.ws[0] = 4 * MIB;
	s.ws[1] = 8 * MIB;
	s.ws[2] = 16 * MIB;
	for (int k = 0; k < RLB_MS_NK; k++)
		memcpy(s.best[k], t[k], sizeof t[k]);
	assert_int_equal(rlb_memshare_fit(&s), 1);
	assert_float_equal(s.share_k[0][1], 0.125, 1e-12);
	assert_float_equal(s.share_k[2][1], 0, 0);
	assert_float_equal(s.share[0], 0, 0);
	assert_float_equal(s.share[1], 0.0625, 1e-12);
	assert_float_equal(s.share[2], 0.75, 1e-12);
	assert_float_equal(s.share_reuse[2], 0.4, 1e-12);
	assert_float_equal(s.share_split[2], 0.125, 1e-12);
	rl_machine m;
	memset(&m, 0, sizeof m);
	m.nlevels = 3;
	assert_int_equal(rlb_memshare_apply(&s, &m), 1);
	const rl_cache_level *L = &m.levels[2];
	assert_int_equal(L->mshare_n, 3);
	assert_int_equal(L->mshare_has_reuse, 1);
	assert_float_equal(L->mshare_ws[2], 16 * MIB, 0);
	assert_float_equal(L->mshare[1], 0.06, 1e-12);
	assert_float_equal(L->mshare[2], 0.75, 1e-12);
	assert_float_equal(L->mshare_reuse[2], 0.4, 1e-12);
	/* a kernel without its memory reference: no fit, nothing applied */
	s.best[1][3] = 0;
	assert_int_equal(rlb_memshare_fit(&s), 0);
	memset(&m, 0, sizeof m);
	m.nlevels = 3;
	assert_int_equal(rlb_memshare_apply(&s, &m), 0);
	assert_int_equal(m.levels[2].mshare_n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
