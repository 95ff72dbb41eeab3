/* body-prep.c - preparing a loop body from its source loop nest before costing:
 * expected line-split loads (rl_split_hint) and the source iterations one pass
 * performs (rl_fix_iterations).
 */
#include "portmodel/ports.h"

#include <string.h>

static int same_access(const rl_access *a, const rl_access *b)
{
	return a->array == b->array && a->is_write == b->is_write &&
	       !memcmp(a->sub, b->sub, sizeof a->sub);
}

/* Access A of NEST repeats an earlier access (same array, direction and
 * subscripts): its data are counted there. */
static int repeats_earlier_access(const rl_nest *nest, int a)
{
	for (int b = 0; b < a; b++)
		if (same_access(&nest->accesses[b], &nest->accesses[a]))
			return 1;
	return 0;
}

static long long gcd_ll(long long a, long long b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		long long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Bytes between consecutive indices of dimension K of ARR (the inner extents x
 * the element size); 0 when an extent has no known value. */
static long long dim_stride(const rl_nest *nest, const rl_array *arr, int k)
{
	long long s = arr->elem_size;
	for (int e = k + 1; e < arr->ndims; e++) {
		long long v = 0;
		if (!rl_aff_eval(nest, &arr->extent[e], NULL, &v) || v <= 0)
			return 0;
		s *= v;
	}
	return s;
}

/* Fraction of the innermost loop's starts (one per iteration of the enclosing
 * loops) at which access AC begins on a multiple of WB bytes (the base of the
 * array assumed WB-aligned).  The start moves by (coefficient x row stride) per
 * outer iteration, so its residues mod WB are the multiples of g = gcd(WB, those
 * moves) shifted by the constant part: aligned at g / WB of the starts if the
 * constant part is a multiple of g, else never.  Rows whose length is a multiple
 * of WB (or unknown: then assumed so) give g = WB: aligned always or never. */
static double aligned_fraction(const rl_nest *nest, const rl_array *arr, const rl_access *ac,
			       int inner, long long wb)
{
	int d = arr->ndims - 1;
	long long g = wb;
	long long off = (nest->loops[inner].lower.cst + ac->sub[d].cst) * arr->elem_size;
	for (int k = 0; k < d; k++) {
		long long st = dim_stride(nest, arr, k);
		if (!st)
			continue;
		off += ac->sub[k].cst * st;
		for (int t = 0; t < inner; t++) {
			long long c = ac->sub[k].it[t];
			long long lo = 0;
			if (!c)
				continue;
			g = gcd_ll(g, (c * st) % wb);
			if (rl_aff_eval(nest, &nest->loops[t].lower, NULL, &lo))
				off += c * lo * st;
		}
	}
	if (g == 0)
		g = wb;
	return ((off % g) + g) % g ? 0.0 : (double)g / (double)wb;
}

void rl_split_hint(const rl_nest *nest, rl_body *body)
{
	if (!nest || !body || nest->nloops < 1)
		return;
	int w = 0;
	for (int i = 0; i < body->ninsns && i < RL_MAX_INSNS; i++) {
		const rl_insn *in = &body->insns[i];
		if ((in->mem == RL_MEM_LOAD || in->mem == RL_MEM_LOAD_OP) && in->mem_width > w)
			w = in->mem_width;
	}
	if (w < 128)
		return;
	int wb = w / 8, inner = nest->nloops - 1;
	const rl_loop *lp = &nest->loops[inner];
	if (lp->step != 1)
		return;      /* strided or SLP-grouped accesses: not modelled */
	for (int k = 0; k < RL_MAX_LOOPS; k++)
		if (lp->lower.it[k])
			return;      /* triangular: alignment varies */
	double split = 0;
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *ac = &nest->accesses[a];
		if (ac->is_write || ac->array < 0 || ac->array >= nest->narrays)
			continue;
		if (repeats_earlier_access(nest, a))
			continue;
		const rl_array *arr = &nest->arrays[ac->array];
		int d = arr->ndims - 1;
		if (d < 0 || d >= RL_MAX_DIMS || ac->sub[d].it[inner] != 1)
			continue;
		double f = 1.0 - aligned_fraction(nest, arr, ac, inner, wb);
		split += f * (double)body->iters_per_pass * arr->elem_size / 64.0;
	}
	body->split_loads_hint = split;
	body->have_split_hint = 1;
}

/* Access AC does not move with the innermost loop (an accumulator or a
 * statement of an enclosing loop). */
