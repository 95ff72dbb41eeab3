/* Unit tests of the performance / scaling (model/perf.c) and advice (model/advice.c)
 * functions, with seed 004's figures.  The machine is built by hand (Sandy Bridge EP). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/diag.h"
#include "model/report.h"
#include "testsuite/oracle/nestspec.h"
#include "diag/format.h"

static void snb_machine(rl_machine *m)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "snb-e5-2680");
	m->clock_ghz = 2.7;
	m->cores = 8;
	m->overlap = RL_OVERLAP_SERIAL;
	m->lc_safety_factor = 0.5;
	m->nlevels = 3;
	const long long sizes[3] = { 32 << 10, 256 << 10, 20 << 20 };
	for (int l = 0; l < 3; l++) {
		m->levels[l].name[0] = 'L';
		m->levels[l].name[1] = (char)('1' + l);
		m->levels[l].size = sizes[l];
		m->levels[l].line = 64;
		m->levels[l].write_allocate = 1;
		m->levels[l].shared_by = l == 2 ? 8 : 1;
		m->levels[l].cycles_per_line = 2;
	}
	m->mem_bandwidth_gbs = 40;
	m->mem_cycles_per_line = 64 * 2.7 / 40;
}

static rl_ecm ecm5(double ol, double nol, double a, double b, double c)
{
	rl_machine m;
	snb_machine(&m);
	rl_ecm e;
	memset(&e, 0, sizeof(e));
	e.t_ol = ol;
	e.t_nol = nol;
	e.ntransfers = 3;
	e.t_transfer[0] = a;
	e.t_transfer[1] = b;
	e.t_transfer[2] = c;
	rl_ecm_predict(&m, &e);
	return e;
}

/* eq. 8, seed 004 Table 3 and Sect. 3.1.5: Jacobi n_S 3 (L1, L2, no LC), 4 (L3); AVX sum
 * {2 ] 4 ] 6 ] 10} -> 3, naive sum 24 -> 6; at 1.6 GHz the naive sum needs 10 cores. */
static void test_saturation(void **state)
{
	(void)state;
	double m = 64 * 2.7 / 40;   /* 4.32 cy per line */
	assert_int_equal(rl_perf_saturation(33, 3 * m), 3);
	assert_int_equal(rl_perf_saturation(37, 3 * m), 3);
	assert_int_equal(rl_perf_saturation(41, 3 * m), 4);
	assert_int_equal(rl_perf_saturation(50, 5 * m), 3);
	assert_int_equal(rl_perf_saturation(10, m), 3);
	assert_int_equal(rl_perf_saturation(24, m), 6);
	assert_int_equal(rl_perf_saturation(24, m * 1.6 / 2.7), 10);
	assert_int_equal(rl_perf_saturation(24, 0), 0);
	assert_int_equal(rl_perf_saturation(4.32, 4.32), 1);
}

/* eq. 5 and 6: scalar sum {8 ] 8 ] 8 ] 8 + 4.3 f/f0}: P(2.7) = 1.8, P(1.6) = 1.2 Gflop/s in
 * memory; P(n) = min(n P, b_S / B_C) with b_S/B_C = 8 flop * f / T_L3Mem. */
static void test_perf_clock_and_scaling(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	double t = 8 + m.mem_cycles_per_line;
	assert_float_equal(rl_perf_from_cycles(8, 2.7, t) / 1e9, 1.76, 0.01);
	char err[128];
	assert_int_equal(rl_perf_set_clock(&m, 1.6, err, sizeof(err)), 1);
	assert_float_equal(m.mem_cycles_per_line, 64 * 1.6 / 40, 1e-12);
	t = 8 + m.mem_cycles_per_line;
	assert_float_equal(rl_perf_from_cycles(8, 1.6, t) / 1e9, 1.21, 0.01);
	assert_int_equal(rl_perf_set_clock(&m, 0, err, sizeof(err)), 0);
	assert_int_equal(rl_perf_set_clock(&m, NAN, err, sizeof(err)), 0);
	assert_float_equal(m.clock_ghz, 1.6, 1e-12);
	/* Jacobi no LC {.. ] 50} with T_L3Mem 21.6 at 2.7 GHz, 8 LUP per unit */
	double p1 = rl_perf_scaled(1, 8, 2.7, 50, 21.6), p3 = rl_perf_scaled(3, 8, 2.7, 50, 21.6);
	assert_float_equal(p1, 8 * 2.7e9 / 50, 1);
	assert_float_equal(p3, 8 * 2.7e9 / 21.6, 1);          /* saturated: b_S / B_C */
	assert_float_equal(rl_perf_scaled(2, 8, 2.7, 50, 21.6), 2 * p1, 1);
	char buf[64];
	rl_format_rate(659e6, "LUP", buf, sizeof(buf));
	assert_string_equal(buf, "659 MLUP/s");
	rl_format_rate(1.2e9, "flop", buf, sizeof(buf));
	assert_string_equal(buf, "1.20 GFLOP/s");
	rl_format_size(20.0 * 1024 * 1024, buf, sizeof(buf));
	assert_string_equal(buf, "20 MiB");
}

