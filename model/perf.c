/* Performance, data level, regimes and multicore scaling from the ECM model (model/perf.h). */
#include "model/perf.h"
#include "model/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rl_perf_set_clock(rl_machine *m, double ghz, char *err, size_t errlen)
{
	if (!(ghz > 0.0 && ghz <= 100.0)) {
		snprintf(err, errlen, "expected a clock in GHz (0 < f <= 100)");
		return 0;
	}
	int line = rl_machine_line_bytes(m);
	m->clock_ghz = ghz;
	if (m->mem_bandwidth_gbs > 0)
		m->mem_cycles_per_line = line * ghz / m->mem_bandwidth_gbs;
	return 1;
}

double rl_perf_from_cycles(double work_per_unit, double clock_ghz, double t)
{
	return t > 0 ? work_per_unit * clock_ghz * 1e9 / t : 0.0;
}

int rl_perf_saturation(double t_mem, double t_l3mem)
{
	if (!(t_l3mem > 0) || !(t_mem > 0))
		return 0;
	double q = t_mem / t_l3mem;
	int n = (int)ceil(q - 1e-9);
	return n < 1 ? 1 : n;
}

double rl_perf_scaled(int n, double work_per_unit, double clock_ghz, double t_mem, double t_l3mem)
{
	double core = n * rl_perf_from_cycles(work_per_unit, clock_ghz, t_mem);
	if (t_l3mem <= 0)
		return core;
	double bw = rl_perf_from_cycles(work_per_unit, clock_ghz, t_l3mem);
	return core < bw ? core : bw;
}

double rl_perf_ecm_at_level(const rl_ecm *e, int lv, int n, double work, double clock_ghz)
{
	int nt = e->ntransfers;
	if (lv < 0 || lv > nt)
		lv = nt;
	if (lv == nt && nt > 0)
		return rl_perf_scaled(n, work, clock_ghz, e->prediction[nt], rl_ecm_mem_sat_cycles(e));
	return n * rl_perf_from_cycles(work, clock_ghz, e->prediction[lv]);
}

/* ------------------------------------------------------------ ECM variants */

/* the ECM model of R with traffic T: R's page walks and restarts do not depend on the traffic;
 * the link costs at R's working set, like R's own ECM (so a variant's gain is its traffic's) */
static void compose(const rl_report *r, const rl_traffic *t, rl_ecm *out)
{
	rl_ecm_compose_ws(r->machine, &r->incore, &r->body, t, r->ecm.ws, out);
	if (r->ecm.t_tlb > 0 || r->ecm.t_restart > 0) {
		out->t_tlb = r->ecm.t_tlb;
		out->t_restart = r->ecm.t_restart;
		rl_ecm_predict(r->machine, out);
	}
}

int rl_perf_lc_threads(const rl_report *r, int threads, rl_traffic *t, rl_lc_report *lc,
		       char *why, size_t whylen)
{
	if (r->lc_analysis) {
		rl_lc_options opt;
		rl_lc_options_default(r->machine, threads, &opt);
		rl_lc_eval(r->lc_analysis, &opt, t, lc);
		return 1;
	}
	return rl_traffic_lc(r->nest, r->machine, threads, t, lc, why, whylen);
}

/* rl_lc_traffic_for, from R's analysis when it has one */
static int lc_regimes(const rl_report *r, const rl_lc_options *opt, const int *regime_per_level,
		      rl_traffic *t, char *why, size_t whylen)
{
	if (r->lc_analysis) {
		rl_lc_eval_regimes(r->lc_analysis, regime_per_level, t);
		return 1;
	}
	return rl_lc_traffic_for(r->nest, r->machine, opt, regime_per_level, t, why, whylen);
}

/* Room for a layer-condition traffic of R's nest; NULL with a reason when R has no
 * layer-condition analysis (the stream traffic without reuse) or memory is short. */
static rl_traffic *lc_traffic_alloc(const rl_report *r, char *why, size_t whylen)
{
	if (!r->have_lc) {
		snprintf(why, whylen, "no layer conditions (stream traffic model)");
		return NULL;
	}
	rl_traffic *t = malloc(sizeof(*t));
	if (!t)
		snprintf(why, whylen, "out of memory");
	return t;
}

