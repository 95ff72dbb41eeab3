/* The layer conditions are analysed once per nest and evaluated per thread count
 * (polyhedral/lc.h: rl_lc_analyse, rl_lc_eval, rl_lc_eval_regimes; model/report.c).
 *  1. An evaluation gives the same bytes as a full analysis (rl_traffic_lc_opt,
 *     rl_lc_traffic_for) at every thread count, in both conventions (layers, LRU), on a
 *     private-L3 victim machine (Zen 3) and a shared inclusive one (Sandy Bridge), and
 *     for every choice of regimes per level.
 *  2. The model analyses a nest once: rl_report_build_cores (what the plugin calls, also
 *     for cores=N) runs one analysis where the scaling table and the advice used to run
 *     one per thread count; its report equals rl_report_build_ports followed by
 *     rl_report_set_cores(N), byte for byte.
 * Nests: bench/lc-speed's, i.e. the oracle table of test_oracle.c (included), plus the
 * 2D Jacobi with n unknown and with n = 100000 (the n-thread rule changes the L3 regime
 * between 4 and 5 threads on Sandy Bridge). */
#define main oracle_main
#include "testsuite/unit/test_oracle.c"
#undef main

#include "model/report.h"

#define JACOBI_SPEC "loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; W b i0 i1; " \
	"R a i0 i1-1; R a i0 i1+1; R a i0-1 i1; R a i0+1 i1"

static rl_machine *load(const char *name)
{
	char path[1024], err[512];
	const char *src = getenv("RL_SRCDIR");
	snprintf(path, sizeof(path), "%s/machines/%s.yml", src ? src : ".", name);
	rl_machine *m = rl_machine_load(path, err, sizeof(err));
	if (!m)
		fail_msg("%s", err);
	return m;
}

#define NEXTRA 2
static const char *const extra[NEXTRA] = { "param n ?; " JACOBI_SPEC, "param n 100000; " JACOBI_SPEC };

static int nspecs(void)
{
	return (int)(sizeof(cases) / sizeof(cases[0])) + NEXTRA;
}

static const char *spec(int i)
{
	int nc = (int)(sizeof(cases) / sizeof(cases[0]));
	return i < nc ? cases[i].spec : extra[i - nc];
}

static void same_traffic(const rl_traffic *a, const rl_traffic *b)
{
	assert_int_equal(a->iters_per_unit, b->iters_per_unit);
	assert_int_equal(a->elem_size, b->elem_size);
	assert_int_equal(a->nstreams, b->nstreams);
	assert_memory_equal(a->streams, b->streams, sizeof(a->streams[0]) * (size_t)a->nstreams);
	assert_int_equal(a->nboundaries, b->nboundaries);
	assert_memory_equal(a->load_lines, b->load_lines, sizeof(a->load_lines));
	assert_memory_equal(a->wa_lines, b->wa_lines, sizeof(a->wa_lines));
	assert_memory_equal(a->evict_lines, b->evict_lines, sizeof(a->evict_lines));
}

