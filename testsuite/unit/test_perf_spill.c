/* Unit tests of the partial keeping of a working set near a cache's size (model/perf.c:
 * rl_perf_spill, rl_perf_blended_cycles; machines/machine.c: rl_machine_memory_share, the
 * measured curve of memory_share).  Every expected figure is derived by hand in the
 * comment above it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
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

/* The same machine with a measured memory_share on the L3: points 4, 8, 16, 32, 64 MiB with
 * shares 0, 0, 0.1, 0.5, 0.7 (interpolated linearly in log2 of the working set).
 *   4 MiB and below: 0 (the first point is the plateau); 8 MiB: 0.
 *   16 MiB: 0.1 (a point).  11.3137 MiB = 8 x 2^0.5: half way in log between 8 and 16 -> 0.05.
 *   22.627 MiB = 16 x 2^0.5: 0.1 + 0.5 x 0.4 = 0.3.  24 MiB: x = log2(1.5) = 0.58496,
 *   0.1 + 0.58496 x 0.4 = 0.333985.
 *   beyond 64 MiB: linear in WS from 0.7 at 64 MiB to 1 at 128 MiB: 96 MiB -> 0.85;
 *   128 MiB and beyond -> 1.
 * The L2 keeps its linear rule (no points): 0.75 MiB -> 0.25 as above. */
static void measured(rl_machine *m)
{
	static const double ws[] = { 4, 8, 16, 32, 64 }, h[] = { 0, 0, 0.1, 0.5, 0.7 };
	rl_cache_level *L = &m->levels[2];
	L->mshare_n = 5;
	for (int i = 0; i < 5; i++) {
		L->mshare_ws[i] = ws[i] * MIB;
		L->mshare[i] = h[i];
	}
}

static void test_measured_share(void **state)
{
	rl_machine m;
	rl_ecm e;
	(void)state;
	machine(&m, &e);
	assert_float_equal(rl_machine_memory_share(&m, 2, 16 * MIB, 0), -1, 0);   /* no points */
	measured(&m);
	assert_float_equal(rl_machine_memory_share(&m, 2, 1 * MIB, 0), 0, 0);
	assert_float_equal(rl_machine_memory_share(&m, 2, 4 * MIB, 0), 0, 0);
	assert_float_equal(rl_machine_memory_share(&m, 2, 8 * MIB, 0), 0, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 16 * MIB, 0), 0.1, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 8 * MIB * sqrt(2), 0), 0.05, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 16 * MIB * sqrt(2), 0), 0.3, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 24 * MIB, 0), 0.333985, 1e-6);
	assert_float_equal(rl_machine_memory_share(&m, 2, 96 * MIB, 0), 0.85, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 128 * MIB, 0), 1, 0);
	assert_float_equal(rl_machine_memory_share(&m, 2, 1e12, 0), 1, 0);
	assert_float_equal(rl_machine_memory_share(&m, 2, -1, 0), -1, 0);
	assert_float_equal(rl_machine_memory_share(&m, 1, 0.75 * MIB, 0), -1, 0);
	/* reuse_shares not given: a loop whose loads re-read lines takes the shares too */
	assert_float_equal(rl_machine_memory_share(&m, 2, 24 * MIB, 1), 0.333985, 1e-6);
	/* given (0, 0, 0.2, 0.6, 0.8): 24 MiB -> 0.2 + 0.58496 x 0.4 = 0.433985; 16 MiB -> 0.2;
	   96 MiB -> 0.8 + 0.5 x 0.2 = 0.9; the shares stay those of the other loops */
	static const double hr[] = { 0, 0, 0.2, 0.6, 0.8 };
	memcpy(m.levels[2].mshare_reuse, hr, sizeof hr);
	m.levels[2].mshare_has_reuse = 1;
	assert_float_equal(rl_machine_memory_share(&m, 2, 24 * MIB, 1), 0.433985, 1e-6);
	assert_float_equal(rl_machine_memory_share(&m, 2, 16 * MIB, 1), 0.2, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 96 * MIB, 1), 0.9, 1e-12);
	assert_float_equal(rl_machine_memory_share(&m, 2, 24 * MIB, 0), 0.333985, 1e-6);
	assert_float_equal(rl_perf_spill_reuse(&m, 2, 16 * MIB, 1), 0.2, 1e-12);
	/* rl_perf_spill takes the curve at the L3, the linear rule elsewhere */
	assert_float_equal(rl_perf_spill(&m, 2, 24 * MIB), 0.333985, 1e-6);
	assert_float_equal(rl_perf_spill(&m, 2, 16 * MIB), 0.1, 1e-12);
	assert_float_equal(rl_perf_spill(&m, 1, 0.75 * MIB), 0.25, 1e-12);
}

/* T = T(L3) + h x (T(MEM) - T(L3)) beyond the L2: at 16 MiB 10 + 0.1 x 10 = 11 (the linear
 * rule gave 10: none beyond u = 16 MiB); at 24 MiB 10 + 3.33985 = 13.33985 (linear rule:
 * 12.5); at 8 MiB 10 (all kept, as before). */
static void test_blended_measured(void **state)
{
	rl_machine m;
	rl_ecm e;
	(void)state;
	machine(&m, &e);
	measured(&m);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 8 * MIB, 1), 10.0, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 16 * MIB, 1), 11.0, 1e-12);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 24 * MIB, 1), 13.33985, 1e-5);
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 200 * MIB, 1), 20.0, 1e-12);
	/* a loop whose loads re-read lines (E's reuse share > 0) takes reuse_shares: 16 MiB ->
	   10 + 0.2 x 10 = 12 */
	static const double hr[] = { 0, 0, 0.2, 0.6, 0.8 };
	memcpy(m.levels[2].mshare_reuse, hr, sizeof hr);
	m.levels[2].mshare_has_reuse = 1;
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 16 * MIB, 1), 11.0, 1e-12);
	e.reuse_share = 0.5;
	assert_float_equal(rl_perf_blended_cycles(&m, &e, 16 * MIB, 1), 12.0, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spill),
		cmocka_unit_test(test_blended),
		cmocka_unit_test(test_measured_share),
		cmocka_unit_test(test_blended_measured),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
