/* roofline-bench statistics (machines/bench/stats.c): the window rule and the per-thread sum
 * that make all-core figures reproducible on a shared host (docs/roofline-bench.md). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "machines/bench/stats.h"

/* best 40, median of {10, 20, 30, 40, 40} sorted = v[2] = 30, spread 100 (40-30)/40 = 25 % */
static void test_summarize(void **state)
{
	(void)state;
	double v[] = { 40, 10, 30, 20, 40 };
	rlb_result r = rlb_summarize(v, 5, 5.0);
	assert_float_equal(r.best, 40, 1e-12);
	assert_float_equal(r.median, 30, 1e-12);
	assert_float_equal(r.spread, 25, 1e-12);
	assert_true(r.unstable);
	double w[] = { 100, 99, 98 };
	r = rlb_summarize(w, 3, 5.0);
	assert_float_equal(r.spread, 1, 1e-12);
	assert_false(r.unstable);
}

/* Two threads, 3 sub-repetitions each (ns).  Thread 0 runs 0-10-20-30, thread 1 starts late
 * (5) and ends early (28): window [5, 28].  Thread 0's sub-repetitions [0,10] and [20,30]
 * stick out, only [10,20] (10 ns) counts; thread 1: [5,12] (7 ns), [12,20] (8), [20,28] (8)
 * all inside -> best 7. */
static void test_window(void **state)
{
	(void)state;
	enum { S = 4 };
	double t0[2 * S] = { 0, 10, 20, 0, 5, 12, 20, 0 };
	double t1[2 * S] = { 10, 20, 30, 0, 12, 20, 28, 0 };
	double best[2];
	rlb_best_in_window(2, 3, S, t0, t1, best);
	assert_float_equal(best[0], 10, 1e-12);
	assert_float_equal(best[1], 7, 1e-12);
	/* thread 1 descheduled for the whole of thread 0's run: it starts at 31 -> empty window */
	double u0[2 * S] = { 0, 10, 20, 0, 31, 40, 50, 0 };
	double u1[2 * S] = { 10, 20, 30, 0, 40, 50, 60, 0 };
	rlb_best_in_window(2, 3, S, u0, u1, best);
	assert_float_equal(best[0], 0, 0);
	assert_float_equal(best[1], 0, 0);
	/* one thread: the whole run is the window */
	rlb_best_in_window(1, 3, S, t0, t1, best);
	assert_float_equal(best[0], 10, 1e-12);
}

/* Per-thread sum: thread 0 rounds {100, 50, 90}, thread 1 {0 (no valid), 80, 100}.  The best
 * round of the pair as a whole (lockstep, slowest thread) would be at most 2 x 80 = 160 GB/s;
 * the per-thread rule gives 100 + 100 = 200; medians: 90 (of 50, 90, 100) + 100 (of 80, 100:
 * index 1 of the 2 valid) = 190. */
static void test_threads(void **state)
{
	(void)state;
	double v[6] = { 100, 50, 90, 0, 80, 100 };
	double lock[3] = { 100, 100, 160 };
	rlb_result r = rlb_summarize_threads(v, 2, 3, lock, 5.0);
	assert_float_equal(r.best, 200, 1e-12);
	assert_float_equal(r.median, 190, 1e-12);
	assert_float_equal(r.spread, 5, 1e-12);
	assert_false(r.unstable);
	/* a thread that never had a valid round: fall back to the lockstep figures */
	double w[6] = { 100, 50, 90, 0, 0, 0 };
	r = rlb_summarize_threads(w, 2, 3, lock, 5.0);
	assert_float_equal(r.best, 160, 1e-12);
	assert_float_equal(r.median, 100, 1e-12);
}

/* The confirmation count: rates 100, 99, 98.5, 97, 90 and a failed round (0), 2 %: within
 * [98, 100] lie 100, 99, 98.5 -> 3 (confirmed); a lone best 110 over the same rounds: within
 * [107.8, 110] only 110 -> 1; 97 sits 3 % below 100 and counts at 3 % (100 x 0.97 = 97), not
 * at 2 %; no positive rate -> 0. */
static void test_near_best(void **state)
{
	(void)state;
	const double v[6] = { 97, 100, 0, 98.5, 90, 99 };
	assert_int_equal(rlb_near_best(v, 6, 2.0), 3);
	assert_true(rlb_near_best(v, 6, RLB_CONFIRM_PCT) >= RLB_CONFIRM_N);
	assert_int_equal(rlb_near_best(v, 6, 3.0), 4);
	const double lone[6] = { 97, 100, 0, 98.5, 110, 99 };
	assert_int_equal(rlb_near_best(lone, 6, 2.0), 1);
	const double none[3] = { 0, 0, 0 };
	assert_int_equal(rlb_near_best(none, 3, 2.0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summarize),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_near_best),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
