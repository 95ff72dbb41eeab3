/* roofline-bench: ECM calibration fit (machines/bench/calib.h). */
#include "machines/bench/calib.h"
#include "model/ecm.h"
#include "polyhedral/traffic.h"

#include <math.h>
#include <string.h>

void rlb_cal_counts(rlb_cal *c, const rl_machine *m)
{
	static rl_traffic t;
	for (int i = 0; i < c->nk; i++) {
		rlb_cal_kernel *k = &c->k[i];
		for (int lv = 0; lv <= c->nlevels; lv++) {
			memset(&t, 0, sizeof t);
			for (int s = 0; s < k->nstreams; s++) {
				rl_stream_lines sl = { (k->reads >> s) & 1, (k->writes >> s) & 1,
						       { 0 }, 1.0 };
				for (int b = 0; b < lv && b < RL_MAX_LEVELS; b++)
					sl.missed[b] = 1.0;
				rl_traffic_add_stream(&t, m, 0, &sl);
			}
			for (int b = 0; b < c->nlevels; b++) {
				k->fills[lv][b] = t.load_lines[b] + t.wa_lines[b];
				k->evicts[lv][b] = t.evict_lines[b];
			}
		}
	}
}

double rlb_cal_predict(const rlb_cal *c, const rlb_cal_kernel *k, int lv, const rlb_cal_fit *f)
{
	return rlb_cal_predict_frac(c, k, lv, f, NULL);
}

double rlb_cal_predict_frac(const rlb_cal *c, const rlb_cal_kernel *k, int lv,
			    const rlb_cal_fit *f, const double *frac)
{
	double t[RL_MAX_LEVELS];
	for (int b = 0; b < lv && b < c->nlevels; b++)
		t[b] = k->fills[lv][b] * f->fill[b] + k->evicts[lv][b] * f->evict[b];
	/* in-core: the kernel's measured L1 time overlaps (T_OL); its loads do not (T_nOL) */
	double t_ol = k->t[0], t_nol = k->loads * c->load_cycles;
	if (t_nol > t_ol)
		t_nol = t_ol;
	return rl_ecm_level_cycles_frac(f->rule, f->serial_links, frac, t_ol, t_nol, t, lv);
}

/* sum of squared relative residuals over the fitted kernels; max |residual| into *MAXR */
static double cost(const rlb_cal *c, const rlb_cal_fit *f, int *n, double *maxr)
{
	double s = 0;
	*n = 0;
	*maxr = 0;
	for (int i = 0; i < c->nk; i++) {
		const rlb_cal_kernel *k = &c->k[i];
		if (!k->fitted)
			continue;
		for (int lv = 1; lv <= c->nlevels; lv++) {
			double r = (rlb_cal_predict(c, k, lv, f) - k->t[lv]) / k->t[lv];
			s += r * r;
			(*n)++;
			if (fabs(r) > *maxr)
				*maxr = fabs(r);
		}
	}
	/* where only fill + evict of a link is determined (a victim cache: every line in is a
	   line out) prefer the cheaper evictions; far below any residual that matters */
	for (int b = 0; b < c->nlevels; b++)
		s += 1e-7 * f->evict[b];
	return s;
}

#define PMIN 0.01   /* cycles per line: the smallest cost the fit gives a link */

static double *param(rlb_cal_fit *f, int i, int nb)
{
	return i < nb ? &f->fill[i] : &f->evict[i - nb];
}

/* try moving parameter I by DI and parameter J by DJ (J < 0: none); keep it if it improves */
static int try_move(const rlb_cal *c, rlb_cal_fit *f, int i, double di, int j, double dj,
		    double *best)
{
	int nb = c->nlevels, n;
	double *p = param(f, i, nb), *q = j >= 0 ? param(f, j, nb) : NULL, mr;
	double op = *p, oq = q ? *q : 0;
	*p = op + di < PMIN ? PMIN : op + di;
	if (q)
		*q = oq + dj < PMIN ? PMIN : oq + dj;
	double v = cost(c, f, &n, &mr);
	if (v < *best - 1e-15) {
		*best = v;
		return 1;
	}
	*p = op;
	if (q)
		*q = oq;
	return 0;
}

