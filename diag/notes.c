/* Note texts for the compiler's diagnostics (see diag.h). */
#include "diag/diag.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rl_diag_number(double v, char *buf, size_t len)
{
	double r = round(v * 10.0) / 10.0;
	if (r == 0.0)
		r = 0.0; /* no "-0" */
	if (fabs(r - round(r)) < 1e-9)
		snprintf(buf, len, "%.0f", r);
	else
		snprintf(buf, len, "%.1f", r);
}

/* Append "SEP NUMBER" to BUF. */
static void append_number(char *buf, size_t len, const char *sep, double v)
{
	char num[32];
	size_t used = strlen(buf);
	rl_diag_number(v, num, sizeof(num));
	if (used < len)
		snprintf(buf + used, len - used, "%s%s", sep, num);
}

void rl_diag_ecm_note(const rl_report *r, char *buf, size_t len)
{
	const rl_ecm *e = &r->ecm;
	snprintf(buf, len, "roofline: ECM {");
	append_number(buf, len, "", e->t_ol);
	append_number(buf, len, " || ", e->t_nol);
	for (int b = 0; b < e->ntransfers; b++)
		append_number(buf, len, " | ", e->t_transfer[b]);
	size_t used = strlen(buf);
	snprintf(buf + used, len - used, "} cy/CL -> {");
	for (int l = 0; l <= e->ntransfers; l++)
		append_number(buf, len, l ? " ] " : "", e->prediction[l]);
	used = strlen(buf);
	snprintf(buf + used, len - used, "} cy/CL on %s", r->machine->name);
}

void rl_diag_not_analysed_note(const char *reason, char *buf, size_t len)
{
	snprintf(buf, len, "roofline: not analysed: %s", reason);
}

static void verbose_unit(const rl_report *r, char *buf, size_t len)
{
	const rl_body *b = &r->body;
	snprintf(buf, len,
		 "roofline: unit of work = %d iterations (one %d B line of %d B elements); "
		 "code: %s, %d instructions per pass, %d iterations per pass "
		 "(vector factor %d x unroll %d)",
		 r->traffic.iters_per_unit, r->machine->nlevels ? r->machine->levels[0].line : 64,
		 r->traffic.elem_size,
		 r->have_body ? "generated (late RTL)" : "not found in RTL, costed from the source",
		 b->ninsns, b->iters_per_pass, b->vector_factor, b->unroll);
}

static void verbose_incore(const rl_report *r, char *buf, size_t len)
{
	const rl_incore *c = &r->incore;
	snprintf(buf, len, "roofline: in-core per pass:");
	for (int u = 0; u < c->nunits; u++) {
		char num[32];
		size_t used = strlen(buf);
		rl_diag_number(c->unit_cycles[u], num, sizeof(num));
		if (c->port_model && c->unit_cycles[u] < 0.005)
			continue;
		snprintf(buf + used, len - used, "%s %s %s cy%s", u ? "," : "", c->unit[u], num,
			 (c->port_model ? c->unit_nol[u]
			  : rl_machine_unit_is_nol(r->machine, c->unit[u])) ? " (nOL)" : "");
	}
	if (c->port_model) {
		char tp[32], fe[32], lat[32];
		size_t used = strlen(buf);
		rl_diag_number(c->t_throughput, tp, sizeof(tp));
		rl_diag_number(c->t_frontend, fe, sizeof(fe));
		rl_diag_number(c->t_latency, lat, sizeof(lat));
		snprintf(buf + used, len - used, "; table %s: ports %s, front end %s, loop-carried "
			 "latency %s cy -> bound: %s", c->table, tp, fe, lat, c->bottleneck);
		if (c->split_loads > 0) {
			char sp[32];
			used = strlen(buf);
			rl_diag_number(c->split_loads, sp, sizeof(sp));
			snprintf(buf + used, len - used, "; %s line-split loads", sp);
		}
	}
	if (c->unknown) {
		size_t used = strlen(buf);
		if (c->port_model)
			snprintf(buf + used, len - used, "; %d instructions not in the table, costed "
				 "by their class row: %s", c->unknown, c->unknown_names);
		else
			snprintf(buf + used, len - used, "; %d instructions not in the table (1 cy each on 'other')",
				 c->unknown);
	}
}

