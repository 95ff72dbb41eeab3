/* Unit tests of the per-execution cost of an innermost loop (model/rows.c): the code around
 * the loop priced with the Zen 5 port table (machines/ports/zen5.yml: 6 integer ALUs i0-i5,
 * dispatch 8 per cycle), the remainder's share from the trip count, the time it adds.  Every
 * expected figure is derived by hand in the comment above it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/rows.h"
#include "model/time.h"
#include "machines/machine.h"

#define EPS 1e-6

static void path_of(char *buf, size_t len, const char *rel)
{
	const char *d = getenv("RL_SRCDIR");
	snprintf(buf, len, "%s/%s", d ? d : ".", rel);
}

static rl_machine *machine;
static rl_ports *ports;

static int setup(void **state)
{
	(void)state;
	char p[1024], err[512];
	path_of(p, sizeof p, "machines/zen5-host-bench.yml");
	machine = rl_machine_load(p, err, sizeof err);
	path_of(p, sizeof p, "machines/ports/zen5.yml");
	ports = rl_ports_load(p, err, sizeof err);
	if (!machine || !ports)
		fprintf(stderr, "%s\n", err);
	return machine && ports ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	rl_ports_free(ports);
	rl_machine_free(machine);
	return 0;
}

/* N register adds (one uop on any of the six ALUs, no memory) appended to B, block K */
static void adds(rl_body *b, int *block, int k, int n)
{
	for (int i = 0; i < n; i++) {
		rl_insn *in = &b->insns[b->ninsns];
		memset(in, 0, sizeof(*in));
		snprintf(in->mnemonic, sizeof in->mnemonic, "addq");
		in->cls = RL_IC_IALU;
		in->width = 64;
		in->mem_base = -1;
		in->ndefs = 1;
		in->defs[0] = i % 4;
		if (block)
			block[b->ninsns] = k;
		b->ninsns++;
	}
}

/* own code: 16 adds shared by 2 loops; remainder: block 0 of 8 adds run once per entry,
 * block 1 of 12 adds run 0.5 times per entry; GCC's profile enters it on 0.25 of the
 * executions */
static rl_row_code *code_of_adds(void)
{
	rl_row_code *c = calloc(1, sizeof(*c));
	c->found = 1;
	c->sharers = 2;
	adds(&c->own, NULL, 0, 16);
	adds(&c->rem, c->rem_block, 0, 8);
	adds(&c->rem, c->rem_block, 1, 12);
	c->nblocks = 2;
	c->block_weight[0] = 1;
	c->block_weight[1] = 0.5;
	c->rem_entry = 0.25;
	return c;
}

/* one loop level around the innermost: for (j < 10) for (i = 1; i < UPPER [+ j]; i++) */
static void nest_of(rl_nest *n, long long upper, int varying)
{
	memset(n, 0, sizeof(*n));
	n->nloops = 2;
	n->loops[0].upper.cst = 10;
	n->loops[0].step = 1;
	n->loops[1].lower.cst = 1;
	n->loops[1].upper.cst = upper;
	n->loops[1].upper.it[0] = varying;
	n->loops[1].step = 1;
}

/* Straight code: 16 adds on 6 ALUs = 16/6 = 2.667 cy (the front end 16/8 = 2 is below). */
static void test_straight_cycles(void **state)
{
	(void)state;
	rl_row_code *c = code_of_adds();
	assert_true(fabs(rl_rows_straight_cycles(machine, ports, &c->own) - 16.0 / 6) < EPS);
	free(c);
}

/* Own code 2.667 / 2 sharers = 1.333 cy.  Remainder: each resource summed over the blocks
 * with their weights: ALUs 8/6 + 0.5 x 12/6 = 2.333 cy, front end 8/8 + 0.5 x 12/8 = 1.75:
 * 2.333 cy.
 * Rows of i = 1 .. 66 (66 iterations), 8 per pass: 2 left, the remainder runs on every
 * execution: 1.333 + 2.333 = 3.667 cy.  Rows of 64 (upper 65): none left: 1.333 cy.
 * Rows of a length varying with j: on 1 - 1/8 of them: 1.333 + 0.875 x 2.333 = 3.375 cy.
 * Length unknown (a parameter without value): GCC's profile, 0.25: 1.333 + 0.583 = 1.917. */
