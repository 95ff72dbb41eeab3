/* Unit tests of the port-level in-core model (portmodel/ports.c): the exact min-max port
 * assignment, the loop-carried latency, the loader (every bundled table; error positions),
 * and the seed 004 Sandy Bridge figures on hand-built bodies. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ecm.h"
#include "portmodel/ports.h"

#define EPS 1e-9

static void path_of(char *buf, size_t len, const char *rel)
{
	const char *d = getenv("RL_SRCDIR");
	snprintf(buf, len, "%s/%s", d ? d : ".", rel);
}

/* Greedy in order (each uop to its least loaded port, ties to the first) puts X {p0,p1} on
 * p0 and then Y {p0} on p0: 2 cy.  The optimum is 1 (X on p1).  And with fractional
 * assignment: A {p0} 1, B {p0,p1} 2, C {p1,p2} 1 -> {p0,p1} hold 3 cy = 1.5 each. */
static void test_minmax_exact(void **state)
{
	(void)state;
	unsigned m0[] = { 3u, 1u };
	double c0[] = { 1.0, 1.0 };
	unsigned bn = 0;
	assert_true(fabs(rl_ports_minmax(m0, c0, 2, &bn) - 1.0) < EPS);
	unsigned mask[] = { 1u, 3u, 6u };
	double cyc[] = { 1.0, 2.0, 1.0 };
	double t = rl_ports_minmax(mask, cyc, 3, &bn);
	assert_true(fabs(t - 1.5) < EPS);
	assert_int_equal(bn, 3u);
	/* a single-port bottleneck */
	unsigned m2[] = { 1u, 3u };
	double c2[] = { 3.0, 1.0 };
	assert_true(fabs(rl_ports_minmax(m2, c2, 2, &bn) - 3.0) < EPS);
	assert_int_equal(bn, 1u);
}

static rl_insn *add(rl_body *b, const char *mn, rl_iclass cls, int w, rl_mem_kind mem, int def,
		    int use0, int use1, unsigned addr)
{
	rl_insn *in = &b->insns[b->ninsns++];
	memset(in, 0, sizeof(*in));
	snprintf(in->mnemonic, sizeof in->mnemonic, "%s", mn);
	in->cls = cls;
	in->width = w;
	in->elem_bits = (cls == RL_IC_FADD || cls == RL_IC_FMUL || cls == RL_IC_FMA) ? 64 : 0;
	in->mem = mem;
	in->mem_width = mem == RL_MEM_NONE ? 0 : w;
	in->mem_base = -1;
	if (def >= 0)
		in->defs[in->ndefs++] = def;
	if (use0 >= 0)
		in->uses[in->nuses++] = use0;
	if (use1 >= 0)
		in->uses[in->nuses++] = use1;
	in->use_addr = addr;
	return in;
}

/* registers: 0 = pointer, 1 = end, 17 = flags, 20 = accumulator */
static void naive_sum(rl_body *b)
{
	memset(b, 0, sizeof(*b));
	for (int k = 0; k < 4; k++)   /* vaddsd k*8(%rax), %xmm0, %xmm0 */
		add(b, "vaddsd", RL_IC_FADD, 64, RL_MEM_LOAD_OP, 20, 0, 20, 1u);
	add(b, "addq", RL_IC_IALU, 64, RL_MEM_NONE, 0, 0, -1, 0);
	add(b, "cmpq", RL_IC_IALU, 64, RL_MEM_NONE, 17, 0, 1, 0);
	add(b, "jne", RL_IC_BRANCH, 0, RL_MEM_NONE, -1, 17, -1, 0);
	b->iters_per_pass = 4;
	b->vector_factor = 4;
	b->unroll = 1;
}

static void test_latency_chain(void **state)
{
	(void)state;
	rl_body b;
	naive_sum(&b);
	double lat[RL_MAX_INSNS] = { 3, 3, 3, 3, 1, 1, 0 }, ll[RL_MAX_INSNS] = { 5, 5, 5, 5 };
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, NULL) - 12.0) < EPS);
	/* a chain through two passes (r20 -> r21 -> r20 over two iterations) counts half */
	rl_body c;
	memset(&c, 0, sizeof c);
	add(&c, "vaddsd", RL_IC_FADD, 64, RL_MEM_NONE, 21, 20, -1, 0);
	add(&c, "vaddsd", RL_IC_FADD, 64, RL_MEM_NONE, 20, 22, -1, 0);   /* r20 from r22: breaks */
	add(&c, "vaddsd", RL_IC_FADD, 64, RL_MEM_NONE, 22, 21, -1, 0);
	double l2[RL_MAX_INSNS] = { 3, 3, 3 }, z[RL_MAX_INSNS] = { 0 };
	/* r20 -> r21 (3) -> r22 (3) in one pass; r22 -> r20 (3) in the next: cycle 9 over 2 passes */
	assert_true(fabs(rl_loop_carried_latency(&c, l2, z, NULL) - 4.5) < EPS);
}

