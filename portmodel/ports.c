/* ports.c - the port-level in-core model (tables: port-table.c).
 *
 * Schema: docs/port-tables.md.  Model (docs/model.md, Sect. 3):
 *   - every instruction = its operation form (looked up by mnemonic + width,
 *     mnemonic, class + width + precision, class + width, class) + one load row
 *     (load, load-op) or store row (store, read-modify-write) by width;
 *   - throughput: exact minimum over all fractional assignments of uops to
 *     ports of the maximum port load = max over port subsets S of
 *     (cycles of the uops that can only go to S) / |S| (Hall's theorem / max-flow
 *     min-cut); T_nOL = that bound for the load uops on the load ports (when the
 *     machine lists "load" as non-overlapping), the rest = that bound for all
 *     other uops;
 *   - front end: fused slots / dispatch width;
 *   - latency: maximum cycle mean of the loop-carried register dependencies
 *     (a cycle through two passes is half per pass, and so on);
 *   - T_OL = max(port bound of the non-load uops, front end, latency).
 */
#include "portmodel/ports.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ throughput */

static int popcount(unsigned x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

double rl_ports_minmax(const unsigned *mask, const double *cycles, int n, unsigned *bottleneck)
{
	unsigned all = 0;
	double best = 0;
	if (bottleneck)
		*bottleneck = 0;
	for (int i = 0; i < n; i++)
		if (cycles[i] > 0)
			all |= mask[i];
	/* enumerate the subsets of the used ports (at most 2^16) */
	int idx[32], k = 0;
	for (int b = 0; b < 32; b++)
		if (all >> b & 1)
			idx[k++] = b;
	if (k > 16)
		k = 16;
	for (unsigned s = 1; s < (1u << k); s++) {
		unsigned S = 0;
		for (int j = 0; j < k; j++)
			if (s >> j & 1)
				S |= 1u << idx[j];
		double d = 0;
		for (int i = 0; i < n; i++)
			if (cycles[i] > 0 && (mask[i] & ~S) == 0)
				d += cycles[i];
		double t = d / popcount(S);
		if (t > best + 1e-12) {
			best = t;
			if (bottleneck)
				*bottleneck = S;
		}
	}
	return best;
}

/* One optimal assignment (max-flow with port capacities T): per-port loads. */
static void assign_ports(const unsigned *mask, const double *cycles, int n, double t,
			 double *load)
{
	enum { MAXN = 2 + 64 + RL_MAX_PORTS };
	double cap[MAXN][MAXN];
	int nn = 2 + n + RL_MAX_PORTS, src = 0, snk = 1;
	if (n > 64)
		return;
	memset(cap, 0, sizeof cap);
	for (int i = 0; i < n; i++) {
		cap[src][2 + i] = cycles[i];
		for (int p = 0; p < RL_MAX_PORTS; p++)
			if (mask[i] >> p & 1)
				cap[2 + i][2 + n + p] = 1e30;
	}
	for (int p = 0; p < RL_MAX_PORTS; p++)
		cap[2 + n + p][snk] = t * (1 + 1e-9) + 1e-12;
	double flow[RL_MAX_PORTS] = { 0 };
	for (int iter = 0; iter < 4 * MAXN; iter++) {
		int prev[MAXN], q[MAXN], h = 0, tl = 0;
		for (int i = 0; i < nn; i++)
			prev[i] = -1;
		prev[src] = src;
		q[tl++] = src;
		while (h < tl && prev[snk] < 0) {
			int u = q[h++];
			for (int v = 0; v < nn; v++)
				if (prev[v] < 0 && cap[u][v] > 1e-12) {
					prev[v] = u;
					q[tl++] = v;
				}
		}
		if (prev[snk] < 0)
			break;
		double f = 1e30;
		for (int v = snk; v != src; v = prev[v])
			if (cap[prev[v]][v] < f)
				f = cap[prev[v]][v];
		for (int v = snk; v != src; v = prev[v]) {
			cap[prev[v]][v] -= f;
			cap[v][prev[v]] += f;
			if (v == snk)
				flow[prev[v] - 2 - n] += f;
		}
	}
	for (int p = 0; p < RL_MAX_PORTS; p++)
		load[p] += flow[p];
}

/* ------------------------------------------------------------ latency */

#define RL_MAX_REGNO 1024
#define RL_MAX_CARRIED 24
#define NEG (-1e300)

double rl_loop_carried_latency(const rl_body *body, const double *lat, const double *loadlat)
{
	int n = body->ninsns < RL_MAX_INSNS ? body->ninsns : RL_MAX_INSNS;
	/* carried registers: used before any def in the pass, and defined in it */
	unsigned char defined[RL_MAX_REGNO] = { 0 }, used_first[RL_MAX_REGNO] = { 0 };
	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
			int r = in->uses[k];
			if (r >= 0 && r < RL_MAX_REGNO && !defined[r])
				used_first[r] = 1;
		}
		for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
			int r = in->defs[k];
			if (r >= 0 && r < RL_MAX_REGNO)
				defined[r] = 1;
		}
	}
	int carried[RL_MAX_CARRIED], nc = 0;
	for (int r = 0; r < RL_MAX_REGNO && nc < RL_MAX_CARRIED; r++)
		if (defined[r] && used_first[r])
			carried[nc++] = r;
	if (!nc)
		return 0;
	/* A[a][b]: longest path from carried a at the start of a pass to b's
	 * value at the end of it */
	double A[RL_MAX_CARRIED][RL_MAX_CARRIED];
	for (int a = 0; a < RL_MAX_CARRIED; a++)
		for (int b = 0; b < RL_MAX_CARRIED; b++)
			A[a][b] = NEG;
	double *ready = malloc(sizeof(double) * RL_MAX_REGNO);
	if (!ready)
		return 0;
	for (int a = 0; a < nc; a++) {
		for (int r = 0; r < RL_MAX_REGNO; r++)
			ready[r] = NEG;
		ready[carried[a]] = 0;
		for (int i = 0; i < n; i++) {
			const rl_insn *in = &body->insns[i];
			double t = NEG;
			for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
				int r = in->uses[k];
				if (r < 0 || r >= RL_MAX_REGNO || ready[r] <= NEG)
					continue;
				double c = ready[r] + lat[i] + ((in->use_addr >> k & 1) ? loadlat[i] : 0);
				if (c > t)
					t = c;
			}
			for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
				int r = in->defs[k];
				if (r >= 0 && r < RL_MAX_REGNO)
					ready[r] = t;
			}
		}
		for (int b = 0; b < nc; b++)
			A[a][b] = ready[carried[b]];
	}
	free(ready);
	/* maximum cycle mean: max over p <= nc and a of (A^p)[a][a] / p (max-plus) */
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

