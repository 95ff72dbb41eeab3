/* Note texts for the compiler's diagnostics (see diag.h). */
#include "diag/diag.h"
#include "diag/advice-text.h"
#include "diag/lc-text.h"
#include "diag/roofline-text.h"
#include "diag/views.h"
#include "diag/format.h"
#include "model/versions.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Append "SEP NUMBER" to BUF. */
static void append_number(char *buf, size_t len, const char *sep, double v)
{
	char num[32];
	rl_format_number(v, num, sizeof(num));
	rl_appendf(buf, len, "%s%s", sep, num);
}

/* "{4 || 4 | 6 | 6 | 13} cy/CL -> {4 ] 10 ] 16 ] 29} cy/CL": the terms and predictions of E */
static void ecm_terms_text(const rl_ecm *e, char *buf, size_t len)
{
	snprintf(buf, len, "{");
	append_number(buf, len, "", e->t_ol);
	append_number(buf, len, " || ", e->t_nol);
	for (int b = 0; b < e->ntransfers; b++)
		append_number(buf, len, " | ", e->t_transfer[b]);
	rl_appendf(buf, len, "} cy/CL");
	if (e->t_tlb > 0) {
		append_number(buf, len, " + ", e->t_tlb);
		rl_appendf(buf, len, " cy/CL page walks");
	}
	if (e->restart_binds) {
		append_number(buf, len, ", in memory in-core + ", e->t_restart);
		rl_appendf(buf, len, " cy/CL restarting streams");
	}
	rl_appendf(buf, len, " -> {");
	for (int l = 0; l <= e->ntransfers; l++)
		append_number(buf, len, l ? " ] " : "", e->prediction[l]);
	rl_appendf(buf, len, "} cy/CL");
}

void rl_diag_ecm_note(const rl_report *r, char *buf, size_t len)
{
	char terms[256];
	ecm_terms_text(&r->ecm, terms, sizeof(terms));
	snprintf(buf, len, "roofline: ECM %s on %s", terms, r->machine->name);
}

void rl_diag_not_analysed_note(const char *reason, char *buf, size_t len)
{
	snprintf(buf, len, "roofline: not analysed: %s", reason);
}

/* A loop copy GCC made before vectorisation and deleted in it: the version
 * if-conversion made for the vectoriser when it was not used (the vectoriser folds the
 * IFN_LOOP_VECTORIZED guard and the copy goes), or another version GCC dropped. */
void rl_diag_removed_copy_note(int if_conversion, char *buf, size_t len)
{
	snprintf(buf, len, "roofline: loop copy removed by GCC (%s)",
		 if_conversion ? "if-conversion version not used" : "version not used");
}

void rl_diag_machine_estimate_note(const rl_machine *m, const char *why, int file_cores,
				   int same_cpu, char *buf, size_t len)
{
	char named[160] = "", cap[160] = "", measured[200] = "";
	if (m->long_name[0])
		snprintf(named, sizeof(named), " (%s)", m->long_name);
	if (file_cores > 0)
		snprintf(cap, sizeof(cap), "; multicore figures for at most %d of its %d cores (the "
			 "CPUs this compiler may use, or cores=N)", m->cores, file_cores);
	/* a measured file (host: block) says where it was measured; the others are estimates */
	if (m->host_vendor[0] && same_cpu)
		snprintf(measured, sizeof(measured), " measured on a computer with the same CPU as "
			 "the one you build on (%s family %d model %d; its clock, caches and memory may "
			 "differ from yours),", m->host_vendor, m->host_family, m->host_model);
	else if (m->host_vendor[0])
		snprintf(measured, sizeof(measured), " measured on another kind of CPU (%s family "
			 "%d model %d) than the one you build on,", m->host_vendor, m->host_family,
			 m->host_model);
	snprintf(buf, len,
		 "roofline: figures %s %s%s, a bundled machine file%s chosen by %s%s; for figures of "
		 "the computer you build on, measure it once: "
		 "'roofline-bench -o host.yml && roofline-bench install host.yml'",
		 m->host_vendor[0] && same_cpu ? "for" : "are estimates for", m->name, named,
		 measured, why, cap);
}

void rl_diag_access_text(const rl_nest *nest, int a, char *buf, size_t len)
{
	const rl_access *ac = &nest->accesses[a];
	const rl_array *arr = &nest->arrays[ac->array];
	snprintf(buf, len, "%s", arr->name);
	for (int d = 0; d < arr->ndims && d < RL_MAX_DIMS; d++) {
		char sub[64];
		rl_aff_print(nest, &ac->sub[d], sub, sizeof(sub));
		rl_appendf(buf, len, "[%s]", sub);
	}
}

/* ", scalar copy 2 cy/CL": a version's prediction at its data level. */
static void version_figure(double cy, const char *what, char *buf, size_t len)
{
	char t[32];
	rl_format_number(cy, t, sizeof(t));
	rl_appendf(buf, len, "%s %s cy/CL", what, t);
}