/* pattern search from F: every parameter +- step, and every link's fill and evict in opposite
 * directions (along the ridge where only their sum is determined), while that improves;
 * then half the step */
static double search(const rlb_cal *c, rlb_cal_fit *f, double scale)
{
	int nb = c->nlevels, n;
	double mr, best = cost(c, f, &n, &mr);
	for (double step = 0.5 * scale; step > 1e-5 * scale; step *= 0.5) {
		int improved = 1;
		for (int pass = 0; improved && pass < 200; pass++) {
			improved = 0;
			for (int i = 0; i < 2 * nb; i++)
				for (int dir = -1; dir <= 1; dir += 2)
					improved |= try_move(c, f, i, dir * step, -1, 0, &best);
			for (int b = 0; b < nb; b++)
				for (int dir = -1; dir <= 1; dir += 2)
					improved |= try_move(c, f, b, dir * step, nb + b, -dir * step,
							     &best);
		}
	}
	return best;
}

/* the load kernel (first fitted kernel without writes) */
static const rlb_cal_kernel *load_kernel(const rlb_cal *c)
{
	for (int i = 0; i < c->nk; i++)
		if (c->k[i].fitted && !c->k[i].writes)
			return &c->k[i];
	return &c->k[0];
}

/* fit F's rule: the best of four starting points (serial-style differences or whole level
 * times of the load kernel, evictions as expensive as fills or half) */
static void fit_rule(const rlb_cal *c, rlb_cal_fit *f)
{
	const rlb_cal_kernel *ld = load_kernel(c);
	int nb = c->nlevels, n;
	double scale = ld->t[nb] > 0 ? ld->t[nb] : 1.0, bestv = -1, mr;
	rlb_cal_fit best = *f;
	for (int start = 0; start < 4; start++) {
		rlb_cal_fit g = *f;
		for (int b = 0; b < nb; b++) {
			double diff = ld->t[b + 1] - ld->t[b], whole = ld->t[b + 1];
			g.fill[b] = (start & 1) ? whole : (diff > PMIN ? diff : PMIN);
			g.evict[b] = (start & 2) ? 0.5 * g.fill[b] : g.fill[b];
		}
		double v = search(c, &g, scale);
		if (bestv < 0 || v < bestv - 1e-12) {
			bestv = v;
			best = g;
		}
	}
	*f = best;
	double s = cost(c, f, &n, &mr);
	f->rms_pct = n ? 100.0 * sqrt(s / n) : 0;
	f->max_pct = 100.0 * mr;
}

int rlb_cal_fit_all(rlb_cal *c)
{
	for (int i = 0; i < c->nk; i++)
		for (int lv = 0; lv <= c->nlevels; lv++)
			if (c->k[i].fitted && !(c->k[i].t[lv] > 0))
				return -1;
	static const rl_overlap rules[RLB_CAL_NRULES] = { RL_OVERLAP_SERIAL, RL_OVERLAP_ZEN,
							  RL_OVERLAP_PARTIAL, RL_OVERLAP_PARTIAL };
	static const int links[RLB_CAL_NRULES] = { 1, 1, 1, 2 };
	for (int r = 0; r < RLB_CAL_NRULES; r++) {
		rlb_cal_fit *f = &c->fits[r];
		memset(f, 0, sizeof *f);
		f->rule = rules[r];
		f->serial_links = links[r];
		fit_rule(c, f);
		/* a partial rule with as many serial links as boundaries is the serial rule */
		if (f->rule == RL_OVERLAP_PARTIAL && f->serial_links >= c->nlevels)
			f->rms_pct = f->max_pct = 1e9;
	}
	c->chosen = rlb_cal_choose(c->fits, RLB_CAL_NRULES);
	return 0;
}

