/* Unit tests of the stream traffic model, the ECM composition and the note text.
 * The machine is built by hand with seed 004's Sandy Bridge EP figures so these
 * tests do not depend on the YAML loader. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/diag.h"
#include "model/report.h"
#include "diag/format.h"

/* Seed 004, section 2: 32 KiB L1, 256 KiB L2, 20 MiB L3, 64 B lines,
 * 2 cy per line L1<->L2 and L2<->L3, 40 GB/s at 2.7 GHz -> 4.32 cy per line. */
static void snb_machine(rl_machine *m)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "snb-e5-2680");
	m->clock_ghz = 2.7;
	m->cores = 8;
	m->overlap = RL_OVERLAP_SERIAL;
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

static int add_array(rl_nest *n, const char *name, int ndims, long long inner_extent, int param)
{
	rl_array *a = &n->arrays[n->narrays];
	snprintf(a->name, sizeof(a->name), "%s", name);
	a->kind = RL_ELEM_DOUBLE;
	a->elem_size = 8;
	a->ndims = ndims;
	if (ndims == 2) {
		if (param >= 0)
			a->extent[1].par[param] = 1;
		else
			a->extent[1].cst = inner_extent;
	}
	return n->narrays++;
}

/* access ARR[i_outer + dj][i_inner + di] (2D) or ARR[i0 + di] (1D) */
static void add_access(rl_nest *n, int arr, int write, int dj, int di)
{
	rl_access *acc = &n->accesses[n->naccesses++];
	acc->array = arr;
	acc->is_write = write;
	if (n->arrays[arr].ndims == 1) {
		acc->sub[0].it[0] = 1;
		acc->sub[0].cst = di;
	} else {
		acc->sub[0].it[0] = 1;
		acc->sub[0].cst = dj;
		acc->sub[1].it[1] = 1;
		acc->sub[1].cst = di;
	}
}

static rl_nest *daxpy_nest(void)
{
	rl_nest *n = rl_nest_alloc();
	n->nloops = 1;
	n->loops[0].step = 1;
	int a = add_array(n, "a", 1, 0, -1), b = add_array(n, "b", 1, 0, -1);
	add_access(n, a, 0, 0, 0);
	add_access(n, b, 0, 0, 0);
	add_access(n, a, 1, 0, 0);
	n->flops[1].add = 1;
	n->flops[1].mul = 1;
	return n;
}

/* 2D 5-point Jacobi b[j][i] = a[j][i-1] + a[j][i+1] + a[j-1][i] + a[j+1][i];
 * PARAM >= 0: inner extent is parameter n (VLA / flattened), else constant. */
static rl_nest *jacobi_nest(int use_param)
{
	rl_nest *n = rl_nest_alloc();
	n->nloops = 2;
	n->loops[0].step = n->loops[1].step = 1;
	int p = -1;
	if (use_param) {
		p = rl_nest_param_index(n, "n");
		n->params[p].has_value = 1;
		n->params[p].value = 1000;
	}
	int a = add_array(n, "a", 2, 1000, p), b = add_array(n, "b", 2, 1000, p);
	add_access(n, a, 0, 0, -1);
	add_access(n, a, 0, 0, 1);
	add_access(n, a, 0, -1, 0);
	add_access(n, a, 0, 1, 0);
	add_access(n, b, 1, 0, 0);
	return n;
}

/* DAXPY: a read and written (1 load + 1 evict), b read (1 load): 3 lines per
 * 8 iterations -> 6 cy at 2 cy/line, 3 * 4.32 = 12.96 cy from memory
 * (seed 004: {4 || 4 | 6 | 6 | 13}). */
static void test_daxpy_traffic(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = daxpy_nest();
	rl_traffic t;
	char why[128];
	assert_int_equal(rl_traffic_streams(n, &m, &t, why, sizeof(why)), 1);
	assert_int_equal(t.iters_per_unit, 8);
	assert_int_equal(t.nstreams, 2);
	for (int b = 0; b < 3; b++) {
		assert_float_equal(t.load_lines[b], 2.0, 1e-9);
		assert_float_equal(t.wa_lines[b], 0.0, 1e-9);
		assert_float_equal(t.evict_lines[b], 1.0, 1e-9);
	}
	rl_nest_free(n);
}

/* The in-core terms of seed 004's DAXPY (4, 4) composed with the traffic give
 * {4 || 4 | 6 | 6 | 13} -> {4 ] 10 ] 16 ] 29} (serial Intel rule). */
