/* Unit tests of the class-table in-core model (portmodel/portmodel.c).
 *
 * The machine is built by hand (no YAML loader) with seed 004's Sandy Bridge EP
 * in-core figures (Sect. 2):
 *   - one 256-bit AVX load per cycle            -> LOAD 256: 1 cy on "load"
 *   - two 128-bit (SSE) or scalar loads per cy  -> LOAD 128/64/32: 0.5 cy on "load"
 *   - one 128-bit store per cycle, AVX halved   -> STORE 256: 2 cy, 128/64/32: 1 cy on "store"
 *   - one FP add and one FP multiply per cycle  -> FADD: 1 cy on "fp_add",
 *                                                  FMUL: 1 cy on "fp_mul" (any width)
 *   - cycles in which loads retire do not overlap with cache transfers
 *                                               -> nonoverlapping = { "load" }
 * The table deliberately has no IALU, BRANCH or OTHER rows: loop overhead must
 * then be free and OTHER instructions "unknown".
 * ECM convention: inputs are per pass of the body; the tests scale to one cache
 * line of 64 B = 8 double-precision iterations, as seed 004's tables do.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "portmodel/portmodel.h"

#define EPS 1e-9

static void add_row(rl_machine *m, rl_iclass cls, int width, const char *unit, double cycles)
{
	rl_iclass_cost *k = &m->costs[m->ncosts++];
	memset(k, 0, sizeof(*k));
	k->cls = cls;
	k->width = width;
	snprintf(k->unit, sizeof(k->unit), "%s", unit);
	k->cycles = cycles;
}

static void snb_machine(rl_machine *m)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "snb-test");
	m->overlap = RL_OVERLAP_SERIAL;
	add_row(m, RL_IC_LOAD, 256, "load", 1.0);
	add_row(m, RL_IC_LOAD, 128, "load", 0.5);
	add_row(m, RL_IC_LOAD, 64, "load", 0.5);
	add_row(m, RL_IC_LOAD, 32, "load", 0.5);
	add_row(m, RL_IC_STORE, 256, "store", 2.0);
	add_row(m, RL_IC_STORE, 128, "store", 1.0);
	add_row(m, RL_IC_STORE, 64, "store", 1.0);
	add_row(m, RL_IC_STORE, 32, "store", 1.0);
	add_row(m, RL_IC_FADD, 0, "fp_add", 1.0);
	add_row(m, RL_IC_FMUL, 0, "fp_mul", 1.0);
	snprintf(m->nonoverlapping[0], sizeof(m->nonoverlapping[0]), "load");
	m->n_nonoverlapping = 1;
}

static void add_insn(rl_body *b, const char *mn, rl_iclass cls, int width, int elem_bits,
		     rl_mem_kind mem, int mem_width)
{
	rl_insn *in = &b->insns[b->ninsns++];
	memset(in, 0, sizeof(*in));
	snprintf(in->mnemonic, sizeof(in->mnemonic), "%s", mn);
	in->cls = cls;
	in->width = width;
	in->elem_bits = elem_bits;
	in->mem = mem;
	in->mem_width = mem_width;
}

/* loop overhead as GCC emits it: addq $32,%rax; cmpq %rax,%rsi; jne */
static void add_overhead(rl_body *b)
{
	add_insn(b, "addq", RL_IC_IALU, 64, 0, RL_MEM_NONE, 0);
	add_insn(b, "cmpq", RL_IC_IALU, 64, 0, RL_MEM_NONE, 0);
	add_insn(b, "jne", RL_IC_BRANCH, 0, 0, RL_MEM_NONE, 0);
}

static rl_body *new_body(int iters_per_pass)
{
	static rl_body b;   /* 28 KiB: keep it off the stack */
	memset(&b, 0, sizeof(b));
	b.iters_per_pass = iters_per_pass;
	b.vector_factor = iters_per_pass;
	b.unroll = 1;
	return &b;
}

static double unit_cycles(const rl_incore *r, const char *unit)
{
	for (int i = 0; i < r->nunits; i++)
		if (!strcmp(r->unit[i], unit))
			return r->unit_cycles[i];
	return 0;
}

/* cycles per cache line (8 DP iterations) from per-pass cycles */
static double per_cl(const rl_body *b, double per_pass)
{
	return per_pass * 8.0 / b->iters_per_pass;
}

/* DAXPY a[i] = a[i] + s*b[i], AVX, one pass = 4 iterations:
 * 2 x vmovupd ymm load, vmulpd, vaddpd, 1 x vmovupd ymm store.
 * Per cache line (2 passes): loads 2*2*1 cy = 4 -> T_nOL 4; store 2*2 cy = 4,
 * add 2, mul 2 -> T_OL 4.  Seed 004, Table (ECM inputs): DAXPY {4 || 4 | ...}. */