int rl_perf_ecm_threads(const rl_report *r, int threads, rl_ecm *out, char *why, size_t whylen)
{
	*out = r->ecm;
	rl_traffic *t = lc_traffic_alloc(r, why, whylen);
	if (!t)
		return 0;
	int ok = rl_perf_lc_threads(r, threads, t, NULL, why, whylen);
	if (ok)
		compose(r, t, out);
	free(t);
	return ok;
}

int rl_perf_ecm_regimes(const rl_report *r, const int *regime_per_level, rl_ecm *out,
			rl_traffic *tout, char *why, size_t whylen)
{
	*out = r->ecm;
	rl_traffic *t = lc_traffic_alloc(r, why, whylen);
	if (!t)
		return 0;
	rl_lc_options opt;
	rl_lc_options_default(r->machine, r->lc.threads > 0 ? r->lc.threads : 1, &opt);
	int ok = lc_regimes(r, &opt, regime_per_level, t, why, whylen);
	if (ok) {
		t->iters_per_unit = r->traffic.iters_per_unit;
		t->elem_size = r->traffic.elem_size;
		/* a regime with more reuse never moves more lines than the analysed traffic
		 * (which also applies each group's own regime at the known sizes) */
		for (int b = 0; b < t->nboundaries && b < r->traffic.nboundaries; b++) {
			if (r->traffic.load_lines[b] < t->load_lines[b])
				t->load_lines[b] = r->traffic.load_lines[b];
			if (r->traffic.wa_lines[b] < t->wa_lines[b])
				t->wa_lines[b] = r->traffic.wa_lines[b];
			if (r->traffic.evict_lines[b] < t->evict_lines[b])
				t->evict_lines[b] = r->traffic.evict_lines[b];
			if (r->traffic.nt_lines[b] < t->nt_lines[b])
				t->nt_lines[b] = r->traffic.nt_lines[b];
		}
		compose(r, t, out);
		if (tout)
			*tout = *t;
	}
	free(t);
	return ok;
}

/* ------------------------------------------------------------ work */

double rl_perf_flops(const rl_flops *f)
{
	return f->add + f->mul + 2.0 * f->fma + f->div + f->sqrt;
}

/* A stencil: some array is read through several references with distinct offsets. */
static int is_stencil(const rl_nest *n)
{
	for (int a = 0; a < n->naccesses; a++)
		for (int b = a + 1; b < n->naccesses; b++)
			if (n->accesses[a].array == n->accesses[b].array && !n->accesses[a].is_write
			    && !n->accesses[b].is_write)
				return 1;
	return 0;
}

/* ------------------------------------------------------------ working set */

/* Interval of AFF over iterator intervals LO..HI (known parameters); 0 if a parameter is
 * unknown. */
static int aff_range(const rl_nest *n, const rl_aff *a, const double *lo, const double *hi,
		     double *rlo, double *rhi)
{
	double l = (double)a->cst, h = (double)a->cst;
	for (int p = 0; p < RL_MAX_PARAMS; p++) {
		if (!a->par[p])
			continue;
		if (p >= n->nparams || !n->params[p].has_value)
			return 0;
		l += (double)a->par[p] * (double)n->params[p].value;
		h += (double)a->par[p] * (double)n->params[p].value;
	}
	for (int k = 0; k < n->nloops && k < RL_MAX_LOOPS; k++) {
		double c = (double)a->it[k];
		if (c > 0) {
			l += c * lo[k];
			h += c * hi[k];
		} else if (c < 0) {
			l += c * hi[k];
			h += c * lo[k];
		}
	}
	*rlo = l;
	*rhi = h;
	return 1;
}

/* Bytes of the bounding boxes of every array's accesses (per array in PER); -1 when a size
 * is unknown.  Exact for rectangular footprints; the fallback when ISL cannot count. */