/* 1. evaluations == full analyses */
static void test_eval_equals_analysis(void **state)
{
	(void)state;
	const char *machines[2] = { "snb-e5-2680", "zen3-epyc-7763" };
	const int threads[] = { 1, 2, 5, 8, 64 };
	rl_lc_report *lc1 = calloc(1, sizeof(*lc1)), *lc2 = calloc(1, sizeof(*lc2));
	rl_traffic *t1 = calloc(1, sizeof(*t1)), *t2 = calloc(1, sizeof(*t2));
	assert_true(lc1 && lc2 && t1 && t2);
	char why[256];
	for (int mi = 0; mi < 2; mi++) {
		rl_machine *m = load(machines[mi]);
		for (int i = 0; i < nspecs(); i++) {
			rl_nest *n = ns_parse(spec(i));
			assert_non_null(n);
			unsigned long before = rl_lc_analysis_count();
			rl_lc_analysis *a = rl_lc_analyse(n, m, why, sizeof(why));
			assert_non_null(a);
			assert_int_equal(rl_lc_analysis_count(), before + 1);
			for (size_t k = 0; k < sizeof(threads) / sizeof(threads[0]); k++)
				for (int mode = 0; mode < 2; mode++) {
					rl_lc_options opt;
					rl_lc_options_default(m, threads[k], &opt);
					if (mode) {   /* the other convention */
						opt.factor = opt.factor < 1.0 ? 1.0 : 0.5;
						opt.mode = opt.factor < 1.0 ? RL_LC_LAYERS : RL_LC_LRU;
					}
					assert_true(rl_traffic_lc_opt(n, m, &opt, t1, lc1, why, sizeof(why)));
					memset(lc2, 0x5a, sizeof(*lc2));
					rl_lc_eval(a, &opt, t2, lc2);
					same_traffic(t1, t2);
					assert_memory_equal(lc1, lc2, sizeof(*lc1));
					rl_lc_eval(a, &opt, t2, NULL);
					same_traffic(t1, t2);
				}
			/* every choice of regimes per level (3 levels, regimes 0..L) */
			if (mi == 0) {
				int L = n->nloops, per[RL_MAX_LEVELS] = { 0 };
				rl_lc_options opt;
				rl_lc_options_default(m, 1, &opt);
				for (int c = 0; c < (L + 1) * (L + 1) * (L + 1); c++) {
					per[0] = c % (L + 1);
					per[1] = c / (L + 1) % (L + 1);
					per[2] = c / ((L + 1) * (L + 1));
					assert_true(rl_lc_traffic_for(n, m, &opt, per, t1, why, sizeof(why)));
					rl_lc_eval_regimes(a, per, t2);
					same_traffic(t1, t2);
				}
			}
			rl_lc_analysis_free(a);
			rl_nest_free(n);
		}
		rl_machine_free(m);
	}
	/* a nest that cannot be analysed: NULL and the reason, as rl_traffic_lc */
	rl_machine *m = load("snb-e5-2680");
	rl_nest *n = ns_parse("param n 10; loop 0 n 0; array a 8 n; R a i0");
	assert_non_null(n);
	why[0] = '\0';
	assert_null(rl_lc_analyse(n, m, why, sizeof(why)));
	assert_non_null(strstr(why, "step 0"));
	rl_nest_free(n);
	rl_machine_free(m);
	free(lc1);
	free(lc2);
	free(t1);
	free(t2);
}

/* 2. one analysis per nest in the model, the same report as before */
static void test_report_analyses_once(void **state)
{
	(void)state;
	rl_machine *m = load("snb-e5-2680");
	rl_report *r1 = calloc(1, sizeof(*r1)), *r2 = calloc(1, sizeof(*r2));
	assert_true(r1 && r2);
	const int cores[] = { 1, 2, 8, 16 };
	for (int i = 0; i < nspecs(); i++) {
		rl_nest *n = ns_parse(spec(i));
		assert_non_null(n);
		n->flops[1].add = 3;
		n->flops[1].mul = 1;
		for (size_t k = 0; k < sizeof(cores) / sizeof(cores[0]); k++) {
			unsigned long before = rl_lc_analysis_count();
			rl_report_build_cores(n, NULL, m, NULL, cores[k], r1);
			assert_int_equal(r1->analysed, 1);
			assert_int_equal(r1->have_lc, 1);
			assert_null(r1->lc_analysis);
			assert_int_equal(rl_lc_analysis_count() - before, 1);
			rl_report_build_ports(n, NULL, m, NULL, r2);
			if (cores[k] != 1)
				rl_report_set_cores(r2, cores[k]);
			assert_null(r2->lc_analysis);
			assert_int_equal(rl_lc_analysis_count() - before, cores[k] != 1 ? 3 : 2);
			assert_memory_equal(r1, r2, sizeof(*r1));
		}
		rl_nest_free(n);
	}
	/* the Jacobi with n = 100000 on 8 cores: the scaling table has two L3 regimes (n-thread
	 * rule) and the advice a shared-cache candidate, which used to cost three more analyses */
	rl_nest *n = ns_parse("param n 100000; " JACOBI_SPEC);
	assert_non_null(n);
	unsigned long before = rl_lc_analysis_count();
	rl_report_build_cores(n, NULL, m, NULL, 8, r1);
	assert_int_equal(rl_lc_analysis_count() - before, 1);
	assert_true(r1->perf.scaling[4].t_mem_transfer > r1->perf.scaling[3].t_mem_transfer);
	int shared = 0;
	for (int i = 0; i < r1->advice.n; i++)
		shared |= r1->advice.a[i].kind == RL_ADV_SPATIAL_BLOCKING && r1->advice.a[i].block_size < 0;
	assert_true(shared);
	rl_nest_free(n);
	free(r1);
	free(r2);
	rl_machine_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eval_equals_analysis),
		cmocka_unit_test(test_report_analyses_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
