/* Unit tests of the predicted time over all executions (model/time.c) and its words
 * (diag/time-text.c).  Every expected figure is derived by hand in the comment above it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diag/diag.h"
#include "model/time.h"

/* loop K of N: for (i_K = LO; i_K < HI + COEF * i_OUTER; i_K++) (OUTER -1: no outer term) */
static void loop(rl_nest *n, int k, long long lo, long long hi, int outer, long long coef)
{
	memset(&n->loops[k], 0, sizeof(n->loops[k]));
	n->loops[k].lower.cst = lo;
	n->loops[k].upper.cst = hi;
	if (outer >= 0)
		n->loops[k].upper.it[outer] = coef;
	n->loops[k].step = 1;
	n->loops[k].line = 10 + k;
	if (n->nloops < k + 1)
		n->nloops = k + 1;
}

/* Jacobi 2D, N = 1000, TSTEPS = 500 (the time loop is part of the nest): for t < 500,
 * for 1 <= i < 999, for 1 <= j < 999.  Iterations 500 x 998 x 998 = 498 002 000; the inner
 * loop runs 500 x 998 = 499 000 times; 8 iterations per unit (one 64 B line of doubles) ->
 * 62 250 250 units; at 12 cy/CL and 2.5 GHz: 747 003 000 cy = 0.2988012 s. */
static void test_jacobi_total(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 500, -1, 0);
	loop(&n, 1, 1, 999, -1, 0);
	loop(&n, 2, 1, 999, -1, 0);
	rl_time t;
	rl_time_nest(&n, 8, 12, 2.5, 1, 8 * 4, 0, 0, &t);
	assert_int_equal(t.ranked, 1);
	assert_true(fabs(t.iterations - 498002000.0) < 0.5);
	assert_true(fabs(t.executions - 499000.0) < 0.5);
	assert_true(fabs(t.work_units - 62250250.0) < 1e-3);
	assert_true(fabs(t.cycles - 747003000.0) < 1);
	assert_true(fabs(t.seconds - 0.2988012) < 1e-9);
	assert_int_equal(t.approximate, 0);
	/* with the time loop of unknown count left out: the nest is i, j; per repetition
	 * 998 x 998 / 8 x 12 / 2.5e9 = 0.0005976024 s */
	rl_nest m = n;
	m.loops[0] = n.loops[1];
	m.loops[1] = n.loops[2];
	m.nloops = 2;
	rl_time_nest(&m, 8, 12, 2.5, 1, 32, 0, 0, &t);
	rl_time_per_repetition(&t, 7);
	assert_int_equal(t.repeat_line, 7);
	assert_true(fabs(t.seconds - 0.0005976024) < 1e-12);
	char text[256];
	assert_int_equal(rl_diag_time_assumption(&t, text, sizeof(text)), 1);
	assert_string_equal(text, "repetition loop at line 7: count unknown, time given per repetition");
}

/* Triangle: for i < 1000, for j < i: sum_{i<1000} i = 1000 x 999 / 2 = 499 500 iterations,
 * 1000 executions.  Tetrahedron: for i < 2000, for j < i, for k < j: C(2000, 3) =
 * 2000 x 1999 x 1998 / 6 = 1 331 334 000 iterations; enumerating i and j needs
 * sum_i i = 1 999 000 values > the budget of 2^20, so part of the j level is counted at the
 * mean of j, exact here (the k count, j, is linear in j): the total stays exact. */