static void test_daxpy_ecm_note(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = daxpy_nest();
	rl_report r;
	memset(&r, 0, sizeof(r));
	r.machine = &m;
	r.nest = n;
	char why[128];
	assert_int_equal(rl_traffic_streams(n, &m, &r.traffic, why, sizeof(why)), 1);
	rl_incore core = { .t_ol = 4, .t_nol = 4 };
	rl_body body = { .iters_per_pass = 8 };
	rl_ecm_compose(&m, &core, &body, &r.traffic, &r.ecm);
	assert_float_equal(r.ecm.t_transfer[2], 12.96, 1e-9);
	assert_float_equal(r.ecm.prediction[3], 28.96, 1e-9);
	char text[256];
	rl_diag_ecm_note(&r, text, sizeof(text));
	assert_string_equal(text,
		"roofline: ECM {4 || 4 | 6 | 6 | 13} cy/CL -> {4 ] 10 ] 16 ] 29} cy/CL on snb-e5-2680");
	rl_nest_free(n);
}

/* Jacobi without layer condition (seed 004 Table 3, last row): 3 rows of a
 * + write-allocate and eviction of b = 5 lines -> {.. | 10 | 10 | 22}; the
 * static (extent 1000) and parametric (n = 1000) versions agree. */
static void test_jacobi_static_equals_param(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	for (int use_param = 0; use_param < 2; use_param++) {
		rl_nest *n = jacobi_nest(use_param);
		rl_traffic t;
		char why[128];
		assert_int_equal(rl_traffic_streams(n, &m, &t, why, sizeof(why)), 1);
		assert_int_equal(t.nstreams, 4);
		assert_float_equal(t.load_lines[0] + t.wa_lines[0] + t.evict_lines[0], 5.0, 1e-9);
		rl_incore core = { .t_ol = 6, .t_nol = 8 };
		rl_body body = { .iters_per_pass = 8 };
		rl_ecm e;
		rl_ecm_compose(&m, &core, &body, &t, &e);
		assert_float_equal(e.t_transfer[0], 10, 1e-9);
		assert_float_equal(e.t_transfer[2], 21.6, 1e-9);
		assert_float_equal(e.prediction[3], 8 + 10 + 10 + 21.6, 1e-9);
		rl_nest_free(n);
	}
}

/* Unknown n: rows j-1, j, j+1 are at unknown distances: still separate streams. */
static void test_unknown_param_separate_streams(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = jacobi_nest(1);
	n->params[0].has_value = 0;
	rl_traffic t;
	char why[128];
	assert_int_equal(rl_traffic_streams(n, &m, &t, why, sizeof(why)), 1);
	assert_int_equal(t.nstreams, 4);
	rl_nest_free(n);
}

/* Traversal against storage order: a[i][j] with i innermost touches one line
 * per iteration: 8 lines per unit of work. */
static void test_transposed_access(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = rl_nest_alloc();
	n->nloops = 2;
	n->loops[0].step = n->loops[1].step = 1;
	int a = add_array(n, "a", 2, 1000, -1);
	rl_access *acc = &n->accesses[n->naccesses++];
	acc->array = a;
	acc->sub[0].it[1] = 1; /* row index = innermost iterator */
	acc->sub[1].it[0] = 1;
	rl_traffic t;
	char why[128];
	assert_int_equal(rl_traffic_streams(n, &m, &t, why, sizeof(why)), 1);
	assert_float_equal(t.load_lines[0], 8.0, 1e-9);
	rl_nest_free(n);
}

/* Zen rule: all terms overlap: prediction = max of the terms so far. */
static void test_zen_overlap(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	rl_ecm e = { .t_ol = 4, .t_nol = 2, .ntransfers = 3, .t_transfer = { 3, 5, 9 } };
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[0], 4, 1e-9);
	assert_float_equal(e.prediction[1], 4, 1e-9);
	assert_float_equal(e.prediction[2], 5, 1e-9);
	assert_float_equal(e.prediction[3], 9, 1e-9);
}

/* Partial rule (the first serial_links transfers add to T_nOL, the others overlap), by hand:
 * T_OL 2, T_nOL 1, transfers 3, 4, 5; one serial link: L2 max(1+3, 2) = 4, L3 max(4, 2, 4) = 4,
 * MEM max(4, 5) = 5; two serial links: MEM max(1+3+4, 5) = 8; serial: 1+3+4+5 = 13;
 * overlapping: 5. */
static void test_partial_overlap(void **state)
{
	(void)state;
	const double t[3] = { 3, 4, 5 };
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 1, 2, 1, t, 1), 4, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 1, 2, 1, t, 2), 4, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 1, 2, 1, t, 3), 5, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 2, 2, 1, t, 3), 8, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_SERIAL, 1, 2, 1, t, 3), 13, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_ZEN, 1, 2, 1, t, 3), 5, 1e-12);
	assert_float_equal(rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 1, 9, 1, t, 3), 9, 1e-12);
}

