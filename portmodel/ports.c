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
 *   - calls to math-library functions (the table's call table, calls.c): each
 *     call costs its row's cycles per call; their sum per pass is a throughput
 *     term (the call's own instructions are in that figure, not in the ports);
 *   - T_OL = max(port bound of the non-load uops, front end, latency, calls,
 *     loop shape): a call overlaps the other work of the loop (measured:
 *     docs/port-tables.md, "Call costs"); a loop shape is the table's measured
 *     figure for a body of exactly that many slots, loads and stores ("Loop
 *     shapes").
 */
#include "portmodel/ports-internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The load or store row for WIDTH bits: that width, else the narrowest wider
 * row, else the widest. */
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

/* The most specific form matching IN taken as class CLS_OVERRIDE; NULL if none. */
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

/* Uop demand grouped by port set: N groups of (port mask, total cycles). */
typedef struct demand {
	int n;
	unsigned mask[RL_MAX_UOP_GROUPS];
	double cycles[RL_MAX_UOP_GROUPS];
} demand;

/* Add the uops U, SCALE times, to their port-set groups in D (beyond
 * RL_MAX_UOP_GROUPS sets, the last group takes the rest). */
static void add_uops(demand *d, const rl_uops *u, double scale)
{
	for (int i = 0; i < u->n; i++) {
		int j;
		for (j = 0; j < d->n; j++)
			if (d->mask[j] == u->u[i].ports)
				break;
		if (j == d->n) {
			if (d->n == RL_MAX_UOP_GROUPS)
				j = RL_MAX_UOP_GROUPS - 1;
			else {
				d->n++;
				d->mask[j] = u->u[i].ports;
				d->cycles[j] = 0;
			}
		}
		d->cycles[j] += u->u[i].cycles * scale;
	}
}

/* Count an instruction the table has no row for; NAME once in the list. */
static void note_unknown(rl_incore *out, const char *name)
{
	out->unknown++;
	if (strstr(out->unknown_names, name))
		return;
	size_t l = strlen(out->unknown_names);
	snprintf(out->unknown_names + l, sizeof out->unknown_names - l, "%s%s", l ? " " : "", name);
}

/* The names of the ports in mask M, space-separated, into BUF. */
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

/* T_OL becomes T when T exceeds it by more than EPS; WHAT names the bound. */
static void raise_t_ol(rl_incore *out, double t, double eps, const char *what)
{
	if (t > out->t_ol + eps) {
		out->t_ol = t;
		snprintf(out->bottleneck, sizeof out->bottleneck, "%s", what);
	}
}

/* No port table: the class-table model, plus the latency bound with latencies
 * from the machine's class rows. */
static void incore_class_table_with_latency(const rl_machine *m, const rl_body *body,
					    rl_incore *out)
{
	rl_incore_class_table(m, body, out);
	if (!body || body->ninsns <= 0)
		return;
	int n = rl_body_ninsns(body);
	double lat[RL_MAX_INSNS], loadlat[RL_MAX_INSNS];
	const rl_iclass_cost *ld = rl_machine_cost(m, RL_IC_LOAD, 0);
	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		const rl_iclass_cost *k = rl_machine_cost_prec(m, in->cls, in->width, in->elem_bits);
		lat[i] = in->cls == RL_IC_LOAD ? 0 : k && k->latency > 0 ? k->latency : 1;
		loadlat[i] = ld && ld->latency > 0 ? ld->latency : 4;
	}
	out->t_latency = rl_loop_carried_latency(body, lat, loadlat, NULL);
	out->t_latency_nofwd = out->t_latency;
	raise_t_ol(out, out->t_latency, 0, "latency");
}

/* What one pass of the body asks of the core, collected instruction by
 * instruction. */
typedef struct pass_demand {
	demand load_nol;               /* load uops when loads do not overlap: T_nOL */
	demand other;                  /* all other uops: T_OL */
	demand *loads;                 /* where load uops go: &load_nol or &other */
	int wide;                      /* 512-bit uops: the zmm_disables ports are off */
	double slots;                  /* front-end slots */
	double lat[RL_MAX_INSNS];      /* result latency of each instruction's operation */
	double loadlat[RL_MAX_INSNS];  /* load-to-use latency of each instruction's load */
} pass_demand;

/* 512-bit uops in the first N instructions of BODY switch off the vector ALUs
 * of the table's zmm_disables ports (Intel SKX and later). */
static int has_wide_uops(const rl_ports *p, const rl_body *body, int n)
{
	for (int i = 0; i < n && p->zmm_disables; i++)
		if (body->insns[i].width >= 512 && body->insns[i].cls != RL_IC_LOAD &&
		    body->insns[i].cls != RL_IC_STORE)
			return 1;
	return 0;
}

/* The load or store part of instruction I. */
static void add_memory_uops(const rl_ports *p, const rl_body *body, int i, pass_demand *d,
			    rl_incore *out)
{
	const rl_insn *in = &body->insns[i];
	rl_mem_kind mem = rl_insn_mem_kind(in);
	int mw = rl_insn_mem_width(in);
	if (mem == RL_MEM_LOAD || mem == RL_MEM_LOAD_OP) {
		const rl_memrow *r = mem_row(p->loads, p->nloads, mw);
		out->nloads++;
		add_uops(d->loads, &r->uops, 1.0);
		d->loadlat[i] = r->latency;
		double f = body->have_split_hint ? 0 : split_fraction(in, mw);
		if (f > 0) {
			out->split_loads += f;
			add_uops(d->loads, &p->split_load, f);
		}
	} else if (mem == RL_MEM_STORE) {
		const rl_memrow *r = mem_row(p->stores, p->nstores, mw);
		out->nstores++;
		add_uops(&d->other, &r->uops, 1.0);
		if (r->load_slots > 0) {
			/* the store's share of the load ports counts where the loads count */
			rl_uops share = { 1, { { p->load_ports, r->load_slots } } };
			add_uops(d->loads, &share, 1.0);
		}
	}
}

/* F is a row of IN's own: keyed by its mnemonic, or by its class unless that
 * is OTHER. */
static int form_is_known(const rl_form *f, const rl_insn *in)
{
	return f && (f->mnemonic[0] || in->cls != RL_IC_OTHER);
}

/* The form that costs the operation of IN, used *TIMES times: its own; for an
 * instruction wider than the machine, two halves of the next narrower form;
 * else the OTHER row (*KNOWN = 0), NULL if the table has none. */
static const rl_form *operation_form(const rl_ports *p, const rl_insn *in, double *times,
				     int *known)
{
	const rl_form *f = find_form(p, in, in->cls);
	*known = form_is_known(f, in);
	*times = 1;
	if (!*known && in->width > 128) {
		rl_insn half = *in;
		half.width = in->width / 2;
		const rl_form *h = find_form(p, &half, in->cls);
		if (form_is_known(h, in)) {
			f = h;
			*known = 1;
			*times = 2;
		}
	}
	if (!f)
		f = find_form(p, in, RL_IC_OTHER);
	return f;
}

/* The operation part of instruction I: its uops and latency; returns its
 * front-end slots. */
static double add_operation_uops(const rl_ports *p, const rl_insn *in, int i, pass_demand *d,
				 rl_incore *out)
{
	double times;
	int known;
	const rl_form *f = operation_form(p, in, &times, &known);
	if (!known)
		note_unknown(out, in->mnemonic[0] ? in->mnemonic : "?");
	if (f && d->wide && (in->elem_bits || in->width >= 128)) {
		rl_uops u = f->uops;
		for (int k = 0; k < u.n; k++)
			if ((u.u[k].ports & ~p->zmm_disables) != 0)
				u.u[k].ports &= ~p->zmm_disables;
		add_uops(&d->other, &u, 1.0);
		d->lat[i] = f->latency;
		return f->fused;
	}
	if (f) {
		add_uops(&d->other, &f->uops, times);
		d->lat[i] = f->latency;
		return f->fused * times;
	}
	rl_uops one = { 1, { { ~p->load_ports & ((1u << p->nports) - 1), 1.0 } } };
	add_uops(&d->other, &one, 1.0);
	d->lat[i] = 1;
	return 1;
}

/* Instruction IN calls a function of P's call table: count its row in OUT
 * (*LAT = the row's cycles, a lower bound of the call's latency); 0 if not. */
static int add_call(const rl_ports *p, const rl_insn *in, rl_incore *out, double *lat)
{
	const rl_call_row *r = in->callee[0] ? rl_calls_find(p->calls, in->callee) : NULL;
	if (!r)
		return 0;
	out->t_calls += r->cycles;
	*lat = r->cycles;
	int k;
	for (k = 0; k < out->ncallees; k++)
		if (!strcmp(out->callees[k].symbol, r->symbol))
			break;
	if (k == out->ncallees && k < RL_MAX_CALLEES) {
		struct rl_callee_cost *c = &out->callees[out->ncallees++];
		snprintf(c->symbol, sizeof c->symbol, "%s", r->symbol);
		c->cycles = r->cycles;
		c->elements = r->elements;
		c->line = r->line;
	}
	if (k < RL_MAX_CALLEES)
		out->callees[k].count++;
	return 1;
}

/* The uops, slots and latencies of the first N instructions of BODY, and the
 * line-split loads of the source hint. */
static void collect_demand(const rl_ports *p, const rl_body *body, int n, pass_demand *d,
			   rl_incore *out)
{
	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		int has_op = !(in->cls == RL_IC_LOAD || in->cls == RL_IC_STORE);
		d->lat[i] = 0;
		d->loadlat[i] = 0;
		if (in->cls == RL_IC_OTHER && add_call(p, in, out, &d->lat[i])) {
			d->slots += 1;
			continue;
		}
		add_memory_uops(p, body, i, d, out);
		if (has_op && fuses_with_next(p, body, i, n)) {
			/* compare + branch: the pair is one slot and one uop (the branch's) */
			d->lat[i] = 1;
			continue;
		}
		d->slots += has_op ? add_operation_uops(p, in, i, d, out) : 1;
		if (rl_iclass_is_flop(in->cls))
			out->nflops_insns++;
	}
	if (body->have_split_hint && body->split_loads_hint > 0) {
		out->split_loads = body->split_loads_hint;
		add_uops(d->loads, &p->split_load, body->split_loads_hint);
	}
}

/* T_nOL and the port bound of the other uops, with the per-port cycles of one
 * optimal assignment as the units; returns the binding port set. */
static unsigned port_bound(const rl_ports *p, int loads_nol, const pass_demand *d,
			   rl_incore *out)
{
	unsigned binding = 0;
	double load[RL_MAX_PORTS] = { 0 };
	out->t_nol = rl_ports_minmax(d->load_nol.mask, d->load_nol.cycles, d->load_nol.n, NULL);
	out->t_throughput = rl_ports_minmax(d->other.mask, d->other.cycles, d->other.n, &binding);
	rl_ports_assign(d->load_nol.mask, d->load_nol.cycles, d->load_nol.n, out->t_nol, load);
	rl_ports_assign(d->other.mask, d->other.cycles, d->other.n, out->t_throughput, load);
	out->nunits = p->nports < RL_MAX_UNITS ? p->nports : RL_MAX_UNITS;
	for (int u = 0; u < out->nunits; u++) {
		snprintf(out->unit[u], sizeof out->unit[u], "%s", p->port[u]);
		out->unit_cycles[u] = load[u];
		out->unit_nol[u] = loads_nol && (p->load_ports >> u & 1);
	}
	return binding;
}

/* The latency bound with the dependencies through memory (store-to-load forwarding of
 * table P) and, for the advice, with each forwarding replaced by a register move. */
static void loop_carried_bounds(const rl_ports *p, const rl_body *body, int n,
				const pass_demand *d, rl_incore *out)
{
	double fwd[RL_MAX_INSNS], zero[RL_MAX_INSNS];
	rl_forwarding_latencies(p, body, n, fwd);
	for (int i = 0; i < n; i++)
		zero[i] = fwd[i] >= 0 ? 0 : -1;
	out->t_latency = rl_loop_carried_latency(body, d->lat, d->loadlat, fwd);
	out->t_latency_nofwd = rl_loop_carried_latency(body, d->lat, d->loadlat, zero);
	out->fwd_latency = out->t_latency > out->t_latency_nofwd + 1e-9
		? out->t_latency - out->t_latency_nofwd : 0;
}

/* Every memory operand of the first N instructions of BODY moves WIDTH bits (0: any). */
static int memory_width_is(const rl_body *body, int n, int width)
{
	for (int i = 0; i < n && width; i++) {
		rl_mem_kind k = rl_insn_mem_kind(&body->insns[i]);
		if (k != RL_MEM_NONE && rl_insn_mem_width(&body->insns[i]) != width)
			return 0;
	}
	return 1;
}

/* The cycles per pass of P's loop shape that the body (SLOTS front-end slots, the loads and
 * stores counted in OUT) has exactly, 0 if none: a measured figure of loops of that shape
 * (docs/port-tables.md, "Loop shapes"). */
static double loop_shape_cycles(const rl_ports *p, const rl_body *body, int n, double slots,
				const rl_incore *out)
{
	for (int k = 0; k < p->nshapes; k++) {
		const rl_loop_shape *s = &p->shapes[k];
		if (fabs(slots - s->slots) < 1e-9 && out->nloads == s->loads &&
		    out->nstores == s->stores && memory_width_is(body, n, s->width))
			return s->cycles;
	}
	return 0;
}

void rl_incore_ports(const rl_machine *m, const rl_ports *p, const rl_body *body, rl_incore *out)
{
	if (!p) {
		incore_class_table_with_latency(m, body, out);
		return;
	}
	memset(out, 0, sizeof(*out));
	out->port_model = 1;
	snprintf(out->table, sizeof out->table, "%s", p->name);
	out->exit_predicted = p->exit_predicted;
	out->exit_penalty = p->exit_penalty;
	out->exit_full_at = p->exit_full_at;
	out->exit_hidden_from = p->exit_hidden_from;
	if (!body)
		return;
	int n = rl_body_ninsns(body);
	int loads_nol = rl_machine_unit_is_nol(m, "load");
	pass_demand d;
	d.load_nol.n = d.other.n = 0;
	d.loads = loads_nol ? &d.load_nol : &d.other;
	d.wide = has_wide_uops(p, body, n);
	d.slots = 0;
	collect_demand(p, body, n, &d, out);

	unsigned binding = port_bound(p, loads_nol, &d, out);
	out->t_frontend = d.slots / p->dispatch;
	out->t_loop_shape = loop_shape_cycles(p, body, n, d.slots, out);
	loop_carried_bounds(p, body, n, &d, out);
	out->t_ol = out->t_throughput;
	mask_names(p, binding, out->bottleneck, sizeof out->bottleneck);
	raise_t_ol(out, out->t_frontend, 1e-9, "front end");
	raise_t_ol(out, out->t_latency, 1e-9, "latency");
	raise_t_ol(out, out->t_calls, 1e-9, "calls");
	raise_t_ol(out, out->t_loop_shape, 1e-9, "loop shape");
	if (out->ncallees && p->calls) {
		const rl_calls *c = p->calls;
		snprintf(out->calls_table, sizeof out->calls_table, "%s", c->name);
		snprintf(out->calls_cpu, sizeof out->calls_cpu, "%s family %d model %d",
			 c->cpu_vendor, c->cpu_family, c->cpu_model);
		out->calls_estimate = p->calls_estimate;
	}
}