void rl_diag_versions_note(const rl_report *vec, const rl_report_versions *v, char *buf,
			   size_t len)
{
	const rl_nest *nest = vec->nest;
	const rl_alias_check *chk = &v->check;
	char w[96] = "", x[96] = "", when[96] = "";
	if (chk->store >= 0) {
		rl_diag_access_text(nest, chk->store, w, sizeof(w));
		rl_diag_access_text(nest, chk->other, x, sizeof(x));
	}
	snprintf(buf, len, "roofline: loop versions (GCC's run-time check picks one): ");
	version_figure(v->vectorised_cy, "vectorised copy", buf, len);
	if (v->scalar_cy >= 0)
		version_figure(v->scalar_cy, ", scalar copy", buf, len);
	else
		rl_appendf(buf, len, ", scalar copy (its code not found)");
	switch (chk->outcome) {
	case RL_ALIAS_ALWAYS:
		rl_appendf(buf, len, "; %s lies in the range of %s in every iteration: the alias "
			   "check always fails, the scalar copy runs (reported), the vectorised copy "
			   "never", x, w);
		break;
	case RL_ALIAS_SOMETIMES:
		rl_aff_print(nest, &chk->when, when, sizeof(when));
		rl_appendf(buf, len, "; %s and %s overlap where %s = 0: the scalar copy runs "
			   "there, the vectorised copy (reported) elsewhere", x, w, when);
		break;
	case RL_ALIAS_RUNTIME:
		rl_appendf(buf, len, "; whether %s and %s overlap depends on the addresses "
			   "(pointers that may alias): the vectorised copy (reported) runs when they "
			   "do not", x, w);
		break;
	default:
		rl_appendf(buf, len, "; no tested pair of references overlaps: the vectorised "
			   "copy runs (reported)");
		break;
	}
}

void rl_diag_copies_note(const rl_report *r, char *buf, size_t len)
{
	const rl_report_copies *c = &r->copies;
	snprintf(buf, len, "roofline: GCC made %d copies of this source loop", c->count);
	if (c->factor > 1)
		rl_appendf(buf, len, " (unroll-and-jam by %d: this copy repeats each statement of "
			   "the loop body %d times, the other%s the remaining iterations of the outer "
			   "loop)", c->factor, c->factor, c->count > 2 ? "s run" : " runs");
	rl_appendf(buf, len, "; reported once, with this copy's figures and predicted time");
	for (int k = 0; k < c->nothers; k++) {
		char t[32] = "not analysed";
		if (c->other[k].cy >= 0) {
			rl_format_number(c->other[k].cy, t, sizeof(t));
			rl_appendf(t, sizeof(t), " cy/CL");
		}
		rl_appendf(buf, len, "%s (at %d:%d): %s", k ? "; another copy" : "; the other copy",
			   c->other[k].line, c->other[k].column, t);
	}
}

/* What the unit of work covers.  It is always line / element iterations of the innermost
 * loop (rl_traffic.iters_per_unit, the ECM convention of cycles per "CL" of work), whatever
 * the strides: at unit stride that is one line of each stream; a stream walked with a larger
 * inner stride touches more lines in those iterations (its lines_per_unit, e.g. 2 at stride
 * 2), and every figure stays per unit of work.  Those streams are named, grouped by stride:
 * "; inner stride 2 elements here: 2 lines each of b, a" (docs/model.md, unit of work). */
static void unit_strides(const rl_report *r, int line, char *buf, size_t len)
{
	const rl_traffic *t = &r->traffic;
	const rl_nest *n = r->nest;
	char desc[RL_MAX_STREAMS][48], names[RL_MAX_STREAMS][160];
	double lines[RL_MAX_STREAMS];
	int count[RL_MAX_STREAMS], ng = 0;
	buf[0] = '\0';
	if (!n || n->nloops <= 0)
		return;
	for (int s = 0; s < t->nstreams; s++) {
		const rl_stream *st = &t->streams[s];
		const rl_array *arr = &n->arrays[st->array];
		if (arr->elem_size <= 0)
			continue;
		/* lines of this stream per unit at unit stride (0.5 for a float in a double unit) */
		double unit = (double)t->iters_per_unit * arr->elem_size / line;
		if (st->lines_per_unit <= unit + 1e-9)
			continue;
		char d[48];
		long long stride;
		if (!rl_access_stride_bytes(n, &n->accesses[st->first_access], n->nloops - 1, &stride))
			snprintf(d, sizeof(d), "unknown here (one line per iteration assumed)");
		else if (stride % arr->elem_size == 0)
			snprintf(d, sizeof(d), "%lld element%s here", llabs(stride / arr->elem_size),
				 llabs(stride / arr->elem_size) == 1 ? "" : "s");
		else
			snprintf(d, sizeof(d), "%lld B here", llabs(stride));
		int g;
		for (g = 0; g < ng; g++)
			if (!strcmp(desc[g], d) && fabs(lines[g] - st->lines_per_unit) < 1e-9)
				break;
		if (g == ng) {
			memcpy(desc[g], d, sizeof(d));
			lines[g] = st->lines_per_unit;
			names[g][0] = '\0';
			count[g] = 0;
			ng++;
		}
		size_t u = strlen(names[g]);
		if (u + 1 < sizeof(names[g]))
			snprintf(names[g] + u, sizeof(names[g]) - u, "%s%s", count[g] ? ", " : "", arr->name);
		count[g]++;
	}
	for (int g = 0; g < ng; g++) {
		char l[32];
		rl_format_number(lines[g], l, sizeof(l));
		rl_appendf(buf, len, "; inner stride %s: %s line%s %s%s", desc[g], l,
			fabs(lines[g] - 1.0) < 1e-9 ? "" : "s", count[g] > 1 ? "each of " : "of ", names[g]);
	}
}