/* Serial fractions (ecm.serial_fraction), by hand: T_OL 2, transfers 3, 4, 5, fractions 0.5,
 * 0.25, 0.1.  T_nOL 6 (load-bound, a stencil): L2 max(2, 6 + 0.5 x 3, 3) = 7.5, L3 7.5 + 0.25 x 4
 * = 8.5, MEM 8.5 + 0.1 x 5 = 9.  T_nOL 1 (a stream): L2 max(1 + 1.5, 3) = 3, L3 max(1 + 1.5 + 1,
 * 4) = 4, MEM max(4, 5) = 5 - the overlapping rule's figures.  Fractions 1 give the serial rule
 * (1 + 3 + 4 + 5 = 13); the partial rule keeps its serial link whole: one serial link, T_nOL 6,
 * MEM 6 + 3 + 0.25 x 4 + 0.1 x 5 = 10.5; no fractions (NULL) = rl_ecm_level_cycles. */
static void test_serial_fraction(void **state)
{
	(void)state;
	const double t[3] = { 3, 4, 5 }, x[3] = { 0.5, 0.25, 0.1 }, one[3] = { 1, 1, 1 };
	const double stencil[4] = { 6, 7.5, 8.5, 9 }, stream[4] = { 2, 3, 4, 5 };
	for (int k = 0; k <= 3; k++) {
		assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_ZEN, 1, x, 2, 6, t, k),
				   stencil[k], 1e-12);
		assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_ZEN, 1, x, 2, 1, t, k),
				   stream[k], 1e-12);
		assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_ZEN, 1, one, 2, 1, t, k),
				   rl_ecm_level_cycles(RL_OVERLAP_SERIAL, 1, 2, 1, t, k), 1e-12);
		assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_PARTIAL, 2, NULL, 2, 1, t, k),
				   rl_ecm_level_cycles(RL_OVERLAP_PARTIAL, 2, 2, 1, t, k), 1e-12);
	}
	assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_PARTIAL, 1, x, 2, 6, t, 3), 10.5,
			   1e-12);
	assert_float_equal(rl_ecm_level_cycles_frac(RL_OVERLAP_ZEN, 1, one, 2, 1, t, 3), 13, 1e-12);
}

/* The machine's fractions in rl_ecm_predict: the 2D 5-point stencil sum of
 * testsuite/roofline.dg/stencil-sum-zen5.c on machines/zen5-host-bench.yml (fractions 0.317,
 * 0.339, 0.799; rows of 258 doubles read 258/256 lines per unit: T_L1L2 1.00783 x 1.04 =
 * 1.04815, T_L2L3 1.00783 x (2.504 + 0.01) = 2.53369, T_L3Mem 1.00783 x 6.173 = 6.22135),
 * T_OL 4, T_nOL 5.5: L2 5.5 + 0.317 x 1.04815 = 5.83226, L3 + 0.339 x 2.53369 = 6.69118, MEM
 * + 0.799 x 6.22135 = 11.66204 (the overlapping rule alone: 5.5, 5.5, 5.5, 6.22). */
static void test_serial_fraction_predict(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	m.serial_fraction[0] = 0.317;
	m.serial_fraction[1] = 0.339;
	m.serial_fraction[2] = 0.799;
	rl_ecm e = { .t_ol = 4, .t_nol = 5.5, .ntransfers = 3,
		     .t_transfer = { 1.04815, 2.53369, 6.22135 } };
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[0], 5.5, 1e-9);
	assert_float_equal(e.prediction[1], 5.83226, 1e-5);
	assert_float_equal(e.prediction[2], 6.69118, 1e-5);
	assert_float_equal(e.prediction[3], 11.66204, 1e-5);
	assert_float_equal(e.serial_fraction[2], 0.799, 0);
}

/* The memory level with ecm.memory_load_factor (rl_ecm_memory_level), by hand: T_OL 2, T_nOL 4,
 * transfers 2, 4, 14, fractions 0.5, 0.25, 0.75: the rule gives MEM 4 + 1 + 1 + 10.5 = 16.5,
 * the serial sum is 4 + 2 + 4 + 14 = 24.  Factor 2.5, reuse share 0.75 (7.5 load slots per unit
 * against the 1.875 of a stream reading its lines once: 1 - 1.875 / 7.5): T_mem + 2.5 x 0.75 x
 * 4 = 14 + 7.5 = 21.5 (L1 .. L3 unchanged: 4, 5, 6); factor 5: 14 + 15 = 29, above the serial
 * sum 24 (not a bound: stencils in memory measured up to 27 % beyond it, docs/model.md section 8);
 * share 0 (a stream: one load per line read) or no factor: the rule's 16.5; the serial rule
 * takes no factor (4 + 2 + 4 + 14 = 24 either way). */