/* the index of the candidate with the smallest rms among F[0..N) that are (PARTIAL) or are
 * not partial fits; -1 if none */
static int best_of(const rlb_cal_fit *f, int n, int partial)
{
	int best = -1;
	for (int r = 0; r < n; r++)
		if ((f[r].rule == RL_OVERLAP_PARTIAL) == partial && f[r].rms_pct < 1e8 &&
		    (best < 0 || f[r].rms_pct < f[best].rms_pct - 1e-9))
			best = r;
	return best;
}

int rlb_cal_choose(const rlb_cal_fit *f, int n)
{
	int simple = best_of(f, n, 0), partial = best_of(f, n, 1);
	if (simple < 0)
		return partial < 0 ? 0 : partial;
	if (partial < 0)
		return simple;
	double s = f[simple].rms_pct, p = f[partial].rms_pct;
	return p <= s * (1 - RLB_CAL_MARGIN_REL) + 1e-9 && p <= s - RLB_CAL_MARGIN_ABS + 1e-9
	       ? partial : simple;
}

void rlb_cal_choice_text(const rlb_cal *c, char *out, size_t len)
{
	int simple = best_of(c->fits, RLB_CAL_NRULES, 0);
	int partial = best_of(c->fits, RLB_CAL_NRULES, 1);
	if (simple < 0 || partial < 0) {
		snprintf(out, len, "%s: the smallest rms", rlb_cal_rule_name(&c->fits[c->chosen]));
		return;
	}
	snprintf(out, len, "%s rule: rms of the better of serial and overlapping (%s) %.1f %%, of "
		 "the best partial rule (%d serial link%s) %.1f %%; a partial rule is chosen only if "
		 "its rms is at least %.0f %% and %.1f points smaller",
		 rlb_cal_rule_name(&c->fits[c->chosen]), rlb_cal_rule_name(&c->fits[simple]),
		 c->fits[simple].rms_pct, c->fits[partial].serial_links,
		 c->fits[partial].serial_links > 1 ? "s" : "", c->fits[partial].rms_pct,
		 100 * RLB_CAL_MARGIN_REL, RLB_CAL_MARGIN_ABS);
}

const char *rlb_cal_rule_name(const rlb_cal_fit *f)
{
	return f->rule == RL_OVERLAP_SERIAL ? "serial"
	       : f->rule == RL_OVERLAP_ZEN ? "overlapping" : "partial";
}

static const char *level_name(const rlb_cal *c, int lv)
{
	static const char *const names[] = { "L1", "L2", "L3", "L4" };
	return lv < c->nlevels ? names[lv] : "MEM";
}

void rlb_cal_print(FILE *f, const rlb_cal *c)
{
	fprintf(f, "ECM calibration: cycles per unit of work (one cache line per stream), measured "
		"vs predicted by each rule (residual %%; * = held out, not fitted)\n%-14s %-4s %8s",
		"kernel", "lvl", "meas");
	for (int r = 0; r < RLB_CAL_NRULES; r++) {
		char lab[24];
		snprintf(lab, sizeof lab, "%s%.0d", rlb_cal_rule_name(&c->fits[r]),
			 c->fits[r].rule == RL_OVERLAP_PARTIAL ? c->fits[r].serial_links : 0);
		fprintf(f, " %15s", lab);
	}
	fputc('\n', f);
	for (int i = 0; i < c->nk; i++)
		for (int lv = 1; lv <= c->nlevels; lv++) {
			const rlb_cal_kernel *k = &c->k[i];
			if (!(k->t[lv] > 0))
				continue;
			fprintf(f, "%-13s%s %-4s %8.2f", k->name, k->fitted ? " " : "*",
				level_name(c, lv), k->t[lv]);
			for (int r = 0; r < RLB_CAL_NRULES; r++) {
				double p = rlb_cal_predict(c, k, lv, &c->fits[r]);
				fprintf(f, " %6.2f %+6.1f%%", p, 100 * (p - k->t[lv]) / k->t[lv]);
			}
			fputc('\n', f);
		}
	for (int r = 0; r < RLB_CAL_NRULES; r++) {
		const rlb_cal_fit *g = &c->fits[r];
		fprintf(f, "rule %-11s", rlb_cal_rule_name(g));
		if (g->rule == RL_OVERLAP_PARTIAL)
			fprintf(f, " (%d serial link%s)", g->serial_links, g->serial_links > 1 ? "s" : "");
		fprintf(f, ": rms %.1f %%, max %.1f %%%s; fill/evict cy per line:", g->rms_pct,
			g->max_pct, r == c->chosen ? " CHOSEN" : "");
		for (int b = 0; b < c->nlevels; b++)
			fprintf(f, " %s-%s %.2f/%.2f", level_name(c, b), level_name(c, b + 1),
				g->fill[b], g->evict[b]);
		fputc('\n', f);
	}
	char why[256];
	rlb_cal_choice_text(c, why, sizeof why);
	fprintf(f, "rule choice: %s\n", why);
}