static void verbose_unit(const rl_report *r, char *buf, size_t len)
{
	const rl_body *b = &r->body;
	int line = rl_machine_line_bytes(r->machine);
	char strided[512];
	unit_strides(r, line, strided, sizeof(strided));
	if (!strided[0])
		snprintf(buf, len, "roofline: unit of work = %d iterations (one %d B line of %d B elements); ",
			 r->traffic.iters_per_unit, line, r->traffic.elem_size);
	else
		snprintf(buf, len, "roofline: unit of work = %d iterations (%d B elements: one %d B line "
			 "at unit stride%s); ", r->traffic.iters_per_unit, r->traffic.elem_size, line, strided);
	rl_appendf(buf, len, "code: %s, %d instructions per pass, %d iterations per pass "
		"(vector factor %d x unroll %d)",
		r->have_body ? "generated (late RTL)" : "not found in RTL, costed from the source",
		b->ninsns, b->iters_per_pass, b->vector_factor, b->unroll);
}

/* The calls costed from the call table: symbol, calls per pass, cycles per call, the row. */
static void verbose_calls(const rl_incore *c, char *buf, size_t len)
{
	if (!c->ncallees)
		return;
	char t[32];
	rl_format_number(c->t_calls, t, sizeof(t));
	rl_appendf(buf, len, "; calls %s cy (", t);
	for (int k = 0; k < c->ncallees; k++) {
		const struct rl_callee_cost *e = &c->callees[k];
		char cy[32];
		rl_format_number(e->cycles, cy, sizeof(cy));
		rl_appendf(buf, len, "%s%d x %s at %s cy per call of %d element%s, calls/%s.yml:%d",
			   k ? "; " : "", e->count, e->symbol, cy, e->elements,
			   e->elements == 1 ? "" : "s", c->calls_table, e->line);
	}
	rl_appendf(buf, len, "), measured on %s%s", c->calls_cpu,
		   c->calls_estimate ? ": an estimate for this core" : "");
}

static void verbose_incore(const rl_report *r, char *buf, size_t len)
{
	const rl_incore *c = &r->incore;
	snprintf(buf, len, "roofline: in-core per pass:");
	int listed = 0;
	for (int u = 0; u < c->nunits; u++) {
		char num[32];
		rl_format_number(c->unit_cycles[u], num, sizeof(num));
		if (c->port_model && c->unit_cycles[u] < 0.005)
			continue;
		rl_appendf(buf, len, "%s %s %s cy%s", listed++ ? "," : "", c->unit[u], num,
			 (c->port_model ? c->unit_nol[u]
			  : rl_machine_unit_is_nol(r->machine, c->unit[u])) ? " (nOL)" : "");
	}
	if (c->port_model) {
		char tp[32], fe[32], lat[32];
		rl_format_number(c->t_throughput, tp, sizeof(tp));
		rl_format_number(c->t_frontend, fe, sizeof(fe));
		rl_format_number(c->t_latency, lat, sizeof(lat));
		rl_appendf(buf, len, "; table %s: ports %s, front end %s, loop-carried "
			 "latency %s cy", c->table, tp, fe, lat);
		if (c->t_loop_shape > 0) {
			char ls[32];
			rl_format_number(c->t_loop_shape, ls, sizeof(ls));
			rl_appendf(buf, len, ", loop shape %s cy (measured for loops of this "
				   "shape)", ls);
		}
		if (c->fwd_latency > 0) {
			char fw[32];
			rl_format_number(c->fwd_latency, fw, sizeof(fw));
			rl_appendf(buf, len, " (through memory: %s cy of store-to-load forwarding)",
				   fw);
		}
		rl_appendf(buf, len, " -> bound: %s", c->bottleneck);
		if (c->split_loads > 0) {
			char sp[32];
			rl_format_number(c->split_loads, sp, sizeof(sp));
			rl_appendf(buf, len, "; %s line-split loads", sp);
		}
	}
	verbose_calls(c, buf, len);
	if (c->unknown) {
		if (c->port_model)
			rl_appendf(buf, len, "; %d instructions not in the table, costed "
				 "by their class row: %s", c->unknown, c->unknown_names);
		else
			rl_appendf(buf, len, "; %d instructions not in the table (1 cy each on 'other')",
				 c->unknown);
	}
}

