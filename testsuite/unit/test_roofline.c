/* The roofline family (model/roofline.c), issue 6 acceptance 2 and 3.
 *
 * Expected values and where they come from:
 *  - seed 001 (Ilic et al., CARM), observation 1: the CARM AI of a kernel does not depend
 *    on the problem size (flops / all bytes the core requests), the original (DRAM) model's
 *    AI does (flops / DRAM bytes).  Machine: machines/carm-3770k.yml (seed 001 Table 1).
 *    Repeated dot product s += a[i] * b[i] (2 loads, 1 FMA = 2 flop per iteration):
 *    CARM AI = 2 flop / 16 B = 0.125 at every size; ORM MEM AI = 2 flop / 16 B = 0.125 when
 *    both arrays stream from memory, no DRAM traffic when they fit in L1 (layer condition
 *    2 * n * 8 B <= 16 KiB, n <= 1024).
 *  - seed 003 (Marques et al., adCARM) eq. 1: one memory-instruction type alone gives its
 *    own row, so the roof of a scalar loop / the AVX-512 loop's roof = the ratio of the two
 *    measured rows of the machine file (machines/emr-host-bench.yml, 1 core):
 *    L1 loads 69.04 / 365.0 GB/s; L1 2load_1store 106.0 / 473.0 GB/s; FP roofs DP FMA
 *    11.631 / 89.216 GFLOP/s.  The worked example (published-results.md, Xeon Gold 6140, L1 loads,
 *    50 % AVX-512 + 50 % SSE): 3301.8 GB/s on 18 cores -> 3301.8 / 18 per core
 *    (machines/skx-gold-6140.yml, 18-core rows scaled to one core).
 *  - seed 003 eq. 6, 7: memory share and memory impact each sum to 1 over the levels.
 *  - one data level (test_data_level_is_ecm_level): the roofline places the ECM prediction of
 *    the concise note's data level (working set vs capacities, model/perf.c), and no byte
 *    crosses beyond that level (the ECM prediction there has no transfer beyond it); the
 *    CARM roof is the outermost level up to it serving >= 5 % of the bytes, and when that is
 *    an inner level the summary says how little comes from beyond it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/roofline-text.h"
#include "model/report.h"
#include "testsuite/oracle/nestspec.h"

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

/* for t < 100: for i < n: s += a[i] * b[i]   (FMA, double) */
static rl_nest *dot(const char *n)
{
	char spec[256];
	snprintf(spec, sizeof(spec), "param n %s; loop 0 100; loop 0 n; array a 8 n; array b 8 n; "
		 "R a i1; R b i1", n);
	rl_nest *nest = ns_parse(spec);
	assert_non_null(nest);
	nest->flops[1].fma = 1;
	return nest;
}

static void sum_is_one(const rl_rooflines *o)
{
	double ms = 0, mi = 0;
	for (int y = 0; y < o->nlevels; y++) {
		assert_true(o->mem_share[y] >= 0 && o->mem_impact[y] >= 0);
		ms += o->mem_share[y];
		mi += o->mem_impact[y];
	}
	assert_true(fabs(ms - 1) < 1e-9);
	assert_true(fabs(mi - 1) < 1e-9);
}

