/* Layer conditions per capacity: the regime of each level, the conditions and their
 * thresholds, the traffic per boundary; the capacity-independent analysis done once
 * per nest and its evaluations (see lc.h, lc-internal.h and docs/layer-conditions.md). */
#include "polyhedral/lc-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest value of the leading parameter with FP <= CAP, the other parameters at their
 * values; the other parameters of FP without a value move with it (their names into EQUAL,
 * ", "-separated: a threshold at an assumed value of theirs would be an artefact of that
 * value).  -1 when there is no parameter or no bound, or when no value satisfies it. */
static long long solve_threshold(const lc_shape *s, const rl_lc_poly *fp, double cap, int *param,
				 char *equal, size_t elen)
{
	*param = -1;
	equal[0] = '\0';
	int best = 0;
	for (int q = 0; q < s->nest->nparams; q++) {
		int d = rl_lc_poly_degree(fp, q);
		if (d > best) {
			best = d;
			*param = q;
		}
	}
	if (*param < 0)
		return -1;
	int vary[RL_MAX_PARAMS], nvary = 0;
	vary[nvary++] = *param;
	for (int q = 0; q < s->nest->nparams; q++)
		if (q != *param && !s->nest->params[q].has_value && rl_lc_poly_degree(fp, q) > 0) {
			size_t u = strlen(equal);
			snprintf(equal + u, elen - u, "%s%s", u ? ", " : "", s->nest->params[q].name);
			vary[nvary++] = q;
		}
	double vals[RL_MAX_PARAMS];
	memcpy(vals, s->vals, sizeof(vals));
	long long lo = 0, hi = 1LL << 40;
	for (int v = 0; v < nvary; v++)
		vals[vary[v]] = (double)hi;
	if (rl_lc_poly_eval(fp, vals) <= cap)
		return -1;
	for (int v = 0; v < nvary; v++)
		vals[vary[v]] = 0;
	if (rl_lc_poly_eval(fp, vals) > cap)
		return -1;      /* the parameters with values alone exceed it */
	while (hi - lo > 1) {
		long long mid = lo + (hi - lo) / 2;
		for (int v = 0; v < nvary; v++)
			vals[vary[v]] = (double)mid;
		if (rl_lc_poly_eval(fp, vals) <= cap)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void rl_lc_options_default(const rl_machine *m, int threads, rl_lc_options *opt)
{
	opt->factor = m->lc_safety_factor > 0 ? m->lc_safety_factor : 0.5;
	opt->mode = opt->factor < 1.0 ? RL_LC_LAYERS : RL_LC_LRU;
	opt->threads = threads > 0 ? threads : 1;
}

static double level_capacity(const rl_machine *m, const rl_lc_options *opt, int c)
{
	const rl_cache_level *lv = &m->levels[c];
	double cap = (lv->lc_factor > 0 ? lv->lc_factor : opt->factor) * (double)lv->size;
	if (lv->shared_by > 1) {
		int t = opt->threads < lv->shared_by ? opt->threads : lv->shared_by;
		cap /= t > 0 ? t : 1;
	}
	return cap;
}

/* regime loop index l applying at capacity CAP: smallest l >= 1 whose footprint fits */
static int regime_at(const lc_shape *s, rl_lc_mode mode, double cap)
{
	for (int l = 1; l < s->L; l++)
		if (rl_lc_footprint_value(s, mode, l) <= cap)
			return l;
	return s->L;
}

/* Lines per innermost iteration of group G in regime l when its first touch in each
 * iteration of loop d-1 (d = sib.reuse_shared) hits data an earlier sibling left in the
 * cache: only the misses of its reuse inside its own loops are left, its rate in regime l
 * less that of regime d+1 (first touches only); none when regime l keeps the data of one
 * iteration of loop d-1 (l <= d) */
static double sibling_reuse_lines(const lc_shape *s, int g, int l)
{
	if (l <= s->sib.reuse_shared)
		return 0.0;
	return fmax(0.0, rl_lc_group_rate(s, &s->groups[g], l) - s->first[g]);
}

/* Lines per boundary for the regime loop_per_level[b] of each level (with CAP, known sizes:
 * each group at its own regime when that is better), through the traffic rule. */
static void fill_traffic(const lc_shape *s, const rl_machine *m, const int *loop_per_level,
			 const double *cap, rl_lc_mode mode, rl_traffic *out)
{
	int nt = s->nest->nontemporal_stores;
	out->nboundaries = m->nlevels;
	for (int b = 0; b < m->nlevels; b++)
		out->load_lines[b] = out->wa_lines[b] = out->evict_lines[b] = out->nt_lines[b] = 0.0;
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		rl_stream_lines sl = { .reads = grp->reads, .writes = grp->writes };
		int write_only = grp->writes && !grp->reads;
		if (write_only && nt)
			sl.stored = rl_lc_group_rate(s, grp, s->L) * out->iters_per_unit;
		for (int b = 0; b < m->nlevels; b++) {
			int l = loop_per_level[b];
			if (cap && l < s->L) {
				/* known sizes: each group's own regime (never worse than the level's) */
				int lg = rl_lc_group_regime(s, grp, mode, cap[b]);
				if (lg < l)
					l = lg;
			}
			sl.missed[b] = rl_lc_group_rate(s, grp, l) * out->iters_per_unit;
			if (cap && s->reuses[g] && s->between[g] <= cap[b])
				sl.missed[b] = sibling_reuse_lines(s, g, l) * out->iters_per_unit;
		}
		rl_traffic_add_stream(out, m, nt, &sl);
	}
}

/* The unit of work and the streams (for the notes); the lines per boundary are filled
 * by fill_traffic. */
static void prepare_out(const rl_nest *nest, const rl_machine *m, rl_traffic *out)
{
	char why[64];
	if (!rl_traffic_find_streams(nest, m, out, why, sizeof(why)))
		memset(out, 0, sizeof(*out));
}

int rl_lc_traffic_for(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      const int *regime_per_level, rl_traffic *out, char *why, size_t whylen)
{
	lc_shape *s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(why, whylen, "out of memory");
		return 0;
	}
	int ok = rl_lc_shape_build(s, nest, m, why, whylen);
	if (ok) {
		int loops[RL_MAX_LEVELS];
		for (int b = 0; b < m->nlevels && b < RL_MAX_LEVELS; b++)
			loops[b] = s->L - regime_per_level[b];
		/* (no footprints: without capacities fill_traffic reads only the groups' rates) */
		prepare_out(nest, m, out);
		fill_traffic(s, m, loops, NULL, opt->mode, out);
	}
	free(s);
	return ok;
}

