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
	const char *names[] = { "snb", "ivb", "hsw", "skx", "icx", "spr", "glc", "zen3", "zen4" };
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
	remove(path);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minmax_exact),
		cmocka_unit_test(test_latency_chain),
		cmocka_unit_test(test_all_tables_load),
		cmocka_unit_test(test_loader_errors),
		cmocka_unit_test(test_snb_naive_sum),
		cmocka_unit_test(test_latency_memory),
		cmocka_unit_test(test_zen4_memory_accumulator),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
