/* Sibling loops of an imperfect nest in the layer conditions (polyhedral/lc-siblings.c,
 * docs/layer-conditions.md section 7).  Machine: machines/snb-e5-2680.yml, layer conditions
 * with half of each cache (L1 16384 B, L2 131072 B, L3 10 MiB), 64 B lines.  Expected values
 * are derived by hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/nest-context.h"
#include "polyhedral/lc.h"
#include "testsuite/oracle/nestspec.h"

static rl_machine *snb(void)
{
	char path[1024], err[512];
	const char *src = getenv("RL_SRCDIR");
	snprintf(path, sizeof(path), "%s/machines/snb-e5-2680.yml", src ? src : ".");
	rl_machine *m = rl_machine_load(path, err, sizeof(err));
	if (!m)
		fail_msg("%s", err);
	return m;
}

/* NEST with its loops numbered as the plugin does (loop->num): the outermost loop 1 in
 * every nest of the tree, the others FIRST, FIRST+1, ... */
static rl_nest *leaf(const char *spec, int first)
{
	rl_nest *n = ns_parse(spec);
	assert_non_null(n);
	n->loops[0].gcc_loop_num = 1;
	for (int k = 1; k < n->nloops; k++)
		n->loops[k].gcc_loop_num = first + k - 1;
	n->line = first;
	return n;
}

static void analyse(const rl_nest *n, const rl_machine *m, rl_traffic *t, rl_lc_report *lc)
{
	char why[256];
	assert_true(rl_traffic_lc(n, m, 1, t, lc, why, sizeof(why)));
}

/* for t < 100 { for i, j < N: A[i][j] = f(A[i][j]);  for i, j < N: B[i][j] = g(B[i][j]) }
 * The first loop keeps A across t.  Alone, one iteration of t touches A: N*N*8 B; with the
 * second loop A and B: 2*N*N*8 B (the union: no element in common).  N = 100: 80000 B fits
 * half of L2 (131072 B), 160000 B does not: the regime of reuse across t breaks in L2 and A
 * crosses L2-L3 once per sweep (load and eviction, 1 line per unit of 8 iterations) instead
 * of once in the whole nest (1250 lines / 125000 units = 0.01).  N = 80: 51200 B and 102400 B
 * both fit, nothing changes. */
#define SWEEP_A "param N %d; loop 0 100; loop 0 N; loop 0 N; array A 8 N N; R A i1 i2; W A i1 i2"
#define SWEEP_B "param N %d; loop 0 100; loop 0 N; loop 0 N; array B 8 N N; R B i1 i2; W B i1 i2"

static void sweeps(int n, rl_traffic *alone, rl_traffic *with, rl_lc_report *lca, rl_lc_report *lcw)
{
	rl_machine *m = snb();
	char sa[256], sb[256];
	snprintf(sa, sizeof(sa), SWEEP_A, n);
	snprintf(sb, sizeof(sb), SWEEP_B, n);
	rl_nest *a = leaf(sa, 2), *b = leaf(sb, 4);
	analyse(a, m, alone, lca);
	rl_nest *tree[2] = { a, b };
	rl_nest_link_siblings(tree, 2);
	assert_int_equal(a->nsiblings, 1);
	assert_int_equal(a->siblings[0].shared, 1);
	assert_int_equal(a->siblings[0].before, 0);
	assert_int_equal(b->siblings[0].before, 1);
	analyse(a, m, with, lcw);
	rl_nest_free(a);
	rl_nest_free(b);
	rl_machine_free(m);
}

static void test_union_breaks_l2(void **state)
{
	(void)state;
	rl_traffic alone, with;
	rl_lc_report *la = calloc(2, sizeof(*la));
	sweeps(100, &alone, &with, &la[0], &la[1]);
	/* regime index L - l = 3 - 1 = 2: reuse across t */
	assert_true(fabs(la[0].regimes[2].footprint_bytes - 80000.0) < 1e-6);
	assert_true(fabs(la[1].regimes[2].footprint_bytes - 160000.0) < 1e-6);
	assert_true(la[1].sib.modelled && la[1].sib.counted);
	assert_true(fabs(la[1].sib.extra_bytes - 80000.0) < 1e-6);
	assert_int_equal(la[1].sib.nreuse, 0);
	assert_true(fabs(alone.load_lines[1] - 0.01) < 1e-9);
	assert_true(fabs(with.load_lines[1] - 1.0) < 1e-9);
	assert_true(fabs(with.evict_lines[1] - 1.0) < 1e-9);
	/* L3 holds either way: memory sees the compulsory lines only */
	assert_true(fabs(with.load_lines[2] - alone.load_lines[2]) < 1e-12);
	free(la);
}