/* ------------------------------------------------------------ split loads */

static int same_access(const rl_access *a, const rl_access *b)
{
	return a->array == b->array && a->is_write == b->is_write &&
	       !memcmp(a->sub, b->sub, sizeof a->sub);
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
		int dup = 0;
		for (int b = 0; b < a && !dup; b++)
			dup = same_access(&nest->accesses[b], ac);
		if (dup)
			continue;
		const rl_array *arr = &nest->arrays[ac->array];
		int d = arr->ndims - 1;
		if (d < 0 || d >= RL_MAX_DIMS || ac->sub[d].it[inner] != 1)
			continue;
		long long off = (lp->lower.cst + ac->sub[d].cst) * arr->elem_size;
		if (((off % wb) + wb) % wb)
			split += (double)body->iters_per_pass * arr->elem_size / 64.0;
	}
	body->split_loads_hint = split;
	body->have_split_hint = 1;
}

/* ------------------------------------------------------------ iterations */

static long distinct_bytes(const rl_nest *nest, int writes)
{
	long src = 0;
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *ac = &nest->accesses[a];
		int dup = 0;
		if (ac->is_write != writes || ac->array < 0 || ac->array >= nest->narrays)
			continue;
		for (int b = 0; b < a && !dup; b++)
			dup = same_access(&nest->accesses[b], ac);
		if (!dup)
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
		if (k == kind)
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

/* ------------------------------------------------------------ the model */

static const rl_memrow *mem_row(const rl_memrow *rows, int n, int width)
{
	const rl_memrow *best = NULL;
	for (int i = 0; i < n; i++)
		if (rows[i].width == width)
			return &rows[i];
	/* the narrowest row at least as wide, else the widest */
	for (int i = 0; i < n; i++)
		if (rows[i].width >= width && (!best || rows[i].width < best->width))
			best = &rows[i];
	if (best)
		return best;
	for (int i = 0; i < n; i++)
		if (!best || rows[i].width > best->width)
			best = &rows[i];
	return best;
}

/* How specific a form's match is; 0 = no match. */
static int form_score(const rl_form *f, const rl_insn *in)
{
	if (f->width && f->width != in->width)
		return 0;
	if (f->precision && in->elem_bits && f->precision != in->elem_bits)
		return 0;
	if (f->mem >= 0) {
		int k = in->mem == RL_MEM_LOAD ? RL_MEM_LOAD_OP : (int)in->mem;
		if (k != f->mem)
			return 0;
	}
	int s = (f->width ? 2 : 0) + (f->precision && f->precision == in->elem_bits ? 1 : 0) +
		(f->mem >= 0 ? 4 : 0);
	if (f->mnemonic[0])
		return strcmp(f->mnemonic, in->mnemonic) ? 0 : 16 + s;
	return f->cls == (int)in->cls ? 1 + s : 0;
}

static const rl_form *find_form(const rl_ports *p, const rl_insn *in, rl_iclass cls_override)
{
	const rl_form *best = NULL;
	int bs = 0;
	rl_insn tmp = *in;
	tmp.cls = cls_override;
	for (int i = 0; i < p->nforms; i++) {
		int s = form_score(&p->forms[i], &tmp);
		if (s > bs) {
			bs = s;
			best = &p->forms[i];
		}
	}
	return best;
}

typedef struct demand {
	int n;
	unsigned mask[64];
	double cycles[64];
} demand;

static void add_uops(demand *d, const rl_uops *u, double scale)
{
	for (int i = 0; i < u->n; i++) {
		int j;
		for (j = 0; j < d->n; j++)
			if (d->mask[j] == u->u[i].ports)
				break;
		if (j == d->n) {
			if (d->n == 64)
				j = 63;
			else {
				d->n++;
				d->mask[j] = u->u[i].ports;
				d->cycles[j] = 0;
			}
		}
		d->cycles[j] += u->u[i].cycles * scale;
	}
}

static void note_unknown(rl_incore *out, const char *name)
{
	out->unknown++;
	if (strstr(out->unknown_names, name))
		return;
	size_t l = strlen(out->unknown_names);
	snprintf(out->unknown_names + l, sizeof out->unknown_names - l, "%s%s", l ? " " : "", name);
}

static int is_flop(rl_iclass c)
{
	return c == RL_IC_FADD || c == RL_IC_FMUL || c == RL_IC_FMA || c == RL_IC_FDIV ||
	       c == RL_IC_FSQRT;
}

static void mask_names(const rl_ports *p, unsigned m, char *buf, size_t len)
{
	buf[0] = 0;
	for (int i = 0; i < p->nports; i++)
		if (m >> i & 1) {
			size_t l = strlen(buf);
			snprintf(buf + l, len - l, "%s%s", l ? " " : "", p->port[i]);
		}
}

/* Fraction of WIDTH-bit loads that span two 64 B lines: 0 when the address is
 * known aligned to the width (MEM_ALIGN) or its displacement is a multiple of
 * the width (the base is assumed aligned then); otherwise a unit-stride stream
 * of misaligned loads crosses each line boundary once: width / 512. */
static double split_fraction(const rl_insn *in, int width)
{
	if (width < 128)
		return 0;
	int bytes = width / 8;
	if (in->mem_align >= width)
		return 0;
	if (in->mem_disp % bytes == 0)
		return 0;
	double f = width / 512.0;
	return f > 1 ? 1 : f;
}

/* Insn I is a compare-like ALU op (cmp, test, add, sub, and, inc, dec without a
 * memory operand) directly followed by a conditional branch. */
static int fuses_with_next(const rl_ports *p, const rl_body *b, int i, int n)
{
	static const char *const pre[] = { "cmp", "test", "add", "sub", "and", "inc", "dec" };
	if (!p->macro_fusion || i + 1 >= n || b->insns[i + 1].cls != RL_IC_BRANCH)
		return 0;
	const rl_insn *in = &b->insns[i];
	if (in->cls != RL_IC_IALU || in->mem != RL_MEM_NONE || in->width > 64)
		return 0;
	for (size_t k = 0; k < sizeof pre / sizeof pre[0]; k++)
		if (!strncmp(in->mnemonic, pre[k], strlen(pre[k])))
			return 1;
	return 0;
}

void rl_incore_ports(const rl_machine *m, const rl_ports *p, const rl_body *body, rl_incore *out)
{
	if (!p) {
		rl_incore_first(m, body, out);
		/* latencies from the machine's class rows */
		if (body && body->ninsns > 0) {
			int n = body->ninsns > RL_MAX_INSNS ? RL_MAX_INSNS : body->ninsns;
			double *lat = calloc((size_t)n, sizeof(double)), *ll = calloc((size_t)n, sizeof(double));
			if (lat && ll) {
				const rl_iclass_cost *ld = rl_machine_cost(m, RL_IC_LOAD, 0);
				for (int i = 0; i < n; i++) {
					const rl_insn *in = &body->insns[i];
					const rl_iclass_cost *k = rl_machine_cost_prec(m, in->cls, in->width,
										       in->elem_bits);
					lat[i] = in->cls == RL_IC_LOAD ? 0 : k && k->latency > 0 ? k->latency : 1;
					ll[i] = ld && ld->latency > 0 ? ld->latency : 4;
				}
				out->t_latency = rl_loop_carried_latency(body, lat, ll);
				if (out->t_latency > out->t_ol) {
					out->t_ol = out->t_latency;
					snprintf(out->bottleneck, sizeof out->bottleneck, "latency");
				}
			}
			free(lat);
			free(ll);
		}
		return;
	}
	memset(out, 0, sizeof(*out));
	out->port_model = 1;
	snprintf(out->table, sizeof out->table, "%s", p->name);
	if (!body)
		return;
	int n = body->ninsns > RL_MAX_INSNS ? RL_MAX_INSNS : body->ninsns;
	if (n < 0)
		n = 0;
	int loads_nol = rl_machine_unit_is_nol(m, "load");
	/* 512-bit uops in the loop: the vector ALUs of zmm_disables are off (Intel SKX+) */
	int wide = 0;
	for (int i = 0; i < n && p->zmm_disables; i++)
		if (body->insns[i].width >= 512 && body->insns[i].cls != RL_IC_LOAD &&
		    body->insns[i].cls != RL_IC_STORE)
			wide = 1;
	demand dl, dop;
	dl.n = dop.n = 0;
	double fused = 0;
	double lat[RL_MAX_INSNS], ll[RL_MAX_INSNS];

	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		rl_mem_kind mem = in->mem;
		if (in->cls == RL_IC_LOAD && mem == RL_MEM_NONE)
			mem = RL_MEM_LOAD;
		if (in->cls == RL_IC_STORE && mem == RL_MEM_NONE)
			mem = RL_MEM_STORE;
		int mw = in->mem_width > 0 ? in->mem_width : in->width;
		lat[i] = 0;
		ll[i] = 0;
		int has_op = !(in->cls == RL_IC_LOAD || in->cls == RL_IC_STORE);
		if (mem == RL_MEM_LOAD || mem == RL_MEM_LOAD_OP) {
			const rl_memrow *r = mem_row(p->loads, p->nloads, mw);
			out->nloads++;
			add_uops(loads_nol ? &dl : &dop, &r->uops, 1.0);
			ll[i] = r->latency;
			double f = body->have_split_hint ? 0 : split_fraction(in, mw);
			if (f > 0) {
				out->split_loads += f;
				add_uops(loads_nol ? &dl : &dop, &p->split_load, f);
			}
		} else if (mem == RL_MEM_STORE) {
			const rl_memrow *r = mem_row(p->stores, p->nstores, mw);
			out->nstores++;
			add_uops(&dop, &r->uops, 1.0);
		}
		double slots = 1;
		if (has_op && fuses_with_next(p, body, i, n)) {
			/* compare + branch: the pair is one slot and one uop (the branch's) */
			lat[i] = 1;
			continue;
		}
		if (has_op) {
			const rl_form *f = find_form(p, in, in->cls);
			int known = f && (f->mnemonic[0] || in->cls != RL_IC_OTHER);
			double times = 1;
			if (!known && in->width > 128) {
				/* wider than the machine: two halves of the next narrower form */
				rl_insn half = *in;
				half.width = in->width / 2;
				const rl_form *h = find_form(p, &half, in->cls);
				if (h && (h->mnemonic[0] || in->cls != RL_IC_OTHER)) {
					f = h;
					known = 1;
					times = 2;
				}
			}
			if (!f)
				f = find_form(p, in, RL_IC_OTHER);
			if (!known)
				note_unknown(out, in->mnemonic[0] ? in->mnemonic : "?");
			if (f && wide && (in->elem_bits || in->width >= 128)) {
				rl_uops u = f->uops;
				for (int k = 0; k < u.n; k++)
					if ((u.u[k].ports & ~p->zmm_disables) != 0)
						u.u[k].ports &= ~p->zmm_disables;
				add_uops(&dop, &u, 1.0);
				lat[i] = f->latency;
				slots = f->fused;
			} else if (f) {
				add_uops(&dop, &f->uops, times);
				lat[i] = f->latency;
				slots = f->fused * times;
			} else {
				rl_uops one = { 1, { { ~p->load_ports & ((1u << p->nports) - 1), 1.0 } } };
				add_uops(&dop, &one, 1.0);
				lat[i] = 1;
			}
		}
		fused += slots;
		if (is_flop(in->cls))
			out->nflops_insns++;
	}

	if (body->have_split_hint && body->split_loads_hint > 0) {
		out->split_loads = body->split_loads_hint;
		add_uops(loads_nol ? &dl : &dop, &p->split_load, body->split_loads_hint);
	}
	double tnol = rl_ports_minmax(dl.mask, dl.cycles, dl.n, NULL);
	unsigned bn = 0;
	double tol = rl_ports_minmax(dop.mask, dop.cycles, dop.n, &bn);
	double load[RL_MAX_PORTS] = { 0 };
	assign_ports(dl.mask, dl.cycles, dl.n, tnol, load);
	assign_ports(dop.mask, dop.cycles, dop.n, tol, load);
	out->nunits = p->nports < RL_MAX_UNITS ? p->nports : RL_MAX_UNITS;
	for (int u = 0; u < out->nunits; u++) {
		snprintf(out->unit[u], sizeof out->unit[u], "%s", p->port[u]);
		out->unit_cycles[u] = load[u];
		out->unit_nol[u] = loads_nol && (p->load_ports >> u & 1);
	}
	out->t_nol = tnol;
	out->t_throughput = tol;
	out->t_frontend = fused / p->dispatch;
	out->t_latency = rl_loop_carried_latency(body, lat, ll);
	out->t_ol = tol;
	mask_names(p, bn, out->bottleneck, sizeof out->bottleneck);
	if (out->t_frontend > out->t_ol + 1e-9) {
		out->t_ol = out->t_frontend;
		snprintf(out->bottleneck, sizeof out->bottleneck, "front end");
	}
	if (out->t_latency > out->t_ol + 1e-9) {
		out->t_ol = out->t_latency;
		snprintf(out->bottleneck, sizeof out->bottleneck, "latency");
	}
}