/* "; page walks: 8320 pages per sweep > 4096-entry L2 TLB (4 KiB pages): 8 new-page accesses
 * per unit x 7.3 cy = +58.4 cy/CL" when the page-walk term applies */
static void verbose_tlb(const rl_report *r, char *buf, size_t len)
{
	const rl_tlb_term *t = &r->tlb;
	if (!(t->cycles > 0) || t->level < 0)
		return;
	const rl_tlb_level *L = &r->machine->tlb[t->level];
	char pg[32], tch[32], mc[32], cy[32];
	rl_format_number(t->pages, pg, sizeof(pg));
	rl_format_number(t->page_touches, tch, sizeof(tch));
	rl_format_number(t->miss_cycles, mc, sizeof(mc));
	rl_format_number(t->cycles, cy, sizeof(cy));
	rl_appendf(buf, len, "; page walks: %s pages per sweep > %d-entry %s TLB (4 KiB pages%s): "
		   "%s new-page accesses per unit x %s cy = +%s cy/CL", pg, L->entries, L->name,
		   r->machine->tlb_measured ? ", measured" : ", estimate", tch, mc, cy);
}

static void verbose_traffic(const rl_report *r, char *buf, size_t len)
{
	const rl_traffic *t = &r->traffic;
	snprintf(buf, len, "roofline: %d streams (%s):", t->nstreams,
		 r->have_lc ? "before layer conditions" : "no layer condition assumed");
	for (int s = 0; s < t->nstreams; s++) {
		const rl_stream *st = &t->streams[s];
		char num[32];
		rl_format_number(st->lines_per_unit, num, sizeof(num));
		rl_appendf(buf, len, "%s %s %s%s %s CL", s ? "," : "",
			 r->nest->arrays[st->array].name, st->reads ? "R" : "", st->writes ? "W" : "", num);
	}
	if (t->nboundaries) {
		char l[32], w[32], e[32];
		rl_format_number(t->load_lines[0], l, sizeof(l));
		rl_format_number(t->wa_lines[0], w, sizeof(w));
		rl_format_number(t->evict_lines[0], e, sizeof(e));
		rl_appendf(buf, len, "; per boundary %s loads + %s write-allocate + %s evict CL",
			 l, w, e);
	}
	verbose_tlb(r, buf, len);
}

/* Layer conditions: each level's conditions with thresholds and whether
 * they hold, or the regimes when sizes are unknown; then the traffic per boundary. */
static void verbose_lc(const rl_report *r, char *buf, size_t len)
{
	const rl_lc_report *lc = &r->lc;
	if (!r->have_lc) {
		snprintf(buf, len, "roofline: layer conditions not analysed: %s; stream traffic model used",
			 r->lc_why[0] ? r->lc_why : "no memory access");
		return;
	}
	char f[32], per[96] = "";
	rl_format_number(lc->factor, f, sizeof(f));
	const rl_machine *m = r->machine;
	int per_level = 0;
	for (int c = 0; m && c < m->nlevels; c++)
		per_level |= m->levels[c].lc_factor > 0;
	/* the machine gives a factor for some levels (effective capacity): name each level's */
	for (int d = 0; per_level && d < m->nlevels; d++) {
		char g[32];
		size_t used = strlen(per);
		rl_format_number(m->levels[d].lc_factor > 0 ? m->levels[d].lc_factor : lc->factor, g,
				 sizeof(g));
		snprintf(per + used, sizeof(per) - used, "%s%s %s", d ? ", " : "", m->levels[d].name, g);
	}
	if (per[0])
		snprintf(buf, len, "roofline: layer conditions (%s of the caches, %d thread%s):", per,
			 lc->threads, lc->threads == 1 ? "" : "s");
	else
		snprintf(buf, len, "roofline: layer conditions (%s of each cache, %d thread%s):", f,
			 lc->threads, lc->threads == 1 ? "" : "s");
	int listed = 0;
	for (int c = 0; c < lc->nlevels; c++)
		for (int k = 0; k < lc->levels[c].ncond; k++) {
			if (rl_diag_lc_condition_trivial(lc, c, k))
				continue;
			const char *state = lc->levels[c].cond[k].holds == 1 ? "holds"
				: lc->levels[c].cond[k].holds == 0 ? "violated" : "size unknown";
			char cond[RL_DIAG_LC_CONDITION_TEXT];
			rl_diag_lc_condition(lc, c, k, cond, sizeof(cond));
			rl_appendf(buf, len, "%s %s: %s %s", listed++ ? ";" : "", lc->levels[c].name,
				   cond, state);
		}
	/* a regime without data to keep (its footprint is 0) is no condition: say why once */
	int trivial = 0;
	for (int r = 1; r < lc->nregimes; r++)
		if (rl_diag_lc_regime_trivial(lc, r))
			rl_appendf(buf, len, "%s i%d", trivial++ ? " or" : listed++ ? "; no data of the "
				   "loops inside is used again in the next iteration of" : " no data of the "
				   "loops inside is used again in the next iteration of", lc->regimes[r].loop - 1);
	if (trivial)
		rl_appendf(buf, len, " (no condition)");
	char as[256];
	if (!lc->all_known && rl_diag_sizes_assumption(r, as, sizeof(as)))
		rl_appendf(buf, len, "%s sizes unknown: %s%s", listed++ ? ";" : "",
			   r->sizes.applied ? "" : "ECM uses the ", as);
	for (int b = 0; b < r->traffic.nboundaries; b++) {
		char l[32], w[32], e[32];
		rl_format_number(r->traffic.load_lines[b], l, sizeof(l));
		rl_format_number(r->traffic.wa_lines[b], w, sizeof(w));
		rl_format_number(r->traffic.evict_lines[b], e, sizeof(e));
		rl_appendf(buf, len, "%s %s-%s %s+%s+%s CL", b ? "," : listed ? "; traffic per unit:"
			   : " traffic per unit:", r->machine->levels[b].name,
			   b + 1 < r->machine->nlevels ? r->machine->levels[b + 1].name : "MEM", l, w, e);
	}
}