static void test_triangular(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 1000, -1, 0);
	loop(&n, 1, 0, 0, 0, 1);
	double c = 0;
	int param = -1, approx = 0;
	assert_int_equal(rl_time_count(&n, 2, &c, &param, &approx), 1);
	assert_true(fabs(c - 499500.0) < 0.5);
	assert_int_equal(approx, 0);
	assert_int_equal(rl_time_count(&n, 1, &c, &param, &approx), 1);
	assert_true(fabs(c - 1000.0) < 0.5);
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 2000, -1, 0);
	loop(&n, 1, 0, 0, 0, 1);
	loop(&n, 2, 0, 0, 1, 1);
	assert_int_equal(rl_time_count(&n, 3, &c, &param, &approx), 1);
	assert_true(fabs(c - 1331334000.0) < 0.5);
	assert_int_equal(approx, 1);
	/* a loop counting down: for (i = 10; i > 0; i -= 3): 10, 7, 4, 1 -> 4 */
	memset(&n, 0, sizeof(n));
	n.loops[0].lower.cst = 10;
	n.loops[0].step = -3;
	n.nloops = 1;
	assert_int_equal(rl_time_count(&n, 1, &c, &param, &approx), 1);
	assert_true(fabs(c - 4.0) < 1e-9);
}

/* A bound from a parameter without a value (a size read from argv): not ranked, and the
 * assumption names the parameter; with define=n=100 the count is 100. */
static void test_unknown_size(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 0, -1, 0);
	n.nparams = 1;
	snprintf(n.params[0].name, sizeof(n.params[0].name), "n");
	n.loops[0].upper.par[0] = 1;
	rl_time t;
	rl_time_nest(&n, 8, 4, 2, 1, 8, 0, 1, &t);
	assert_int_equal(t.ranked, 0);
	assert_int_equal(t.why, RL_TIME_PARAM_UNKNOWN);
	assert_string_equal(t.param, "n");
	char text[256];
	assert_int_equal(rl_diag_time_assumption(&t, text, sizeof(text)), 1);
	assert_string_equal(text, "n unknown (no constant, no define=n=VALUE): not ranked");
	n.params[0].has_value = 1;
	n.params[0].value = 100;
	/* 100 / 8 units x 4 cy / 2 GHz = 25 ns */
	rl_time_nest(&n, 8, 4, 2, 1, 8, 0, 1, &t);
	assert_int_equal(t.ranked, 1);
	assert_true(fabs(t.seconds - 25e-9) < 1e-15);
	assert_int_equal(rl_diag_time_assumption(&t, text, sizeof(text)), 1);
	assert_string_equal(text, "array sizes unknown: data assumed in memory");
}

/* Sizes taken from the calls of the function (rl_param.from_calls): for i < n, for j < m with
 * n = 100 and m = 1000 from the one call: 100 000 iterations / 8 = 12 500 units x 10 cy /
 * 2.7 GHz = 46.3 us; the assumption names both values and the one call. */
static void test_sizes_from_calls(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 0, -1, 0);
	loop(&n, 1, 0, 0, -1, 0);
	n.nparams = 2;
	snprintf(n.params[0].name, sizeof(n.params[0].name), "n");
	snprintf(n.params[1].name, sizeof(n.params[1].name), "m");
	n.loops[0].upper.par[0] = 1;
	n.loops[1].upper.par[1] = 1;
	n.params[0].has_value = n.params[1].has_value = 1;
	n.params[0].value = 100;
	n.params[1].value = 1000;
	n.params[0].from_calls = n.params[1].from_calls = 1;
	rl_time t;
	rl_time_nest(&n, 8, 10, 2.7, 1, 8, 0, 0, &t);
	assert_int_equal(t.ranked, 1);
	assert_true(fabs(t.work_units - 12500) < 1e-9);
	assert_true(fabs(t.seconds - 12500 * 10 / 2.7e9) < 1e-15);
	assert_int_equal(t.call_count, 1);
	char text[256];
	assert_int_equal(rl_diag_time_assumption(&t, text, sizeof(text)), 1);
	assert_string_equal(text, "n = 100, m = 1000: the values the one call in this file passes "
			    "(a call from elsewhere may differ)");
	/* two calls passing the same n only */
	n.params[1].from_calls = 0;
	n.params[0].from_calls = 2;
	rl_time_nest(&n, 8, 10, 2.7, 1, 8, 0, 0, &t);
	assert_int_equal(rl_diag_time_assumption(&t, text, sizeof(text)), 1);
	assert_string_equal(text, "n = 100: the value all calls in this file pass "
			    "(a call from elsewhere may differ)");
}