void rlb_cal_apply(const rlb_cal *c, rl_machine *m, const char *how)
{
	const rlb_cal_fit *f = &c->fits[c->chosen];
	m->overlap = f->rule;
	m->serial_links = f->rule == RL_OVERLAP_PARTIAL ? f->serial_links : 1;
	for (int b = 0; b < c->nlevels - 1 && b < m->nlevels - 1; b++) {
		m->levels[b].fill_cycles = f->fill[b];
		m->levels[b].evict_cycles = f->evict[b];
		m->levels[b].cycles_per_line = f->fill[b];
	}
	m->mem_fill_cycles = f->fill[c->nlevels - 1];
	m->mem_evict_cycles = f->evict[c->nlevels - 1];
	snprintf(m->ecm_source, sizeof m->ecm_source, "fitted: %s rule, rms residual %.1f %% "
		 "(serial %.1f, overlapping %.1f, partial %.1f / %.1f) over %d kernels x %d levels; %s",
		 rlb_cal_rule_name(f), f->rms_pct, c->fits[0].rms_pct, c->fits[1].rms_pct,
		 c->fits[2].rms_pct, c->fits[3].rms_pct, c->nk, c->nlevels, how);
}

void rlb_cal_write(FILE *f, const rlb_cal *c, const rl_machine *m, const char *source)
{
	(void)m;
	fprintf(f, "\ncalibration:\n  source: \"%s\"\n  rules:\n", source);
	for (int r = 0; r < RLB_CAL_NRULES; r++) {
		const rlb_cal_fit *g = &c->fits[r];
		if (g->rms_pct >= 1e8)
			continue;
		fprintf(f, "    - { rule: %s, ", rlb_cal_rule_name(g));
		if (g->rule == RL_OVERLAP_PARTIAL)
			fprintf(f, "serial_links: %d, ", g->serial_links);
		fprintf(f, "rms: \"%.2f %%\", max: \"%.2f %%\", chosen: %s", g->rms_pct,
			g->max_pct, r == c->chosen ? "true" : "false");
		if (r == c->chosen) {
			char why[256];
			rlb_cal_choice_text(c, why, sizeof why);
			fprintf(f, ", source: \"%s\"", why);
		}
		fputs(" }\n", f);
	}
	fputs("  rows:\n", f);
	for (int i = 0; i < c->nk; i++)
		for (int lv = 1; lv <= c->nlevels; lv++) {
			const rlb_cal_kernel *k = &c->k[i];
			if (!(k->t[lv] > 0))
				continue;
			double p = rlb_cal_predict(c, k, lv, &c->fits[c->chosen]);
			fprintf(f, "    - { kernel: %s, level: %s, measured: \"%.3f cy\", predicted: "
				"\"%.3f cy\", residual: \"%+.2f %%\", fitted: %s }\n", k->name,
				level_name(c, lv), k->t[lv], p, 100 * (p - k->t[lv]) / k->t[lv],
				k->fitted ? "true" : "false");
		}
}