/* Acceptance 2: seed 001 observation 1 */
static void test_carm_ai_size_invariant(void **state)
{
	(void)state;
	rl_machine *m = load("carm-3770k");
	const char *sizes[3] = { "500", "5000", "10000000" };   /* L1, L2, memory */
	const int level[3] = { 0, 1, 3 };
	rl_report *r = calloc(3, sizeof(*r));
	rl_nest *n[3];
	for (int k = 0; k < 3; k++) {
		n[k] = dot(sizes[k]);
		rl_report_build(n[k], NULL, m, &r[k]);
		assert_true(r[k].analysed);
		const rl_rooflines *o = &r[k].rooflines;
		assert_true(o->computed);
		assert_int_equal(o->nlevels, 4);
		assert_int_equal(o->data_level, level[k]);
		assert_true(o->carm.valid && o->orm.valid && o->adcarm.valid && o->ceilings.valid);
		/* 8 iterations per unit: 16 flop over 2 x 8 x 8 B */
		assert_true(fabs(o->flops_per_unit - 16) < 1e-9);
		assert_true(fabs(o->carm_ai - 0.125) < 1e-9);
		assert_true(fabs(o->orm_ai[0] - o->carm_ai) < 1e-9);   /* ORM L1 = CARM */
		sum_is_one(o);
	}
	/* ORM (DRAM variant) AI moves with the size, CARM's does not.  When the arrays fit in
	 * L1 (n = 500) or L2 (n = 5000) the layer-condition traffic has the lines cross L3-MEM
	 * once per sweep of the outer loop (compulsory, 100 sweeps): a DRAM AI ~ 100 x 0.125
	 * (12.3: the model also counts a little more than 2 lines per 100 units); from memory
	 * it is 0.125.  The ECM point of the note has the data resident (steady state, the
	 * limit of many sweeps): its ORM sees no DRAM byte at all (no MEM point). */
	for (int k = 0; k < 2; k++) {
		double dram = 16.0 / ((r[k].traffic.load_lines[2] + r[k].traffic.wa_lines[2] +
				       r[k].traffic.evict_lines[2]) * 64);
		assert_true(dram / r[2].rooflines.orm_ai[3] > 90 && dram / r[2].rooflines.orm_ai[3] <= 100.5);
		assert_true(r[k].rooflines.orm_ai[3] == 0);
		assert_int_equal(r[k].rooflines.ecm_level, level[k]);
	}
	assert_true(fabs(r[1].rooflines.orm_ai[1] - 0.125) < 1e-9);   /* L1-L2 streams at n = 5000 */
	assert_true(fabs(r[2].rooflines.orm_ai[3] - 0.125) < 1e-9);
	assert_true(r[0].rooflines.carm_ai == r[2].rooflines.carm_ai);
	/* the bound: the L1 roof (seed 001 Table 1: 168 GB/s per core) when in L1; DRAM
	 * (29.9 GB/s, chip figure) when in memory: 0.125 x 29.9 = 3.74 GFLOP/s */
	assert_string_equal(r[0].rooflines.carm.bound, "L1");
	assert_true(fabs(r[0].rooflines.carm_bw[0] - 168) < 1e-6);
	assert_int_equal(r[2].rooflines.orm_limit, 3);
	assert_true(fabs(r[2].rooflines.orm.bound_gflops - 0.125 * 29.9) < 1e-6);
	/* memory share: all from L1 when the data fits, all from memory when it streams */
	assert_true(r[0].rooflines.mem_share[0] > 0.95);
	assert_true(fabs(r[2].rooflines.mem_share[3] - 1) < 1e-9);
	char s[256];
	rl_diag_roofline_summary(&r[2], s, sizeof(s));
	/* one verdict: the ECM's dominant term in memory is a transfer -> memory-bound; the point
	 * sits under the MEM roof, the lowest roof above it (0.125 x 29.9 = 3.74 GFLOP/s) */
	assert_int_equal(r[2].rooflines.place_level, 3);
	assert_non_null(strstr(s, "memory-bound; CARM AI 0.125 flop/B at "));
	assert_non_null(strstr(s, "% of the MEM roof (3.74 GFLOP/s)"));
	for (int k = 0; k < 3; k++)
		rl_nest_free(n[k]);
	free(r);
	rl_machine_free(m);
}