static int inner_invariant(const rl_nest *nest, const rl_access *ac)
{
	for (int d = 0; d < RL_MAX_DIMS; d++)
		if (ac->sub[d].it[nest->nloops - 1])
			return 0;
	return 1;
}

/* Instruction I of BODY addresses the same location in every pass: no register
 * of its address is defined in the body. */
static int invariant_address(const rl_body *body, int i)
{
	const rl_insn *in = &body->insns[i];
	for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
		if (!(in->use_addr >> k & 1))
			continue;
		for (int j = 0; j < body->ninsns && j < RL_MAX_INSNS; j++)
			for (int d = 0; d < body->insns[j].ndefs && d < RL_MAX_DEFS; d++)
				if (body->insns[j].defs[d] == in->uses[k])
					return 0;
	}
	return 1;
}

/* Bytes one source iteration writes (WRITES = 1) or reads (0): the element
 * sizes of the distinct accesses that move with the innermost loop (an
 * invariant element is kept in a register, or stored at one address, which
 * the generated side leaves out too). */
static long distinct_bytes(const rl_nest *nest, int writes)
{
	long src = 0;
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *ac = &nest->accesses[a];
		if (ac->is_write != writes || ac->array < 0 || ac->array >= nest->narrays)
			continue;
		if (inner_invariant(nest, ac))
			continue;
		if (!repeats_earlier_access(nest, a))
			src += nest->arrays[ac->array].elem_size;
	}
	return src;
}

void rl_fix_iterations(const rl_nest *nest, rl_body *body)
{
	if (!nest || !body || body->iters_per_pass < 1)
		return;
	long src = distinct_bytes(nest, 1), gen = 0;
	int kind = RL_MEM_STORE;
	if (src <= 0) {
		/* no stores (reductions): the loads, counted the same way */
		src = distinct_bytes(nest, 0);
		kind = RL_MEM_LOAD;
	}
	for (int i = 0; i < body->ninsns && i < RL_MAX_INSNS; i++) {
		int k = body->insns[i].mem == RL_MEM_LOAD_OP ? RL_MEM_LOAD : (int)body->insns[i].mem;
		if (k == kind && !body->insns[i].spill_slot && !invariant_address(body, i))
			gen += body->insns[i].mem_width / 8;
	}
	if (src <= 0 || gen <= 0 || gen % src)
		return;
	long it = gen / src;
	if (it == body->iters_per_pass || it > 64L * body->iters_per_pass)
		return;
	if (it > body->iters_per_pass && it % body->iters_per_pass == 0) {
		/* GIMPLE-level unrolling (predictive commoning) */
		body->unroll *= (int)(it / body->iters_per_pass);
		body->iters_per_pass = (int)it;
	} else if (it < body->iters_per_pass && body->iters_per_pass % it == 0 &&
		   body->vector_factor > 1) {
		/* SLP: the GIMPLE vector factor counts lanes of one source iteration */
		body->vector_factor = (int)it / (body->unroll > 0 ? body->unroll : 1);
		if (body->vector_factor < 1)
			body->vector_factor = 1;
		body->iters_per_pass = (int)it;
	}
}

/* Accesses A and B of NEST touch the same element in every iteration of the
 * innermost loop: same array and subscripts, none depending on that loop. */
static int same_invariant_element(const rl_nest *nest, const rl_access *a, const rl_access *b)
{
	int inner = nest->nloops - 1;
	if (a->array != b->array || memcmp(a->sub, b->sub, sizeof a->sub))
		return 0;
	for (int d = 0; d < RL_MAX_DIMS; d++)
		if (a->sub[d].it[inner])
			return 0;
	return 1;
}

int rl_memory_accumulators(const rl_nest *nest, int *arrays, int max)
{
	int n = 0;
	if (!nest || nest->nloops < 1)
		return 0;
	for (int w = 0; w < nest->naccesses && n < max; w++) {
		const rl_access *aw = &nest->accesses[w];
		int listed = 0, read = 0;
		if (!aw->is_write || aw->array < 0 || aw->array >= nest->narrays)
			continue;
		for (int k = 0; k < n; k++)
			listed |= arrays[k] == aw->array;
		for (int r = 0; r < nest->naccesses && !listed && !read; r++)
			read = !nest->accesses[r].is_write &&
			       same_invariant_element(nest, &nest->accesses[r], aw);
		if (read)
			arrays[n++] = aw->array;
	}
	return n;
}
