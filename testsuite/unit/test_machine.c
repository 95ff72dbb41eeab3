/* Unit tests of machines/machine.c: bundled machine files load, SNB figures match seed 004,
 * broken files give NULL and an error "FILE:LINE:COL: ..." at the right place.
 * Run from the repository root (or set RL_SRCDIR to it). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machines/machine.h"

static const char *srcdir(void)
{
	const char *d = getenv("RL_SRCDIR");
	return d && *d ? d : ".";
}

static void path_of(char *out, size_t len, const char *rel)
{
	snprintf(out, len, "%s/%s", srcdir(), rel);
}

static rl_machine *load_rel(const char *rel, char *err, size_t errlen)
{
	char p[1024];
	path_of(p, sizeof p, rel);
	return rl_machine_load(p, err, errlen);
}

/* ---------------------------------------------------------------- bundled files */

static void test_all_bundled_files_load(void **state)
{
	(void)state;
	char dir[1024];
	path_of(dir, sizeof dir, "machines");
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".yml"))
			continue;
		char p[2048], err[512] = "";
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		rl_machine *m = rl_machine_load(p, err, sizeof err);
		if (!m)
			fail_msg("%s: %s", e->d_name, err);
		assert_string_equal(err, "");
		/* name is the basename without .yml */
		assert_int_equal(strlen(m->name), l - 4);
		assert_memory_equal(m->name, e->d_name, l - 4);
		assert_true(m->clock_ghz > 0);
		assert_true(m->cores >= 1);
		assert_true(m->nlevels >= 1 && m->nlevels <= RL_MAX_LEVELS);
		for (int i = 0; i < m->nlevels; i++) {
			assert_true(m->levels[i].size > 0);
			assert_true(m->levels[i].cycles_per_line > 0);
		}
		assert_true(m->mem_cycles_per_line > 0);
		assert_true(m->ncosts > 0);
		/* every machine can load and store at any width */
		assert_non_null(rl_machine_cost(m, RL_IC_LOAD, 64));
		assert_non_null(rl_machine_cost(m, RL_IC_STORE, 256));
		rl_machine_free(m);
		n++;
	}
	closedir(d);
	assert_true(n >= 3); /* snb-e5-2680, zen4, emr-host */
}