/* bicg's q[i] kept in memory (registers: 0 = j offset, 1 = &q[i], 2 = &p[0], 20, 26):
 *   vmovsd (%rdx), %xmm6            load q[i]           (address register 1: invariant)
 *   vmovsd (%r15,%rax), %xmm0       load A[i][j]
 *   vfmadd132sd (%r13,%rax), %xmm6, %xmm0
 *   addq $8, %rax
 *   vmovsd %xmm0, (%rdx)            store q[i]
 * Forwarding 8 + FMA 4 = 12 cy per pass; the same with a register move instead of the
 * forwarding: 4 (the FMA alone); without forwarding latencies: no chain but the counter (1). */
static void memory_accumulator(rl_body *b)
{
	memset(b, 0, sizeof(*b));
	rl_insn *in = add(b, "vmovsd", RL_IC_LOAD, 64, RL_MEM_LOAD, 26, 1, -1, 1u);
	in->mem_loc = 1;
	in = add(b, "vmovsd", RL_IC_LOAD, 64, RL_MEM_LOAD, 20, 0, 3, 3u);
	in->mem_loc = 2;
	in = add(b, "vfmadd132sd", RL_IC_FMA, 64, RL_MEM_LOAD_OP, 20, 26, 20, 0u);
	in->uses[in->nuses++] = 0;
	in->use_addr = 1u << 2;
	in->mem_loc = 3;
	add(b, "addq", RL_IC_IALU, 64, RL_MEM_NONE, 0, 0, -1, 0);
	in = add(b, "vmovsd", RL_IC_STORE, 64, RL_MEM_STORE, -1, 20, 1, 2u);
	in->mem_loc = 1;
	in->elem_bits = 64;   /* FP data: the table's fp forwarding figure */
	b->iters_per_pass = b->unroll = b->vector_factor = 1;
}

static void test_latency_memory(void **state)
{
	(void)state;
	rl_body b;
	memory_accumulator(&b);
	double lat[RL_MAX_INSNS] = { 0, 0, 4, 1, 0 }, ll[RL_MAX_INSNS] = { 5, 5, 5, 0, 0 };
	double fwd[RL_MAX_INSNS] = { -1, -1, -1, -1, 8 }, zero[RL_MAX_INSNS] = { -1, -1, -1, -1, 0 };
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, fwd) - 12.0) < EPS);
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, zero) - 4.0) < EPS);
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, NULL) - 1.0) < EPS);
	/* an address that moves with the loop (q[j], register 0) carries nothing */
	b.insns[0].uses[0] = 0;
	b.insns[4].uses[1] = 0;
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, fwd) - 1.0) < EPS);
}

/* adi's forward sweep p[j] = -c / (a * p[j-1] + b) with p[j-1] read back from memory
 * (registers: 0 = &p[i][0], 1 = j offset, 20-23 data, 17 flags):
 *   vmovsd %xmm4, %xmm20                              copy of a
 *   vfmadd132sd (%r10,%rcx), %xmm11, %xmm20           a * p[j-1] + b   (load of p[j-1])
 *   vdivsd %xmm20, %xmm7, %xmm21                      -c / ...
 *   vmovsd %xmm21, 8(%r10,%rcx)                       store p[j]
 *   addq $8, %rcx
 *   cmpq / jne
 * The load reads the store of the pass before (mem_dep: store 3, distance 1): forwarding
 * 9 + FMA 4 + divide 13 = 26 cy per pass (the zen5 table's figures, measured); with a
 * register move instead of the forwarding 17; without the dependence only the counter (1). */
static void memory_recurrence(rl_body *b)
{
	memset(b, 0, sizeof(*b));
	add(b, "vmovsd", RL_IC_OTHER, 64, RL_MEM_NONE, 20, 23, -1, 0);
	rl_insn *in = add(b, "vfmadd132sd", RL_IC_FMA, 64, RL_MEM_LOAD_OP, 20, 20, 0, 2u);
	in->uses[in->nuses++] = 1;
	in->use_addr = 6u;
	add(b, "vdivsd", RL_IC_FDIV, 64, RL_MEM_NONE, 21, 20, -1, 0);
	in = add(b, "vmovsd", RL_IC_STORE, 64, RL_MEM_STORE, -1, 21, 0, 2u);
	in->uses[in->nuses++] = 1;
	in->use_addr = 6u;
	in->elem_bits = 64;
	add(b, "addq", RL_IC_IALU, 64, RL_MEM_NONE, 1, 1, -1, 0);
	add(b, "cmpq", RL_IC_IALU, 64, RL_MEM_NONE, 17, 1, -1, 0);
	add(b, "jne", RL_IC_BRANCH, 0, RL_MEM_NONE, -1, 17, -1, 0);
	b->iters_per_pass = b->unroll = b->vector_factor = 1;
}