/* On 4 cores at P(4) = 2e9 flop/s with 16 flop per unit: 1e6 iterations / 8 = 125 000 units
 * x 16 flop = 2e6 flop -> 1 ms, 2e6 cy at 2 GHz (wall clock). */
static void test_cores(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 1000000, -1, 0);
	rl_time t;
	rl_time_nest(&n, 8, 40, 2, 4, 16, 2e9, 0, &t);
	assert_int_equal(t.ranked, 1);
	assert_true(fabs(t.seconds - 1e-3) < 1e-12);
	assert_true(fabs(t.cycles - 2e6) < 1e-3);
}

/* Shares of a function: 0.3 s + 0.1 s ranked, one unranked, one not analysed (NULL):
 * total 0.4 s, shares 75 % and 25 %; a loop inlined from another function (0.2 s) is a
 * function of its own: 100 % of it, and the sum over all is 0.6 s. */
static void test_function_totals(void **state)
{
	(void)state;
	rl_time a, b, c, d;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	memset(&d, 0, sizeof(d));
	a.computed = b.computed = c.computed = d.computed = 1;
	a.ranked = b.ranked = d.ranked = 1;
	a.seconds = 0.3;
	b.seconds = 0.1;
	d.seconds = 0.2;
	rl_time_set_function(&d, "init_array");
	rl_time *all[] = { &a, &b, &c, NULL, &d };
	assert_true(fabs(rl_time_function_totals(all, 5) - 0.6) < 1e-12);
	assert_true(fabs(d.function_share - 1) < 1e-12);
	assert_true(fabs(d.function_seconds - 0.2) < 1e-12);
	assert_true(fabs(a.function_share - 0.75) < 1e-12);
	assert_true(fabs(b.function_share - 0.25) < 1e-12);
	assert_true(c.function_share < 0);
	assert_true(fabs(c.function_seconds - 0.4) < 1e-12);
	char text[128];
	snprintf(text, sizeof(text), "x");
	rl_diag_time_total(&a, "kernel_jacobi_2d", text, sizeof(text));
	assert_string_equal(text, "0.3 s in total (75 % of kernel_jacobi_2d)");
}

/* Leaving the loop (rl_time_per_execution, rl_time_exit_cycles) under Zen 5's rule (port
 * table zen5, loop_exit: foreseen up to 136 passes; 57 cy at 1.0 cy per pass or faster, none
 * from 1.87, linear between; bench/incore/loop-exit.c).
 * The pace rule by hand: 0.8 cy/pass -> 57 (full); 1.435 cy/pass, half way from 1.0 to 1.87
 * -> 57 x (1.87 - 1.435) / (1.87 - 1.0) = 57 x 0.5 = 28.5; 1.87 and 4 cy/pass -> 0.
 * The nest: gemm of PolyBench LARGE as GCC vectorises it, for i < 1000, for k < 1200, for
 * j < 1100 (C[i][j] += alpha * A[i][k] * B[k][j]), zmm (8 doubles per pass).  Iterations
 * 1000 x 1200 x 1100 = 1.32e9; executions of the j loop 1000 x 1200 = 1.2e6; passes per
 * execution 1100 / 8 = 137.5 > 136 -> every execution pays.  At 4 cy/CL (a unit = 8
 * iterations = 1 pass: 4 cy per pass) the pace hides it: nothing added, 1.65e8 units x 4 =
 * 6.6e8 cy.  At 1 cy/CL: 1.65e8 cy + 1.2e6 x 57 = 6.84e7 -> 2.334e8 cy, / 4 GHz = 0.05835 s;
 * entry_cycles (mean per execution) 57.  On 2 cores the executions split: 3.42e7 cy added.
 * A rule foreseeing 138 passes, or none (NULL), adds nothing. */