/* Gains of seed 004's Jacobi rows: no LC {6||8|10|10|22} -> 50, L1 blocking {6||8|6|6|13} -> 33:
 * 1.52x on one core; on 8 cores both saturate: 22/13 = 1.69x.  Temporal blocking of uxx DP
 * {84||38|20|20|26}: 104 -> 84 = +24 % (seed Sect. 5.2). */
static void test_advice_gain(void **state)
{
	(void)state;
	rl_ecm none = ecm5(6, 8, 10, 10, 22), l1 = ecm5(6, 8, 6, 6, 13);
	assert_float_equal(none.prediction[3], 50, 1e-9);
	assert_float_equal(l1.prediction[3], 33, 1e-9);
	assert_float_equal(rl_advice_gain(&none, &l1, 3, 1), 50.0 / 33, 1e-9);
	assert_float_equal(rl_advice_gain(&none, &l1, 3, 8), 22.0 / 13, 1e-9);
	assert_float_equal(rl_advice_gain(&none, &l1, 0, 8), 1.0, 1e-9);   /* data in L1: same */
	rl_ecm uxx = ecm5(84, 38, 20, 20, 26), tb = uxx;
	tb.t_transfer[2] = 0;
	rl_machine m;
	snb_machine(&m);
	rl_ecm_predict(&m, &tb);
	assert_float_equal(uxx.prediction[3], 104, 1e-9);
	assert_float_equal(rl_advice_gain(&uxx, &tb, 3, 1), 104.0 / 84, 1e-9);
	/* divide -> multiply (noDIV {41||38|20|20|26}): in memory nothing, in L1 84/41 */
	rl_ecm nodiv = ecm5(41, 38, 20, 20, 26);
	assert_float_equal(rl_advice_gain(&uxx, &nodiv, 3, 1), 1.0, 1e-9);
	assert_float_equal(rl_advice_gain(&uxx, &nodiv, 0, 1), 84.0 / 41, 1e-9);
}

static void test_advice_rank(void **state)
{
	(void)state;
	rl_advice a[4];
	memset(a, 0, sizeof(a));
	a[0].cls = RL_ADV_INFO; a[0].gain = 1.0; a[0].kind = RL_ADV_SATURATION;
	a[1].cls = RL_ADV_BOUND; a[1].gain = 3.0; a[1].kind = RL_ADV_TEMPORAL_BLOCKING;
	a[2].cls = RL_ADV_EXACT; a[2].gain = 1.2; a[2].kind = RL_ADV_SPATIAL_BLOCKING;
	a[3].cls = RL_ADV_EXACT; a[3].gain = 1.01; a[3].kind = RL_ADV_DIVIDER;  /* not worth it */
	rl_advice_rank(a, 4);
	assert_int_equal(a[0].kind, RL_ADV_SPATIAL_BLOCKING);
	assert_int_equal(a[1].kind, RL_ADV_TEMPORAL_BLOCKING);
	assert_int_equal(a[2].kind, RL_ADV_SATURATION);
	assert_int_equal(a[3].kind, RL_ADV_DIVIDER);
	assert_string_equal(rl_advice_kind_name(RL_ADV_STREAMING_STORES), "streaming-stores");
}

#define JACOBI "loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; " \
	"W b i0 i1; R a i0 i1-1; R a i0 i1+1; R a i0-1 i1; R a i0+1 i1"

/* The whole chain on a Jacobi nest with n = 100000 (in-core terms from the source): the data
 * is in memory, the L3 condition holds for one thread and breaks beyond 4 (eq. 11), the first
 * advice blocks i1 to 682 for L1 with the L1 row's transfers {6 | 6 | 13}, an L3 advice for 8
 * threads gives b <= 436906 / 8. */