static void test_memory_load_factor(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	m.serial_fraction[0] = 0.5;
	m.serial_fraction[1] = 0.25;
	m.serial_fraction[2] = 0.75;
	m.mem_load_factor = 2.5;
	assert_float_equal(rl_ecm_reuse_share(7.5, 1.875), 0.75, 1e-12);
	assert_float_equal(rl_ecm_reuse_share(2, 2), 0, 0);
	assert_float_equal(rl_ecm_reuse_share(1, 3), 0, 0);
	assert_float_equal(rl_ecm_reuse_share(0, 1), 0, 0);
	rl_ecm e = { .t_ol = 2, .t_nol = 4, .ntransfers = 3, .t_transfer = { 2, 4, 14 },
		     .reuse_share = 0.75 };
	rl_ecm_predict(&m, &e);
	const double want[4] = { 4, 5, 6, 21.5 };
	for (int k = 0; k <= 3; k++)
		assert_float_equal(e.prediction[k], want[k], 1e-12);
	m.mem_load_factor = 5;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[3], 29, 1e-12);
	e.reuse_share = 0;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[3], 16.5, 1e-12);
	e.reuse_share = 0.75;
	m.mem_load_factor = 0;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[3], 16.5, 1e-12);
	m.mem_load_factor = 2.5;
	m.overlap = RL_OVERLAP_SERIAL;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[3], 24, 1e-12);
	assert_float_equal(rl_ecm_memory_level(16.5, 14, 2.5, 3), 21.5, 1e-12);
	assert_float_equal(rl_ecm_memory_level(25, 14, 2.5, 3), 25, 1e-12);
	assert_float_equal(rl_ecm_memory_level(16.5, 14, 5, 3), 29, 1e-12);
	assert_float_equal(rl_ecm_memory_level(16.5, 14, 0, 3), 16.5, 0);
}

/* The reuse share weighted by the lines read from memory per unit (rl_ecm_compose), by hand: 8
 * zmm loads per pass of 8 iterations, one pass per unit: S = 8 slots; a stream reading L lines
 * from memory needs L x 512 / 512 = L of them, s = 1 - L / 8, times min(1, L): L = 1 -> 0.875;
 * L = 2 -> 0.75; L = 0.1 (a loop that reuses its rows: a tenth of a line per unit from memory)
 * -> (1 - 0.0125) x 0.1 = 0.09875; L = 0 -> 0. */
static void test_reuse_share_memory_lines(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body body = { .ninsns = 8, .iters_per_pass = 8 };
	for (int i = 0; i < 8; i++) {
		body.insns[i].mem = RL_MEM_LOAD;
		body.insns[i].mem_width = 512;
	}
	rl_incore core = { .t_ol = 4, .t_nol = 4 };
	const double lines[4] = { 1, 2, 0.1, 0 }, want[4] = { 0.875, 0.75, 0.09875, 0 };
	for (int k = 0; k < 4; k++) {
		rl_traffic t = { .nboundaries = 3, .iters_per_unit = 8 };
		t.load_lines[2] = lines[k];
		rl_ecm e;
		rl_ecm_compose(&m, &core, &body, &t, &e);
		assert_float_equal(e.reuse_share, want[k], 1e-12);
	}
}

/* Per-direction link costs and one core's memory cost.  A copy-like unit: boundary b moves
 * 1 load + 1 write-allocate + 1 eviction.  L1-L2 fill 1, evict 0.5: 2 x 1 + 0.5 = 2.5 cy;
 * L2-L3 without them: 3 lines x 2 cy = 6; memory fill 8, evict 4: 2 x 8 + 4 = 20 cy, while
 * the saturation term stays 3 lines x 4.32 cy (40 GB/s at 2.7 GHz) = 12.96 cy. */
static void test_fill_evict_terms(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	m.levels[0].fill_cycles = 1;
	m.levels[0].evict_cycles = 0.5;
	m.mem_fill_cycles = 8;
	m.mem_evict_cycles = 4;
	rl_traffic tr;
	memset(&tr, 0, sizeof tr);
	tr.iters_per_unit = 8;
	tr.nboundaries = 3;
	for (int b = 0; b < 3; b++)
		tr.load_lines[b] = tr.wa_lines[b] = tr.evict_lines[b] = 1;
	rl_incore core;
	memset(&core, 0, sizeof core);
	core.t_ol = 0.25;
	core.t_nol = 0.25;   /* per iteration: 2 cy per unit of 8 */
	rl_ecm e;
	rl_ecm_compose(&m, &core, NULL, &tr, &e);
	assert_float_equal(e.t_transfer[0], 2.5, 1e-12);
	assert_float_equal(e.t_transfer[1], 6, 1e-12);
	assert_float_equal(e.t_transfer[2], 20, 1e-12);
	assert_float_equal(rl_ecm_mem_sat_cycles(&e), 3 * 64 * 2.7 / 40, 1e-12);
	/* advice that removes the memory term removes the saturation term with it */
	rl_ecm after = e;
	after.t_transfer[2] = 0;
	assert_float_equal(rl_ecm_mem_sat_cycles(&after), 0, 0);
	assert_float_equal(e.prediction[3], 20, 1e-12);
	/* with the one-core bandwidth of the same benchmark (20 of 40 GB/s): half the one-core
	   memory term, 20 x 0.5 = 10 cy - one core never exceeds the chip */
	m.mem_bandwidth_1core_gbs = 20;
	rl_ecm_compose(&m, &core, NULL, &tr, &e);
	assert_float_equal(rl_ecm_mem_sat_cycles(&e), 10, 1e-12);
	m.mem_bandwidth_1core_gbs = 0;
	/* without per-direction figures the memory term is the chip's: unchanged ECM */
	m.mem_fill_cycles = m.mem_evict_cycles = 0;
	rl_ecm_compose(&m, &core, NULL, &tr, &e);
	assert_float_equal(e.t_transfer[2], 12.96, 1e-9);
}

