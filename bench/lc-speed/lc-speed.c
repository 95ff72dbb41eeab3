/* bench/lc-speed: analysis time of the layer-condition model (polyhedral/lc.c) per nest.
 * Runs rl_traffic_lc (ISL model + footprints + conditions + traffic) on the unit-test
 * and oracle nests (testsuite/unit/test_oracle.c's table, included) plus the seed 004
 * kernels, REPEAT times each, and prints per nest the median time and the overall median.
 * Second column ("report"): the whole model of the nest as the plugin runs it with
 * -fplugin-arg-roofline-cores=CORES (rl_report_build_cores): layer conditions, ECM,
 * performance, multicore scaling with the n-thread rule, regimes and advice (no GCC, no
 * body: in-core terms from the source).  Default CORES 8 (the snb machine's chip).
 * Build and run: sh bench/lc-speed/run.sh [REPEAT [MACHINE [CORES]]]
 * (acceptance: lc median < 1 ms per nest) */
#define main oracle_main
#include "testsuite/unit/test_oracle.c"
#undef main

#include "model/report.h"

#include <time.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 21;
	int cores = argc > 3 ? atoi(argv[3]) : 8;
	char err[256];
	rl_machine *m = rl_machine_load(argc > 2 ? argv[2] : "machines/snb-e5-2680.yml", err, sizeof(err));
	if (!m) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (repeat < 1)
		repeat = 1;
	if (cores < 1)
		cores = 1;
	int ncases = (int)(sizeof(cases) / sizeof(cases[0]));
	double *med = calloc((size_t)ncases, sizeof(double)), *t = calloc((size_t)repeat, sizeof(double));
	double *rmed = calloc((size_t)ncases, sizeof(double));
	rl_lc_report *lc = calloc(1, sizeof(*lc));
	rl_report *rep = calloc(1, sizeof(*rep));
	for (int c = 0; c < ncases; c++) {
		rl_nest *n = ns_parse(cases[c].spec);
		if (!n)
			return 1;
		for (int r = 0; r < repeat; r++) {
			rl_traffic tr;
			char why[256];
			double t0 = now_ms();
			if (!rl_traffic_lc(n, m, 1, &tr, lc, why, sizeof(why))) {
				fprintf(stderr, "%s: %s\n", cases[c].name, why);
				return 1;
			}
			t[r] = now_ms() - t0;
		}
		qsort(t, (size_t)repeat, sizeof(double), cmp);
		med[c] = t[repeat / 2];
		for (int r = 0; r < repeat; r++) {
			double t0 = now_ms();
			rl_report_build_cores(n, NULL, m, NULL, cores, rep);
			t[r] = now_ms() - t0;
			if (!rep->analysed) {
				fprintf(stderr, "%s: %s\n", cases[c].name, rep->reason);
				return 1;
			}
		}
		qsort(t, (size_t)repeat, sizeof(double), cmp);
		rmed[c] = t[repeat / 2];
		printf("%-20s %2d loops %2d accesses  lc %.3f ms  report %.3f ms\n", cases[c].name, n->nloops,
		       n->naccesses, med[c], rmed[c]);
		rl_nest_free(n);
	}
	qsort(med, (size_t)ncases, sizeof(double), cmp);
	qsort(rmed, (size_t)ncases, sizeof(double), cmp);
	printf("lc-speed: %d nests, median %.3f ms per nest (max %.3f ms) on %s\n", ncases, med[ncases / 2],
	       med[ncases - 1], m->name);
	printf("lc-speed: report (cores=%d): median %.3f ms per nest (max %.3f ms)\n", cores,
	       rmed[ncases / 2], rmed[ncases - 1]);
	free(med);
	free(rmed);
	free(t);
	free(lc);
	free(rep);
	rl_machine_free(m);
	return 0;
}
