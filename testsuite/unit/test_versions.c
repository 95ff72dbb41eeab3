/* Unit tests of the run-time alias check decided from the nest (model/versions.c) and of the
 * iteration fixing that leaves accumulators out (portmodel/body-prep.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/versions.h"
#include "portmodel/ports.h"

/* for (i0 = 0; i0 < n; i0++) for (i1 ...) for (i2 ...): n is parameter 0 */
static void cube(rl_nest *nest, int nloops)
{
	memset(nest, 0, sizeof *nest);
	nest->nloops = nloops;
	nest->nparams = 1;
	strcpy(nest->params[0].name, "n");
	for (int k = 0; k < nloops; k++) {
		nest->loops[k].upper.par[0] = 1;
		nest->loops[k].step = 1;
	}
}

static int array(rl_nest *nest, const char *name, int ndims)
{
	rl_array *a = &nest->arrays[nest->narrays];
	strcpy(a->name, name);
	a->ndims = ndims;
	a->elem_size = 8;
	return nest->narrays++;
}

/* access ARR[it r (or -1: cst)][it c], write W */
static void access2(rl_nest *nest, int arr, int r, int c, int w)
{
	rl_access *ac = &nest->accesses[nest->naccesses++];
	ac->array = arr;
	ac->is_write = w;
	if (r >= 0)
		ac->sub[0].it[r] = 1;
	ac->sub[1].it[c] = 1;
}

/* floyd-warshall: path[i1][i2] = min(path[i1][i2], path[i1][i0] + path[i0][i2]).  path[i1][i0]
 * lies in row i1, stored over i2 = 0 .. n-1, for every 0 <= i0 < n: always overlaps. */
static void test_floyd_always(void **state)
{
	(void)state;
	rl_nest nest;
	cube(&nest, 3);
	int p = array(&nest, "path", 2);
	access2(&nest, p, 1, 2, 0);
	access2(&nest, p, 1, 0, 0);
	access2(&nest, p, 0, 2, 0);
	access2(&nest, p, 1, 2, 1);
	rl_alias_check chk;
	rl_versions_alias_check(&nest, &chk);
	assert_int_equal(chk.outcome, RL_ALIAS_ALWAYS);
	assert_int_equal(chk.store, 3);
	assert_int_equal(chk.other, 1);
}

/* a[i0][i1] = a[i0 - 1][i1]... rows at constant distance: GCC decides it; a[k][i1] with k a
 * parameter: overlaps where k - i0 = 0; b[i1] with another array: the addresses decide. */
static void test_rows(void **state)
{
	(void)state;
	rl_nest nest;
	cube(&nest, 2);
	int a = array(&nest, "a", 2);
	access2(&nest, a, 0, 1, 1);
	access2(&nest, a, 0, 1, 0);
	nest.accesses[1].sub[0].cst = -1;
	rl_alias_check chk;
	rl_versions_alias_check(&nest, &chk);
	assert_int_equal(chk.outcome, RL_ALIAS_NO_PAIR);
	/* a[k][i1]: k = parameter 1 */
	nest.nparams = 2;
	strcpy(nest.params[1].name, "k");
	memset(&nest.accesses[1].sub[0], 0, sizeof(rl_aff));
	nest.accesses[1].sub[0].par[1] = 1;
	rl_versions_alias_check(&nest, &chk);
	assert_int_equal(chk.outcome, RL_ALIAS_SOMETIMES);
	assert_int_equal(chk.when.par[1], 1);
	assert_int_equal(chk.when.it[0], -1);
	/* a[i0][i1] = b[i0][i1]: two arrays */
	int b = array(&nest, "b", 2);
	nest.accesses[1].array = b;
	rl_versions_alias_check(&nest, &chk);
	assert_int_equal(chk.outcome, RL_ALIAS_RUNTIME);
	/* a[i0][i1] and a[i0][i1 + n]: the second row half never meets the first */
	nest.accesses[1].array = a;
	memset(&nest.accesses[1].sub[0], 0, sizeof(rl_aff));
	nest.accesses[1].sub[0].it[0] = 1;
	nest.accesses[1].sub[1].par[0] = 1;
	rl_versions_alias_check(&nest, &chk);
	assert_int_equal(chk.outcome, RL_ALIAS_NEVER);
}

/* bicg with a local accumulator: the body stores s[j] (8 lanes, 64 B per pass) and nothing
 * else; q[i] = qi (an access of the enclosing loop, invariant in the inner one) is left out of
 * the source bytes, so 8 iterations per pass stay 8 (it was taken for 4 before). */
static void test_fix_iterations_accumulator(void **state)
{
	(void)state;
	static rl_nest nest;
	cube(&nest, 2);
	int s = array(&nest, "s", 1), q = array(&nest, "q", 1);
	rl_access *ac = &nest.accesses[nest.naccesses++];
	ac->array = s;
	ac->is_write = 1;
	ac->sub[0].it[1] = 1;
	ac = &nest.accesses[nest.naccesses++];
	ac->array = q;
	ac->is_write = 1;
	ac->sub[0].it[0] = 1;
	static rl_body b;
	memset(&b, 0, sizeof b);
	b.ninsns = 2;
	b.insns[0].mem = RL_MEM_STORE;
	b.insns[0].mem_width = 512;
	b.insns[0].nuses = 1;
	b.insns[0].uses[0] = 0;
	b.insns[0].use_addr = 1;
	b.insns[1].cls = RL_IC_IALU;
	b.insns[1].ndefs = 1;
	b.insns[1].defs[0] = 0;     /* the pointer moves: s[j] is not invariant */
	b.iters_per_pass = 8;
	b.vector_factor = 8;
	b.unroll = 1;
	rl_fix_iterations(&nest, &b);
	assert_int_equal(b.iters_per_pass, 8);
	assert_int_equal(b.vector_factor, 8);
	int arrays[4];
	assert_int_equal(rl_memory_accumulators(&nest, arrays, 4), 0);
	/* q[i0] read and written in the inner loop: an accumulator in memory */
	ac = &nest.accesses[nest.naccesses++];
	ac->array = q;
	ac->sub[0].it[0] = 1;
	assert_int_equal(rl_memory_accumulators(&nest, arrays, 4), 1);
	assert_int_equal(arrays[0], q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_floyd_always),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_fix_iterations_accumulator),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