/* A link's small-working-set factor (caches[b].small_working_sets): the copy-like unit of
 * test_fill_evict_terms (1 load + 1 write-allocate + 1 eviction per boundary) on a Zen-like
 * machine whose L1-L2 link costs fill 1, evict 0.5 (2.5 cy per unit) and x 1.3 for working
 * sets beyond the L1 (32 KiB) and below 384 KiB; L2-L3 (2 cy per line, 6 cy per unit) x 1.2
 * beyond the L2 (256 KiB) below 4 MiB.  By hand:
 *   WS 200 KiB (in L2):  L1-L2 2.5 x 1.3 = 3.25, L2-L3 6 (200 KiB is not beyond the L2);
 *   WS 384 KiB:          L1-L2 2.5 (the bound is exclusive); L2-L3 6 x 1.2 = 7.2 (384 KiB
 *                        is beyond the L2, below 4 MiB);
 *   WS 3 MiB (in L3):    L1-L2 2.5 (beyond its bound), L2-L3 6 x 1.2 = 7.2;
 *   WS 16 KiB (in L1), unknown (-1), the memory link: factor 1.
 * Overlapping rule, T_OL = T_nOL = 2 cy per unit: the L2 prediction max(2, 3.25) = 3.25 at
 * 200 KiB, 2.5 without the factor.
 * A loop that reads nothing across the link (1 write-allocate + 1 eviction: a store stream)
 * takes write_only 1.04 where the level gives it: (1 + 0.5) x 1.04 = 1.56 at 200 KiB; the
 * copy-like unit keeps 1.3. */
static void test_small_working_set_factor(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	m.levels[0].fill_cycles = 1;
	m.levels[0].evict_cycles = 0.5;
	m.levels[0].small_below = 384 << 10;
	m.levels[0].small_factor = 1.3;
	m.levels[1].small_below = 4 << 20;
	m.levels[1].small_factor = 1.2;
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, 204800, 0), 1.3, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, 393216, 0), 1, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, 16384, 0), 1, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, -1, 0), 1, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 1, 204800, 0), 1, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 1, 3145728, 0), 1.2, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 2, 3145728, 0), 1, 0);
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, 204800, 1), 1.3, 0);  /* no write_only */
	rl_traffic tr;
	memset(&tr, 0, sizeof tr);
	tr.iters_per_unit = 8;
	tr.nboundaries = 3;
	for (int b = 0; b < 3; b++)
		tr.load_lines[b] = tr.wa_lines[b] = tr.evict_lines[b] = 1;
	rl_incore core;
	memset(&core, 0, sizeof core);
	core.t_ol = 0.25;
	core.t_nol = 0.25;
	rl_ecm e, plain;
	rl_ecm_compose_ws(&m, &core, NULL, &tr, 200 << 10, &e);
	rl_ecm_compose(&m, &core, NULL, &tr, &plain);
	assert_float_equal(e.t_transfer[0], 3.25, 1e-12);
	assert_float_equal(e.t_transfer[1], 6, 1e-12);
	assert_float_equal(e.t_transfer[2], plain.t_transfer[2], 0);
	assert_float_equal(e.prediction[1], 3.25, 1e-12);
	assert_float_equal(plain.prediction[1], 2.5, 1e-12);
	assert_float_equal(rl_ecm_boundary_cycles_ws(&m, &tr, 0, 393216), 2.5, 1e-12);
	assert_float_equal(rl_ecm_boundary_cycles_ws(&m, &tr, 1, 393216), 7.2, 1e-12);
	rl_ecm_compose_ws(&m, &core, NULL, &tr, 3 << 20, &e);
	assert_float_equal(e.t_transfer[0], 2.5, 1e-12);
	assert_float_equal(e.t_transfer[1], 7.2, 1e-12);
	assert_float_equal(e.prediction[2], 7.2, 1e-12);
	m.levels[0].small_write_only = 1.04;
	assert_float_equal(rl_machine_link_ws_factor(&m, 0, 204800, 1), 1.04, 0);
	rl_traffic st;
	memset(&st, 0, sizeof st);
	st.iters_per_unit = 8;
	st.nboundaries = 3;
	st.wa_lines[0] = st.evict_lines[0] = 1;
	assert_float_equal(rl_ecm_boundary_cycles_ws(&m, &st, 0, 204800), 1.56, 1e-12);
	assert_float_equal(rl_ecm_boundary_cycles_ws(&m, &tr, 0, 204800), 3.25, 1e-12);
	/* without the key: today's figures at every working set */
	m.levels[0].small_factor = m.levels[1].small_factor = 0;
	rl_ecm_compose_ws(&m, &core, NULL, &tr, 200 << 10, &e);
	assert_memory_equal(e.t_transfer, plain.t_transfer, sizeof e.t_transfer);
}