static void verbose_traffic(const rl_report *r, char *buf, size_t len)
{
	const rl_traffic *t = &r->traffic;
	snprintf(buf, len, "roofline: %d streams (%s):", t->nstreams,
		 r->have_lc ? "before layer conditions" : "no layer condition assumed");
	for (int s = 0; s < t->nstreams; s++) {
		const rl_stream *st = &t->streams[s];
		char num[32];
		size_t used = strlen(buf);
		rl_diag_number(st->lines_per_unit, num, sizeof(num));
		snprintf(buf + used, len - used, "%s %s %s%s %s CL", s ? "," : "",
			 r->nest->arrays[st->array].name, st->reads ? "R" : "", st->writes ? "W" : "", num);
	}
	if (t->nboundaries) {
		char l[32], w[32], e[32];
		rl_diag_number(t->load_lines[0], l, sizeof(l));
		rl_diag_number(t->wa_lines[0], w, sizeof(w));
		rl_diag_number(t->evict_lines[0], e, sizeof(e));
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "; per boundary %s loads + %s write-allocate + %s evict CL",
			 l, w, e);
	}
}

/* Layer conditions (issue 3): each level's conditions with thresholds and whether
 * they hold, or the regimes when sizes are unknown; then the traffic per boundary. */
static void verbose_lc(const rl_report *r, char *buf, size_t len)
{
	const rl_lc_report *lc = &r->lc;
	if (!r->have_lc) {
		snprintf(buf, len, "roofline: layer conditions not analysed: %s; first traffic model used",
			 r->lc_why[0] ? r->lc_why : "no memory access");
		return;
	}
	char f[32];
	rl_diag_number(lc->factor, f, sizeof(f));
	snprintf(buf, len, "roofline: layer conditions (%s of each cache, %d thread%s):", f,
		 lc->threads, lc->threads == 1 ? "" : "s");
	for (int c = 0; c < lc->nlevels; c++)
		for (int k = 0; k < lc->levels[c].ncond; k++) {
			const char *state = lc->levels[c].cond[k].holds == 1 ? "holds"
				: lc->levels[c].cond[k].holds == 0 ? "violated" : "size unknown";
			size_t used = strlen(buf);
			snprintf(buf + used, len - used, "%s %s: %s %s", c || k ? ";" : "", lc->levels[c].name,
				 lc->levels[c].cond[k].text, state);
		}
	size_t used = strlen(buf);
	if (!lc->all_known)
		snprintf(buf + used, len - used, "; sizes unknown: ECM uses the no-LC regime");
	for (int b = 0; b < r->traffic.nboundaries; b++) {
		char l[32], w[32], e[32];
		rl_diag_number(r->traffic.load_lines[b], l, sizeof(l));
		rl_diag_number(r->traffic.wa_lines[b], w, sizeof(w));
		rl_diag_number(r->traffic.evict_lines[b], e, sizeof(e));
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s %s-%s %s+%s+%s CL", b ? "," : "; traffic per unit:",
			 r->machine->levels[b].name,
			 b + 1 < r->machine->nlevels ? r->machine->levels[b + 1].name : "MEM", l, w, e);
	}
}

int rl_diag_verbose_note(const rl_report *r, int i, char *buf, size_t len)
{
	switch (i) {
	case 0: verbose_unit(r, buf, len); return 1;
	case 1: verbose_incore(r, buf, len); return 1;
	case 2: verbose_traffic(r, buf, len); return 1;
	case 3: verbose_lc(r, buf, len); return 1;
	default: return 0;
	}
}