/* The concise note names one data level.  Two nests on Sandy Bridge EP (snb-e5-2680: L1 32 KiB,
 * L2 256 KiB, L3 20 MiB; no bandwidth tables: roofs from the transfer figures):
 *  - DAXPY a[i] += s * b[i], n = 10000, one sweep: working set 2 x 10000 x 8 B = 156 KiB ->
 *    ECM data level L2.  The layer-condition traffic of one cold sweep fetches 3 lines per
 *    unit from memory; before, the roofline took the level from those bytes (MEM serves 67 %)
 *    and said "under the MEM roof" / "ORM AI at MEM" beside "data in L2".  Now: ecm_level =
 *    data_level = L2, no byte beyond L2, the point is the L2 prediction (16 flop x 2.7 GHz /
 *    T(L2); with GCC's code 10 cy/CL = 4.32 GFLOP/s: roofline.dg/daxpy-l2-snb.c).
 *  - for j < 10^6: for i < 512: s += a[i] * b[j]: working set (512 + 10^6) x 8 B = 7.63 MiB ->
 *    ECM data level L3.  a (4 KiB) stays in L1 (layer condition); b brings one line per 8
 *    outer iterations = per 8 x 512 / 8 = 512 units: 64 B / 512 = 0.125 B per unit reach L2
 *    and L3, of the 2 x 8 B x 8 = 128 B the core requests (source costing, no body) ->
 *    0.125 / 128 = 0.098 % from L2-L3, below 5 %: the L1 roof applies (data_level L1 <
 *    ecm_level L3), and the note says so: "data in L3: only 0.098 % of the bytes from
 *    L2-L3".  Before, it said "data in L1" beside the concise note's "data in L3". */
static void test_data_level_is_ecm_level(void **state)
{
	(void)state;
	rl_machine *m = load("snb-e5-2680");
	rl_report *r = calloc(1, sizeof(*r));
	char s[512];
	rl_nest *n = ns_parse("param n 10000; loop 0 n; array a 8 n; array b 8 n; "
			      "R a i0; R b i0; W a i0");
	assert_non_null(n);
	n->flops[1].fma = 1;
	rl_report_build(n, NULL, m, r);
	const rl_rooflines *o = &r->rooflines;
	assert_true(o->computed);
	assert_int_equal(r->perf.data_level, 1);
	assert_int_equal(o->ecm_level, 1);
	assert_int_equal(o->data_level, 1);
	assert_true(fabs(o->ecm_gflops - 16 * 2.7 / r->ecm.prediction[1]) < 1e-9);
	assert_true(o->served[2] == 0 && o->served[3] == 0);
	assert_true(o->orm_ai[2] == 0 && o->orm_ai[3] == 0);
	assert_true(o->orm_limit <= 1);
	assert_string_equal(o->carm.bound, "L2");
	sum_is_one(o);
	rl_diag_roofline_summary(r, s, sizeof(s));
	assert_null(strstr(s, "MEM"));
	/* scalar source costing: T_OL dominates -> core-bound; the point lies under the L2 roof
	 * (line / (L1 load 2 + L1-L2 transfer 2 cy) x 2.7 GHz = 43.2 GB/s x 0.0833 = 3.6) */
	assert_int_equal(o->place_level, 1);
	assert_true(fabs(o->place_gflops - 3.6) < 1e-9);
	char want[96];
	snprintf(want, sizeof(want), "core-bound; CARM AI 0.0833 flop/B at %.0f %% of the L2 roof "
		 "(3.6 GFLOP/s)", 100 * o->ecm_gflops / 3.6);
	assert_string_equal(s, want);
	rl_nest_free(n);

	n = ns_parse("param m 1000000; param n 512; loop 0 m; loop 0 n; array a 8 n; array b 8 m; "
		     "R a i1; R b i0");
	assert_non_null(n);
	n->flops[1].fma = 1;
	rl_report_build(n, NULL, m, r);
	assert_true(o->computed);
	assert_int_equal(r->perf.data_level, 2);
	assert_int_equal(o->ecm_level, 2);
	assert_int_equal(o->data_level, 0);
	assert_true(o->mem_share[1] + o->mem_share[2] < RL_RF_DATA_SHARE);
	assert_true(o->served[3] == 0);
	assert_true(fabs(o->ecm_gflops - 16 * 2.7 / r->ecm.prediction[2]) < 1e-9);
	sum_is_one(o);
	rl_diag_roofline_summary(r, s, sizeof(s));
	/* the concise placement: the lowest roof not below the point is L2's (0.125 x 43.2 GB/s =
	 * 5.4 GFLOP/s, which the core-bound prediction 16 x 2.7 / 8 cy reaches), with the share of
	 * the bytes from beyond it; the verbose CARM note keeps the L1 roof of the data level */
	assert_string_equal(s, "core-bound; CARM AI 0.125 flop/B at 100 % of the L2 roof (5.4 GFLOP/s): "
			    "0.098 % of the bytes from L3");
	char carm_note[384];
	rl_diag_roofline_model_note(o, RL_RF_CARM, carm_note, sizeof(carm_note));
	assert_non_null(strstr(carm_note, "data in L3 (only "));
	rl_nest_free(n);
	free(r);
	rl_machine_free(m);
}