static void test_latency_moving_memory(void **state)
{
	(void)state;
	rl_body b;
	memory_recurrence(&b);
	double lat[RL_MAX_INSNS] = { 1, 4, 13, 0, 1, 1, 0 }, ll[RL_MAX_INSNS] = { 0, 4 };
	double fwd[RL_MAX_INSNS] = { -1, -1, -1, 9, -1, -1, -1 };
	double zero[RL_MAX_INSNS] = { -1, -1, -1, 0, -1, -1, -1 };
	/* not marked: the address moves, no dependence through memory */
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, fwd) - 1.0) < EPS);
	b.insns[1].mem_dep = 3 + 1;
	b.insns[1].mem_dep_dist = 1;
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, fwd) - 26.0) < EPS);
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, zero) - 17.0) < EPS);
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, NULL) - 1.0) < EPS);
	/* distance 0: the load after the store of its own pass is no carried chain; a load
	 * before the store marked distance 0 reads nothing of it */
	b.insns[1].mem_dep_dist = 0;
	assert_true(fabs(rl_loop_carried_latency(&b, lat, ll, fwd) - 1.0) < EPS);
}

static rl_machine *load_machine(const char *rel)
{
	char p[1024], err[512];
	path_of(p, sizeof p, rel);
	rl_machine *m = rl_machine_load(p, err, sizeof err);
	if (!m)
		fprintf(stderr, "%s\n", err);
	return m;
}

static rl_ports *load_table(const char *name)
{
	char p[1024], rel[256], err[512];
	snprintf(rel, sizeof rel, "machines/ports/%s.yml", name);
	path_of(p, sizeof p, rel);
	rl_ports *t = rl_ports_load(p, err, sizeof err);
	if (!t)
		fprintf(stderr, "%s\n", err);
	return t;
}

static void test_all_tables_load(void **state)
{
	(void)state;
	const char *names[] = { "snb", "ivb", "hsw", "skx", "icx", "spr", "glc", "zen3", "zen4",
				"zen5" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		rl_ports *t = load_table(names[i]);
		assert_non_null(t);
		assert_true(t->nports > 0 && t->nforms > 0 && t->load_ports != 0);
		rl_ports_free(t);
	}
}

static void test_loader_errors(void **state)
{
	(void)state;
	char path[] = "/tmp/rl-test-ports-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("schema: roofline-ports/1\nname: x\nsource: y\nports: [p0, p1]\nload_ports: \"p1\"\n"
	      "dispatch: 4\nloads:\n  - { width: 64, uops: \"p1\", source: s }\nstores:\n"
	      "  - { width: 64, uops: \"p0 + p7\", source: s }\ninstructions: []\n", f);
	fclose(f);
	char err[512];
	rl_ports *t = rl_ports_load(path, err, sizeof err);
	assert_null(t);
	char want[600];
	snprintf(want, sizeof want, "%s:10:24: expected port names of 'ports' in 'uops', got 'p7'", path);
	assert_true(!strncmp(err, want, strlen(want)));
	/* 'load_slots' is a store's share of the load ports: not a key of 'loads' rows */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("schema: roofline-ports/1\nname: x\nsource: y\nports: [p0, p1]\nload_ports: \"p1\"\n"
	      "dispatch: 4\nloads:\n  - { width: 64, uops: \"p1\", load_slots: 1, source: s }\n"
	      "stores:\n  - { width: 64, uops: \"p0\", load_slots: 0.5, source: s }\n"
	      "instructions: []\n", f);
	fclose(f);
	t = rl_ports_load(path, err, sizeof err);
	assert_null(t);
	snprintf(want, sizeof want, "%s:8:42: expected 'load_slots' only in 'stores' rows", path);
	if (strncmp(err, want, strlen(want)))
		fprintf(stderr, "%s\n", err);
	assert_true(!strncmp(err, want, strlen(want)));
	/* 'loop_shapes' counts are whole numbers */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("schema: roofline-ports/1\nname: x\nsource: y\nports: [p0, p1]\nload_ports: \"p1\"\n"
	      "dispatch: 4\nloads:\n  - { width: 64, uops: \"p1\", source: s }\n"
	      "stores:\n  - { width: 64, uops: \"p0\", source: s }\n"
	      "loop_shapes:\n  - { slots: 4.5, loads: 1, stores: 1, width: 64, cycles: 2, source: s }\n"
	      "instructions: []\n", f);
	fclose(f);
	t = rl_ports_load(path, err, sizeof err);
	assert_null(t);
	snprintf(want, sizeof want, "%s:12:5: expected whole numbers for 'slots', 'loads' and "
		 "'stores' in 'loop_shapes[0]'", path);
	if (strncmp(err, want, strlen(want)))
		fprintf(stderr, "%s\n", err);
	assert_true(!strncmp(err, want, strlen(want)));
	/* 'loop_exit' needs a whole number of passes; the column is the value's */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("schema: roofline-ports/1\nname: x\nsource: y\nports: [p0, p1]\nload_ports: \"p1\"\n"
	      "dispatch: 4\nloads:\n  - { width: 64, uops: \"p1\", source: s }\n"
	      "stores:\n  - { width: 64, uops: \"p0\", source: s }\n"
	      "loop_exit: { predicted: 12.5, penalty: 30, full_at: 1, hidden_from: 2, source: s }\n"
	      "instructions: []\n", f);
	fclose(f);
	t = rl_ports_load(path, err, sizeof err);
	assert_null(t);
	snprintf(want, sizeof want, "%s:11:25: expected a whole number of passes for "
		 "'predicted' in 'loop_exit'", path);
	if (strncmp(err, want, strlen(want)))
		fprintf(stderr, "%s\n", err);
	assert_true(!strncmp(err, want, strlen(want)));
	/* the pace at which the exit hides must be slower than the one of the full penalty;
	 * the column is hidden_from's value */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("schema: roofline-ports/1\nname: x\nsource: y\nports: [p0, p1]\nload_ports: \"p1\"\n"
	      "dispatch: 4\nloads:\n  - { width: 64, uops: \"p1\", source: s }\n"
	      "stores:\n  - { width: 64, uops: \"p0\", source: s }\n"
	      "loop_exit: { predicted: 136, penalty: 30, full_at: 2, hidden_from: 1.5, source: s }\n"
	      "instructions: []\n", f);
	fclose(f);
	t = rl_ports_load(path, err, sizeof err);
	assert_null(t);
	snprintf(want, sizeof want, "%s:11:68: expected 'hidden_from' greater than 'full_at' in "
		 "'loop_exit'", path);
	if (strncmp(err, want, strlen(want)))
		fprintf(stderr, "%s\n", err);
	assert_true(!strncmp(err, want, strlen(want)));
	remove(path);
}