static void test_jacobi_report(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = ns_parse("param n 100000; " JACOBI);
	assert_non_null(n);
	n->flops[1].add = 3;
	n->flops[1].mul = 1;
	rl_report *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	rl_report_build(n, NULL, &m, r);
	assert_int_equal(r->analysed, 1);
	assert_int_equal(r->have_lc, 1);
	rl_report_set_cores(r, 8);
	const rl_perf *p = &r->perf;
	assert_int_equal(p->valid, 1);
	assert_string_equal(p->data_level_name, "MEM");
	/* a: rows and columns 0..n-1; b: 1..n-2: 100000 rows are beyond what ISL counts within
	 * its operation limit, so the bounding boxes of the accesses (the exact count would be
	 * 4 elements fewer: the corners of a) */
	assert_float_equal(p->working_set, 8.0 * (1e10 + 99998.0 * 99998.0), 1.0);
	assert_int_equal(p->working_set_exact, 0);
	assert_string_equal(p->work, "flop");
	assert_float_equal(p->flops_per_unit, 32, 1e-9);
	assert_int_equal(p->stencil, 1);
	assert_int_equal(p->nscaling, 8);
	/* memory term 3 lines (LC in L3) up to 4 threads, 5 lines (no LC) beyond */
	assert_float_equal(p->scaling[3].t_mem_transfer, 3 * m.mem_cycles_per_line, 1e-2);
	assert_float_equal(p->scaling[4].t_mem_transfer, 5 * m.mem_cycles_per_line, 1e-2);
	assert_true(p->scaling[7].perf < p->scaling[3].perf);
	const rl_advice *first = &r->advice.a[0];
	assert_int_equal(first->kind, RL_ADV_SPATIAL_BLOCKING);
	assert_int_equal(first->level, 0);
	assert_int_equal(first->loop, 1);
	assert_int_equal(first->block_size, 682);
	assert_float_equal(first->after.t_transfer[0], 6, 1e-3);
	assert_float_equal(first->after.t_transfer[1], 6, 1e-3);
	assert_float_equal(first->after.t_transfer[2], 3 * m.mem_cycles_per_line, 1e-2);
	assert_true(first->gain_1core >= 1.0 && first->gain_chip > 1.0);  /* source-costed core: slower */
	int l3 = 0, tb = 0, sat = 0;
	for (int i = 0; i < r->advice.n; i++) {
		const rl_advice *a = &r->advice.a[i];
		if (a->kind == RL_ADV_SPATIAL_BLOCKING && a->level == 2) {
			l3 = 1;
			assert_true(a->block_size_chip >= 54500 && a->block_size_chip <= 54614);
			assert_float_equal(a->gain_1core, 1.0, 1e-9);
			assert_float_equal(a->gain_chip, 5.0 / 3.0, 1e-3);
		}
		tb |= a->kind == RL_ADV_TEMPORAL_BLOCKING;
		sat |= a->kind == RL_ADV_SATURATION;
	}
	assert_true(l3 && tb && sat);
	char buf[1024];
	assert_int_equal(rl_diag_advice_note(r, 0, buf, sizeof(buf)), 1);
	assert_non_null(strstr(buf, "roofline: advice: block loop i1 to <= 682 for L1 -> {"));
	assert_int_equal(rl_diag_perf_note(r, buf, sizeof(buf)), 1);
	assert_non_null(strstr(buf, "roofline: data in MEM (working set 149 GiB"));
	char want[64];
	snprintf(want, sizeof(want), "saturates at %d cores", p->n_s);
	assert_true(p->n_s >= 4);   /* source-costed core (slower than GCC's code): 4 or more */
	assert_non_null(strstr(buf, want));
	free(r);
	rl_nest_free(n);
}

/* Sizes unknown: regimes per size range of n, with the seed's thresholds; not analysed:
 * no perf, no advice, no crash. */
static void test_regimes_unknown(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = ns_parse("param n ?; " JACOBI);
	assert_non_null(n);
	rl_report *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	rl_report_build(n, NULL, &m, r);
	const rl_perf *p = &r->perf;
	assert_int_equal(p->valid, 1);
	assert_int_equal(p->data_level, -1);
	assert_string_equal(p->work, "LUP");   /* no FP operations given: LUP for a stencil */
	assert_int_equal(p->nregimes, 4);
	/* the model gives the numbers, diag/ the labels */
	char range[4][128], cond[4][48];
	for (int i = 0; i < 4; i++) {
		rl_diag_regime_range(&p->regimes[i], range[i], sizeof(range[i]));
		rl_diag_regime_condition(&r->lc, &p->regimes[i], cond[i], sizeof(cond[i]));
	}
	assert_string_equal(range[0], "n <= 682");
	assert_string_equal(range[1], "682 < n <= 5461");
	assert_string_equal(range[2], "5461 < n <= 436906");
	assert_string_equal(range[3], "n > 436906");
	assert_string_equal(cond[0], "LC in L1");
	assert_string_equal(cond[3], "no LC");
	assert_float_equal(p->regimes[0].ecm.t_transfer[2], 3 * m.mem_cycles_per_line, 1e-2);
	assert_float_equal(p->regimes[3].ecm.t_transfer[2], 5 * m.mem_cycles_per_line, 1e-2);
	assert_float_equal(p->regimes[2].ecm.t_transfer[1], 10, 1e-2);
	memset(r, 0, sizeof(*r));
	rl_perf_compute(r, 4);
	assert_int_equal(r->perf.valid, 0);
	rl_advice_compute(r);
	assert_int_equal(r->advice.n, 0);
	free(r);
	rl_nest_free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_saturation),
		cmocka_unit_test(test_perf_clock_and_scaling),
		cmocka_unit_test(test_advice_gain),
		cmocka_unit_test(test_advice_rank),
		cmocka_unit_test(test_jacobi_report),
		cmocka_unit_test(test_regimes_unknown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