/* One pass of a triad-like body a[i] = b[i] + s * c[i] (STORES 0: dot product) at WIDTH. */
static void body_of(rl_body *b, int width, int loads, int stores, int fma)
{
	memset(b, 0, sizeof(*b));
	int vf = width / 64;
	b->iters_per_pass = vf;
	b->vector_factor = vf;
	b->unroll = 1;
	for (int i = 0; i < loads + stores + fma + 1; i++) {
		rl_insn *in = &b->insns[b->ninsns++];
		in->mem_base = -1;
		if (i < loads) {
			in->cls = RL_IC_LOAD; in->mem = RL_MEM_LOAD; in->mem_width = width;
			snprintf(in->mnemonic, sizeof(in->mnemonic), width == 64 ? "vmovsd" : "vmovupd");
		} else if (i < loads + stores) {
			in->cls = RL_IC_STORE; in->mem = RL_MEM_STORE; in->mem_width = width;
			snprintf(in->mnemonic, sizeof(in->mnemonic), width == 64 ? "vmovsd" : "vmovupd");
		} else if (i < loads + stores + fma) {
			in->cls = RL_IC_FMA; in->elem_bits = 64;
			snprintf(in->mnemonic, sizeof(in->mnemonic), width == 64 ? "vfmadd231sd" : "vfmadd231pd");
		} else {
			in->cls = RL_IC_BRANCH;
			snprintf(in->mnemonic, sizeof(in->mnemonic), "jne");
		}
		in->width = width;
	}
}

static void build(rl_report *r, const rl_machine *m, const char *spec, int width, int loads,
		  int stores)
{
	rl_nest *n = ns_parse(spec);
	assert_non_null(n);
	n->flops[1].fma = 1;
	rl_body b;
	body_of(&b, width, loads, stores, 1);
	rl_report_build(n, &b, m, r);
	assert_true(r->analysed);
	assert_true(r->rooflines.computed && r->rooflines.adcarm.valid);
	r->nest = NULL;   /* not kept */
	rl_nest_free(n);
}