/* The zen5 table's loop_exit (measured: bench/incore/loop-exit.c, exit foreseen up to 136
 * passes per entry; 57 cy at 1.0 cy per pass, none from 1.87: the line 123.1 - 65.8 x cy/pass
 * fitted in loop-exit-lag-zen5-2026-11-25.txt) reaches the loader; a table without the key
 * (glc: not measured) has no figure. */
static void test_loop_exit_row(void **state)
{
	(void)state;
	rl_ports *t = load_table("zen5");
	assert_non_null(t);
	assert_int_equal(t->exit_predicted, 136);
	assert_true(fabs(t->exit_penalty - 57) < 1e-9);
	assert_true(fabs(t->exit_full_at - 1.0) < 1e-9);
	assert_true(fabs(t->exit_hidden_from - 1.87) < 1e-9);
	rl_ports_free(t);
	t = load_table("glc");
	assert_non_null(t);
	assert_int_equal(t->exit_predicted, 0);
	rl_ports_free(t);
}

/* Call tables: the bundled one through the port table that names it, lookups (a "@PLT"
 * suffix ignored), and errors with their position. */
static void test_calls_table(void **state)
{
	(void)state;
	rl_ports *t = load_table("zen4");
	assert_non_null(t);
	assert_non_null(t->calls);
	assert_int_equal(t->calls_estimate, 1);
	assert_string_equal(t->calls->cpu_vendor, "AuthenticAMD");
	const rl_call_row *r = rl_calls_find(t->calls, "exp");
	assert_non_null(r);
	assert_int_equal(r->elements, 1);
	assert_true(r->cycles > 1 && r->cycles < 1000);
	r = rl_calls_find(t->calls, "_ZGVdN4v_exp@PLT");
	assert_non_null(r);
	assert_int_equal(r->elements, 4);
	assert_null(rl_calls_find(t->calls, "expm1"));
	assert_null(rl_calls_find(t->calls, "ex"));
	rl_ports_free(t);
	t = load_table("snb");
	assert_non_null(t);
	assert_null(t->calls);
	rl_ports_free(t);
}

static void calls_error(const char *text, const char *want_tail)
{
	char path[] = "/tmp/rl-test-calls-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	char err[512], want[600];
	rl_calls *c = rl_calls_load(path, err, sizeof err);
	assert_null(c);
	snprintf(want, sizeof want, "%s:%s", path, want_tail);
	if (strncmp(err, want, strlen(want)))
		fprintf(stderr, "got: %s\nwant: %s\n", err, want);
	assert_true(!strncmp(err, want, strlen(want)));
	remove(path);
}

static void test_calls_errors(void **state)
{
	(void)state;
	const char *head = "schema: roofline-calls/1\nname: x\nsource: y\n"
			   "cpu: { vendor: AuthenticAMD, family: 26, model: 2 }\ncalls:\n";
	char text[1024];
	/* a negative cycle count: line 7, column 28 is the value */
	snprintf(text, sizeof text, "%s  - { symbol: exp, cycles: 11, arguments: a }\n"
		 "  - { symbol: log, cycles: -3, arguments: a }\n", head);
	calls_error(text, "7:28: expected a number in (0..100000] for 'cycles', got '-3'");
	/* a symbol twice */
	snprintf(text, sizeof text, "%s  - { symbol: exp, cycles: 11, arguments: a }\n"
		 "  - { symbol: exp, cycles: 12, arguments: a }\n", head);
	calls_error(text, "7:15: expected distinct symbols in 'calls', got 'exp' twice");
	/* an unknown key */
	snprintf(text, sizeof text, "%s  - { symbol: exp, cycle: 11, arguments: a }\n", head);
	calls_error(text, "6:20: unknown key 'cycle' in 'calls[0]' (did you mean 'cycles'?)");
	/* no cpu */
	calls_error("schema: roofline-calls/1\nname: x\nsource: y\ncalls: []\n", "1:1: ");
}