static void test_overhead_share(void **state)
{
	(void)state;
	rl_row_code *c = code_of_adds();
	rl_nest *n = rl_nest_alloc();
	rl_row_overhead o;
	nest_of(n, 67, 0);
	rl_rows_overhead(c, n, 8, machine, ports, &o);
	assert_int_equal(o.computed, 1);
	assert_int_equal(o.own_insns, 16);
	assert_int_equal(o.remainder_insns, 20);
	assert_true(fabs(o.own_cycles - 16.0 / 6) < EPS);
	assert_true(fabs(o.remainder_cycles - 7.0 / 3) < EPS);
	assert_int_equal(o.remainder_from, 1);
	assert_int_equal((int)o.remainder_iters, 2);
	assert_true(fabs(o.cycles - 11.0 / 3) < EPS);
	nest_of(n, 65, 0);
	rl_rows_overhead(c, n, 8, machine, ports, &o);
	assert_int_equal((int)o.remainder_iters, 0);
	assert_true(fabs(o.cycles - 4.0 / 3) < EPS);
	nest_of(n, 65, 1);
	rl_rows_overhead(c, n, 8, machine, ports, &o);
	assert_int_equal(o.remainder_from, 2);
	assert_true(fabs(o.cycles - (4.0 / 3 + 0.875 * 7.0 / 3)) < EPS);
	nest_of(n, 0, 0);
	n->nparams = 1;
	snprintf(n->params[0].name, sizeof n->params[0].name, "n");
	n->loops[1].upper.par[0] = 1;
	rl_rows_overhead(c, n, 8, machine, ports, &o);
	assert_int_equal(o.remainder_from, 0);
	assert_true(fabs(o.cycles - (4.0 / 3 + 0.25 * 7.0 / 3)) < EPS);
	rl_nest_free(n);
	free(c);
}

/* No code read, or code without an enclosing loop: no term, the reason kept. */
static void test_no_code(void **state)
{
	(void)state;
	rl_row_overhead o;
	rl_rows_overhead(NULL, NULL, 8, machine, ports, &o);
	assert_int_equal(o.computed, 0);
	assert_int_equal(o.why, RL_ROWS_NO_CODE);
	rl_row_code c;
	memset(&c, 0, sizeof(c));
	c.why = RL_ROWS_NO_OUTER;
	rl_rows_overhead(&c, NULL, 8, machine, ports, &o);
	assert_int_equal(o.computed, 0);
	assert_int_equal(o.why, RL_ROWS_NO_OUTER);
}

static void loop(rl_nest *n, int k, long long hi)
{
	memset(&n->loops[k], 0, sizeof(n->loops[k]));
	n->loops[k].upper.cst = hi;
	n->loops[k].step = 1;
	n->loops[k].line = 10 + k;
	if (n->nloops < k + 1)
		n->nloops = k + 1;
}

/* The term in the predicted time (model/time.c rl_time_per_execution, the one sum of the
 * per-execution terms; no exit rule here): loops 100 x 80 = 8000 iterations = 1000 units at
 * 1 cy per unit = 1000 cy; 100 executions x 3.667 cy = 366.67 cy added: 1366.67 cy = 683.33 ns
 * at 2 GHz; on 2 cores the executions split (183.33 cy added).  An unranked time gets
 * nothing. */
static void test_add_to_time(void **state)
{
	(void)state;
	rl_nest n;
	memset(&n, 0, sizeof(n));
	loop(&n, 0, 100);
	loop(&n, 1, 80);
	rl_time t;
	rl_time_nest(&n, 8, 1, 2.0, 1, 8, 0, 0, &t);
	assert_true(fabs(t.cycles - 1000) < EPS);
	rl_time_per_execution(&t, &n, 8, 1, NULL, 11.0 / 3, 2.0);
	assert_true(fabs(t.row_cycles - 11.0 / 3) < EPS);
	assert_true(fabs(t.row_total_cycles - 1100.0 / 3) < EPS);
	assert_true(fabs(t.entry_cycles - 11.0 / 3) < EPS);
	assert_true(fabs(t.cycles - 4100.0 / 3) < EPS);
	assert_true(fabs(t.seconds - 4100.0 / 3 / 2e9) < 1e-15);
	rl_time_nest(&n, 8, 1, 2.0, 2, 8, 0, 0, &t);
	double before = t.cycles;
	rl_time_per_execution(&t, &n, 8, 1, NULL, 11.0 / 3, 2.0);
	assert_true(fabs(t.row_total_cycles - 550.0 / 3) < EPS);
	assert_true(fabs(t.cycles - before - 550.0 / 3) < EPS);
	rl_time_nest(&n, 8, 1, 2.0, 1, 8, 0, 0, &t);
	t.ranked = 0;
	rl_time_per_execution(&t, &n, 8, 1, NULL, 11.0 / 3, 2.0);
	assert_true(fabs(t.cycles - 1000) < EPS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_straight_cycles),
		cmocka_unit_test(test_overhead_share),
		cmocka_unit_test(test_no_code),
		cmocka_unit_test(test_add_to_time),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