/* The regime of loop l (the data of loops l..L-1 fits): its footprint, the hits and misses
 * per iteration, the lines per unit of work and whether its reuse is temporal */
static void regime_fill(const lc_shape *s, const rl_lc_options *opt, int l, int ipu, rl_lc_regime *r)
{
	memset(r, 0, sizeof(*r));
	r->loop = l;
	rl_lc_regime_footprint(s, opt->mode, l, &r->footprint);
	rl_lc_footprint_text(s, &r->footprint, r->footprint_text, sizeof(r->footprint_text));
	r->footprint_bytes = pv(s, &r->footprint);
	int hits = 0, misses = 0;
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		int miss = 0;
		if (l > 0) {
			double all, one;
			if (s->have_memo) {
				all = s->lines_all[g][l - 1];
				one = s->lines_one[g][l - 1];
			} else {
				rl_lc_poly pa, po;
				rl_lc_group_lines(s, grp, l - 1, 0, &pa);
				rl_lc_group_lines(s, grp, l - 1, 1, &po);
				all = pv(s, &pa);
				one = pv(s, &po);
			}
			miss = (int)lround(all / one);
			if (miss < 1)
				miss = 1;
			if (miss > grp->nrefs)
				miss = grp->nrefs;
		}
		misses += miss;
		hits += grp->nrefs - miss;
		if (grp->reads || grp->writes)
			r->lines_per_unit += rl_lc_group_rate(s, grp, l) * ipu;
	}
	r->hits = hits;
	r->misses = misses;
	for (int g = 0; l > 0 && g < s->ngroups; g++)
		if (s->groups[g].carried[l - 1])
			r->reuse_temporal = 1;
}

/* ---------------------------------------------------------------- analysis once, evaluations */

struct rl_lc_analysis {
	const rl_machine *m;        /* borrowed */
	rl_traffic streams;         /* the unit of work and the streams (prepare_out) */
	char isl_domain[512];
	lc_shape s;                 /* with the ISL reuse, footprints and the memo */
};

static unsigned long lc_analyses;  /* the only global state: rl_lc_analysis_count */

unsigned long rl_lc_analysis_count(void)
{
	return lc_analyses;
}

rl_lc_analysis *rl_lc_analyse(const rl_nest *nest, const rl_machine *m, char *why, size_t whylen)
{
	lc_analyses++;
	rl_lc_analysis *a = calloc(1, sizeof(*a));
	if (!a) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	lc_shape *s = &a->s;
	if (!rl_lc_shape_build(s, nest, m, why, whylen)
	    || !rl_lc_isl_reuse(s, a->isl_domain, sizeof(a->isl_domain), why, whylen)) {
		free(a);
		return NULL;
	}
	rl_lc_shape_footprints(s);
	rl_lc_siblings_apply(s, m);
	rl_lc_shape_memo(s);
	a->m = m;
	prepare_out(nest, m, &a->streams);
	return a;
}

void rl_lc_analysis_free(rl_lc_analysis *a)
{
	free(a);
}

void rl_lc_eval_regimes(const rl_lc_analysis *a, const int *regime_per_level, rl_traffic *out)
{
	const lc_shape *s = &a->s;
	int loops[RL_MAX_LEVELS];
	for (int b = 0; b < a->m->nlevels && b < RL_MAX_LEVELS; b++)
		loops[b] = s->L - regime_per_level[b];
	*out = a->streams;
	fill_traffic(s, a->m, loops, NULL, RL_LC_LAYERS /* unused without capacities */, out);
}