/* The zen4 table's store_forward row (fp 8, gpr 1) reaches the model: the memory
 * accumulator's bound is 8 + FMA 4 (table) = 12 cy, 8 of it forwarding. */
static void test_zen4_memory_accumulator(void **state)
{
	(void)state;
	rl_machine *m = load_machine("machines/zen4.yml");
	rl_ports *t = load_table("zen4");
	assert_non_null(m);
	assert_non_null(t);
	assert_true(fabs(t->fwd_fp - 8.0) < EPS);
	assert_true(fabs(t->fwd_gpr - 1.0) < EPS);
	rl_body b;
	memory_accumulator(&b);
	rl_incore out;
	rl_incore_ports(m, t, &b, &out);
	assert_true(fabs(out.t_latency - 12.0) < EPS);
	assert_true(fabs(out.t_latency_nofwd - 4.0) < EPS);
	assert_true(fabs(out.fwd_latency - 8.0) < EPS);
	assert_string_equal(out.bottleneck, "latency");
	/* integer data: the gpr figure (memory renaming), 1 + 4 */
	b.insns[4].elem_bits = 0;
	rl_incore_ports(m, t, &b, &out);
	assert_true(fabs(out.t_latency - 5.0) < EPS);
	rl_ports_free(t);
	rl_machine_free(m);
}

/* The zen5 table against what bench/incore/uarch.py and store-forward.c measured on an AMD
 * EPYC, family 26 model 2 (bench/incore/uarch-zen5-2026-11-24.txt,
 * store-forward-zen5-2026-11-24.txt).  Tolerance 5 % of the measured figure (the runs' clock
 * and loop overhead: independent chains measure 0.51-0.52 cy for a 0.5-cy instruction: the
 * benchmark loop's branch). */
#define NEAR(model, measured) assert_true(fabs((model) - (measured)) <= 0.05 * (measured))

/* N instructions MN (class CLS, WIDTH bits, memory kind MEM) writing registers 30.. (CHAIN:
 * all into register 30, which each also reads: one dependency chain). */
static void zen5_block(rl_body *b, int n, const char *mn, rl_iclass cls, int w, rl_mem_kind mem,
		       int chain)
{
	for (int k = 0; k < n; k++) {
		int r = chain ? 30 : 30 + k;
		add(b, mn, cls, w, mem, mem == RL_MEM_STORE ? -1 : r, mem == RL_MEM_STORE ? 29 : r,
		    mem == RL_MEM_NONE ? 29 : 0, mem == RL_MEM_NONE ? 0u : 2u);
		b->insns[b->ninsns - 1].elem_bits = 64;
	}
	b->iters_per_pass = b->unroll = b->vector_factor = 1;
}

static void zen5_cost(const rl_machine *m, const rl_ports *t, int n, const char *mn,
		      rl_iclass cls, int w, rl_mem_kind mem, int chain, rl_incore *out)
{
	rl_body b;
	memset(&b, 0, sizeof b);
	zen5_block(&b, n, mn, cls, w, mem, chain);
	rl_incore_ports(m, t, &b, out);
	assert_int_equal(out->unknown, 0);
}

