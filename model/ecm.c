/* ECM composition (Stengel et al., ICS 2015, for the serial Intel rule; RRZE's Zen models for the
 * overlapping AMD rule; a partial rule in which the innermost transfers serialise with the loads
 * and the outer ones overlap, as Hofmann et al. 2020 describe for some processors; the machine
 * file names the rule and may give each overlapping link the measured fraction of its transfer
 * that serialises with T_nOL: docs/model.md section 4). */
#include "model/ecm.h"

#include <string.h>

static double max2(double a, double b)
{
	return a > b ? a : b;
}

int rl_ecm_link_is_serial(rl_overlap overlap, int serial_links, int b)
{
	return overlap == RL_OVERLAP_SERIAL || (overlap == RL_OVERLAP_PARTIAL && b < serial_links);
}

double rl_ecm_link_serial_share(const rl_ecm *e, int b)
{
	if (rl_ecm_link_is_serial(e->overlap, e->serial_links, b))
		return 1;
	return e->serial_fraction[b] > 0 ? e->serial_fraction[b] : 0;
}

double rl_ecm_level_cycles_frac(rl_overlap overlap, int serial_links, const double *frac,
				double t_ol, double t_nol, const double *t, int k)
{
	double serial = t_nol, rest = t_ol;
	for (int b = 0; b < k; b++) {
		if (rl_ecm_link_is_serial(overlap, serial_links, b)) {
			serial += t[b];
			continue;
		}
		/* an overlapping link: in full beside the others, its measured fraction after
		   T_nOL (the cycles its lines keep the core's loads from the L1) */
		rest = max2(rest, t[b]);
		if (frac && frac[b] > 0)
			serial += frac[b] * t[b];
	}
	return max2(serial, rest);
}

double rl_ecm_level_cycles(rl_overlap overlap, int serial_links, double t_ol, double t_nol,
			   const double *t, int k)
{
	return rl_ecm_level_cycles_frac(overlap, serial_links, NULL, t_ol, t_nol, t, k);
}

double rl_ecm_reuse_share(double slots, double stream_slots)
{
	if (!(slots > 0))
		return 0;
	return max2(0, 1 - stream_slots / slots);
}

/* Not bounded by the serial sum T_nOL + every transfer: with the data in memory the loads of
 * a stencil cost more than their L1 time with or without the transfers beside them (measured:
 * docs/model.md section 8, "Memory: no serial bound") */
double rl_ecm_memory_level(double rule, double t_mem, double f, double reuse)
{
	if (!(f > 0) || !(reuse > 0))
		return rule;
	return max2(rule, t_mem + f * reuse);
}

void rl_ecm_predict(const rl_machine *m, rl_ecm *ecm)
{
	ecm->overlap = m->overlap;
	ecm->serial_links = m->serial_links;
	memcpy(ecm->serial_fraction, m->serial_fraction, sizeof ecm->serial_fraction);
	ecm->mem_load_factor = m->overlap == RL_OVERLAP_SERIAL ? 0 : m->mem_load_factor;
	ecm->restart_binds = 0;
	int last = ecm->ntransfers;
	for (int l = 0; l <= last; l++) {
		double t = rl_ecm_level_cycles_frac(m->overlap, m->serial_links, m->serial_fraction,
						    ecm->t_ol, ecm->t_nol, ecm->t_transfer, l);
		if (l == last && last > 0 && ecm->mem_load_factor > 0)
			t = rl_ecm_memory_level(t, ecm->t_transfer[last - 1], ecm->mem_load_factor,
						ecm->reuse_share * ecm->t_nol);
		/* lines fetched on demand after a jump add to the in-core time (measured) */
		if (l == last && l > 0 && ecm->t_restart > 0) {
			double r = max2(ecm->t_ol, ecm->t_nol) + ecm->t_restart;
			/* named (note, JSON) when it raises the figure by a shown amount: the notes
			   round to 0.1 cy */
			ecm->restart_binds = r >= t + 0.05;
			t = max2(t, r);
		}
		ecm->prediction[l] = t + ecm->t_tlb;
	}
}

double rl_ecm_boundary_lines(const rl_traffic *t, int b)
{
	return t->load_lines[b] + t->wa_lines[b] + t->evict_lines[b];
}

rl_ecm_term rl_ecm_dominant_term(const rl_ecm *e, int level)
{
	rl_ecm_term term = { RL_ECM_TERM_CORE, -1, e->t_ol, e->prediction[level] };
	double data = e->t_nol;
	for (int k = 0; k < level && k < e->ntransfers; k++)
		data += e->t_transfer[k];
	if (e->overlap == RL_OVERLAP_SERIAL ? e->t_ol >= data
					    : e->t_ol >= term.total - e->t_tlb - 1e-9) {
		if (e->t_tlb > e->t_ol) {
			term.kind = RL_ECM_TERM_TLB;
			term.cycles = e->t_tlb;
		}
		return term;
	}
	/* the largest contribution among T_nOL and the transfers up to LEVEL */
	term.kind = RL_ECM_TERM_LOADS;
	term.cycles = e->t_nol;
	for (int k = 0; k < level && k < e->ntransfers; k++)
		if (e->t_transfer[k] > term.cycles) {
			term.kind = RL_ECM_TERM_TRANSFER;
			term.boundary = k;
			term.cycles = e->t_transfer[k];
		}
	if (e->t_tlb > term.cycles) {
		term.kind = RL_ECM_TERM_TLB;
		term.boundary = -1;
		term.cycles = e->t_tlb;
	}
	return term;
}

/* Cycles per line crossing boundary B (B == nlevels-1 is the memory interface) at the chip's
 * bandwidth (the ECM papers' transfer term; the saturation figure). */