static void test_snb_figures(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("machines/snb-e5-2680.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_string_equal(m->name, "snb-e5-2680");
	assert_true(fabs(m->clock_ghz - 2.7) < 1e-9);
	assert_int_equal(m->cores, 8);
	assert_int_equal(m->overlap, RL_OVERLAP_SERIAL);
	assert_true(fabs(m->lc_safety_factor - 0.5) < 1e-9);
	assert_int_equal(m->nlevels, 3);
	assert_string_equal(m->levels[0].name, "L1");
	assert_int_equal(m->levels[0].size, 32768);
	assert_int_equal(m->levels[1].size, 262144);
	assert_int_equal(m->levels[2].size, 20 * 1024 * 1024);
	assert_int_equal(m->levels[0].line, 64);
	assert_int_equal(m->levels[2].shared_by, 8);
	assert_true(fabs(m->levels[0].cycles_per_line - 2.0) < 1e-9);
	assert_true(fabs(m->levels[1].cycles_per_line - 2.0) < 1e-9);
	assert_true(fabs(m->mem_bandwidth_gbs - 40.0) < 1e-9);
	assert_true(fabs(m->mem_cycles_per_line - 4.32) < 0.01);
	/* the last level's transfer is the memory transfer */
	assert_true(fabs(m->levels[2].cycles_per_line - m->mem_cycles_per_line) < 1e-12);
	assert_int_equal(m->n_nonoverlapping, 1);
	assert_string_equal(m->nonoverlapping[0], "load");
	assert_true(rl_machine_unit_is_nol(m, "load"));
	assert_false(rl_machine_unit_is_nol(m, "store"));
	assert_false(rl_machine_unit_is_nol(m, "fp_add"));

	/* in-core table: exact width first, then width 0 */
	const rl_iclass_cost *c = rl_machine_cost(m, RL_IC_LOAD, 256);
	assert_non_null(c);
	assert_true(fabs(c->cycles - 1.0) < 1e-9);
	assert_string_equal(c->unit, "load");
	c = rl_machine_cost(m, RL_IC_LOAD, 128);
	assert_true(fabs(c->cycles - 0.5) < 1e-9);
	c = rl_machine_cost(m, RL_IC_STORE, 256);
	assert_true(fabs(c->cycles - 2.0) < 1e-9);
	c = rl_machine_cost(m, RL_IC_FADD, 256);      /* width-0 row */
	assert_non_null(c);
	assert_int_equal(c->width, 0);
	assert_true(fabs(c->cycles - 1.0) < 1e-9);
	assert_true(fabs(c->latency - 3.0) < 1e-9);
	assert_null(rl_machine_cost(m, RL_IC_FMA, 256)); /* no FMA on SNB */
	/* divider: precision-aware, and conservative when the precision is unknown */
	c = rl_machine_cost_prec(m, RL_IC_FDIV, 256, 64);
	assert_true(fabs(c->cycles - 42.0) < 1e-9);
	c = rl_machine_cost_prec(m, RL_IC_FDIV, 256, 32);
	assert_true(fabs(c->cycles - 28.0) < 1e-9);
	c = rl_machine_cost(m, RL_IC_FDIV, 256);
	assert_true(fabs(c->cycles - 42.0) < 1e-9);
	c = rl_machine_cost(m, RL_IC_FDIV, 64);
	assert_true(fabs(c->cycles - 22.0) < 1e-9);
	rl_machine_free(m);
}

static void test_zen4_and_host(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("machines/zen4.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_int_equal(m->overlap, RL_OVERLAP_ZEN);
	assert_int_equal(m->levels[2].victim, 1);
	assert_int_equal(m->levels[2].shared_by, 8);
	assert_true(fabs(m->levels[0].cycles_per_line - 1.0) < 1e-9); /* "64 B/cy" */
	assert_true(fabs(rl_machine_cost(m, RL_IC_LOAD, 512)->cycles - 1.0) < 1e-9);
	assert_true(fabs(rl_machine_cost(m, RL_IC_FMA, 256)->cycles - 0.5) < 1e-9);
	rl_machine_free(m);

	m = load_rel("machines/emr-host.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_int_equal(m->overlap, RL_OVERLAP_SERIAL);
	assert_int_equal(m->levels[0].size, 48 * 1024);
	assert_int_equal(m->levels[1].size, 2 * 1024 * 1024);
	assert_true(m->clock_ghz > 1.0 && m->clock_ghz < 5.0);
	assert_non_null(rl_machine_cost(m, RL_IC_FMA, 512));
	rl_machine_free(m);
}

/* ---------------------------------------------------------------- broken files */

/* Load testsuite/machines/FILE, expect NULL and an error that starts with
 * "<path>:LINE:COL: " and contains every string of WANT (NULL-terminated). */
static void expect_error(const char *file, int line, int col, const char *const *want)
{
	char rel[256], path[1024], err[1024] = "", prefix[1200];
	snprintf(rel, sizeof rel, "testsuite/machines/%s", file);
	path_of(path, sizeof path, rel);
	rl_machine *m = rl_machine_load(path, err, sizeof err);
	if (m) {
		rl_machine_free(m);
		fail_msg("%s: loaded, expected an error at %d:%d", file, line, col);
	}
	snprintf(prefix, sizeof prefix, "%s:%d:%d: ", path, line, col);
	if (strncmp(err, prefix, strlen(prefix)) != 0)
		fail_msg("%s: expected an error starting with '%s', got '%s'", file, prefix, err);
	for (int i = 0; want && want[i]; i++)
		if (!strstr(err, want[i]))
			fail_msg("%s: expected '%s' in the error, got '%s'", file, want[i], err);
}

static void test_wrong_type(void **state)
{
	(void)state;
	const char *const w[] = { "expected an integer for 'cores'", "got 'eight'", NULL };
	expect_error("bad-type.yml", 4, 8, w);
}

static void test_missing_key(void **state)
{
	(void)state;
	const char *const w[] = { "expected required key 'bandwidth'", "'memory'", NULL };
	expect_error("missing-key.yml", 10, 3, w);
}

static void test_unknown_key(void **state)
{
	(void)state;
	const char *const w[] = { "unknown key 'bandwith'", "did you mean 'bandwidth'",
				  "expected one of: bandwidth, benchmark", NULL };
	expect_error("unknown-key.yml", 9, 11, w);
}

static void test_bad_host(void **state)
{
	(void)state;
	const char *const w[] = { "expected an integer for 'family'", "got 'zen5'", NULL };
	expect_error("bad-host.yml", 3, 39, w);
}

/* host: of a measured file (machines/emr-host-bench.yml: written by roofline-bench on an
 * Intel family 6 model 207 guest); a file of estimates has none */
static void test_host_block(void **state)
{
	(void)state;
	char err[512], path[1024];
	path_of(path, sizeof path, "machines/emr-host-bench.yml");
	rl_machine *m = rl_machine_load(path, err, sizeof err);
	assert_non_null(m);
	assert_string_equal(m->host_vendor, "GenuineIntel");
	assert_int_equal(m->host_family, 6);
	assert_int_equal(m->host_model, 207);
	rl_machine_free(m);
	path_of(path, sizeof path, "machines/zen4.yml");
	m = rl_machine_load(path, err, sizeof err);
	assert_non_null(m);
	assert_string_equal(m->host_vendor, "");
	rl_machine_free(m);
}

static void test_bad_unit(void **state)
{
	(void)state;
	const char *const w[] = { "expected a size with unit (B, KiB, MiB, GiB) for 'size'",
				  "got '1 MB'", NULL };
	expect_error("bad-unit.yml", 8, 23, w);
}

static void test_not_yaml(void **state)
{
	(void)state;
	const char *const w[] = { "expected valid YAML", "flow sequence at line 2", NULL };
	expect_error("not-yaml.yml", 5, 1, w);
	const char *const w2[] = { "expected a mapping of machine keys", NULL };
	expect_error("not-a-mapping.yml", 2, 1, w2);
}

static void test_empty_file(void **state)
{
	(void)state;
	const char *const w[] = { "expected a machine description", "got an empty file", NULL };
	expect_error("empty.yml", 1, 1, w);
}

static void test_out_of_range(void **state)
{
	(void)state;
	const char *const w[] = { "expected a power of 2", "'line'", "got '48 B'", NULL };
	expect_error("bad-line.yml", 7, 39, w);
	const char *const w2[] = { "expected a positive clock frequency for 'clock'", NULL };
	expect_error("bad-clock.yml", 3, 8, w2);
}

static void test_missing_file_and_small_buffers(void **state)
{
	(void)state;
	char err[256] = "";
	assert_null(rl_machine_load("testsuite/machines/does-not-exist.yml", err, sizeof err));
	assert_non_null(strstr(err, "does-not-exist.yml: cannot open machine file"));
	/* tiny or absent error buffers must not overflow or crash */
	char tiny[8];
	char path[1024];
	path_of(path, sizeof path, "testsuite/machines/bad-type.yml");
	assert_null(rl_machine_load(path, tiny, sizeof tiny));
	assert_int_equal(strlen(tiny), sizeof tiny - 1);
	assert_null(rl_machine_load(path, NULL, 0));
	assert_null(rl_machine_load(NULL, err, sizeof err));
	rl_machine_free(NULL);
}

static void test_minimal_file_defaults(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("testsuite/machines/good-minimal.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_string_equal(m->name, "good-minimal");
	assert_int_equal(m->levels[0].ways, 0);
	assert_int_equal(m->levels[0].shared_by, 1);
	assert_int_equal(m->levels[0].write_allocate, 1);
	assert_int_equal(m->levels[0].victim, 0);
	assert_true(fabs(m->levels[0].cycles_per_line - 2.0) < 1e-9); /* 64 B at 32 B/cy */
	assert_true(fabs(m->mem_cycles_per_line - 5.0) < 1e-9);      /* 64 * 2 / 25.6 */
	const rl_iclass_cost *c = rl_machine_cost(m, RL_IC_LOAD, 512); /* width 0 = any */
	assert_non_null(c);
	assert_true(fabs(c->cycles - 0.5) < 1e-9);
	assert_null(rl_machine_cost(m, RL_IC_STORE, 64));
	assert_string_equal(rl_iclass_name(RL_IC_FMA), "fma");
	assert_string_equal(rl_iclass_name(RL_IC_OTHER), "other");
	assert_string_equal(rl_iclass_name(RL_IC_LOAD), "load");
	rl_machine_free(m);
}

/* the optional keys of a calibrated host file (testsuite/machines/good-calibrated.yml) */
static void test_calibrated_keys(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("testsuite/machines/good-calibrated.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_int_equal(m->overlap, RL_OVERLAP_PARTIAL);
	assert_int_equal(m->serial_links, 1);
	assert_float_equal(m->lc_safety_factor, 0.5, 0);    /* default: Stengel et al.'s C/2 */
	assert_float_equal(m->levels[0].lc_factor, 0.75, 0);
	assert_float_equal(m->levels[1].lc_factor, 0, 0);   /* not given: the machine's */
	assert_float_equal(m->levels[0].fill_cycles, 1, 1e-12);
	assert_float_equal(m->levels[0].evict_cycles, 0.5, 1e-12);
	assert_float_equal(m->levels[1].fill_cycles, 2, 1e-12);  /* 64 B at 32 B/cy */
	assert_float_equal(m->levels[1].evict_cycles, 0.25, 1e-12);
	assert_float_equal(m->mem_fill_cycles, 8, 1e-12);
	assert_float_equal(m->mem_evict_cycles, 4, 1e-12);
	assert_float_equal(m->mem_nt_cycles, 12.5, 1e-12);     /* 64 B at 5.12 B/cy */
	assert_float_equal(m->mem_nt_mixed_cycles, 4, 1e-12);
	assert_float_equal(m->mem_cycles_per_line, 5, 1e-12);  /* 64 B x 2 GHz / 25.6 GB/s */
	assert_int_equal(m->ncalib, 2);
	assert_float_equal(m->levels[0].small_below, 393216, 0);   /* 384 KiB */
	assert_float_equal(m->levels[0].small_factor, 1.25, 0);
	assert_float_equal(m->levels[0].small_write_only, 1, 0);
	assert_float_equal(m->levels[1].small_below + m->levels[1].small_factor, 0, 0);
	rl_machine_free(m);
	/* a file without the new keys: no per-direction costs, the machine-wide factor */
	m = load_rel("testsuite/machines/good-minimal.yml", err, sizeof err);
	assert_non_null(m);
	assert_float_equal(m->levels[0].fill_cycles + m->levels[0].evict_cycles, 0, 0);
	assert_float_equal(m->mem_fill_cycles + m->mem_evict_cycles + m->levels[0].lc_factor, 0, 0);
	assert_float_equal(m->mem_nt_cycles + m->mem_nt_mixed_cycles, 0, 0);
	assert_float_equal(m->lc_safety_factor, 1, 0);
	rl_machine_free(m);
}

static void test_calibrated_key_errors(void **state)
{
	(void)state;
	const char *const w1[] = { "expected required key 'evict' in 'caches[0]'", NULL };
	expect_error("bad-fill-only.yml", 7, 5, w1);
	const char *const w2[] = { "expected no 'fill' / 'evict' on the last cache level", NULL };
	expect_error("bad-fill-last.yml", 8, 52, w2);
	const char *const w3[] = { "expected no 'serial_links' with overlap 'serial'", NULL };
	expect_error("bad-serial-links.yml", 5, 39, w3);
	const char *const w4[] = { "expected a cache name of 'caches' or MEM for 'level'",
				   "got 'L3'", NULL };
	expect_error("bad-calib-level.yml", 15, 30, w4);
	const char *const w5[] = { "expected a transfer time with unit (cy/CL, B/cy) for "
				   "'nt_store'", "got '12'", NULL };
	expect_error("bad-nt-store.yml", 9, 97, w5);
	const char *const w6[] = { "expected required key 'nt_store' in 'memory'", NULL };
	expect_error("bad-nt-mixed.yml", 9, 9, w6);
	const char *const w7[] = { "expected required key 'restart_lines' in 'memory'",
				   "come together", NULL };
	expect_error("bad-restart.yml", 9, 9, w7);
	const char *const w8[] = { "expected a working set larger than the level (32768 B) for "
				   "'below'", "got '16 KiB'", NULL };
	expect_error("bad-small-below.yml", 7, 97, w8);
	const char *const w9[] = { "expected no 'small_working_sets' on the last cache level", NULL };
	expect_error("bad-small-last.yml", 8, 66, w9);
	const char *const w10[] = { "expected required key 'factor' in 'small_working_sets'", NULL };
	expect_error("bad-small-factor.yml", 7, 88, w10);
	/* memory_share: sizes increasing, one share per size, 0 first, non-decreasing, on the
	   last level only */
	const char *const w11[] = { "expected a working set larger than the one before it in "
				    "'sizes'", "got '2 MiB'", NULL };
	expect_error("bad-mshare-order.yml", 8, 88, w11);
	const char *const w12[] = { "expected a list of 3 shares (one per size) for 'shares', "
				    "got 2", NULL };
	expect_error("bad-mshare-count.yml", 8, 106, w12);
	const char *const w13[] = { "expected 0 as the first share in 'shares'", "got '0.1'", NULL };
	expect_error("bad-mshare-first.yml", 8, 107, w13);
	const char *const w14[] = { "expected a share not smaller than the one before it in "
				    "'shares'", "got '0.1'", NULL };
	expect_error("bad-mshare-fall.yml", 8, 115, w14);
	const char *const w15[] = { "expected 'memory_share' only on the last cache level", NULL };
	expect_error("bad-mshare-last.yml", 7, 82, w15);
	const char *const w16[] = { "expected a list of 3 shares (one per size) for "
				    "'reuse_shares', got 4", NULL };
	expect_error("bad-mshare-reuse.yml", 8, 135, w16);
}

/* memory.restart: the Zen 5 guest's measured figures (bench/polybench/study/chainmem.c); a file
 * without them has no restart term */
static void test_restart_keys(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("machines/zen5-host-bench.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_float_equal(m->mem_restart_cycles, 17, 1e-12);
	assert_int_equal(m->mem_restart_lines, 460);
	assert_non_null(strstr(m->mem_restart_source, "chainmem.c"));
	rl_machine_free(m);
	m = load_rel("testsuite/machines/good-minimal.yml", err, sizeof err);
	assert_non_null(m);
	assert_float_equal(m->mem_restart_cycles, 0, 0);
	assert_int_equal(m->mem_restart_lines, 0);
	rl_machine_free(m);
}

/* caches[last].memory_share: the Zen 5 guest's file carries the shares roofline-bench's
 * memory-share step measured (8 sizes, 4 MiB .. 64 MiB, the first share 0); a file without
 * the key has no points (the linear rule of rl_perf_spill) */
static void test_memory_share_keys(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("machines/zen5-host-bench.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	const rl_cache_level *L = &m->levels[m->nlevels - 1];
	assert_int_equal(L->mshare_n, 8);
	assert_float_equal(L->mshare_ws[0], 4194304.0, 0);
	assert_float_equal(L->mshare_ws[7], 67108864.0, 0);
	assert_float_equal(L->mshare[0], 0, 0);
	assert_int_equal(L->mshare_has_reuse, 1);
	for (int i = 1; i < L->mshare_n; i++) {
		assert_true(L->mshare[i] >= L->mshare[i - 1] && L->mshare[i] <= 1);
		assert_true(L->mshare_reuse[i] >= L->mshare_reuse[i - 1] && L->mshare_reuse[i] <= 1);
	}
	rl_machine_free(m);
	m = load_rel("testsuite/machines/good-minimal.yml", err, sizeof err);
	assert_non_null(m);
	for (int i = 0; i < m->nlevels; i++)
		assert_int_equal(m->levels[i].mshare_n, 0);
	rl_machine_free(m);
}

/* tlb: the measured host file's levels; a file without the section has none (no TLB term) */
/* ecm.serial_fraction: values 0..1, not with the serial rule, at most one per link; the Zen 5
 * guest's file carries the fractions roofline-bench measured (docs/model.md section 4) */
static void test_serial_fraction(void **state)
{
	(void)state;
	char err[512];
	const char *const w1[] = { "expected a number in [0..1] for 'serial_fraction'", "got '1.5'",
				   NULL };
	expect_error("bad-serial-fraction.yml", 5, 45, w1);
	const char *const w2[] = { "expected no 'serial_fraction' with overlap 'serial'", NULL };
	expect_error("bad-serial-fraction-rule.yml", 5, 42, w2);
	const char *const w3[] = { "expected at most 2 entries in ecm.serial_fraction", "got 3",
				   NULL };
	expect_error("bad-serial-fraction-count.yml", 5, 6, w3);
	rl_machine *m = load_rel("machines/zen5-host-bench.yml", err, sizeof err);
	assert_non_null(m);
	assert_int_equal(m->n_serial_fraction, 3);
	assert_float_equal(m->serial_fraction[0], 0.366, 1e-12);
	assert_float_equal(m->serial_fraction[1], 0.274, 1e-12);
	assert_float_equal(m->serial_fraction[2], 0.814, 1e-12);
	assert_non_null(strstr(m->serial_fraction_source, "2D 5-point Jacobi"));
	assert_float_equal(m->mem_load_factor, 2.1, 1e-12);
	assert_non_null(strstr(m->mem_load_factor_source, "20.34 cy per 8 updates"));
	rl_machine_free(m);
	/* ecm.memory_load_factor: in [0..10], not with the serial rule, its source only beside it */
	const char *const w4[] = { "expected no 'memory_load_factor' with overlap 'serial'", NULL };
	expect_error("bad-memory-load-factor-rule.yml", 5, 45, w4);
	const char *const w5[] = { "expected a number in [0..10] for 'memory_load_factor'",
				   "got '12'", NULL };
	expect_error("bad-memory-load-factor.yml", 5, 42, w5);
	const char *const w6[] = { "expected 'memory_load_factor_source' only beside "
				   "'memory_load_factor'", NULL };
	expect_error("bad-memory-load-factor-source.yml", 5, 49, w6);
	/* absent: 0 for every link (the rule without fractions) */
	m = load_rel("machines/snb-e5-2680.yml", err, sizeof err);
	assert_non_null(m);
	assert_float_equal(m->mem_load_factor, 0, 0);
	assert_int_equal(m->n_serial_fraction, 0);
	for (int b = 0; b < RL_MAX_LEVELS; b++)
		assert_float_equal(m->serial_fraction[b], 0, 0);
	rl_machine_free(m);
}

static void test_tlb_section(void **state)
{
	(void)state;
	char err[512];
	rl_machine *m = load_rel("machines/zen5-host-bench.yml", err, sizeof err);
	if (!m)
		fail_msg("%s", err);
	assert_int_equal(m->ntlb, 2);
	assert_int_equal(m->tlb_measured, 1);
	assert_string_equal(m->tlb[1].name, "L2");
	assert_int_equal(m->tlb[1].entries, 4096);
	assert_int_equal((int)m->tlb[1].page, 4096);
	assert_float_equal(m->tlb[1].miss_cycles, 6.8, 1e-12);
	rl_machine_free(m);
	m = load_rel("machines/snb-e5-2680.yml", err, sizeof err);
	assert_non_null(m);
	assert_int_equal(m->ntlb, 0);
	rl_machine_free(m);
	const char *const w1[] = { "expected more entries than tlb.levels[0] (64",
				   "got '32'", NULL };
	expect_error("bad-tlb-entries.yml", 17, 28, w1);
	const char *const w2[] = { "expected a power of 2 from 4 KiB to 16 GiB for 'page'",
				   "got '6 KiB'", NULL };
	expect_error("bad-tlb-page.yml", 16, 38, w2);
}

static void test_resolve(void **state)
{
	(void)state;
	char out[1024], dir[1024];
	path_of(dir, sizeof dir, "machines");
	assert_int_equal(rl_machine_resolve(dir, "snb-e5-2680", out, sizeof out), 1);
	char want[1100];
	snprintf(want, sizeof want, "%s/snb-e5-2680.yml", dir);
	assert_string_equal(out, want);
	assert_int_equal(rl_machine_resolve(dir, "no-such-machine", out, sizeof out), 0);
	/* a string with '/' or a .yml suffix is a path, used as given */
	char p[1024];
	path_of(p, sizeof p, "machines/zen4.yml");
	assert_int_equal(rl_machine_resolve("/nonexistent", p, out, sizeof out), 1);
	assert_string_equal(out, p);
	rl_machine_resolve(dir, "no-such.yml", out, sizeof out); /* a path, not DIR/NAME.yml */
	assert_string_equal(out, "no-such.yml");
	assert_int_equal(rl_machine_resolve(dir, "no-such.yml", out, sizeof out), 0);
	/* too small an output buffer: not found, never overflow */
	char small[4];
	assert_int_equal(rl_machine_resolve(dir, "snb-e5-2680", small, sizeof small), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_bundled_files_load),
		cmocka_unit_test(test_snb_figures),
		cmocka_unit_test(test_tlb_section),
		cmocka_unit_test(test_zen4_and_host),
		cmocka_unit_test(test_wrong_type),
		cmocka_unit_test(test_missing_key),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_bad_unit),
		cmocka_unit_test(test_bad_host),
		cmocka_unit_test(test_host_block),
		cmocka_unit_test(test_not_yaml),
		cmocka_unit_test(test_empty_file),
		cmocka_unit_test(test_out_of_range),
		cmocka_unit_test(test_missing_file_and_small_buffers),
		cmocka_unit_test(test_minimal_file_defaults),
		cmocka_unit_test(test_calibrated_keys),
		cmocka_unit_test(test_calibrated_key_errors),
		cmocka_unit_test(test_restart_keys),
		cmocka_unit_test(test_memory_share_keys),
		cmocka_unit_test(test_serial_fraction),
		cmocka_unit_test(test_resolve),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