static void test_zen5_measured_figures(void **state)
{
	(void)state;
	rl_machine *m = load_machine("machines/zen5-host-bench.yml");
	rl_ports *t = load_table("zen5");
	assert_non_null(m);
	assert_non_null(t);
	rl_incore o;
	/* latencies (one chain of 12): measured lat_addpd_* 2.01-2.02, lat_mulpd 3.01-3.02,
	 * lat_fmapd 4.01-4.02, lat_divpd 13.0, lat_sqrtpd 20.0-20.1; reciprocal throughputs tp_* */
	const struct { const char *mn; rl_iclass cls; int w; double lat, tp; } f[] = {
		{ "vaddsd", RL_IC_FADD, 64, 2.011, 0.517 },
		{ "vaddpd", RL_IC_FADD, 256, 2.010, 0.517 },
		{ "vaddpd", RL_IC_FADD, 512, 2.022, 0.517 },
		{ "vmulpd", RL_IC_FMUL, 512, 3.021, 0.517 },
		{ "vfmadd231pd", RL_IC_FMA, 256, 4.021, 0.517 },
		{ "vfmadd231pd", RL_IC_FMA, 512, 4.021, 0.517 },
		{ "vdivpd", RL_IC_FDIV, 256, 13.038, 4.021 },
		{ "vdivpd", RL_IC_FDIV, 512, 13.015, 4.009 },
		{ "vdivsd", RL_IC_FDIV, 64, 13.016, 4.021 },
		{ "vsqrtpd", RL_IC_FSQRT, 256, 20.047, 7.513 },
		{ "vsqrtsd", RL_IC_FSQRT, 64, 20.069, 7.524 },
	};
	for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
		zen5_cost(m, t, 12, f[k].mn, f[k].cls, f[k].w, RL_MEM_NONE, 1, &o);
		NEAR(o.t_latency / 12, f[k].lat);
		zen5_cost(m, t, 12, f[k].mn, f[k].cls, f[k].w, RL_MEM_NONE, 0, &o);
		NEAR(o.t_throughput / 12, f[k].tp);
	}
	/* FP loads: 2 per cycle at every width (tp_load_sd 0.506, tp_load_y 0.517, tp_load_z
	 * 0.517); stores 2/cy up to 256 bit (tp_store_y 0.517), 1/cy at 512 (tp_store_z 1.023) */
	const int lw[] = { 64, 256, 512 };
	const double lm[] = { 0.506, 0.517, 0.517 };
	for (int k = 0; k < 3; k++) {
		zen5_cost(m, t, 12, "vmovupd", RL_IC_LOAD, lw[k], RL_MEM_LOAD, 0, &o);
		NEAR(o.t_nol / 12, lm[k]);
	}
	zen5_cost(m, t, 12, "vmovupd", RL_IC_STORE, 256, RL_MEM_STORE, 0, &o);
	NEAR(o.t_throughput / 12, 0.517);
	zen5_cost(m, t, 12, "vmovupd", RL_IC_STORE, 512, RL_MEM_STORE, 0, &o);
	NEAR(o.t_throughput / 12, 1.023);
	/* FMA and ADD on separate pipes: 12 vfmadd231pd + 4 vaddpd ymm, measured 0.389 cy per
	 * instruction (w_fma12_add4 0.387): 12 FMAs on two pipes = 6 cy per 16 = 0.375 */
	rl_body b;
	memset(&b, 0, sizeof b);
	zen5_block(&b, 12, "vfmadd231pd", RL_IC_FMA, 256, RL_MEM_NONE, 0);
	for (int k = 0; k < 4; k++)
		add(&b, "vaddpd", RL_IC_FADD, 256, RL_MEM_NONE, 50 + k, 50 + k, 29, 0);
	rl_incore_ports(m, t, &b, &o);
	NEAR(o.t_throughput / 16, 0.387);
	/* store-to-load forwarding: the bicg-shaped load + vfmadd132sd + store cycle, measured
	 * 12.98 cy (mem_fma, store-forward-zen5-2026-11-24.txt) = 9.0 forwarding (the xmm round
	 * trip) + 4 FMA */
	assert_true(fabs(t->fwd_fp - 9.0) < EPS);
	memory_accumulator(&b);
	rl_incore_ports(m, t, &b, &o);
	NEAR(o.t_latency, 12.98);
	/* measured on this core: the call table is not an estimate here */
	assert_non_null(t->calls);
	assert_int_equal(t->calls_estimate, 0);
	rl_ports_free(t);
	rl_machine_free(m);
}

/* The L1 data path of the zen5 table: a store also takes a share of a load pipe ('load_slots'
 * of the store rows, counted with the loads in T_nOL).  The loop GCC 12 -O3 -march=native
 * makes of a[i] = a[i] + s * b[i] on Zen 5 (one line per pass):
 *     vmovupd (%r8,%rax), %zmm1; vfmadd213pd (%rcx,%rax), %zmm2, %zmm1;
 *     vmovupd %zmm1, (%rcx,%rax); addq $64, %rax; cmpq %rax, %rsi; jne
 * By hand: loads 2 x "l0|l1" (1 cy each) + the store's load_slots 0.2 on l0|l1 = 2.2 cy on
 * two pipes -> T_nOL = 1.1; the ports give T_OL = max(store "2*s0|s1" = 1.0, FMA 0.5, front
 * end 5 slots / 8, the counter's 1-cy chain) = 1.0, but the body is the table's loop shape
 * { slots 5, loads 2, stores 1, width 512 }: T_OL = its 1.32 cy, and in L1 under the
 * machine's overlapping rule max(T_OL, T_nOL) = 1.32 cy per line.  Measured on an AMD EPYC
 * family 26 model 2 (bench/incore/loop-shapes-zen5-2026-11-25.txt, shape 'daxpy', not used
 * for the table's figure, which comes from shape 'add'): medians over 48 layouts 1.374 /
 * 1.288 / 1.338 in three runs -> 1.338, within 5 %.  Unrolled (no loop shape: the bound of
 * the ports), st_z_daxpy_24k_dep_u4 1.148 cy per line (uarch-streams-zen5-2026-11-24.txt)
 * against 1.1.  The ymm pair (1 load + 1 store, st_y_1l1s_24k_dep_u4 0.571 cy):
 * (1 + 0.1) / 2 = 0.55. */