/* Non-temporal stores: the lines a unit stores around the caches (nt_lines, a part of
 * evict_lines at the memory boundary) leave the evictions; the memory term is
 * max(other lines' term, NT x nt_store, (fills + NT) x nt_mixed).  Memory boundary of an NT
 * copy: 1 load + 1 NT line.  Fill 8, evict 4:
 *   no nt_store:                    8 + 1 x 4 = 12 (an eviction, as before);
 *   nt_store 12, no nt_mixed:       max(8, 12) = 12 (never faster than NT stores alone);
 *   nt_store 12, nt_mixed 7:        max(8, 12, 2 x 7) = 14;
 *   an NT store stream alone:       max(0, 12, 1 x 7) = 12;
 *   3 loads + 1 NT line, mixed 5:   max(3 x 8, 12, 4 x 5) = 24 (the fills bound it);
 *   chip figures only (4.32 cy per line: 40 GB/s at 2.7 GHz), mixed 9:
 *                                   max((2 - 1) x 4.32, 12, 2 x 9) = 18.
 * The caches' links are untouched. */
static void test_nontemporal_term(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.overlap = RL_OVERLAP_ZEN;
	m.mem_fill_cycles = 8;
	m.mem_evict_cycles = 4;
	rl_traffic tr;
	memset(&tr, 0, sizeof tr);
	tr.iters_per_unit = 8;
	tr.nboundaries = 3;
	tr.load_lines[0] = tr.load_lines[1] = tr.load_lines[2] = 1;
	tr.evict_lines[2] = tr.nt_lines[2] = 1;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &tr, 2), 12, 1e-12);
	m.mem_nt_cycles = 12;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &tr, 2), 12, 1e-12);
	m.mem_nt_mixed_cycles = 7;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &tr, 2), 14, 1e-12);
	assert_float_equal(rl_ecm_boundary_cycles(&m, &tr, 0), 1 * m.levels[0].cycles_per_line,
			   1e-12);
	rl_traffic other = tr;
	other.load_lines[2] = 0;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &other, 2), 12, 1e-12);
	other.load_lines[2] = 3;
	m.mem_nt_mixed_cycles = 5;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &other, 2), 24, 1e-12);
	m.mem_fill_cycles = m.mem_evict_cycles = 0;
	m.mem_nt_mixed_cycles = 9;
	assert_float_equal(rl_ecm_boundary_cycles(&m, &tr, 2), 18, 1e-9);
	/* the traffic rule marks a write-only stream's non-temporal lines at memory only */
	rl_traffic t2;
	memset(&t2, 0, sizeof t2);
	rl_stream_lines sl = { .reads = 0, .writes = 1, .stored = 1 };
	for (int b = 0; b < 3; b++)
		sl.missed[b] = 1;
	rl_traffic_add_stream(&t2, &m, 1, &sl);
	assert_float_equal(t2.nt_lines[0] + t2.nt_lines[1] + t2.wa_lines[2], 0, 0);
	assert_float_equal(t2.nt_lines[2], 1, 0);
	assert_float_equal(t2.evict_lines[2], 1, 0);
	rl_traffic_add_stream(&t2, &m, 0, &sl);   /* write-back stores: evictions, no NT lines */
	assert_float_equal(t2.nt_lines[2], 1, 0);
	assert_float_equal(t2.evict_lines[2], 2, 0);
}