/* Condition of regime r = L - l of level LV (capacity set): threshold, whether it holds,
 * and the blocking candidate when it is violated at known sizes */
static void level_condition(const lc_shape *s, const rl_lc_report *lc, int l, rl_lc_cond *cond,
			    const rl_lc_level *lv)
{
	const rl_lc_regime *rg = &lc->regimes[s->L - l];
	int q;
	cond->regime = s->L - l;
	cond->threshold = solve_threshold(s, &rg->footprint, lv->capacity, &q, cond->equal,
					  sizeof(cond->equal));
	snprintf(cond->param, sizeof(cond->param), "%s", q >= 0 ? s->nest->params[q].name : "");
	cond->holds = s->all_known ? rg->footprint_bytes <= lv->capacity : -1;
	/* blocking candidate: the footprint of the regime grows with the trip count of the
	 * outermost loop of its window (loop l), so that loop blocked to
	 * b = trip * capacity / footprint satisfies it (Stengel et al., ICS 2015, eq. 10-12;
	 * per thread for shared caches through the capacity) */
	cond->block_loop = -1;
	cond->block_size = -1;
	if (cond->holds == 0 && rg->footprint_bytes > 0) {
		double b = floor(pv(s, &s->trip[l]) * lv->capacity / rg->footprint_bytes);
		if (b >= 1) {
			cond->block_loop = l;
			cond->block_size = (long long)b;
		}
	}
}

/* LC's regimes and levels for OPT, the regime of level c being loop LOOPS[c] */
static void report_fill(const lc_shape *s, const rl_machine *m, const rl_lc_options *opt,
			const int *loops, int ipu, rl_lc_report *lc)
{
	lc->mode = opt->mode;
	lc->factor = opt->factor;
	lc->threads = opt->threads;
	lc->all_known = s->all_known;
	lc->nloops = s->L;
	lc->ngroups = s->ngroups;
	lc->nregimes = s->L + 1;
	for (int r = 0; r <= s->L; r++)
		regime_fill(s, opt, s->L - r, ipu, &lc->regimes[r]);
	lc->nlevels = m->nlevels;
	for (int c = 0; c < m->nlevels; c++) {
		rl_lc_level *lv = &lc->levels[c];
		snprintf(lv->name, sizeof(lv->name), "%s", m->levels[c].name);
		lv->capacity = level_capacity(m, opt, c);
		lv->known = s->all_known;
		lv->regime = s->L - loops[c];
		for (int l = s->L - 1; l >= 1; l--)
			level_condition(s, lc, l, &lv->cond[lv->ncond++], lv);
	}
	lc->sib = s->sib;
	if (s->sib.nreuse)
		lc->sib.level = s->all_known ? -1 : -2;
	for (int c = m->nlevels - 1; s->all_known && s->sib.nreuse && c >= 0; c--)
		if (s->sib.between_bytes <= lc->levels[c].capacity)
			lc->sib.level = c;
}

void rl_lc_eval(const rl_lc_analysis *a, const rl_lc_options *opt, rl_traffic *out, rl_lc_report *lc)
{
	const lc_shape *s = &a->s;
	const rl_machine *m = a->m;
	if (lc) {
		memset(lc, 0, sizeof(*lc));
		snprintf(lc->isl_domain, sizeof(lc->isl_domain), "%s", a->isl_domain);
		lc->isl_ok = 1;
	}
	*out = a->streams;
	if (out->iters_per_unit <= 0)
		out->iters_per_unit = 1;
	int loops[RL_MAX_LEVELS];
	double caps[RL_MAX_LEVELS];
	for (int c = 0; c < m->nlevels; c++) {
		caps[c] = level_capacity(m, opt, c);
		loops[c] = s->all_known ? regime_at(s, opt->mode, caps[c]) : s->L;
	}
	fill_traffic(s, m, loops, s->all_known ? caps : NULL, opt->mode, out);
	if (lc)
		report_fill(s, m, opt, loops, out->iters_per_unit, lc);
}

int rl_traffic_lc_opt(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      rl_traffic *out, rl_lc_report *lc, char *why, size_t whylen)
{
	if (lc)
		memset(lc, 0, sizeof(*lc));
	rl_lc_analysis *a = rl_lc_analyse(nest, m, why, whylen);
	if (!a)
		return 0;
	rl_lc_eval(a, opt, out, lc);
	rl_lc_analysis_free(a);
	return 1;
}

int rl_traffic_lc(const rl_nest *nest, const rl_machine *m, int threads, rl_traffic *out,
		  rl_lc_report *lc, char *why, size_t whylen)
{
	rl_lc_options opt;
	rl_lc_options_default(m, threads, &opt);
	return rl_traffic_lc_opt(nest, m, &opt, out, lc, why, whylen);
}