static double bounding_boxes(const rl_nest *n, double *per)
{
	double lo[RL_MAX_LOOPS] = { 0 }, hi[RL_MAX_LOOPS] = { 0 };
	for (int k = 0; k < n->nloops; k++) {
		const rl_loop *l = &n->loops[k];
		double a0, a1, b0, b1;
		if (!aff_range(n, &l->lower, lo, hi, &a0, &a1) || !aff_range(n, &l->upper, lo, hi, &b0, &b1))
			return -1;
		if (l->step > 0) {
			lo[k] = a0;
			hi[k] = b1 - 1;
		} else {
			lo[k] = b0 + 1;
			hi[k] = a1;
		}
		if (hi[k] < lo[k])
			return 0;  /* empty nest */
	}
	double total = 0;
	for (int a = 0; a < n->narrays; a++) {
		double blo[RL_MAX_DIMS], bhi[RL_MAX_DIMS];
		int any = 0;
		for (int x = 0; x < n->naccesses; x++) {
			const rl_access *acc = &n->accesses[x];
			if (acc->array != a)
				continue;
			for (int d = 0; d < n->arrays[a].ndims; d++) {
				double l, h;
				if (!aff_range(n, &acc->sub[d], lo, hi, &l, &h))
					return -1;
				if (!any || l < blo[d])
					blo[d] = l;
				if (!any || h > bhi[d])
					bhi[d] = h;
			}
			any = 1;
		}
		if (!any)
			continue;
		double bytes = n->arrays[a].elem_size;
		for (int d = 0; d < n->arrays[a].ndims; d++)
			bytes *= bhi[d] - blo[d] + 1;
		per[a] = bytes;
		total += bytes;
	}
	return total;
}

/* The working set of P's nest N: the distinct elements every array's references touch
 * (polyhedral/lc-footprint.c), else the bounding boxes of its accesses. */
static void working_set(const rl_nest *n, int line, rl_perf *p)
{
	rl_working_set ws;
	char why[128];
	if (rl_lc_working_set(n, line, &ws, why, sizeof(why))) {
		p->working_set = ws.bytes;
		p->working_set_lines = ws.line_bytes;
		p->working_set_exact = 1;
		for (int a = 0; a < n->narrays && a < RL_MAX_ARRAYS; a++) {
			p->working_set_array[a] = ws.array_bytes[a];
			p->working_set_array_lines[a] = ws.array_line_bytes[a];
		}
		return;
	}
	p->working_set_exact = 0;
	p->working_set = bounding_boxes(n, p->working_set_array);
	p->working_set_lines = p->working_set;
	memcpy(p->working_set_array_lines, p->working_set_array, sizeof(p->working_set_array));
}

double rl_perf_working_set_lines(const rl_nest *n, int line)
{
	rl_perf p;
	working_set(n, line, &p);
	return p.working_set >= 0 ? p.working_set_lines : -1;
}

/* Cache level holding WS bytes with N active cores: private caches hold WS / N. */
static int level_of(const rl_machine *m, double ws, int n)
{
	for (int c = 0; c < m->nlevels; c++) {
		double per = m->levels[c].shared_by > 1 ? ws : ws / (n > 0 ? n : 1);
		if (per <= (double)m->levels[c].size)
			return c;
	}
	return m->nlevels;
}

/* Fraction of a working set of WS bytes (per instance of the level) that a cache level does
 * not keep from one sweep over it to the next.  The level keeps all of it up to its usable
 * capacity u (lc_factor x size, as the layer conditions use; else the machine's
 * lc_safety_factor), then less and less: the share beyond it grows linearly and reaches one
 * half at the nominal size C and all at 2C - u.  Measured with a repeated copy and a repeated
 * load sweep on a Zen 5 guest (docs/polybench.md, "Working sets near a cache's size"): L2
 * (1 MiB, u 0.68 MiB) 10-15 % beyond at 0.75 MiB, 30-60 % at 1 MiB; L3 (32 MiB, u 16 MiB) none
 * at 16 MiB, 15-25 % at 24 MiB, 40-60 % at 32 MiB, 75-100 % at 48 MiB. */
double rl_perf_kept_bytes(const rl_machine *m, int level)
{
	const rl_cache_level *lv = &m->levels[level];
	double f = lv->lc_factor > 0 ? lv->lc_factor : m->lc_safety_factor > 0 ? m->lc_safety_factor : 0.5;
	return f * (double)lv->size;
}

double rl_perf_spill(const rl_machine *m, int level, double ws)
{
	return rl_perf_spill_reuse(m, level, ws, 0);
}

double rl_perf_spill_reuse(const rl_machine *m, int level, double ws, int reuse)
{
	/* the machine's measured curve (memory_share: roofline-bench, docs/model.md section 6b)
	   replaces the linear rule at its level */
	double h = rl_machine_memory_share(m, level, ws, reuse);
	if (h >= 0)
		return h;
	double c = (double)m->levels[level].size, u = rl_perf_kept_bytes(m, level);

	if (ws <= u || c <= u)
		return ws > c ? 1.0 : 0.0;
	double s = (ws - u) / (2.0 * (c - u));
	return s < 1.0 ? s : 1.0;
}

