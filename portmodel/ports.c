/* ports.c - the port-level in-core model: costing one loop body with a port
 * table (tables: port-table.c; the min-max port bound: pressure.c; the
 * loop-carried latency: latency.c; hints from the source nest: body-prep.c).
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
#include "portmodel/ports-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	rl_ports_assign(dl.mask, dl.cycles, dl.n, tnol, load);
	rl_ports_assign(dop.mask, dop.cycles, dop.n, tol, load);
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
