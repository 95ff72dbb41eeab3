/* Acceptance 3 of issue 5: the shipped machine files reproduce the machine-dependent numbers of
 * the papers, and the adCARM scaling formula reproduces seed 003's worked example. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machines/machine.h"
#include "model/adcarm.h"

static rl_machine *load(const char *name)
{
	char p[1024], err[512];
	const char *d = getenv("RL_SRCDIR");
	snprintf(p, sizeof p, "%s/machines/%s.yml", d && *d ? d : ".", name);
	rl_machine *m = rl_machine_load(p, err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	return m;
}

/* seed 004: memory transfer 64 B x 2.7 GHz / 40 GB/s = 4.32 -> "4.3 cy" per line on SNB */
static void test_snb_memory_transfer(void **state)
{
	(void)state;
	rl_machine *m = load("snb-e5-2680");
	assert_true(fabs(m->mem_cycles_per_line - 4.32) < 0.005);
	assert_true(fabs(m->levels[m->nlevels - 1].cycles_per_line - 4.32) < 0.005);
	assert_true(fabs(m->levels[0].cycles_per_line - 2) < 1e-9); /* 64 B / 2 cy */
	assert_true(fabs(m->levels[1].cycles_per_line - 2) < 1e-9);
	rl_machine_free(m);
}

/* seed 001 Table 1: F_p (AVX MAD, all cores) and L1 bandwidth per core */
static void test_carm_table1(void **state)
{
	(void)state;
	static const struct { const char *name; int cores; double ghz, fp, l1, bd; } t[] = {
		{ "carm-2600k", 4, 3.4, 108.8, 163.2, 25.6 },
		{ "carm-3820", 4, 3.6, 115.2, 172.8, 59.7 },
		{ "carm-3930k", 6, 3.2, 153.6, 153.6, 51.2 },
		{ "carm-3770k", 4, 3.5, 112.0, 168.0, 29.9 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		rl_machine *m = load(t[i].name);
		assert_int_equal(m->cores, t[i].cores);
		assert_true(fabs(m->clock_ghz - t[i].ghz) < 1e-9);
		const rl_flops_row *p = rl_machine_flops(m, RL_FP_PEAK, 256, 64, t[i].cores);
		assert_non_null(p);
		assert_true(fabs(p->gflops - t[i].fp) < 0.05);
		/* F_p = 8 flop/cy x cores x f, as the table's footnote defines it */
		const rl_flops_row *p1 = rl_machine_flops(m, RL_FP_PEAK, 256, 64, 1);
		assert_non_null(p1);
		assert_true(fabs(p1->gflops * t[i].cores - t[i].fp) < 0.05);
		const rl_bw_row *b = rl_machine_bw(m, "L1", 0, RL_MIX_2LD1ST, 1);
		assert_non_null(b);
		assert_true(fabs(b->gbs - t[i].l1) < 0.05);
		assert_true(fabs(b->gbs / m->clock_ghz - 48) < 0.01); /* 384-bit bus */
		assert_true(fabs(m->mem_bandwidth_gbs - t[i].bd) < 0.05);
		assert_int_equal(m->levels[0].size, 32 * 1024);
		assert_int_equal(m->levels[1].size, 256 * 1024);
		rl_machine_free(m);
	}
}

/* seed 003 equation 2: (0.5*64 + 0.5*16) / (0.5*64/5288.75 + 0.5*16/1319.28) = 3301.8 GB/s */
static void test_adcarm_worked_example(void **state)
{
	(void)state;
	char err[256];
	rl_adcarm_term t[2] = { { 0.5, 64, 5288.75 }, { 0.5, 16, 1319.28 } };
	double b = rl_adcarm_scale(t, 2, err, sizeof err);
	print_message("adCARM B_r^y = %.2f GB/s\n", b);
	assert_true(fabs(b - 3301.8) < 0.05);
	/* the same from the shipped Gold 6140 file's bandwidth table */
	rl_machine *m = load("skx-gold-6140");
	double share[4] = { 0, 0.5, 0, 0.5 }; /* SSE 16 B and AVX-512 64 B */
	double b2 = rl_adcarm_bandwidth(m, "L1", RL_MIX_LOAD, 18, share, err, sizeof err);
	assert_true(fabs(b2 - 3301.8) < 0.05);
	/* a width the file lacks is an error value, not a crash */
	double sc[4] = { 1, 0, 0, 0 };
	assert_true(rl_adcarm_bandwidth(m, "L1", RL_MIX_LOAD, 18, sc, err, sizeof err) < 0);
	assert_non_null(strstr(err, "64-bit"));
	/* P_a: 50 % AVX-512 FMA DP (16 flops, 1324.8) + 50 % AVX-512 ADD DP (8 flops, 662.4) */
	rl_adcarm_term f[2] = { { 0.5, 16, 1324.8 }, { 0.5, 8, 662.4 } };
	double pa = rl_adcarm_scale(f, 2, err, sizeof err);
	assert_true(fabs(pa - 12.0 / (8 / 1324.8 + 4 / 662.4)) < 1e-9);
	assert_true(fabs(pa - 993.6) < 0.01);
	/* invalid input */
	rl_adcarm_term bad[1] = { { 1, 64, 0 } };
	assert_true(rl_adcarm_scale(bad, 1, err, sizeof err) < 0);
	assert_true(rl_adcarm_scale(NULL, 0, err, sizeof err) < 0);
	rl_machine_free(m);
}

/* every library file loads and carries provenance */
static void test_library_files(void **state)
{
	(void)state;
	static const char *const names[] = {
		"snb-e5-2680", "emr-host", "emr-host-bench", "zen4", "carm-2600k", "carm-3820",
		"carm-3930k", "carm-3770k", "skx-gold-6140", "zen2-epyc-7452", "zen3-epyc-7763",
		"hsw-e5-2695v3", "icx-8360y", "spr-8480",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		rl_machine *m = load(names[i]);
		assert_true(m->source[0] != '\0');
		assert_true(m->mem_source[0] != '\0');
		rl_machine_free(m);
	}
	rl_machine *h = load("emr-host-bench");
	assert_true(h->nbw >= 64 && h->nflops >= 40);
	assert_non_null(rl_machine_bw(h, "MEM", 512, RL_MIX_LOAD, 2));
	assert_true(rl_machine_bw(h, "MEM", 512, RL_MIX_LOAD, 2)->spread_pct >= 0);
	rl_machine_free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snb_memory_transfer),
		cmocka_unit_test(test_carm_table1),
		cmocka_unit_test(test_adcarm_worked_example),
		cmocka_unit_test(test_library_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
