/* Unit tests of the partial keeping of a working set near a cache's size (model/perf.c:
 * rl_perf_spill, rl_perf_blended_cycles).  Every expected figure is derived by hand in the
 * comment above it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/perf.h"

#define KIB 1024.0
#define MIB (1024.0 * 1024.0)

/* L1 32 KiB (lc_factor 0.5), L2 1 MiB (lc_factor 0.5), L3 32 MiB shared by 2 (no lc_factor:
 * the machine's lc_safety_factor 0.5); ECM figures 2, 4, 10, 20 cy per unit with the data
 * in L1, L2, L3, MEM. */
static void machine(rl_machine *m, rl_ecm *e)
{
	memset(m, 0, sizeof(*m));
	memset(e, 0, sizeof(*e));
	m->nlevels = 3;
	m->lc_safety_factor = 0.5;
	m->levels[0].size = 32 * 1024;
	m->levels[0].lc_factor = 0.5;
	m->levels[0].shared_by = 1;
	m->levels[1].size = 1024 * 1024;
	m->levels[1].lc_factor = 0.5;
	m->levels[1].shared_by = 1;
	m->levels[2].size = 32 * 1024 * 1024;
	m->levels[2].shared_by = 2;
	e->ntransfers = 3;
	e->prediction[0] = 2;
	e->prediction[1] = 4;
	e->prediction[2] = 10;
	e->prediction[3] = 20;
}

/* L3: usable u = 0.5 x 32 = 16 MiB; share beyond = (ws - 16) / (2 x (32 - 16)):
 * 16 MiB -> 0, 24 -> 8/32 = 0.25, 32 (the size) -> 0.5, 48 (= 2C - u) -> 1, 100 -> 1 */
static void test_spill(void **state)
{
	rl_machine m;
	rl_ecm e;
	(void)state;
	machine(&m, &e);
	assert_true(rl_perf_spill(&m, 2, 16 * MIB) == 0.0);
	assert_true(rl_perf_spill(&m, 2, 10 * MIB) == 0.0);
	assert_float_equal(rl_perf_spill(&m, 2, 24 * MIB), 0.25, 1e-12);
	assert_float_equal(rl_perf_spill(&m, 2, 32 * MIB), 0.5, 1e-12);
	assert_float_equal(rl_perf_spill(&m, 2, 48 * MIB), 1.0, 1e-12);
	assert_float_equal(rl_perf_spill(&m, 2, 100 * MIB), 1.0, 1e-12);
	/* L2: u = 0.5 MiB; 0.75 MiB -> 0.25 / (2 x 0.5) = 0.25 */
	assert_float_equal(rl_perf_spill(&m, 1, 0.75 * MIB), 0.25, 1e-12);
}

/* ws 8 KiB: L1 keeps it all -> 2 (the ECM figure of L1, as the step rule).
 * ws 0.75 MiB: L1 spill 1 (beyond 2 x 32 - 16 = 48 KiB), L2 0.25, L3 0
 *   -> 2 + 1 x (4 - 2) + 0.25 x (10 - 4) = 5.5.
 * ws 24 MiB: L1 1, L2 1, L3 0.25 -> 2 + 2 + 6 + 0.25 x (20 - 10) = 12.5.
 * ws 200 MiB: all spill -> 20 (MEM).
 * 2 cores, ws 1.5 MiB: L2 is private (0.75 MiB each: 0.25), L3 shared (1.5 MiB: 0) -> 5.5. */
static void test_blended(void **state)
{
	rl_machine m;
	rl_ecm e;
	(void)state;
	machine(&m, &e);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 8 * KIB, 1), 2.0, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 0.75 * MIB, 1), 5.5, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 24 * MIB, 1), 12.5, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 200 * MIB, 1), 20.0, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 1.5 * MIB, 2), 5.5, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spill),
		cmocka_unit_test(test_blended),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