/* Cycles per unit for a working set of WS bytes on N cores: the ECM figure of the innermost
 * level plus, per level, the extra cost of the next one outside weighted by the share of the
 * working set the level does not keep (rl_perf_spill; private levels hold WS / N).  With a
 * step at each nominal size this is the ECM figure of the first level that holds WS. */
double rl_perf_blended_cycles(const rl_machine *m, const rl_ecm *e, double ws, int n)
{
	double t = e->prediction[0];
	int nl = m->nlevels < e->ntransfers ? m->nlevels : e->ntransfers;

	for (int c = 0; c < nl; c++) {
		double per = m->levels[c].shared_by > 1 ? ws : ws / (n > 0 ? n : 1);
		t += rl_perf_spill_reuse(m, c, per, rl_perf_reuses_lines(e)) *
		     (e->prediction[c + 1] - e->prediction[c]);
	}
	return t;
}

int rl_perf_reuses_lines(const rl_ecm *e)
{
	return e->reuse_share > 0;
}


static void level_name(const rl_machine *m, int lv, char *buf, size_t len)
{
	snprintf(buf, len, "%s", lv < 0 ? "?" : lv < m->nlevels ? m->levels[lv].name : "MEM");
}

/* ------------------------------------------------------------ regimes */

/* Regime index per level at value V of the one leading parameter: the best holding condition. */
static void regimes_at(const rl_lc_report *lc, long long v, int *per_level)
{
	for (int c = 0; c < lc->nlevels; c++) {
		per_level[c] = 0;
		for (int k = 0; k < lc->levels[c].ncond; k++)
			if (lc->levels[c].cond[k].threshold >= 0 && v <= lc->levels[c].cond[k].threshold
			    && lc->levels[c].cond[k].regime > per_level[c])
				per_level[c] = lc->levels[c].cond[k].regime;
	}
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* The innermost level where the deepest regime of REGIME[0..N-1] applies; -1 when every
 * level has the no-LC regime. */
static int deepest_regime_level(const int *regime, int n)
{
	int best = -1, deepest = 0;
	for (int c = 0; c < n; c++)
		if (regime[c] > deepest) {
			deepest = regime[c];
			best = c;
		}
	return best;
}

/* The layer condition of a regime: the level with reuse across the most loops (-1: none). */
static void regime_condition(const rl_report *r, const int *per_level, rl_perf_regime *g)
{
	g->lc_level = deepest_regime_level(per_level, r->lc.nlevels);
	g->lc_loops = g->lc_level >= 0 ? per_level[g->lc_level] : 0;
	g->nloops = r->lc.nloops;
}

static double mem_bytes_per_unit(const rl_report *r, const rl_ecm *e)
{
	int last = e->ntransfers - 1;
	double cpl = r->machine->mem_cycles_per_line;
	if (last < 0 || cpl <= 0)
		return 0;
	int line = rl_machine_line_bytes(r->machine);
	return rl_ecm_mem_sat_cycles(e) / cpl * line;
}

/* Whether condition COND of R holds only while the whole nest's data fits a cache: its
 * footprint grows with its parameter as fast as the footprint of the whole nest (a loop
 * around the nest that repeats the same data: its condition is that all of it fits). */
static int cond_needs_whole_nest(const rl_report *r, const rl_lc_cond *cond)
{
	const rl_lc_report *lc = &r->lc;
	for (int q = 0; q < r->nest->nparams; q++)
		if (!strcmp(r->nest->params[q].name, cond->param))
			return rl_lc_poly_degree(&lc->regimes[cond->regime].footprint, q)
				>= rl_lc_poly_degree(&lc->regimes[lc->nregimes - 1].footprint, q);
	return 0;
}

/* The thresholds of R's conditions, all in one leading size parameter, sorted and distinct
 * into TH (*NTH): the parameter, or NULL with the reason in WHY.  IN_MEMORY: only the
 * conditions that can hold with the data beyond the caches (cond_needs_whole_nest). */
static const char *size_thresholds(const rl_report *r, int in_memory, long long *th, int *nth,
				   char *why, size_t whylen)
{
	const rl_lc_report *lc = &r->lc;
	const char *param = NULL;
	int skipped = 0;
	*nth = 0;
	for (int c = 0; c < lc->nlevels; c++)
		for (int k = 0; k < lc->levels[c].ncond; k++) {
			const rl_lc_cond *cond = &lc->levels[c].cond[k];
			if (cond->threshold < 0 || !cond->param[0])
				continue;
			if (in_memory && !cond->equal[0] && cond_needs_whole_nest(r, cond)) {
				skipped++;
				continue;
			}
			if ((param && strcmp(param, cond->param)) || cond->equal[0]) {
				snprintf(why, whylen, "conditions in several size parameters (%s, %s)",
					 param ? param : cond->param, param ? cond->param : cond->equal);
				return NULL;
			}
			param = cond->param;
			th[(*nth)++] = cond->threshold;
		}
	if (!param) {
		snprintf(why, whylen, skipped ? "its conditions hold only when all the data fits in "
			 "a cache" : "no condition depends on a size parameter");
		return NULL;
	}
	qsort(th, *nth, sizeof(th[0]), cmp_ll);
	int u = 0;
	for (int i = 0; i < *nth; i++)
		if (!u || th[i] != th[u - 1])
			th[u++] = th[i];
	*nth = u;
	return param;
}

void rl_perf_assume_sizes(rl_report *r)
{
	rl_report_sizes *a = &r->sizes;
	memset(a, 0, sizeof(*a));
	if (!r->have_lc || r->lc.all_known)
		return;
	long long th[RL_MAX_LEVELS * (RL_MAX_LOOPS + 1)];
	int nth;
	for (int c = 0; c < r->lc.nlevels; c++)
		for (int k = 0; k < r->lc.levels[c].ncond; k++)
			a->conditions += r->lc.levels[c].cond[k].param[0] != 0;
	const char *param = size_thresholds(r, 1, th, &nth, a->why, sizeof(a->why));
	if (!param)
		return;
	/* the range up to the largest threshold: the last level's condition holds there (with
	 * conditions that hold only while all the data fits left out: the data is in memory) */
	int per[RL_MAX_LEVELS];
	regimes_at(&r->lc, th[nth - 1], per);
	rl_traffic *t = malloc(sizeof(*t));
	rl_lc_options opt;
	rl_lc_options_default(r->machine, 1, &opt);
	if (!t || !lc_regimes(r, &opt, per, t, a->why, sizeof(a->why))) {
		if (!t)
			snprintf(a->why, sizeof(a->why), "out of memory");
		free(t);
		return;
	}
	t->iters_per_unit = r->traffic.iters_per_unit;
	t->elem_size = r->traffic.elem_size;
	r->traffic = *t;
	free(t);
	for (int c = 0; c < r->lc.nlevels; c++)
		r->lc.levels[c].regime = per[c];
	a->applied = 1;
	snprintf(a->param, sizeof(a->param), "%s", param);
	a->lo = nth > 1 ? th[nth - 2] : -1;
	a->hi = th[nth - 1];
	a->level = deepest_regime_level(per, r->lc.nlevels);
}

static void build_regimes(rl_report *r, rl_perf *p)
{
	const rl_lc_report *lc = &r->lc;
	p->nregimes = 0;
	p->regimes_why[0] = 0;
	if (!r->have_lc) {
		snprintf(p->regimes_why, sizeof(p->regimes_why), "no layer conditions");
		return;
	}
	long long th[RL_MAX_LEVELS * (RL_MAX_LOOPS + 1)];
	int nth;
	const char *param = size_thresholds(r, 0, th, &nth, p->regimes_why, sizeof(p->regimes_why));
	if (!param)
		return;
	/* ranges: v <= th[0]; th[i-1] < v <= th[i]; v > th[last] */
	for (int i = 0; i <= nth && p->nregimes < RL_PERF_MAX_REGIMES; i++) {
		long long v = i < nth ? th[i] : th[nth - 1] + 1;
		int per[RL_MAX_LEVELS];
		regimes_at(lc, v, per);
		rl_perf_regime *g = &p->regimes[p->nregimes];
		char why[128];
		rl_traffic *t = malloc(sizeof(*t));
		if (!t)
			return;
		/* the regime's own traffic (not clipped to the analysed one) */
		rl_lc_options opt;
		rl_lc_options_default(r->machine, 1, &opt);
		int ok = lc_regimes(r, &opt, per, t, why, sizeof(why));
		if (ok) {
			t->iters_per_unit = r->traffic.iters_per_unit;
			t->elem_size = r->traffic.elem_size;
			compose(r, t, &g->ecm);
		}
		free(t);
		if (!ok)
			continue;
		snprintf(g->param, sizeof(g->param), "%s", param);
		g->lo = i > 0 ? th[i - 1] : -1;
		g->hi = i < nth ? th[i] : -1;
		regime_condition(r, per, g);
		double tm = g->ecm.prediction[g->ecm.ntransfers];
		double bytes = mem_bytes_per_unit(r, &g->ecm);
		g->bc_mem = p->work_per_unit > 0 ? bytes / p->work_per_unit : 0;
		g->perf_mem = rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, tm);
		g->n_s = g->ecm.ntransfers ? rl_perf_saturation(tm, rl_ecm_mem_sat_cycles(&g->ecm)) : 0;
		p->nregimes++;
	}
}

