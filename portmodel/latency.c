/* latency.c - the loop-carried latency bound: maximum cycle mean of the
 * dependencies that cross from one pass of the loop body to the next (a cycle
 * through two passes counts half per pass, and so on).
 *
 * The nodes of the dependency graph are hard registers and, when forwarding
 * latencies are given, memory locations whose address does not change in the
 * loop (an accumulator GCC keeps in memory: load, add, store back).  A store
 * defines its location FWD cycles after its data is ready (store-to-load
 * forwarding); a load of the location uses it like a register.
 *
 * A load whose address moves with the loop reads a store of the body when the
 * body says so (rl_insn.mem_dep, found from the address registers' steps by the
 * code that reads the instructions): distance 0, the store earlier in the same
 * pass; distance 1, the store of the pass before (p[j] = f(p[j-1]) kept in
 * memory).  Each such store has two nodes: its value in this pass and the one
 * the previous pass left, a carried node.
 */
#include "portmodel/ports.h"

#include <stdlib.h>
#include <string.h>

#define RL_MAX_REGNO 1024
#define RL_MAX_MEMLOC 64
#define RL_STORE_NODE (RL_MAX_REGNO + RL_MAX_MEMLOC)   /* + store index: this pass */
#define RL_PREV_NODE (RL_STORE_NODE + RL_MAX_INSNS)    /* + store index: the pass before */
#define RL_NNODES (RL_PREV_NODE + RL_MAX_INSNS)
#define RL_MAX_CARRIED 24
#define NEG (-1e300)

typedef struct dep_ctx {
	const rl_body *body;
	int n;
	const double *lat, *loadlat, *fwd;
	int memnode[RL_MAX_INSNS];   /* node of the instruction's memory location, -1 none */
} dep_ctx;

/* The memory kind of IN reads its location (loads, load-ops, read-modify-writes). */
static int reads_memory(const rl_insn *in)
{
	rl_mem_kind k = rl_insn_mem_kind(in);
	return k == RL_MEM_LOAD || k == RL_MEM_LOAD_OP || (k == RL_MEM_STORE && in->mem_rmw);
}

/* IN is a store whose location feeds later loads (a forwarding latency is known). */
static int writes_memory(const dep_ctx *c, int i)
{
	return c->fwd && c->fwd[i] >= 0 && rl_insn_mem_kind(&c->body->insns[i]) == RL_MEM_STORE;
}

/* The node through which load I reads a store whose address moves with the
 * loop (rl_insn.mem_dep), -1 none. */
static int moving_dep_node(const dep_ctx *c, int i)
{
	const rl_insn *in = &c->body->insns[i];
	int s = in->mem_dep - 1;
	if (s < 0 || s >= c->n || !reads_memory(in) || !writes_memory(c, s))
		return -1;
	if (in->mem_dep_dist == 0)
		return s < i ? RL_STORE_NODE + s : -1;
	return in->mem_dep_dist == 1 ? RL_PREV_NODE + s : -1;
}

/* The node whose value at the end of a pass is carried node NODE's value at the
 * start of the next. */
static int end_node(int node)
{
	return node >= RL_PREV_NODE ? node - RL_MAX_INSNS : node;
}

/* Memory nodes: the location of each memory instruction whose address registers
 * are not defined in the pass (the address is the same in every pass). */
static void memory_nodes(dep_ctx *c)
{
	unsigned char defined[RL_MAX_REGNO] = { 0 };
	for (int i = 0; i < c->n; i++) {
		const rl_insn *in = &c->body->insns[i];
		for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++)
			if (in->defs[k] >= 0 && in->defs[k] < RL_MAX_REGNO)
				defined[in->defs[k]] = 1;
	}
	for (int i = 0; i < c->n; i++) {
		const rl_insn *in = &c->body->insns[i];
		int ok = c->fwd && in->mem_loc > 0 && in->mem_loc < RL_MAX_MEMLOC;
		for (int k = 0; ok && k < in->nuses && k < RL_MAX_USES; k++) {
			int r = in->uses[k];
			if ((in->use_addr >> k & 1) && r >= 0 && r < RL_MAX_REGNO && defined[r])
				ok = 0;
		}
		c->memnode[i] = ok ? RL_MAX_REGNO + in->mem_loc : -1;
	}
}

/* The carried nodes: used before any definition in the pass, and defined in
 * it.  Returns how many (at most RL_MAX_CARRIED, registers first). */
static int carried_nodes(const dep_ctx *c, int *carried)
{
	unsigned char defined[RL_NNODES] = { 0 }, used_first[RL_NNODES] = { 0 };
	for (int i = 0; i < c->n; i++) {
		const rl_insn *in = &c->body->insns[i];
		int m = c->memnode[i];
		for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
			int r = in->uses[k];
			if (r >= 0 && r < RL_MAX_REGNO && !defined[r])
				used_first[r] = 1;
		}
		if (m >= 0 && reads_memory(in) && !defined[m])
			used_first[m] = 1;
		for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
			int r = in->defs[k];
			if (r >= 0 && r < RL_MAX_REGNO)
				defined[r] = 1;
		}
		if (m >= 0 && writes_memory(c, i))
			defined[m] = 1;
	}
	for (int i = 0; i < c->n; i++) {
		int m = moving_dep_node(c, i);
		if (m >= RL_PREV_NODE)
			defined[m] = used_first[m] = 1;
	}
	int nc = 0;
	for (int r = 0; r < RL_NNODES && nc < RL_MAX_CARRIED; r++)
		if (defined[r] && used_first[r])
			carried[nc++] = r;
	return nc;
}