static void test_number_format(void **state)
{
	(void)state;
	char buf[32];
	rl_format_number(12.96, buf, sizeof(buf));
	assert_string_equal(buf, "13");
	rl_format_number(4.32, buf, sizeof(buf));
	assert_string_equal(buf, "4.3");
	rl_format_number(-0.01, buf, sizeof(buf));
	assert_string_equal(buf, "0");
	rl_format_cores(1, buf, sizeof(buf));
	assert_string_equal(buf, "1 core");
	rl_format_cores(8, buf, sizeof(buf));
	assert_string_equal(buf, "8 cores");
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	rewind(f);
	char *buf = calloc(1, len + 1);
	if (fread(buf, 1, len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* The remarks file is byte-identical when written twice. */
static void test_remarks_deterministic(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_nest *n = jacobi_nest(1);
	rl_report *r = calloc(1, sizeof(*r));
	rl_report_build(n, NULL, &m, r);
	assert_int_equal(r->analysed, 1); /* in-core from the source: no RTL body */
	char *texts[2];
	for (int k = 0; k < 2; k++) {
		rl_remarks *rem = rl_remarks_alloc("jacobi.c", &m);
		rl_remarks_add_report(rem, r);
		rl_remarks_add_not_analysed(rem, "jacobi.c", 3, 5, "f", "call to g in loop body");
		char path[64], err[256];
		snprintf(path, sizeof(path), "testsuite/out/unit/remarks%d.json", k);
		assert_int_equal(rl_remarks_write(rem, path, err, sizeof(err)), 1);
		rl_remarks_free(rem);
		texts[k] = read_file(path);
		assert_non_null(texts[k]);
	}
	assert_string_equal(texts[0], texts[1]);
	assert_non_null(strstr(texts[0], "\"schema\": \"roofline-remarks/1\""));
	free(texts[0]);
	free(texts[1]);
	free(r);
	rl_nest_free(n);
}

/* Page walks (model/tlb.c): for (j < 8) for (i < ROWS) s += a[i][j], rows of 520 doubles
 * (4160 B: a new page every access).  TLB: L1 64 entries, 0.5 cy; L2 1024 entries, 7 cy.
 * Unit of work 8 iterations = 8 page touches.  By hand: 32 rows: no term; 100 rows: the L1
 * fraction (100 - 64) / 64 = 0.5625 -> 8 x 0.5625 x 0.5 = 2.25 cy; 4096 rows: both levels
 * fully -> 8 x 7.5 = 60 cy, added to every level's prediction. */
static void test_tlb_column_walk(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.ntlb = 2;
	m.tlb[0] = (rl_tlb_level){ "L1", 64, 4096, 0.5 };
	m.tlb[1] = (rl_tlb_level){ "L2", 1024, 4096, 7 };
	const long long rows[3] = { 32, 100, 4096 };
	const double want[3] = { 0, 2.25, 60 };
	for (int k = 0; k < 3; k++) {
		rl_nest *n = rl_nest_alloc();
		n->nloops = 2;
		n->loops[0].step = n->loops[1].step = 1;
		n->loops[0].upper.cst = 8;
		n->loops[1].upper.cst = rows[k];
		int a = add_array(n, "a", 2, 520, -1);
		rl_access *acc = &n->accesses[n->naccesses++];
		acc->array = a;
		acc->sub[0].it[1] = 1;     /* a[i][j] */
		acc->sub[1].it[0] = 1;
		rl_traffic t;
		char why[128];
		assert_true(rl_traffic_streams(n, &m, &t, why, sizeof why));
		rl_tlb_term term;
		rl_tlb_analyse(n, &m, &t, &term);
		assert_float_equal(rl_tlb_inner_trip(n), (double)rows[k], 0);
		assert_float_equal(term.pages, (double)rows[k], 0);
		assert_float_equal(term.cycles, want[k], 1e-9);
		rl_ecm e = { 0 };
		e.ntransfers = 1;
		e.t_ol = 4;
		e.t_transfer[0] = 8;
		e.t_tlb = term.cycles;
		rl_ecm_predict(&m, &e);    /* serial: max(4, 0 + 8) = 8, + the walks */
		assert_float_equal(e.prediction[1], 8 + want[k], 1e-9);
		rl_nest_free(n);
	}
	/* a machine without tlb: no term */
	snb_machine(&m);
	rl_nest *n = jacobi_nest(0);
	rl_traffic t;
	char why[128];
	assert_true(rl_traffic_streams(n, &m, &t, why, sizeof why));
	rl_tlb_term term;
	rl_tlb_analyse(n, &m, &t, &term);
	assert_float_equal(term.cycles, 0, 0);
	rl_nest_free(n);
}

/* Streams that restart (model/restart.c): for (i < 100) for (j < 1000) s += a[i][j], rows of
 * M doubles; machine restart 20 cy per line for the first 50 lines of a run.  Unit of work 8
 * iterations = 1 line of a (stride 8 B), 1 line per unit from memory (the stream model).  By
 * hand: M = 1000 (contiguous rows) and M = 1008 (a jump of 64 B, one line): no term; M = 2000:
 * runs of 8000 B = 125 lines, jump 8000 B: a share 50 / 125 = 0.4 of the lines restarts ->
 * 0.4 x 20 = 8 cy.  Composed by the overlapping rule with T_OL 16, T_nOL 8, transfers 1, 2, 6:
 * L3 max(16, 8, 1, 2) = 16, memory max(16, max(16, 8) + 8) = 24 (the term binds). */
static void test_restart_rows(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.mem_restart_cycles = 20;
	m.mem_restart_lines = 50;
	const long long rowlen[3] = { 1000, 1008, 2000 };
	const double want[3] = { 0, 0, 8 };
	for (int k = 0; k < 3; k++) {
		rl_nest *n = rl_nest_alloc();
		n->nloops = 2;
		n->loops[0].step = n->loops[1].step = 1;
		n->loops[0].upper.cst = 100;
		n->loops[1].upper.cst = 1000;
		int a = add_array(n, "a", 2, rowlen[k], -1);
		add_access(n, a, 0, 0, 0);
		rl_traffic t;
		char why[128];
		assert_true(rl_traffic_streams(n, &m, &t, why, sizeof why));
		rl_restart_term term;
		rl_restart_analyse(n, &m, &t, &term);
		assert_float_equal(term.cycles, want[k], 1e-9);
		if (k == 2) {
			assert_float_equal(term.run_lines, 125, 1e-9);
			assert_float_equal(term.lines, 0.4, 1e-9);
			/* the same machine without the figures: no term */
			rl_machine m0 = m;
			m0.mem_restart_cycles = 0;
			rl_restart_analyse(n, &m0, &t, &term);
			assert_float_equal(term.cycles, 0, 0);
		}
		rl_nest_free(n);
	}
	m.overlap = RL_OVERLAP_ZEN;
	rl_ecm e = { 0 };
	e.ntransfers = 3;
	e.t_ol = 16;
	e.t_nol = 8;
	e.t_transfer[0] = 1;
	e.t_transfer[1] = 2;
	e.t_transfer[2] = 6;
	e.t_restart = 8;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[2], 16, 1e-9);
	assert_float_equal(e.prediction[3], 24, 1e-9);
	assert_int_equal(e.restart_binds, 1);
	/* a memory transfer of 30 cy: max(30, max(4, 2) + 8 = 12) = 30, the term does not bind */
	e.t_ol = 4;
	e.t_nol = 2;
	e.t_transfer[2] = 30;
	rl_ecm_predict(&m, &e);
	assert_float_equal(e.prediction[3], 30, 1e-9);
	assert_int_equal(e.restart_binds, 0);
}

/* Column walks from memory (model/restart.c): for (i < 8) for (j < 2000) s += a[j][i], rows of
 * M doubles; machine restart 20 cy per line for the first 50 lines of a run.  The stream model
 * gives the column one new line per iteration: 8 lines per unit at every boundary.  By hand:
 * M = 520 (a stride of 4160 B, a new 4 KiB page at every access): runs of one line, all 8 lines
 * restart -> 8 x 20 = 160 cy; M = 256 (2048 B, two accesses per page: the prefetchers can
 * follow within the page) and M = 8 (64 B, contiguous lines): no term.  With the memory lines
 * capped at 1 per unit (what the layer conditions give when L2 keeps the column for the next
 * 7 values of i): 1 x 20 = 20 cy. */
static void test_restart_columns(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	m.mem_restart_cycles = 20;
	m.mem_restart_lines = 50;
	const long long rowlen[3] = { 520, 256, 8 };
	const double want[3] = { 160, 0, 0 };
	for (int k = 0; k < 3; k++) {
		rl_nest *n = rl_nest_alloc();
		n->nloops = 2;
		n->loops[0].step = n->loops[1].step = 1;
		n->loops[0].upper.cst = 8;
		n->loops[1].upper.cst = 2000;
		int a = add_array(n, "a", 2, rowlen[k], -1);
		rl_access *acc = &n->accesses[n->naccesses++];
		acc->array = a;
		acc->sub[0].it[1] = 1;     /* a[j][i] */
		acc->sub[1].it[0] = 1;
		rl_traffic t;
		char why[128];
		assert_true(rl_traffic_streams(n, &m, &t, why, sizeof why));
		rl_restart_term term;
		rl_restart_analyse(n, &m, &t, &term);
		assert_float_equal(term.cycles, want[k], 1e-9);
		if (k == 0) {
			assert_int_equal(term.nstreams, 1);
			assert_float_equal(term.run_lines, 1, 0);
			assert_float_equal(term.lines, 8, 1e-9);
			t.load_lines[t.nboundaries - 1] = 1;
			rl_restart_analyse(n, &m, &t, &term);
			assert_float_equal(term.cycles, 20, 1e-9);
		}
		rl_nest_free(n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restart_rows),
		cmocka_unit_test(test_restart_columns),
		cmocka_unit_test(test_tlb_column_walk),
		cmocka_unit_test(test_daxpy_traffic),
		cmocka_unit_test(test_daxpy_ecm_note),
		cmocka_unit_test(test_jacobi_static_equals_param),
		cmocka_unit_test(test_unknown_param_separate_streams),
		cmocka_unit_test(test_transposed_access),
		cmocka_unit_test(test_zen_overlap),
		cmocka_unit_test(test_partial_overlap),
		cmocka_unit_test(test_serial_fraction),
		cmocka_unit_test(test_serial_fraction_predict),
		cmocka_unit_test(test_memory_load_factor),
		cmocka_unit_test(test_reuse_share_memory_lines),
		cmocka_unit_test(test_fill_evict_terms),
		cmocka_unit_test(test_nontemporal_term),
		cmocka_unit_test(test_small_working_set_factor),
		cmocka_unit_test(test_number_format),
		cmocka_unit_test(test_remarks_deterministic),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