/* ------------------------------------------------------------ scaling */

/* Which regime each level applies at N threads (from the thresholds of 1 thread: a shared
 * level's capacity is divided by N, so the footprint test is redone). */
static void signature(const rl_report *r, int n, int *sig)
{
	const rl_lc_report *lc = &r->lc;
	for (int c = 0; c < lc->nlevels; c++) {
		const rl_cache_level *lv = &r->machine->levels[c];
		int t = lv->shared_by > 1 ? (n < lv->shared_by ? n : lv->shared_by) : 1;
		double cap = lc->levels[c].capacity * (lc->threads > 1 && lv->shared_by > 1 ? lc->threads : 1) / t;
		sig[c] = 0;
		for (int k = 0; k < lc->levels[c].ncond; k++) {
			const rl_lc_regime *rg = &lc->regimes[lc->levels[c].cond[k].regime];
			if (lc->all_known && rg->footprint_bytes <= cap && lc->levels[c].cond[k].regime > sig[c])
				sig[c] = lc->levels[c].cond[k].regime;
		}
	}
}

static void build_scaling(rl_report *r, rl_perf *p)
{
	const rl_machine *m = r->machine;
	int top = p->chip_cores > p->cores ? p->chip_cores : p->cores;
	if (top > RL_PERF_MAX_SCALING)
		top = RL_PERF_MAX_SCALING;
	int last = r->ecm.ntransfers - 1;
	int prev_sig[RL_MAX_LEVELS] = { 0 }, have_prev = 0;
	rl_ecm cur = r->ecm;
	p->nscaling = 0;
	p->n_s = 0;
	p->perf_sat = 0;
	int in_memory = p->data_level < 0 || p->data_level >= m->nlevels;
	for (int n = 1; n <= top; n++) {
		int sig[RL_MAX_LEVELS] = { 0 };
		if (r->have_lc && r->lc.all_known && n > 1) {
			signature(r, n, sig);
			if (!have_prev || memcmp(sig, prev_sig, sizeof(sig))) {
				char why[128];
				rl_perf_ecm_threads(r, n, &cur, why, sizeof(why));
			}
			memcpy(prev_sig, sig, sizeof(sig));
			have_prev = 1;
		} else if (r->have_lc && r->lc.all_known) {
			signature(r, 1, prev_sig);
			have_prev = 1;
		}
		rl_perf_scaling *s = &p->scaling[p->nscaling++];
		s->n = n;
		s->t_mem = cur.prediction[cur.ntransfers];
		s->t_mem_transfer = last >= 0 ? rl_ecm_mem_sat_cycles(&cur) : 0;
		if (in_memory) {
			double core = n * rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, s->t_mem);
			s->perf = rl_perf_scaled(n, p->work_per_unit, p->clock_ghz, s->t_mem, s->t_mem_transfer);
			s->limit_bw = s->perf < core;
			if (!p->n_s && s->t_mem_transfer > 0 && n * s->t_mem_transfer >= s->t_mem - 1e-9) {
				p->n_s = n;
				p->perf_sat = rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, s->t_mem_transfer);
			}
		} else {
			/* data in a cache level: private caches hold W_S / n, the level may move up */
			int lv = p->working_set >= 0 ? level_of(m, p->working_set_lines, n) : m->nlevels;
			double t = r->ecm.prediction[lv <= r->ecm.ntransfers ? lv : r->ecm.ntransfers];
			s->t_mem = t;
			s->perf = n * rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, t);
			s->limit_bw = 0;
		}
	}
	if (in_memory && !p->n_s && p->nscaling) {
		/* beyond the table: with the last ECM */
		const rl_perf_scaling *s = &p->scaling[p->nscaling - 1];
		p->n_s = rl_perf_saturation(s->t_mem, s->t_mem_transfer);
		p->perf_sat = rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, s->t_mem_transfer);
	}
	p->n_s_in_chip = p->n_s > 0 && p->n_s <= p->chip_cores;
	int nc = p->cores <= p->nscaling ? p->cores : p->nscaling;
	p->perf_cores = nc > 0 ? p->scaling[nc - 1].perf : p->perf;
	if (p->cores > p->nscaling && p->nscaling) {
		const rl_perf_scaling *s = &p->scaling[p->nscaling - 1];
		p->perf_cores = in_memory
			? rl_perf_scaled(p->cores, p->work_per_unit, p->clock_ghz, s->t_mem, s->t_mem_transfer)
			: p->cores * rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, s->t_mem);
	}
}