/* ---- performance, scaling, regimes, advice (model/perf.h, model/advice.h) ---- */


static const char *level_name_of(const rl_report *r, int lv)
{
	return lv >= 0 && lv < r->machine->nlevels ? r->machine->levels[lv].name : "MEM";
}

/* "memory transfer (21.6 of 51.1 cy/CL)" / "core: div (84 cy/CL)": the term that dominates T
 * at LV (rl_ecm_dominant_term) */
static void bottleneck_text(const rl_report *r, int lv, char *buf, size_t len)
{
	rl_ecm_term term = rl_ecm_dominant_term(&r->ecm, lv);
	char a[32], b[32];
	rl_format_number(term.total, b, sizeof(b));
	rl_format_number(term.cycles, a, sizeof(a));
	if (term.kind == RL_ECM_TERM_CORE)
		snprintf(buf, len, "core (%s, T_OL %s cy/CL)", r->incore.bottleneck[0]
			 ? r->incore.bottleneck : "in-core", a);
	else if (term.kind == RL_ECM_TERM_LOADS)
		snprintf(buf, len, "loads (T_nOL %s of %s cy/CL)", a, b);
	else if (term.kind == RL_ECM_TERM_TLB)
		snprintf(buf, len, "page walks (%s of %s cy/CL)", a, b);
	else if (term.boundary == r->ecm.ntransfers - 1)
		snprintf(buf, len, "memory transfer (%s of %s cy/CL)", a, b);
	else
		snprintf(buf, len, "%s-%s transfer (%s of %s cy/CL)", level_name_of(r, term.boundary),
			 level_name_of(r, term.boundary + 1), a, b);
}