static void test_zen5_l1_path(void **state)
{
	(void)state;
	rl_machine *m = load_machine("machines/zen5-host-bench.yml");
	rl_ports *t = load_table("zen5");
	assert_non_null(m);
	assert_non_null(t);
	rl_body b;
	memset(&b, 0, sizeof b);
	add(&b, "vmovupd", RL_IC_LOAD, 512, RL_MEM_LOAD, 21, 8, 0, 3u);
	add(&b, "vfmadd213pd", RL_IC_FMA, 512, RL_MEM_LOAD_OP, 21, 21, 22, 0u);
	b.insns[1].uses[b.insns[1].nuses++] = 2;
	b.insns[1].uses[b.insns[1].nuses++] = 0;
	b.insns[1].use_addr = 3u << 2;
	add(&b, "vmovupd", RL_IC_STORE, 512, RL_MEM_STORE, -1, 21, 2, 6u);
	b.insns[2].uses[b.insns[2].nuses++] = 0;
	add(&b, "addq", RL_IC_IALU, 64, RL_MEM_NONE, 0, 0, -1, 0);
	add(&b, "cmpq", RL_IC_IALU, 64, RL_MEM_NONE, 17, 0, 4, 0);
	add(&b, "jne", RL_IC_BRANCH, 0, RL_MEM_NONE, -1, 17, -1, 0);
	b.iters_per_pass = b.vector_factor = 8;
	b.unroll = 1;
	rl_incore o;
	rl_incore_ports(m, t, &b, &o);
	assert_int_equal(o.unknown, 0);
	assert_true(fabs(o.t_nol - 1.1) < EPS);
	assert_true(fabs(o.t_throughput - 1.0) < EPS);
	assert_true(fabs(o.t_loop_shape - 1.32) < EPS);
	assert_true(fabs(o.t_ol - 1.32) < EPS);
	assert_string_equal(o.bottleneck, "loop shape");
	double l1 = rl_ecm_level_cycles(m->overlap, m->serial_links, o.t_ol, o.t_nol, NULL, 0);
	assert_true(fabs(l1 - 1.32) < EPS);
	NEAR(l1, 1.338);
	/* one slot more (a nop: 6 slots) is another shape: the ports' 1.1 again (measured,
	 * shape 'daxpy_n1': 1.019 / 1.015 / 1.058, within 5 % of 1.1 but one) */
	add(&b, "nop", RL_IC_OTHER, 0, RL_MEM_NONE, -1, -1, -1, 0);
	rl_insn tmp = b.insns[6];
	b.insns[6] = b.insns[5];
	b.insns[5] = b.insns[4];
	b.insns[4] = b.insns[3];
	b.insns[3] = tmp;      /* nop after the store, the compare + branch pair last */
	rl_incore_ports(m, t, &b, &o);
	assert_true(fabs(o.t_loop_shape) < EPS);
	l1 = rl_ecm_level_cycles(m->overlap, m->serial_links, o.t_ol, o.t_nol, NULL, 0);
	assert_true(fabs(l1 - 1.1) < EPS);
	/* ymm: one load and one store per pass */
	memset(&b, 0, sizeof b);
	add(&b, "vmovupd", RL_IC_LOAD, 256, RL_MEM_LOAD, 21, 8, 0, 3u);
	add(&b, "vmovupd", RL_IC_STORE, 256, RL_MEM_STORE, -1, 21, 2, 6u);
	b.iters_per_pass = b.vector_factor = b.unroll = 1;
	rl_incore_ports(m, t, &b, &o);
	assert_true(fabs(o.t_nol - 0.55) < EPS);
	NEAR(o.t_nol, 0.571);
	rl_ports_free(t);
	rl_machine_free(m);
}

/* Seed 004 Table 2 naive sum on SNB: {24 || 4}: latency 12 per pass of 4 iterations. */
static void test_snb_naive_sum(void **state)
{
	(void)state;
	rl_machine *m = load_machine("machines/snb-e5-2680.yml");
	rl_ports *t = load_table("snb");
	assert_non_null(m);
	assert_non_null(t);
	rl_body b;
	naive_sum(&b);
	rl_incore out;
	rl_incore_ports(m, t, &b, &out);
	assert_true(fabs(out.t_latency - 12.0) < EPS);
	assert_true(fabs(out.t_ol - 12.0) < EPS);
	assert_true(fabs(out.t_nol - 2.0) < EPS);       /* 4 scalar loads on p2/p3 */
	assert_true(fabs(out.t_throughput - 4.0) < EPS);/* 4 adds on p1 */
	assert_int_equal(out.unknown, 0);
	assert_string_equal(out.bottleneck, "latency");
	rl_ports_free(t);
	rl_machine_free(m);
}