/* ------------------------------------------------------------ entry */

void rl_perf_compute(rl_report *r, int cores)
{
	rl_perf *p = &r->perf;
	memset(p, 0, sizeof(*p));
	p->data_level = -1;
	if (!r->analysed || !r->nest || !r->machine) {
		snprintf(p->why, sizeof(p->why), "not analysed");
		return;
	}
	const rl_machine *m = r->machine;
	const rl_nest *n = r->nest;
	p->clock_ghz = m->clock_ghz;
	p->bandwidth_gbs = m->mem_bandwidth_gbs;
	p->cores = cores > 0 ? cores : 1;
	p->chip_cores = m->cores > 0 ? m->cores : 1;
	p->iters_per_unit = r->traffic.iters_per_unit > 0 ? r->traffic.iters_per_unit : 1;
	p->flops_per_unit = (rl_perf_flops(&n->flops[0]) + rl_perf_flops(&n->flops[1])) * p->iters_per_unit;
	p->stencil = is_stencil(n);
	p->work = p->flops_per_unit > 0 ? "flop" : p->stencil ? "LUP" : "it";
	p->work_per_unit = p->flops_per_unit > 0 ? p->flops_per_unit : p->iters_per_unit;
	int nt = r->ecm.ntransfers;

	/* data level: the working set's cache lines against full capacities */
	working_set(n, rl_machine_line_bytes(m), p);
	if (p->working_set >= 0) {
		p->data_level = level_of(m, p->working_set_lines, 1);
		if (p->data_level > nt)
			p->data_level = nt;
	}
	level_name(m, p->data_level, p->data_level_name, sizeof(p->data_level_name));
	p->lc_level = -1;
	if (r->have_lc) {
		int regime[RL_MAX_LEVELS];
		for (int c = 0; c < r->lc.nlevels; c++)
			regime[c] = r->lc.levels[c].regime;
		p->lc_level = deepest_regime_level(regime, r->lc.nlevels);
	}
	p->t_unit = rl_report_cycles_per_unit(r);
	p->perf = rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, p->t_unit);
	p->perf_lups = rl_perf_from_cycles(p->iters_per_unit, p->clock_ghz, p->t_unit);
	/* the rates (and the roofline placement, the scaling table) are the ECM figure of the
	 * data level; the predicted time adds the share of the working set the levels do not
	 * keep between sweeps */
	if (p->working_set >= 0)
		p->t_unit = rl_perf_blended_cycles(m, &r->ecm, p->working_set_lines, 1);
	for (int l = 0; l <= nt; l++)
		p->perf_level[l] = rl_perf_from_cycles(p->work_per_unit, p->clock_ghz, r->ecm.prediction[l]);
	double bytes = mem_bytes_per_unit(r, &r->ecm);
	p->bc_mem = p->work_per_unit > 0 ? bytes / p->work_per_unit : 0;

	build_scaling(r, p);
	build_regimes(r, p);
	rl_time_nest(n, p->iters_per_unit, p->t_unit, p->clock_ghz, p->cores, p->work_per_unit,
		     p->perf_cores, p->data_level < 0, &p->time);
	int per_pass = r->have_body && r->body.iters_per_pass > 0 ? r->body.iters_per_pass : 1;
	double pace = p->iters_per_unit > 0 ? p->t_unit * per_pass / p->iters_per_unit : 0;
	rl_exit_rule exit = { r->incore.exit_predicted, r->incore.exit_penalty,
			      r->incore.exit_full_at, r->incore.exit_hidden_from };
	double row = r->rows.computed ? r->rows.cycles : 0;
	rl_time_per_execution(&p->time, n, per_pass, pace, &exit, row, p->clock_ghz);
	p->valid = 1;
}