int rl_diag_perf_note(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	if (!r->analysed || !p->valid || !len)
		return 0;
	char pf[48], pl[48], ps[48], bn[160];
	int nt = r->ecm.ntransfers;
	int lv = rl_report_data_level(r);
	snprintf(buf, len, "roofline: data in %s", level_name_of(r, lv));
	if (p->working_set >= 0) {
		char ws[32];
		rl_format_size(p->working_set, ws, sizeof(ws));
		rl_appendf(buf, len, " (working set %s", ws);
		/* the layer condition that applies, when one does */
		if (r->have_lc) {
			if (p->lc_level >= 0 && rl_diag_lc_regime_trivial(&r->lc,
						r->lc.levels[p->lc_level].regime))
				;       /* nothing reused: no condition to name */
			else if (p->lc_level >= 0)
				rl_appendf(buf, len, "; layer condition holds in %s",
					   r->lc.levels[p->lc_level].name);
			else if (r->lc.nlevels && r->lc.levels[0].ncond)
				rl_appendf(buf, len, "; no layer condition holds");
		}
		rl_appendf(buf, len, ")");
	} else {
		char as[256];
		rl_appendf(buf, len, " assumed (sizes unknown%s%s",
			   rl_diag_sizes_assumption(r, as, sizeof(as)) ? ": " : "", as);
		if (p->nregimes > 1)
			rl_appendf(buf, len, "; %d size regimes in verbose", p->nregimes);
		rl_appendf(buf, len, ")");
	}
	rl_format_rate(p->perf, p->work, pf, sizeof(pf));
	rl_appendf(buf, len, ": %s", pf);
	if (p->stencil && !strcmp(p->work, "flop")) {
		rl_format_rate(p->perf_lups, "LUP", pl, sizeof(pl));
		rl_appendf(buf, len, " (%s)", pl);
	}
	rl_appendf(buf, len, " on 1 core");
	char nc[32];
	if (lv == nt && p->n_s > 0) {
		rl_format_rate(p->perf_sat, p->work, ps, sizeof(ps));
		if (p->n_s_in_chip) {
			rl_format_cores(p->n_s, nc, sizeof(nc));
			rl_appendf(buf, len, ", saturates at %s (%s)", nc, ps);
		} else {
			rl_format_cores(p->chip_cores, nc, sizeof(nc));
			rl_appendf(buf, len, ", does not saturate the memory on %s (n_S = %d)", nc,
				   p->n_s);
		}
	} else if (lv < nt && p->chip_cores > 1) {
		/* (a 1-core chip: the figure is the 1-core one above) */
		rl_format_rate(p->chip_cores <= p->nscaling ? p->scaling[p->chip_cores - 1].perf : 0,
			     p->work, ps, sizeof(ps));
		rl_format_cores(p->chip_cores, nc, sizeof(nc));
		rl_appendf(buf, len, ", %s on %s (cache-resident; each private cache holds 1/n of the "
			   "working set)", ps, nc);
	}
	if (p->cores > 1) {
		rl_format_rate(p->perf_cores, p->work, ps, sizeof(ps));
		rl_format_cores(p->cores, nc, sizeof(nc));
		rl_appendf(buf, len, ", %s on %s", ps, nc);
	}
	/* the predicted time over all executions and its share of the function */
	char total[160];
	rl_diag_time_total(&p->time, p->time.function[0] ? p->time.function : r->function, total,
			   sizeof(total));
	if (total[0])
		rl_appendf(buf, len, "; %s", total);
	bottleneck_text(r, lv, bn, sizeof(bn));
	rl_appendf(buf, len, "; bottleneck: %s", bn);
	/* roofline placement (diag/roofline-text.c) */
	char rf[256];
	rl_diag_roofline_summary(r, rf, sizeof(rf));
	if (rf[0])
		rl_appendf(buf, len, "; %s", rf);
	return 1;
}

int rl_diag_advice_note(const rl_report *r, int i, char *buf, size_t len)
{
	if (!r->analysed || i < 0 || i >= r->advice.n || !len)
		return 0;
	char text[RL_DIAG_ADVICE_TEXT], brief[RL_DIAG_ADVICE_BRIEF];
	rl_diag_advice_text(r, &r->advice.a[i], text, sizeof(text));
	snprintf(buf, len, "roofline: advice: %s", text);
	/* concise: an upper bound that promises more than the first advice */
	if (i == 0 && r->advice.a[0].cls == RL_ADV_EXACT)
		for (int k = 1; k < r->advice.n; k++) {
			const rl_advice *b = &r->advice.a[k];
			if (b->cls == RL_ADV_BOUND && rl_diag_advice_brief(r, b, brief, sizeof(brief))
			    && (b->gain_1core > r->advice.a[0].gain_1core
				|| b->gain_chip > r->advice.a[0].gain_chip)) {
				rl_appendf(buf, len, "; upper bound: %s", brief);
				break;
			}
		}
	return 1;
}

void rl_diag_nontemporal_note(int nnt, int nstores, const char *mnemonic, char *buf, size_t len)
{
	buf[0] = 0;
	if (nnt > 0 && nnt == nstores)
		snprintf(buf, len, "roofline: non-temporal stores (%s): no write-allocate, the stored "
			 "lines go straight to memory", mnemonic);
	else if (nnt > 0)
		snprintf(buf, len, "roofline: %d of %d stores non-temporal (%s): modelled with "
			 "write-allocate (the model takes non-temporal stores only when all stores "
			 "of the loop are)", nnt, nstores, mnemonic);
}

void rl_diag_regime_range(const rl_perf_regime *g, char *buf, size_t len)
{
	if (g->lo < 0)
		snprintf(buf, len, "%s <= %lld", g->param, g->hi);
	else if (g->hi >= 0)
		snprintf(buf, len, "%lld < %s <= %lld", g->lo, g->param, g->hi);
	else
		snprintf(buf, len, "%s > %lld", g->param, g->lo);
}

void rl_diag_regime_condition(const rl_lc_report *lc, const rl_perf_regime *g, char *buf,
			      size_t len)
{
	if (g->lc_level < 0 || g->lc_level >= lc->nlevels) {
		snprintf(buf, len, "no LC");
		return;
	}
	int k = g->lc_loops;
	const char *what = g->nloops > 2 ? (k == 1 ? "rows" : k == 2 ? "planes" : "layers") : "LC";
	snprintf(buf, len, "%s in %s", what, lc->levels[g->lc_level].name);
}