/* The 2D 5-point Jacobi b[j][i] = a[j][i-1] + a[j][i+1] + a[j-1][i] + a[j+1][i],
 * j, i from 1, rows of n doubles, one zmm pass = 8 iterations (one line per read
 * stream).  Expected line-split loads per pass, by hand (64 B vectors, array
 * base 64 B aligned):
 *  n = 256: rows of 2048 B, a multiple of 64: every row starts like the first;
 *    a[j][i-1] starts at byte 0 (aligned), a[j][i+1] at 16, a[j-1][i] and
 *    a[j+1][i] at 8: 3 splits (each misaligned 64 B load spans two lines);
 *  n = 258: rows of 2064 B = 16 mod 64: the start moves by 16 B per row, so a
 *    stream is aligned on 1 row of 4 when its offset is a multiple of 16
 *    (a[j][i-1]: 2064 j; a[j][i+1]: 16 + 2064 j) and never otherwise (a[j-1][i],
 *    a[j+1][i]: 8 + ...): 0.75 + 0.75 + 1 + 1 = 3.5.
 * Measured on an AMD Zen 5 (family 26 model 2), data in L1 (bench/accuracy/
 * stencil-study.py): a zmm load crossing a line costs a second load slot (4 loads
 * + 1 store per pass: 1.50 cy all aligned, 3.54 cy with 3 split; 8 loads with 7
 * split 7.54 cy: +1.02-1.06 cy per split = 2 x the 0.52 cy of a zmm load). */
static rl_nest *jacobi_rows(long long n_value)
{
	rl_nest *n = rl_nest_alloc();
	n->nloops = 2;
	for (int l = 0; l < 2; l++) {
		n->loops[l].step = 1;
		n->loops[l].lower.cst = 1;
	}
	int p = rl_nest_param_index(n, "n");
	n->params[p].has_value = 1;
	n->params[p].value = n_value;
	for (int k = 0; k < 2; k++) {
		rl_array *a = &n->arrays[n->narrays++];
		snprintf(a->name, sizeof a->name, "%s", k ? "b" : "a");
		a->kind = RL_ELEM_DOUBLE;
		a->elem_size = 8;
		a->ndims = 2;
		a->extent[1].par[p] = 1;
	}
	const int acc[5][4] = { { 0, 0, 0, -1 }, { 0, 0, 0, 1 }, { 0, 0, -1, 0 }, { 0, 0, 1, 0 },
				{ 1, 1, 0, 0 } };   /* array, write, dj, di */
	for (int k = 0; k < 5; k++) {
		rl_access *x = &n->accesses[n->naccesses++];
		x->array = acc[k][0];
		x->is_write = acc[k][1];
		x->sub[0].it[0] = 1;
		x->sub[0].cst = acc[k][2];
		x->sub[1].it[1] = 1;
		x->sub[1].cst = acc[k][3];
	}
	return n;
}

static void test_split_hint_rows(void **state)
{
	(void)state;
	const long long nv[] = { 256, 258, 260 };
	/* n = 260: rows of 2080 B = 32 mod 64: aligned on 1 row of 2 when the offset is a
	 * multiple of 32 (a[j][i-1] only): 0.5 + 1 + 1 + 1 */
	const double want[] = { 3.0, 3.5, 3.5 };
	for (int k = 0; k < 3; k++) {
		rl_nest *n = jacobi_rows(nv[k]);
		rl_body b;
		memset(&b, 0, sizeof b);
		for (int l = 0; l < 4; l++)
			add(&b, "vmovupd", RL_IC_LOAD, 512, RL_MEM_LOAD, 1 + l, 0, -1, 1u);
		add(&b, "vmovupd", RL_IC_STORE, 512, RL_MEM_STORE, -1, 5, 0, 2u);
		b.iters_per_pass = 8;
		rl_split_hint(n, &b);
		assert_int_equal(b.have_split_hint, 1);
		assert_true(fabs(b.split_loads_hint - want[k]) < EPS);
		/* the class-table model charges each split as a second load of the widest width:
		 * loads 0.5 cy each -> (4 + splits) x 0.5 on the load unit */
		rl_machine m;
		memset(&m, 0, sizeof m);
		rl_iclass_cost *c = &m.costs[m.ncosts++];
		c->cls = RL_IC_LOAD;
		c->width = 512;
		c->cycles = 0.5;
		snprintf(c->unit, sizeof c->unit, "load");
		rl_incore r;
		rl_incore_class_table(&m, &b, &r);
		assert_true(fabs(r.split_loads - want[k]) < EPS);
		for (int u = 0; u < r.nunits; u++)
			if (!strcmp(r.unit[u], "load"))
				assert_true(fabs(r.unit_cycles[u] - (4 + want[k]) * 0.5) < EPS);
		rl_nest_free(n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minmax_exact),
		cmocka_unit_test(test_split_hint_rows),
		cmocka_unit_test(test_latency_chain),
		cmocka_unit_test(test_all_tables_load),
		cmocka_unit_test(test_loader_errors),
		cmocka_unit_test(test_snb_naive_sum),
		cmocka_unit_test(test_calls_table),
		cmocka_unit_test(test_calls_errors),
		cmocka_unit_test(test_latency_memory),
		cmocka_unit_test(test_latency_moving_memory),
		cmocka_unit_test(test_zen4_memory_accumulator),
		cmocka_unit_test(test_zen5_measured_figures),
		cmocka_unit_test(test_zen5_l1_path),
		cmocka_unit_test(test_loop_exit_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