static double boundary_cycles_per_line(const rl_machine *m, int b)
{
	if (b == m->nlevels - 1)
		return m->mem_cycles_per_line;
	return m->levels[b].cycles_per_line;
}

double rl_ecm_boundary_cycles(const rl_machine *m, const rl_traffic *t, int b)
{
	return rl_ecm_boundary_cycles_ws(m, t, b, -1);
}

double rl_ecm_boundary_cycles_ws(const rl_machine *m, const rl_traffic *t, int b, double ws)
{
	int write_only = !(t->load_lines[b] > 0);
	double k = rl_machine_link_ws_factor(m, b, ws, write_only);
	double fill = 0, evict = 0;
	if (b == m->nlevels - 1) {
		fill = m->mem_fill_cycles;
		evict = m->mem_evict_cycles;
	} else if (b < m->nlevels - 1) {
		fill = m->levels[b].fill_cycles;
		evict = m->levels[b].evict_cycles;
	}
	double nt = b == m->nlevels - 1 && m->mem_nt_cycles > 0 ? t->nt_lines[b] : 0, rest;
	if (fill > 0 && evict > 0)
		rest = (t->load_lines[b] + t->wa_lines[b]) * fill + (t->evict_lines[b] - nt) * evict;
	else
		rest = (rl_ecm_boundary_lines(t, b) - nt) * boundary_cycles_per_line(m, b);
	rest *= k;
	if (!(nt > 0))
		return rest;
	/* non-temporal lines: bounded by a stream of them alone (nt_store) and, with lines
	   read, by the interface both share (nt_mixed per line read or stored) */
	double mixed = (t->load_lines[b] + t->wa_lines[b] + nt) * m->mem_nt_mixed_cycles;
	return max2(max2(rest, nt * m->mem_nt_cycles), mixed);
}

/* The share of CORE's load slots per unit of work (SCALE passes) beyond the loads of BODY's
 * average load width that read each line crossing the memory boundary once, weighted by the
 * lines read from memory per unit up to one: the factor was measured with one line or more per
 * unit, and a loop that reads no line from memory pays nothing (its loads only meet lines in
 * flight for that share of the time: docs/model.md section 4) */
static double reuse_share_of(const rl_machine *m, const rl_incore *core, const rl_body *body,
			     const rl_traffic *t, double scale)
{
	int nld = 0;
	double bits = 0;
	for (int i = 0; body && i < body->ninsns; i++)
		if (body->insns[i].mem == RL_MEM_LOAD || body->insns[i].mem == RL_MEM_LOAD_OP) {
			nld++;
			bits += body->insns[i].mem_width;
		}
	int line = m->nlevels > 0 ? m->levels[0].line : 64;
	if (nld == 0 || !(bits > 0) || line <= 0)
		return 0;
	double slots = (nld + (core->split_loads > 0 ? core->split_loads : 0)) * scale;
	double mem_lines = t->load_lines[t->nboundaries - 1];
	double stream = mem_lines * line * 8.0 / (bits / nld);
	return rl_ecm_reuse_share(slots, stream) * (mem_lines < 1 ? mem_lines : 1);
}

void rl_ecm_compose(const rl_machine *m, const rl_incore *core, const rl_body *body,
		    const rl_traffic *traffic, rl_ecm *out)
{
	rl_ecm_compose_ws(m, core, body, traffic, -1, out);
}

void rl_ecm_compose_ws(const rl_machine *m, const rl_incore *core, const rl_body *body,
		       const rl_traffic *traffic, double ws, rl_ecm *out)
{
	memset(out, 0, sizeof(*out));
	out->ws = ws;
	int per_pass = body && body->iters_per_pass > 0 ? body->iters_per_pass : 1;
	double scale = (double)traffic->iters_per_unit / per_pass;
	out->t_ol = core->t_ol * scale;
	out->t_nol = core->t_nol * scale;
	out->ntransfers = traffic->nboundaries;
	for (int b = 0; b < traffic->nboundaries; b++)
	{
		out->t_transfer[b] = rl_ecm_boundary_cycles_ws(m, traffic, b, ws);
		out->ws_factor[b] = rl_machine_link_ws_factor(m, b, ws, !(traffic->load_lines[b] > 0));
	}
	int last = traffic->nboundaries - 1;
	double sat = last >= 0 ? rl_ecm_boundary_lines(traffic, last) * m->mem_cycles_per_line : 0;
	if (last >= 0 && out->t_transfer[last] > 0 && sat != out->t_transfer[last])
		out->mem_sat_factor = sat / out->t_transfer[last];
	/* one core's costs per direction and both bandwidths of one benchmark measured: the chip
	   serves B / B_1core cores' worth of the one-core demand, whatever the kernel's mix (the
	   chip's bandwidth is measured for one mix; costing evictions at it would make one core
	   slower than its own measured costs) */
	if (last >= 0 && m->mem_fill_cycles > 0 && m->mem_bandwidth_1core_gbs > 0 &&
	    m->mem_bandwidth_gbs > 0)
		out->mem_sat_factor = m->mem_bandwidth_1core_gbs / m->mem_bandwidth_gbs;
	if (last >= 0)
		out->reuse_share = reuse_share_of(m, core, body, traffic, scale);
	rl_ecm_predict(m, out);
}

double rl_ecm_mem_sat_cycles(const rl_ecm *e)
{
	if (e->ntransfers < 1)
		return 0;
	double t = e->t_transfer[e->ntransfers - 1];
	return e->mem_sat_factor > 0 ? t * e->mem_sat_factor : t;
}