static void test_loop_exit(void **state)
{
	(void)state;
	const rl_exit_rule zen5 = { 136, 57, 1.0, 1.87 }, longer = { 138, 57, 1.0, 1.87 };
	assert_true(fabs(rl_time_exit_cycles(&zen5, 0.8) - 57) < 1e-9);
	assert_true(fabs(rl_time_exit_cycles(&zen5, 1.435) - 28.5) < 1e-9);
	assert_true(fabs(rl_time_exit_cycles(&zen5, 1.87)) < 1e-12);
	assert_true(fabs(rl_time_exit_cycles(&zen5, 4)) < 1e-12);
	assert_true(fabs(rl_time_exit_cycles(NULL, 1)) < 1e-12);
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 0, 1000, -1, 0);
	loop(&n, 1, 0, 1200, -1, 0);
	loop(&n, 2, 0, 1100, -1, 0);
	rl_time t;
	rl_time_nest(&n, 8, 4, 4.0, 1, 16, 0, 0, &t);
	rl_time_per_execution(&t, &n, 8, 4, &zen5, 0, 4.0);
	assert_true(fabs(t.passes_per_entry - 137.5) < 1e-9);
	assert_true(fabs(t.exit_cycles) < 1e-12);
	assert_true(fabs(t.cycles - 6.6e8) < 1);
	rl_time_nest(&n, 8, 1, 4.0, 1, 16, 0, 0, &t);
	rl_time_per_execution(&t, &n, 8, 1, &zen5, 0, 4.0);
	assert_true(fabs(t.exit_cycles - 57) < 1e-9);
	assert_true(fabs(t.long_entries - 1.2e6) < 1e-6);
	assert_true(fabs(t.entry_cycles - 57) < 1e-9);
	assert_true(fabs(t.entry_total_cycles - 6.84e7) < 1);
	assert_true(fabs(t.cycles - 2.334e8) < 1);
	assert_true(fabs(t.seconds - 0.05835) < 1e-12);
	rl_time_nest(&n, 8, 1, 4.0, 1, 16, 0, 0, &t);
	rl_time_per_execution(&t, &n, 8, 1, &longer, 0, 4.0);
	assert_true(fabs(t.exit_cycles) < 1e-12);
	assert_true(fabs(t.cycles - 1.65e8) < 1);
	rl_time_per_execution(&t, &n, 8, 1, NULL, 0, 4.0);
	assert_true(fabs(t.cycles - 1.65e8) < 1);
	rl_time_nest(&n, 8, 1, 4.0, 2, 16, 0, 0, &t);
	double before = t.cycles;
	rl_time_per_execution(&t, &n, 8, 1, &zen5, 0, 4.0);
	assert_true(fabs(t.cycles - before - 3.42e7) < 1);
	/* triangular (syr2k's shape): for i < 1200, for j <= i: execution i runs i + 1
	 * iterations, (i + 1) / 8 passes; more than 136 passes (1088 iterations) for i = 1088 ..
	 * 1199: 112 executions x 57 cy = 6384 cy, though the mean is 600.5 / 8 = 75.06 passes;
	 * entry_cycles = 6384 / 1200 executions = 5.32. */
	rl_nest tri;
	memset(&tri, 0, sizeof(tri));
	loop(&tri, 0, 0, 1200, -1, 0);
	loop(&tri, 1, 0, 1, 0, 1);
	rl_time_nest(&tri, 8, 1, 4.0, 1, 16, 0, 0, &t);
	before = t.cycles;
	rl_time_per_execution(&t, &tri, 8, 1, &zen5, 0, 4.0);
	assert_true(fabs(t.passes_per_entry - 75.0625) < 1e-9);
	assert_true(fabs(t.long_entries - 112) < 1e-9);
	assert_true(fabs(t.cycles - before - 6384) < 1e-6);
	assert_true(fabs(t.entry_cycles - 5.32) < 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jacobi_total),
		cmocka_unit_test(test_loop_exit),
		cmocka_unit_test(test_triangular),
		cmocka_unit_test(test_unknown_size),
		cmocka_unit_test(test_sizes_from_calls),
		cmocka_unit_test(test_cores),
		cmocka_unit_test(test_function_totals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