int rl_diag_sizes_assumption(const rl_report *r, char *buf, size_t len)
{
	const rl_report_sizes *a = &r->sizes;
	buf[0] = '\0';
	if (!a->applied && !a->conditions)
		return 0;       /* no condition in a size: nothing to assume */
	if (!a->applied) {
		snprintf(buf, len, "no-LC regime%s%s%s", a->why[0] ? " (" : "", a->why,
			 a->why[0] ? ")" : "");
		return 1;
	}
	rl_perf_regime g;
	memset(&g, 0, sizeof(g));
	snprintf(g.param, sizeof(g.param), "%s", a->param);
	g.lo = a->lo;
	g.hi = a->hi;
	g.lc_level = a->level;
	g.lc_loops = a->level >= 0 ? r->lc.levels[a->level].regime : 0;
	g.nloops = r->lc.nloops;
	char range[160], cond[64];
	rl_diag_regime_range(&g, range, sizeof(range));
	rl_diag_regime_condition(&r->lc, &g, cond, sizeof(cond));
	snprintf(buf, len, "ECM for %s (%s)", range, cond);
	return 1;
}

/* "; L3 keeps 70 % of it from one sweep to the next (all up to 16 MiB): 8.7 cy/CL between
 * the L3 and MEM figures" when a level keeps only part of the working set (rl_perf_spill;
 * "(measured per working set)" when the machine file gives the level's memory_share) */
static void partial_keep(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	const rl_machine *m = r->machine;
	int nl = m->nlevels < r->ecm.ntransfers ? m->nlevels : r->ecm.ntransfers;
	int lv = p->data_level >= 0 && p->data_level <= r->ecm.ntransfers ? p->data_level : r->ecm.ntransfers;

	if (fabs(p->t_unit - r->ecm.prediction[lv]) <= 0.005 * r->ecm.prediction[lv])
		return;	/* the levels' figures agree where it matters */
	for (int c = nl - 1; c >= 0; c--) {
		int reuse = rl_perf_reuses_lines(&r->ecm);
		double s = rl_perf_spill_reuse(m, c, p->working_set_lines, reuse);
		if (!(s > 0 && s < 1))
			continue;
		const rl_cache_level *lv = &m->levels[c];
		char u[64], t[32];
		if (rl_machine_memory_share(m, c, p->working_set_lines, reuse) >= 0) {
			snprintf(u, sizeof(u), "measured per working set%s",
				 reuse && lv->mshare_has_reuse ? ", loads re-reading lines" : "");
		} else {
			snprintf(u, sizeof(u), "all up to ");
			rl_format_size(rl_perf_kept_bytes(m, c), u + strlen(u), sizeof(u) - strlen(u));
		}
		rl_format_number(p->t_unit, t, sizeof(t));
		rl_appendf(buf, len, "; %s keeps %.0f %% of it from one sweep to the next (%s): "
			   "%s cy/CL between the %s and %s figures", lv->name, 100.0 * (1.0 - s), u, t,
			   lv->name, c + 1 < m->nlevels ? m->levels[c + 1].name : "MEM");
		return;
	}
}

void rl_diag_perf_data_rule(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	const rl_machine *m = r->machine;
	char ws[80], cap[32];
	if (p->working_set < 0) {
		char as[256];
		if (rl_diag_sizes_assumption(r, as, sizeof(as)))
			snprintf(buf, len, "sizes unknown: data assumed in MEM, %s", as);
		else
			snprintf(buf, len, "sizes unknown: data assumed in MEM");
		return;
	}
	rl_format_size(p->working_set, ws, sizeof(ws));
	if (!p->working_set_exact) { /* too large to count: the bounding boxes, an upper bound */
		rl_appendf(ws, sizeof(ws), " (bounding boxes)");
	} else if (p->working_set_lines > 1.01 * p->working_set) {
		char wl[32];
		rl_format_size(p->working_set_lines, wl, sizeof(wl));
		rl_appendf(ws, sizeof(ws), " in %s of lines", wl);
	}
	if (p->data_level < m->nlevels) {
		rl_format_size((double)m->levels[p->data_level].size, cap, sizeof(cap));
		snprintf(buf, len, "working set %s <= %s %s: data in %s", ws,
			 m->levels[p->data_level].name, cap, p->data_level_name);
	} else {
		rl_format_size(m->nlevels ? (double)m->levels[m->nlevels - 1].size : 0, cap, sizeof(cap));
		snprintf(buf, len, "working set %s > %s %s: data in MEM", ws,
			 m->nlevels ? m->levels[m->nlevels - 1].name : "cache", cap);
	}
	partial_keep(r, buf, len);
}

/* ", T by the zen rule with serial fractions L1-L2 0.317, L2-L3 0.339, L3-MEM 0.799" when the
 * machine file gives fractions for overlapping links, and ", memory load factor 2.48" when it
 * gives ecm.memory_load_factor and the loop's loads re-read lines (docs/model.md section 4) */