/* When instruction I's result is ready, given the READY times of the nodes. */
static double result_time(const dep_ctx *c, int i, const double *ready)
{
	const rl_insn *in = &c->body->insns[i];
	double t = NEG;
	for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
		int r = in->uses[k];
		if (r < 0 || r >= RL_MAX_REGNO || ready[r] <= NEG)
			continue;
		double v = ready[r] + c->lat[i] + ((in->use_addr >> k & 1) ? c->loadlat[i] : 0);
		if (v > t)
			t = v;
	}
	int m = c->memnode[i];
	if (m >= 0 && reads_memory(in) && ready[m] > NEG && ready[m] + c->lat[i] > t)
		t = ready[m] + c->lat[i];
	m = moving_dep_node(c, i);
	if (m >= 0 && ready[m] > NEG && ready[m] + c->lat[i] > t)
		t = ready[m] + c->lat[i];
	return t;
}

/* A[a][b]: the longest path from carried node a at the start of a pass to b's
 * value at the end of it (NEG: none).  Returns 0 when out of memory. */
static int pass_paths(const dep_ctx *c, const int *carried, int nc,
		      double A[RL_MAX_CARRIED][RL_MAX_CARRIED])
{
	for (int a = 0; a < RL_MAX_CARRIED; a++)
		for (int b = 0; b < RL_MAX_CARRIED; b++)
			A[a][b] = NEG;
	double *ready = malloc(sizeof(double) * RL_NNODES);
	if (!ready)
		return 0;
	for (int a = 0; a < nc; a++) {
		for (int r = 0; r < RL_NNODES; r++)
			ready[r] = NEG;
		ready[carried[a]] = 0;
		for (int i = 0; i < c->n; i++) {
			const rl_insn *in = &c->body->insns[i];
			double t = result_time(c, i, ready);
			for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
				int r = in->defs[k];
				if (r >= 0 && r < RL_MAX_REGNO)
					ready[r] = t;
			}
			if (c->memnode[i] >= 0 && writes_memory(c, i))
				ready[c->memnode[i]] = t > NEG ? t + c->fwd[i] : NEG;
			if (writes_memory(c, i))
				ready[RL_STORE_NODE + i] = t > NEG ? t + c->fwd[i] : NEG;
		}
		for (int b = 0; b < nc; b++)
			A[a][b] = ready[end_node(carried[b])];
	}
	free(ready);
	return 1;
}

/* Maximum cycle mean of the NC x NC path matrix A: max over p <= nc and a of
 * (A^p)[a][a] / p in max-plus algebra, at least 0. */
static double max_cycle_mean(double A[RL_MAX_CARRIED][RL_MAX_CARRIED], int nc)
{
	double P[RL_MAX_CARRIED][RL_MAX_CARRIED], Q[RL_MAX_CARRIED][RL_MAX_CARRIED];
	memcpy(P, A, sizeof P);
	double best = 0;
	for (int p = 1; p <= nc; p++) {
		for (int a = 0; a < nc; a++)
			if (P[a][a] > NEG && P[a][a] / p > best)
				best = P[a][a] / p;
		if (p == nc)
			break;
		for (int a = 0; a < nc; a++)
			for (int b = 0; b < nc; b++) {
				double m = NEG;
				for (int k = 0; k < nc; k++)
					if (P[a][k] > NEG && A[k][b] > NEG && P[a][k] + A[k][b] > m)
						m = P[a][k] + A[k][b];
				Q[a][b] = m;
			}
		memcpy(P, Q, sizeof P);
	}
	return best;
}

double rl_loop_carried_latency(const rl_body *body, const double *lat, const double *loadlat,
			       const double *fwd)
{
	dep_ctx c = { body, rl_body_ninsns(body), lat, loadlat, fwd, { 0 } };
	memory_nodes(&c);
	int carried[RL_MAX_CARRIED];
	int nc = carried_nodes(&c, carried);
	double A[RL_MAX_CARRIED][RL_MAX_CARRIED];
	if (!nc || !pass_paths(&c, carried, nc, A))
		return 0;
	return max_cycle_mean(A, nc);
}

void rl_forwarding_latencies(const rl_ports *p, const rl_body *body, int n, double *fwd)
{
	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		fwd[i] = -1;
		if (!p || p->fwd_fp < 0 || rl_insn_mem_kind(in) != RL_MEM_STORE)
			continue;
		/* FP or vector data (xmm/ymm/zmm registers) vs general-purpose data */
		fwd[i] = in->elem_bits || rl_insn_mem_width(in) > 64 ? p->fwd_fp : p->fwd_gpr;
	}
}