/* Acceptance 3: seed 003, scalar vs AVX-512 roofs = ratio of the measured rows */
static void test_adcarm_scalar_vs_avx512(void **state)
{
	(void)state;
	rl_machine *m = load("emr-host-bench");
	rl_report *r = calloc(4, sizeof(*r));
	const char *dotspec = "param n 1000; loop 0 n; array b 8 n; array c 8 n; R b i0; R c i0";
	const char *triad = "param n 100000000; loop 0 n; array a 8 n; array b 8 n; array c 8 n; "
			    "W a i0; R b i0; R c i0";
	build(&r[0], m, dotspec, 64, 2, 0);
	build(&r[1], m, dotspec, 512, 2, 0);
	build(&r[2], m, triad, 64, 2, 1);
	build(&r[3], m, triad, 512, 2, 1);
	/* loads only, L1: 69.04 / 365.0 */
	assert_int_equal(r[0].rooflines.mix, RL_MIX_LOAD);
	assert_true(fabs(r[0].rooflines.ad_bw[0] - 69.04) < 1e-6);
	assert_true(fabs(r[1].rooflines.ad_bw[0] - 365.0) < 1e-6);
	assert_true(fabs(r[0].rooflines.ad_bw[0] / r[1].rooflines.ad_bw[0] - 69.04 / 365.0) < 1e-9);
	/* 2 loads : 1 store, L1: 106.0 / 473.0 */
	assert_int_equal(r[2].rooflines.mix, RL_MIX_2LD1ST);
	assert_true(fabs(r[2].rooflines.ad_bw[0] / r[3].rooflines.ad_bw[0] - 106.0 / 473.0) < 1e-9);
	/* every level with rows for both widths keeps the ratio of its rows (MEM: 1-core rows
	 * of the file, if present, else the chip's) and the scalar roof is below */
	for (int y = 0; y < r[2].rooflines.nlevels; y++)
		assert_true(r[2].rooflines.ad_bw[y] <= r[3].rooflines.ad_bw[y] + 1e-9);
	/* FP roofs: DP FMA scalar 11.631, 512-bit 89.216 GFLOP/s (1 core) */
	assert_true(fabs(r[0].rooflines.ad_peak - 11.631) < 1e-6);
	assert_true(fabs(r[1].rooflines.ad_peak - 89.216) < 1e-6);
	for (int k = 0; k < 4; k++)
		sum_is_one(&r[k].rooflines);
	/* triad from memory: most bytes from MEM, which dominates the impact */
	assert_int_equal(r[3].rooflines.data_level, r[3].rooflines.nlevels - 1);
	assert_true(r[3].rooflines.mem_impact[r[3].rooflines.nlevels - 1] > 0.5);
	free(r);
	rl_machine_free(m);
}

/* seed 003 worked example through the pipeline: 1 AVX-512 + 1 SSE load per pass */
static void test_adcarm_worked_example(void **state)
{
	(void)state;
	rl_machine *m = load("skx-gold-6140");
	rl_nest *n = ns_parse("param n 1000; loop 0 n; array b 8 n; array c 8 n; R b i0; R c i0");
	assert_non_null(n);
	n->flops[1].fma = 1;
	rl_body b;
	body_of(&b, 512, 2, 0, 1);
	b.insns[1].mem_width = 128;
	rl_report *r = calloc(1, sizeof(*r));
	rl_report_build(n, &b, m, r);
	assert_true(r->rooflines.computed);
	assert_true(fabs(r->rooflines.ad_bw[0] * 18 - 3301.8) < 0.05);
	/* F_p one core: 1324.8 / 18 = 73.6 GFLOP/s; the FMA-only FP roof is the same row */
	assert_true(fabs(r->rooflines.peak_gflops - 1324.8 / 18) < 1e-9);
	assert_true(fabs(r->rooflines.ad_peak - 1324.8 / 18) < 1e-9);
	free(r);
	rl_nest_free(n);
	rl_machine_free(m);
}