static void test_union_fits(void **state)
{
	(void)state;
	rl_traffic alone, with;
	rl_lc_report *la = calloc(2, sizeof(*la));
	sweeps(80, &alone, &with, &la[0], &la[1]);
	assert_true(fabs(la[1].regimes[2].footprint_bytes - 102400.0) < 1e-6);
	for (int b = 0; b < 3; b++) {
		assert_true(fabs(with.load_lines[b] - alone.load_lines[b]) < 1e-12);
		assert_true(fabs(with.evict_lines[b] - alone.evict_lines[b]) < 1e-12);
	}
	assert_true(fabs(with.load_lines[1] - 0.01) < 1e-9);
	free(la);
}

/* gemm: for i < 1000 { for j < 1000: C[i][j] *= beta;  for k, j < 1000: C[i][j] += A[i][k] *
 * B[k][j] }.  The k-j loop finds the row C[i][*] the first loop wrote in the same iteration
 * of i; between the two uses it touches at most one iteration of k: the row of C and of B
 * (8000 B = 125 lines each) and the line of A[i][k]: 16064 B <= 16384 B, so in L1.  What it
 * saves at L1-L2 is the first touch of the row per iteration of i: 125 lines per 10^6
 * iterations = 0.001 lines per unit of work (8 iterations), loaded and (the first loop
 * writes it too, so its eviction is counted there) evicted. */
#define GEMM_BETA "param n 1000; loop 0 n; loop 0 n; array C 8 n n; R C i0 i1; W C i0 i1"
#define GEMM_K "param n 1000; loop 0 n; loop 0 n; loop 0 n; array C 8 n n; array A 8 n n; " \
	"array B 8 n n; R C i0 i2; W C i0 i2; R A i0 i1; R B i1 i2"

static void test_gemm_row(void **state)
{
	(void)state;
	rl_machine *m = snb();
	rl_nest *beta = leaf(GEMM_BETA, 2), *k = leaf(GEMM_K, 3);
	rl_traffic alone, with;
	rl_lc_report *lc = calloc(2, sizeof(*lc));
	analyse(k, m, &alone, &lc[0]);
	rl_nest *tree[2] = { beta, k };
	rl_nest_link_siblings(tree, 2);
	analyse(k, m, &with, &lc[1]);
	const rl_lc_siblings *s = &lc[1].sib;
	assert_true(s->modelled);
	assert_int_equal(s->nreuse, 1);
	assert_string_equal(s->array, "C");
	assert_int_equal(s->written, 1);
	assert_int_equal(s->producer_line, 2);
	assert_true(fabs(s->between_bytes - 16064.0) < 1e-6);
	assert_int_equal(s->level, 0);
	assert_true(fabs((alone.load_lines[0] - with.load_lines[0]) - 0.001) < 1e-9);
	assert_true(fabs((alone.evict_lines[0] - with.evict_lines[0]) - 0.001) < 1e-9);
	/* the sentence */
	char text[512];
	rl_diag_sibling_reuse_note(&lc[1], 1, 2, text, sizeof(text));
	assert_non_null(strstr(text, "C written by the loop at line 2 is used here from L1"));
	assert_non_null(strstr(text, "15.7 KiB"));
	/* C *= beta reuses nothing across i: the k-j loop's data does not count for it */
	analyse(beta, m, &alone, &lc[0]);
	assert_int_equal(lc[0].sib.counted, 0);
	rl_nest_free(beta);
	rl_nest_free(k);
	free(lc);
	rl_machine_free(m);
}

/* A sibling whose sizes this nest does not have: the reason, and the nest's own model */
static void test_unknown_sizes(void **state)
{
	(void)state;
	rl_machine *m = snb();
	rl_nest *a = leaf("param n 100; loop 0 100; loop 0 n; array A 8 n; R A i1; W A i1", 2);
	rl_nest *b = leaf("param m 100; loop 0 100; loop 0 m; array B 8 m; R B i1; W B i1", 3);
	rl_traffic alone, with;
	rl_lc_report *lc = calloc(2, sizeof(*lc));
	analyse(a, m, &alone, &lc[0]);
	rl_nest *tree[2] = { a, b };
	rl_nest_link_siblings(tree, 2);
	analyse(a, m, &with, &lc[1]);
	assert_int_equal(lc[1].sib.modelled, 0);
	assert_non_null(strstr(lc[1].sib.why, "the loop at line 3: its sizes are not those"));
	assert_memory_equal(&alone, &with, sizeof(alone));
	char text[512];
	rl_diag_sibling_reuse_note(&lc[1], 1, 2, text, sizeof(text));
	assert_non_null(strstr(text, "no reuse between them is modelled (the loop at line 3"));
	rl_nest_free(a);
	rl_nest_free(b);
	free(lc);
	rl_machine_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_union_breaks_l2),
		cmocka_unit_test(test_union_fits),
		cmocka_unit_test(test_gemm_row),
		cmocka_unit_test(test_unknown_sizes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
