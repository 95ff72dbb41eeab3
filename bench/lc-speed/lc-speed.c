/* bench/lc-speed: analysis time of the layer-condition model (polyhedral/lc.c) per nest.
 * Runs rl_traffic_lc (ISL model + footprints + conditions + traffic) on the unit-test
 * and oracle nests (testsuite/unit/test_oracle.c's table, included) plus the stencil
 * kernels of Stengel, Treibig, Hager and Wellein, "Quantifying Performance Bottlenecks of
 * Stencil Computations Using the Execution-Cache-Memory Model", REPEAT times each, and
 * prints per nest the median time and the overall median.
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

/* Imperfect nests (PolyBench-style loop trees at LARGE sizes): each innermost loop with its
 * siblings (polyhedral/lc-siblings.c); the outermost loop is the same source loop in all. */
#define JAC_S(w, r) "param n 1300; loop 0 500; loop 1 n-1; loop 1 n-1; array A 8 n n; array B 8 n n; " \
	"W " w " i1 i2; R " r " i1 i2; R " r " i1 i2-1; R " r " i1 i2+1; R " r " i1+1 i2; R " r " i1-1 i2"
static const char *const sib_trees[][4] = {
	{ JAC_S("B", "A"), JAC_S("A", "B"), NULL, NULL },
	{ "param n 1000; loop 0 n; loop 0 n; array C 8 n n; R C i0 i1; W C i0 i1",
	  "param n 1000; loop 0 n; loop 0 n; loop 0 n; array C 8 n n; array A 8 n n; array B 8 n n; "
	  "R C i0 i2; W C i0 i2; R A i0 i1; R B i1 i2", NULL, NULL },
	{ "param n 1000; param m 1200; loop 0 500; loop 0 m; array ey 8 n m; W ey 0 i1",
	  "param n 1000; param m 1200; loop 0 500; loop 1 n; loop 0 m; array ey 8 n m; array hz 8 n m; "
	  "R ey i1 i2; R hz i1 i2; R hz i1-1 i2; W ey i1 i2",
	  "param n 1000; param m 1200; loop 0 500; loop 0 n; loop 1 m; array ex 8 n m; array hz 8 n m; "
	  "R ex i1 i2; R hz i1 i2; R hz i1 i2-1; W ex i1 i2",
	  "param n 1000; param m 1200; loop 0 500; loop 0 n-1; loop 0 m-1; array hz 8 n m; array ex 8 n m; "
	  "array ey 8 n m; R hz i1 i2; R ex i1 i2+1; R ex i1 i2; R ey i1+1 i2; R ey i1 i2; W hz i1 i2" },
	{ "param m 1900; param n 2100; loop 0 m; loop 0 n; array A 8 m n; array x 8 n; R A i0 i1; R x i1",
	  "param m 1900; param n 2100; loop 0 m; loop 0 n; array A 8 m n; array y 8 n; R A i0 i1; R y i1; "
	  "W y i1", NULL, NULL },
};

/* Median time of rl_traffic_lc per innermost loop of the trees, each linked with its siblings */
static double sibling_median(const rl_machine *m, int repeat, int *count)
{
	double med[64], *t = calloc((size_t)repeat, sizeof(double));
	int nmed = 0;
	rl_lc_report *lc = calloc(1, sizeof(*lc));
	for (size_t tr = 0; tr < sizeof(sib_trees) / sizeof(sib_trees[0]); tr++) {
		rl_nest *leaves[4] = { NULL };
		int n = 0;
		for (; n < 4 && sib_trees[tr][n]; n++) {
			leaves[n] = ns_parse(sib_trees[tr][n]);
			if (!leaves[n])
				exit(1);
			for (int k = 0; k < leaves[n]->nloops; k++)
				leaves[n]->loops[k].gcc_loop_num = k ? 10 * (n + 1) + k : 1;
			leaves[n]->line = n + 1;
		}
		rl_nest_link_siblings(leaves, n);
		for (int i = 0; i < n; i++) {
			for (int r = 0; r < repeat; r++) {
				rl_traffic out;
				char why[256];
				double t0 = now_ms();
				if (!rl_traffic_lc(leaves[i], m, 1, &out, lc, why, sizeof(why))) {
					fprintf(stderr, "sibling tree %zu leaf %d: %s\n", tr, i, why);
					exit(1);
				}
				t[r] = now_ms() - t0;
			}
			qsort(t, (size_t)repeat, sizeof(double), cmp);
			med[nmed++] = t[repeat / 2];
			printf("tree %zu leaf %d (%d siblings%s) lc %.3f ms\n", tr, i, leaves[i]->nsiblings,
			       lc->sib.modelled ? "" : ", not modelled", t[repeat / 2]);
		}
		for (int i = 0; i < n; i++)
			rl_nest_free(leaves[i]);
	}
	free(t);
	free(lc);
	qsort(med, (size_t)nmed, sizeof(double), cmp);
	*count = nmed;
	return med[nmed / 2];
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
	int nsib;
	double sib = sibling_median(m, repeat, &nsib);
	printf("lc-speed: %d innermost loops of imperfect nests with their siblings: median %.3f ms per nest\n",
	       nsib, sib);
	free(med);
	free(rmed);
	free(t);
	free(lc);
	free(rep);
	rl_machine_free(m);
	return 0;
}