/* No tables (Sandy Bridge file): fallbacks from transfers and the in-core table */
static void test_fallbacks(void **state)
{
	(void)state;
	rl_machine *m = load("snb-e5-2680");
	rl_nest *n = dot("10000000");
	rl_report *r = calloc(1, sizeof(*r));
	rl_report_build(n, NULL, m, r);
	const rl_rooflines *o = &r->rooflines;
	assert_true(o->computed);
	/* F_p: 256-bit add + mul on separate units, 4 + 4 flop/cy x 2.7 GHz = 21.6 GFLOP/s */
	assert_true(fabs(o->peak_gflops - 21.6) < 1e-9);
	/* ORM L2: 64 B / 2 cy x 2.7 GHz = 86.4 GB/s; MEM: 40 GB/s */
	assert_true(fabs(o->orm_bw[1] - 86.4) < 1e-9);
	assert_true(fabs(o->orm_bw[3] - m->mem_bandwidth_gbs) < 1e-9 ||
		    fabs(o->orm_bw[3] - m->mem_bandwidth_1core_gbs) < 1e-9);
	/* adCARM without rows: the CARM roofs, said so */
	char source[160];
	rl_diag_roofline_source(&o->adcarm.roofs[0].source, source, sizeof(source));
	assert_non_null(strstr(source, "CARM roof"));
	sum_is_one(o);
	/* no FP work: not computed, with a reason */
	rl_nest *z = ns_parse("param n 1000; loop 0 n; array a 8 n; W a i0");
	rl_report_build(z, NULL, m, r);
	assert_true(r->analysed);
	assert_false(r->rooflines.computed);
	assert_non_null(strstr(r->rooflines.why, "no floating-point work"));
	char s[256];
	rl_diag_roofline_summary(r, s, sizeof(s));
	assert_non_null(strstr(s, "no roofline"));
	rl_nest_free(z);
	free(r);
	rl_nest_free(n);
	rl_machine_free(m);
}

/* The CARM roofs built from the ECM transfer figures compose them with the machine's rule,
 * serial fractions included, and say so.  zen4 (no bandwidth table): a 512-bit load per cycle
 * = 64 B/cy, so a line costs T_nOL = 1 cy in L1; transfers 1 (L1-L2) and 2 (L2-L3) cy/CL, clock
 * 3.7 GHz.  Zen rule: L2 64 / max(1, 1) x 3.7 = 236.8 GB/s, L3 64 / max(1, 1, 2) x 3.7 = 118.4.
 * With fractions 0.317, 0.339, 0.799: L2 64 / max(1 + 0.317 x 1, 1) x 3.7 = 179.80 GB/s, L3
 * 64 / max(1.317 + 0.339 x 2 = 1.995, 1, 2) x 3.7 = 118.4 (the L2-L3 transfer still binds). */
static void test_ecm_view_serial_fractions(void **state)
{
	(void)state;
	rl_machine *m = load("zen4");
	rl_nest *n = dot("10000000");
	rl_report *r = calloc(1, sizeof(*r));
	char text[160];
	rl_report_build(n, NULL, m, r);
	assert_true(fabs(r->rooflines.carm.roofs[1].gbs - 236.8) < 1e-6);
	rl_diag_roofline_source(&r->rooflines.carm.roofs[1].source, text, sizeof(text));
	assert_string_equal(text, "line / (L1 load + transfers to L2, ECM zen rule) x clock");
	const double x[3] = { 0.317, 0.339, 0.799 };
	memcpy(m->serial_fraction, x, sizeof x);
	m->n_serial_fraction = 3;
	rl_report_build(n, NULL, m, r);
	assert_true(fabs(r->rooflines.carm.roofs[1].gbs - 64 / 1.317 * 3.7) < 1e-6);
	assert_true(fabs(r->rooflines.carm.roofs[1].gbs - 179.80) < 0.01);
	assert_true(fabs(r->rooflines.carm.roofs[2].gbs - 118.4) < 1e-6);
	rl_diag_roofline_source(&r->rooflines.carm.roofs[1].source, text, sizeof(text));
	assert_string_equal(text, "line / (L1 load + transfers to L2, ECM zen rule with serial "
			    "fractions) x clock");
	free(r);
	rl_nest_free(n);
	rl_machine_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carm_ai_size_invariant),
		cmocka_unit_test(test_adcarm_scalar_vs_avx512),
		cmocka_unit_test(test_adcarm_worked_example),
		cmocka_unit_test(test_fallbacks),
		cmocka_unit_test(test_data_level_is_ecm_level),
		cmocka_unit_test(test_ecm_view_serial_fractions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