static void test_daxpy_avx(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(4);
	add_insn(b, "vmovupd", RL_IC_LOAD, 256, 64, RL_MEM_LOAD, 256);
	add_insn(b, "vmovupd", RL_IC_LOAD, 256, 64, RL_MEM_LOAD, 256);
	add_insn(b, "vmulpd", RL_IC_FMUL, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vaddpd", RL_IC_FADD, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vmovupd", RL_IC_STORE, 256, 64, RL_MEM_STORE, 256);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(per_cl(b, r.t_nol) - 4.0) < EPS);
	assert_true(fabs(per_cl(b, r.t_ol) - 4.0) < EPS);
	assert_true(fabs(unit_cycles(&r, "load") - 2.0) < EPS);
	assert_true(fabs(unit_cycles(&r, "store") - 2.0) < EPS);
	assert_true(fabs(unit_cycles(&r, "fp_add") - 1.0) < EPS);
	assert_true(fabs(unit_cycles(&r, "fp_mul") - 1.0) < EPS);
	assert_int_equal(r.nloads, 2);
	assert_int_equal(r.nstores, 1);
	assert_int_equal(r.nflops_insns, 2);
	/* no IALU/BRANCH rows: the overhead is free, not unknown */
	assert_int_equal(r.unknown, 0);
	assert_true(fabs(unit_cycles(&r, "other")) < EPS);
}

/* The same DAXPY with the add reading b[i] from memory (vaddpd (mem), ymm, ymm):
 * the load-op costs LOAD 256 + FADD, so the totals are those of the test above. */
static void test_daxpy_avx_load_op(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(4);
	add_insn(b, "vmovupd", RL_IC_LOAD, 256, 64, RL_MEM_LOAD, 256);
	add_insn(b, "vmulpd", RL_IC_FMUL, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vaddpd", RL_IC_FADD, 256, 64, RL_MEM_LOAD_OP, 256);
	add_insn(b, "vmovupd", RL_IC_STORE, 256, 64, RL_MEM_STORE, 256);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(per_cl(b, r.t_nol) - 4.0) < EPS);
	assert_true(fabs(per_cl(b, r.t_ol) - 4.0) < EPS);
	assert_int_equal(r.nloads, 2);
	assert_int_equal(r.nstores, 1);
	assert_int_equal(r.nflops_insns, 2);
	assert_int_equal(r.unknown, 0);
}

/* DAXPY exactly as GCC 12 -O3 -march=sandybridge emits it (-mtune=sandybridge
 * splits unaligned 256-bit accesses):
 *   vmovupd (mem),xmm; vinsertf128 $1,16(mem),ymm,ymm     (x2, one per array)
 *   vmulpd; vaddpd; vmovupd xmm,(mem); vextractf128 $1,ymm,16(mem)
 * Loads: 4 x 128-bit x 0.5 cy = 2 cy per pass -> T_nOL 4 per line, as above.
 * Stores: 2 x 128-bit x 1 cy = 2 per pass -> 4 per line.  vinsertf128 is OTHER
 * with no row: 2 unknown per pass, 1 cy each on "other" -> 4 per line, so
 * T_OL = max(store 4, other 4, add 2, mul 2) = 4. */
static void test_daxpy_snb_split(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(4);
	for (int k = 0; k < 2; k++) {
		add_insn(b, "vmovupd", RL_IC_LOAD, 128, 64, RL_MEM_LOAD, 128);
		add_insn(b, "vinsertf128", RL_IC_OTHER, 256, 64, RL_MEM_LOAD_OP, 128);
	}
	add_insn(b, "vmulpd", RL_IC_FMUL, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vaddpd", RL_IC_FADD, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vmovupd", RL_IC_STORE, 128, 64, RL_MEM_STORE, 128);
	add_insn(b, "vextractf128", RL_IC_STORE, 128, 64, RL_MEM_STORE, 128);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(per_cl(b, r.t_nol) - 4.0) < EPS);
	assert_true(fabs(per_cl(b, r.t_ol) - 4.0) < EPS);
	assert_int_equal(r.unknown, 2);
	assert_true(fabs(unit_cycles(&r, "other") - 2.0) < EPS);
	assert_int_equal(r.nloads, 4);
	assert_int_equal(r.nstores, 2);
}

/* 2D 5-point Jacobi y[j][i] = (x[j][i-1] + x[j][i+1] + x[j-1][i] + x[j+1][i]) * s,
 * AVX, one pass = 4 iterations: 4 loads, 3 adds, 1 mul, 1 store.
 * Per cache line: loads 2*4*1 = 8 -> T_nOL 8; adds 2*3 = 6, store 2*2 = 4,
 * mul 2 -> T_OL 6.  Seed 004, Table (ECM inputs): 2D Jacobi {6 || 8 | ...}. */