static void composition_clause(const rl_report *r, char *buf, size_t len)
{
	const rl_ecm *e = &r->ecm;
	int n = 0;
	for (int b = 0; b < e->ntransfers; b++) {
		if (rl_ecm_link_is_serial(e->overlap, e->serial_links, b) ||
		    b >= r->machine->n_serial_fraction)
			continue;
		char x[32];
		rl_format_number3(rl_ecm_link_serial_share(e, b), x, sizeof(x));
		if (!n++)
			rl_appendf(buf, len, ", T by the %s rule with serial fractions",
				   e->overlap == RL_OVERLAP_ZEN ? "zen" : "partial");
		rl_appendf(buf, len, "%s %s-%s %s", n > 1 ? "," : "", level_name_of(r, b),
			   level_name_of(r, b + 1), x);
	}
	if (e->mem_load_factor > 0 && e->reuse_share > 0) {
		char f[32];
		rl_format_number3(e->mem_load_factor, f, sizeof(f));
		rl_appendf(buf, len, ", memory load factor %s", f);
	}
}

static void verbose_perf(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	char w[32], f[32], b[32], rule[192];
	rl_diag_perf_data_rule(r, rule, sizeof(rule));
	rl_format_number(p->work_per_unit, w, sizeof(w));
	rl_format_number(p->clock_ghz, f, sizeof(f));
	rl_format_number(p->bandwidth_gbs, b, sizeof(b));
	snprintf(buf, len, "roofline: performance: %s; P = W * f / T with W = %s %s per unit, f = %s GHz",
		 rule, w, p->work, f);
	composition_clause(r, buf, len);
	rl_appendf(buf, len, ":");
	for (int l = 0; l <= r->ecm.ntransfers; l++) {
		char pf[48];
		rl_format_rate(p->perf_level[l], p->work, pf, sizeof(pf));
		rl_appendf(buf, len, "%s %s %s", l ? "," : "", level_name_of(r, l), pf);
	}
	char bc[32];
	rl_format_number(p->bc_mem, bc, sizeof(bc));
	rl_appendf(buf, len, "; memory code balance B_C %s B/%s, b_S %s GB/s", bc, p->work, b);
}

static void verbose_scaling(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	snprintf(buf, len, "roofline: scaling P(n) = min(n P_ECM, b_S/B_C), layer conditions for n threads:");
	for (int i = 0; i < p->nscaling; i++) {
		char pf[48], t[32];
		rl_format_rate(p->scaling[i].perf, p->work, pf, sizeof(pf));
		rl_format_number(p->scaling[i].t_mem, t, sizeof(t));
		rl_appendf(buf, len, "%s %d: %s (%s cy/CL%s)", i ? "," : "", p->scaling[i].n, pf, t,
			p->scaling[i].limit_bw ? ", b_S" : "");
	}
	if (p->n_s > 0)
		rl_appendf(buf, len, "; n_S = ceil(T_ECM^mem / T_L3Mem) = %d", p->n_s);
	else
		rl_appendf(buf, len, "; data in cache: no memory saturation");
}

static void verbose_regimes(const rl_report *r, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	if (!p->nregimes) {
		snprintf(buf, len, "roofline: regimes: none (%s)", p->regimes_why[0] ? p->regimes_why : "-");
		return;
	}
	snprintf(buf, len, "roofline: regimes (1 thread):");
	for (int i = 0; i < p->nregimes; i++) {
		const rl_perf_regime *g = &p->regimes[i];
		char e[256], pf[48], bc[32];
		ecm_terms_text(&g->ecm, e, sizeof(e));
		rl_format_rate(g->perf_mem, p->work, pf, sizeof(pf));
		rl_format_number(g->bc_mem, bc, sizeof(bc));
		char range[128], cond[48];
		rl_diag_regime_range(g, range, sizeof(range));
		rl_diag_regime_condition(&r->lc, g, cond, sizeof(cond));
		rl_appendf(buf, len, "%s %s: %s %s, in memory %s, B_C %s B/%s, n_S %d", i ? ";" : "", range,
			cond, e, pf, bc, p->work, g->n_s);
	}
}

int rl_diag_verbose_note(const rl_report *r, int i, char *buf, size_t len)
{
	switch (i) {
	case 0: verbose_unit(r, buf, len); return 1;
	case 1: verbose_incore(r, buf, len); return 1;
	case 2: verbose_traffic(r, buf, len); return 1;
	case 3: verbose_lc(r, buf, len); return 1;
	default: break;
	}
	if (!r->perf.valid)
		return 0;
	switch (i) {
	case 4: verbose_perf(r, buf, len); return 1;
	case 5: verbose_scaling(r, buf, len); return 1;
	case 6: verbose_regimes(r, buf, len); return 1;
	case 7: return rl_diag_time_note(r, buf, len);
	default: /* then the roofline family (model/roofline.h), then the advice */
		if (i - 8 < rl_diag_roofline_verbose_count(r))
			return rl_diag_roofline_verbose(r, i - 8, buf, len);
		return rl_diag_advice_note(r, i - 8 - rl_diag_roofline_verbose_count(r), buf, len);
	}
}