static void test_jacobi_avx(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(4);
	for (int k = 0; k < 4; k++)
		add_insn(b, "vmovupd", RL_IC_LOAD, 256, 64, RL_MEM_LOAD, 256);
	for (int k = 0; k < 3; k++)
		add_insn(b, "vaddpd", RL_IC_FADD, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vmulpd", RL_IC_FMUL, 256, 64, RL_MEM_NONE, 0);
	add_insn(b, "vmovupd", RL_IC_STORE, 256, 64, RL_MEM_STORE, 256);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(per_cl(b, r.t_nol) - 8.0) < EPS);
	assert_true(fabs(per_cl(b, r.t_ol) - 6.0) < EPS);
	assert_int_equal(r.nloads, 4);
	assert_int_equal(r.nstores, 1);
	assert_int_equal(r.nflops_insns, 4);
	assert_int_equal(r.unknown, 0);
}

/* Scalar DAXPY (GCC -O2): movsd load, mulsd, addsd (mem), movsd store per
 * iteration.  From the table rows: loads 2 x 0.5 = 1 cy, store 1, add 1, mul 1
 * per iteration -> per cache line T_nOL 8, T_OL 8. */
static void test_daxpy_scalar(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(1);
	add_insn(b, "movsd", RL_IC_LOAD, 64, 64, RL_MEM_LOAD, 64);
	add_insn(b, "mulsd", RL_IC_FMUL, 64, 64, RL_MEM_NONE, 0);
	add_insn(b, "addsd", RL_IC_FADD, 64, 64, RL_MEM_LOAD_OP, 64);
	add_insn(b, "movsd", RL_IC_STORE, 64, 64, RL_MEM_STORE, 64);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(per_cl(b, r.t_nol) - 8.0) < EPS);
	assert_true(fabs(per_cl(b, r.t_ol) - 8.0) < EPS);
}

/* IALU and BRANCH cost their rows when the machine has them; a class without a
 * row (here FDIV) is unknown: 1 cy on "other". */
static void test_overhead_rows_and_unknown(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	add_row(&m, RL_IC_IALU, 0, "alu", 0.25);
	add_row(&m, RL_IC_BRANCH, 0, "branch", 1.0);
	rl_body *b = new_body(1);
	add_insn(b, "vdivsd", RL_IC_FDIV, 64, 64, RL_MEM_NONE, 0);
	add_overhead(b);

	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(unit_cycles(&r, "alu") - 0.5) < EPS);
	assert_true(fabs(unit_cycles(&r, "branch") - 1.0) < EPS);
	assert_int_equal(r.unknown, 1);
	assert_true(fabs(unit_cycles(&r, "other") - 1.0) < EPS);
	assert_true(fabs(r.t_ol - 1.0) < EPS);
	assert_true(fabs(r.t_nol) < EPS);
	assert_int_equal(r.nflops_insns, 1);
}

/* Rows per precision: a 256-bit DP divide picks the DP row, SP the SP row
 * (figures: Agner Fog, Sandy Bridge VDIVPD ymm 44 / VDIVPS ymm 28). */
static void test_precision_rows(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	add_row(&m, RL_IC_FDIV, 256, "fp_div", 44);
	m.costs[m.ncosts - 1].precision = 64;
	add_row(&m, RL_IC_FDIV, 256, "fp_div", 28);
	m.costs[m.ncosts - 1].precision = 32;
	rl_body *b = new_body(4);
	add_insn(b, "vdivpd", RL_IC_FDIV, 256, 64, RL_MEM_NONE, 0);
	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(unit_cycles(&r, "fp_div") - 44) < EPS);
	b->insns[0].elem_bits = 32;
	rl_incore_class_table(&m, b, &r);
	assert_true(fabs(unit_cycles(&r, "fp_div") - 28) < EPS);
}

/* An empty body costs nothing; a NULL body leaves a zeroed result. */
static void test_empty(void **state)
{
	(void)state;
	rl_machine m;
	snb_machine(&m);
	rl_body *b = new_body(1);
	rl_incore r;
	rl_incore_class_table(&m, b, &r);
	assert_int_equal(r.nunits, 0);
	assert_true(r.t_ol == 0 && r.t_nol == 0);
	memset(&r, 0x55, sizeof(r));
	rl_incore_class_table(&m, NULL, &r);
	assert_int_equal(r.nunits, 0);
	assert_int_equal(r.unknown, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_daxpy_avx),
		cmocka_unit_test(test_daxpy_avx_load_op),
		cmocka_unit_test(test_daxpy_snb_split),
		cmocka_unit_test(test_jacobi_avx),
		cmocka_unit_test(test_daxpy_scalar),
		cmocka_unit_test(test_overhead_rows_and_unknown),
		cmocka_unit_test(test_precision_rows),
		cmocka_unit_test(test_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
