/* Optimisation advice with predicted gains (model/advice.h). */
#include "model/advice.h"
#include "model/perf.h"
#include "model/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rl_advice_kind_name(rl_advice_kind k)
{
	static const char *names[] = { "spatial-blocking", "temporal-blocking", "reassociate",
				       "vectorise", "divider", "ports", "streaming-stores",
				       "saturation", "at-bound" };
	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

/* P(n) up to the factor W f: min(n / T_mem, 1 / T_L3Mem) with data in memory, n / T_lv in a
 * cache level. */
static double rel_perf(const rl_ecm *e, int lv, int n)
{
	int nt = e->ntransfers;
	if (lv < 0 || lv > nt)
		lv = nt;
	double t = e->prediction[lv];
	if (!(t > 0))
		return 0;
	double p = n / t;
	if (lv == nt && nt > 0 && e->t_transfer[nt - 1] > 0) {
		double bw = 1.0 / e->t_transfer[nt - 1];
		if (bw < p)
			p = bw;
	}
	return p;
}

double rl_advice_gain(const rl_ecm *before, const rl_ecm *after, int lv, int n)
{
	double b = rel_perf(before, lv, n), a = rel_perf(after, lv, n);
	return b > 0 ? a / b : 1.0;
}

static int class_rank(rl_advice_class c)
{
	return c == RL_ADV_EXACT ? 0 : c == RL_ADV_BOUND ? 1 : 2;
}

static int rank_key(const rl_advice *a)
{
	/* advice that gains at the configured cores first, then by class */
	return (a->cls != RL_ADV_INFO && a->gain < RL_ADVICE_WORTH ? 3 : 0) + class_rank(a->cls);
}

void rl_advice_rank(rl_advice *a, int n)
{
	/* insertion sort: stable, n <= RL_ADVICE_MAX */
	for (int i = 1; i < n; i++) {
		rl_advice x = a[i];
		int j = i - 1;
		while (j >= 0 && (rank_key(&a[j]) > rank_key(&x)
				  || (rank_key(&a[j]) == rank_key(&x) && a[j].gain < x.gain - 1e-12))) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = x;
	}
}

/* ------------------------------------------------------------ helpers */

static void num(double v, char *buf, size_t len)
{
	double r = round(v * 10.0) / 10.0;
	if (r == 0.0)
		r = 0.0;
	if (fabs(r - round(r)) < 1e-9)
		snprintf(buf, len, "%.0f", r);
	else
		snprintf(buf, len, "%.1f", r);
}

static void gain_text(double g, char *buf, size_t len)
{
	snprintf(buf, len, "%.2fx", g);
	/* 1.50x -> 1.5x, 2.00x -> 2x */
	char *x = strchr(buf, 'x');
	if (x && x - buf >= 3 && x[-1] == '0') {
		memmove(x - 1, x, strlen(x) + 1);
		x--;
		if (x[-1] == '0' && x[-2] == '.') {
			memmove(x - 2, x, strlen(x) + 1);
		}
	}
}

/* "{8 ] 14 ] 20 ] 33}" */
static void pred_text(const rl_ecm *e, char *buf, size_t len)
{
	snprintf(buf, len, "{");
	for (int l = 0; l <= e->ntransfers; l++) {
		char n[32];
		num(e->prediction[l], n, sizeof(n));
		size_t u = strlen(buf);
		snprintf(buf + u, len - u, "%s%s", l ? " ] " : "", n);
	}
	size_t u = strlen(buf);
	snprintf(buf + u, len - u, "}");
}

static void append(char *buf, size_t len, const char *s)
{
	size_t u = strlen(buf);
	if (u < len)
		snprintf(buf + u, len - u, "%s", s);
}

/* ", 1.5x on 1 core, 1.2x on 8 cores" */
static void append_gains(char *buf, size_t len, const rl_advice *a)
{
	char g1[32], gc[32], t[96];
	gain_text(a->gain_1core, g1, sizeof(g1));
	gain_text(a->gain_chip, gc, sizeof(gc));
	snprintf(t, sizeof(t), "%s on 1 core, %s on %d cores", g1, gc, a->chip_cores);
	append(buf, len, t);
	if (a->cores > 1 && a->cores != a->chip_cores) {
		char gn[32];
		gain_text(a->gain, gn, sizeof(gn));
		snprintf(t, sizeof(t), ", %s on %d cores", gn, a->cores);
		append(buf, len, t);
	}
}

static rl_advice *push(rl_advice_list *l, rl_advice_kind k, rl_advice_class c, const rl_perf *p)
{
	if (l->n >= RL_ADVICE_MAX)
		return NULL;
	rl_advice *a = &l->a[l->n++];
	memset(a, 0, sizeof(*a));
	a->kind = k;
	a->cls = c;
	a->level = a->loop = -1;
	a->block_size = a->block_size_chip = -1;
	a->chip_cores = p->chip_cores;
	a->cores = p->cores;
	a->gain_1core = a->gain_chip = a->gain = 1.0;
	return a;
}

/* Gains of an in-core change (same traffic at every thread count): 1 core, chip, cores. */
static void gains_same_traffic(rl_advice *a, const rl_report *r, const rl_perf *p)
{
	int lv = p->data_level >= 0 ? p->data_level : r->ecm.ntransfers;
	a->gain_1core = rl_advice_gain(&r->ecm, &a->after, lv, 1);
	a->gain_chip = rl_advice_gain(&r->ecm, &a->after, lv, p->chip_cores);
	a->gain = rl_advice_gain(&r->ecm, &a->after, lv, p->cores);
}

/* P(n) before, from the scaling table (n-thread layer conditions). */
static double before_at(const rl_perf *p, int n)
{
	if (n >= 1 && n <= p->nscaling)
		return p->scaling[n - 1].perf;
	return p->perf_cores;
}

/* ------------------------------------------------------------ spatial blocking */

static void spatial_blocking(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	if (!r->have_lc || !r->lc.all_known)
		return;
	const rl_lc_report *lc = &r->lc;
	const rl_machine *m = r->machine;
	int lv = p->data_level >= 0 ? p->data_level : r->ecm.ntransfers;
	/* one candidate per (level, condition): the best regime made to hold from that level on */
	for (int c = 0; c < lc->nlevels; c++) {
		for (int k = 0; k < lc->levels[c].ncond; k++) {
			int holds = lc->levels[c].cond[k].holds, regime = lc->levels[c].cond[k].regime;
			int bloop = lc->levels[c].cond[k].block_loop;
			long long bsize = lc->levels[c].cond[k].block_size;
			if (holds != 0 || bloop < 0 || bsize < 1)
				continue;
			int per[RL_MAX_LEVELS];
			for (int x = 0; x < lc->nlevels; x++) {
				per[x] = lc->levels[x].regime;
				if (x >= c && regime > per[x])
					per[x] = regime;
			}
			rl_ecm after;
			char why[128];
			if (!rl_perf_ecm_regimes(r, per, &after, NULL, why, sizeof(why)))
				continue;
			double g1 = rl_advice_gain(&r->ecm, &after, lv, 1);
			if (g1 < 1.0 + 1e-9 && p->data_level >= 0 && p->data_level < c)
				continue;  /* the data fits a higher level: nothing to gain */
			rl_advice *a = push(l, RL_ADV_SPATIAL_BLOCKING, bsize < RL_ADVICE_MIN_BLOCK
					    ? RL_ADV_BOUND : RL_ADV_EXACT, p);
			if (!a)
				return;
			a->has_after = 1;
			a->after = after;
			a->level = c;
			a->loop = bloop;
			a->block_size = bsize;
			int shared = m->levels[c].shared_by > 1;
			int tchip = shared ? (p->chip_cores < m->levels[c].shared_by ? p->chip_cores
					       : m->levels[c].shared_by) : 1;
			int tcores = shared ? (p->cores < m->levels[c].shared_by ? p->cores
						: m->levels[c].shared_by) : 1;
			a->block_size_chip = bsize / (tchip > 0 ? tchip : 1);
			a->gain_1core = g1;
			/* chip: the blocked regime holds at every n with the n-thread block size;
			 * before: the n-thread layer conditions of the unblocked nest */
			double wf = p->work_per_unit * p->clock_ghz * 1e9;
			double pa = wf * rel_perf(&after, lv, p->chip_cores);
			double pb = before_at(p, p->chip_cores);
			a->gain_chip = pb > 0 ? pa / pb : 1.0;
			pa = wf * rel_perf(&after, lv, p->cores);
			pb = before_at(p, p->cores);
			a->gain = pb > 0 ? pa / pb : 1.0;
			int nt = after.ntransfers;
			a->n_s_after = nt ? rl_perf_saturation(after.prediction[nt], after.t_transfer[nt - 1]) : 0;
			char pt[128], t[256];
			pred_text(&after, pt, sizeof(pt));
			if (shared && a->block_size_chip != a->block_size)
				snprintf(t, sizeof(t), "block loop i%d to <= %lld for %s (%lld with %d threads: "
					 "shared cache, n-thread rule) -> %s cy/CL, ", a->loop, a->block_size,
					 m->levels[c].name, a->block_size_chip, tchip, pt);
			else
				snprintf(t, sizeof(t), "block loop i%d to <= %lld for %s -> %s cy/CL, ", a->loop,
					 a->block_size, m->levels[c].name, pt);
			snprintf(a->text, sizeof(a->text), "%s", t);
			append_gains(a->text, sizeof(a->text), a);
			if (a->n_s_after > 0 && (p->data_level < 0 || p->data_level >= m->nlevels)) {
				snprintf(t, sizeof(t), "; saturates at %d cores", a->n_s_after);
				append(a->text, sizeof(a->text), t);
			}
			if (bsize < RL_ADVICE_MIN_BLOCK)
				append(a->text, sizeof(a->text), " (short block: loop overhead and prefetching "
				       "beyond the block end are not modelled)");
			char g1t[32], gct[32];
			gain_text(a->gain_1core, g1t, sizeof(g1t));
			gain_text(a->gain_chip, gct, sizeof(gct));
			snprintf(a->brief, sizeof(a->brief), "blocking i%d for %s at most %s on 1 core, %s on %d cores",
				 a->loop, m->levels[c].name, g1t, gct, a->chip_cores);
			(void)tcores;
		}
	}
}

/* Shared caches and the n-thread rule (seed 004 eq. 11, Fig. 6b): a condition that holds for
 * one thread but not for the chip's threads -> block for the chip's share of the cache. */
static void shared_blocking(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	const rl_machine *m = r->machine;
	if (!r->have_lc || !r->lc.all_known || p->chip_cores <= 1)
		return;
	int any = 0;
	for (int c = 0; c < m->nlevels; c++)
		any |= m->levels[c].shared_by > 1;
	if (!any)
		return;
	rl_lc_report *lc = malloc(sizeof(*lc));
	rl_traffic *t = malloc(sizeof(*t));
	char why[128];
	int threads = p->chip_cores;
	if (lc && t && rl_perf_lc_threads(r, threads, t, lc, why, sizeof(why))) {
		int lv = p->data_level >= 0 ? p->data_level : r->ecm.ntransfers;
		for (int c = 0; c < lc->nlevels && c < r->lc.nlevels; c++) {
			if (m->levels[c].shared_by <= 1)
				continue;
			for (int k = 0; k < lc->levels[c].ncond && k < r->lc.levels[c].ncond; k++) {
				if (lc->levels[c].cond[k].holds != 0 || r->lc.levels[c].cond[k].holds != 1
				    || lc->levels[c].cond[k].block_loop < 0)
					continue;
				rl_advice *a = push(l, RL_ADV_SPATIAL_BLOCKING, RL_ADV_EXACT, p);
				if (!a)
					break;
				a->has_after = 1;
				a->after = r->ecm;      /* the one-thread regime kept on every core */
				a->level = c;
				a->loop = lc->levels[c].cond[k].block_loop;
				a->block_size = -1;     /* one thread: the condition holds unblocked */
				a->block_size_chip = lc->levels[c].cond[k].block_size;
				a->gain_1core = 1.0;
				double wf = p->work_per_unit * p->clock_ghz * 1e9;
				double pb = before_at(p, p->chip_cores);
				a->gain_chip = pb > 0 ? wf * rel_perf(&a->after, lv, p->chip_cores) / pb : 1.0;
				pb = before_at(p, p->cores);
				a->gain = pb > 0 ? wf * rel_perf(&a->after, lv, p->cores) / pb : 1.0;
				char pt[128], g[32];
				pred_text(&a->after, pt, sizeof(pt));
				gain_text(a->gain_chip, g, sizeof(g));
				snprintf(a->text, sizeof(a->text), "with %d threads the %s layer condition breaks "
					 "(shared cache, n-thread rule %s / n): block loop i%d to <= %lld for %s "
					 "-> %s cy/CL on every core, 1x on 1 core, %s on %d cores", threads,
					 m->levels[c].name, m->levels[c].name, a->loop, a->block_size_chip,
					 m->levels[c].name, pt, g, a->chip_cores);
				if (a->cores > 1 && a->cores != a->chip_cores) {
					gain_text(a->gain, g, sizeof(g));
					char x[64];
					snprintf(x, sizeof(x), ", %s on %d cores", g, a->cores);
					append(a->text, sizeof(a->text), x);
				}
			}
		}
	}
	free(lc);
	free(t);
}

/* ------------------------------------------------------------ temporal blocking */

static void temporal_blocking(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	int nt = r->ecm.ntransfers;
	if (nt < 1 || (p->data_level >= 0 && p->data_level < nt) || r->ecm.t_transfer[nt - 1] <= 0)
		return;
	rl_advice *a = push(l, RL_ADV_TEMPORAL_BLOCKING, RL_ADV_BOUND, p);
	if (!a)
		return;
	a->has_after = 1;
	a->after = r->ecm;
	a->after.t_transfer[nt - 1] = 0;
	rl_ecm_predict(r->machine, &a->after);
	double wf = p->work_per_unit * p->clock_ghz * 1e9;
	a->gain_1core = rel_perf(&r->ecm, nt, 1) > 0 ? rel_perf(&a->after, nt, 1) / rel_perf(&r->ecm, nt, 1) : 1;
	double pb = before_at(p, p->chip_cores);
	a->gain_chip = pb > 0 ? wf * rel_perf(&a->after, nt, p->chip_cores) / pb : 1;
	pb = before_at(p, p->cores);
	a->gain = pb > 0 ? wf * rel_perf(&a->after, nt, p->cores) / pb : 1;
	char t1[32], t2[32], pt[128], g[32];
	num(r->ecm.t_transfer[nt - 1], t1, sizeof(t1));
	num(a->after.prediction[nt], t2, sizeof(t2));
	pred_text(&a->after, pt, sizeof(pt));
	snprintf(a->text, sizeof(a->text), "temporal blocking (upper bound: T_%sMem = %s cy removed) -> "
		 "%s cy/CL in memory, +%.0f %% on 1 core, ",
		 r->machine->nlevels ? r->machine->levels[r->machine->nlevels - 1].name : "", t1, t2,
		 (a->gain_1core - 1) * 100);
	gain_text(a->gain_chip, g, sizeof(g));
	char t[128];
	snprintf(t, sizeof(t), "%s on %d cores (no memory bottleneck: %d x the %s-resident core)", g,
		 a->chip_cores, a->chip_cores,
		 r->machine->nlevels ? r->machine->levels[r->machine->nlevels - 1].name : "cache");
	append(a->text, sizeof(a->text), t);
	snprintf(a->brief, sizeof(a->brief), "temporal blocking at most +%.0f %% on 1 core, %s on %d cores",
		 (a->gain_1core - 1) * 100, g, a->chip_cores);
	(void)pt;
}

/* ------------------------------------------------------------ in-core */

static double scale_of(const rl_report *r)
{
	int per_pass = r->body.iters_per_pass > 0 ? r->body.iters_per_pass : 1;
	return (double)r->traffic.iters_per_unit / per_pass;
}

static void incore_change(const rl_report *r, const rl_perf *p, rl_advice *a, double t_ol, double t_nol)
{
	a->has_after = 1;
	a->after = r->ecm;
	a->after.t_ol = t_ol;
	a->after.t_nol = t_nol;
	rl_ecm_predict(r->machine, &a->after);
	gains_same_traffic(a, r, p);
}

/* "-> {..} cy/CL, 1.5x on 1 core, 1.2x on 8 cores" */
static void after_text(char *buf, size_t len, const rl_advice *a)
{
	char pt[128];
	pred_text(&a->after, pt, sizeof(pt));
	append(buf, len, " -> ");
	append(buf, len, pt);
	append(buf, len, " cy/CL, ");
	append_gains(buf, len, a);
}

static const char *data_where(const rl_perf *p)
{
	return p->data_level >= 0 ? p->data_level_name : "MEM";
}

static void incore(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	const rl_incore *c = &r->incore;
	double s = scale_of(r);
	double others = c->t_frontend;
	if (c->t_throughput > others)
		others = c->t_throughput;
	int lv = p->data_level >= 0 ? p->data_level : r->ecm.ntransfers;
	char t1[32], t2[32], t[256];

	/* loop-carried chain */
	if (c->t_latency > 0 && c->t_latency >= c->t_ol - 1e-9 && c->t_latency > others + 1e-9) {
		rl_advice *a = push(l, RL_ADV_REASSOCIATE, RL_ADV_EXACT, p);
		if (a) {
			incore_change(r, p, a, others * s, r->ecm.t_nol);
			num(c->t_latency * s, t1, sizeof(t1));
			num(others * s, t2, sizeof(t2));
			snprintf(a->text, sizeof(a->text), "loop-carried dependency chain binds T_OL (%s cy/CL; "
				 "e.g. a strict FP reduction): more accumulators or reassociation "
				 "(-fassociative-math, part of -ffast-math) -> T_OL %s,", t1, t2);
			after_text(a->text, sizeof(a->text), a);
		}
	}

	/* divider */
	int div = -1;
	double rest = 0;
	for (int u = 0; u < c->nunits; u++) {
		int nol = c->port_model ? c->unit_nol[u] : rl_machine_unit_is_nol(r->machine, c->unit[u]);
		if (strstr(c->unit[u], "div"))
			div = u;
		else if (!nol && c->unit_cycles[u] > rest)
			rest = c->unit_cycles[u];
	}
	if (div >= 0 && c->unit_cycles[div] >= c->t_ol - 1e-9 && c->unit_cycles[div] > 0) {
		rl_advice *a = push(l, RL_ADV_DIVIDER, RL_ADV_EXACT, p);
		if (a) {
			double ol = rest;
			if (c->t_frontend > ol)
				ol = c->t_frontend;
			if (c->t_latency > ol)
				ol = c->t_latency;
			incore_change(r, p, a, ol * s, r->ecm.t_nol);
			num(c->unit_cycles[div] * s, t1, sizeof(t1));
			num(ol * s, t2, sizeof(t2));
			if (a->gain_1core < RL_ADVICE_WORTH) {
				char tl[32];
				num(r->ecm.prediction[lv], tl, sizeof(tl));
				snprintf(a->text, sizeof(a->text), "divider-bound core (T_OL %s cy/CL) but with data "
					 "in %s the transfers hide it: removing the divide (T_OL %s) is not worth it, "
					 "prediction stays %s cy/CL", t1, data_where(p), t2, tl);
				char tl1[32], tol[32];
				num(a->after.prediction[0], tl1, sizeof(tl1));
				num(r->ecm.prediction[0], tol, sizeof(tol));
				snprintf(t, sizeof(t), " (in L1: %s -> %s cy/CL)", tol, tl1);
				append(a->text, sizeof(a->text), t);
			} else {
				snprintf(a->text, sizeof(a->text), "divider-bound core (T_OL %s cy/CL): replace the "
					 "divide (multiply by a reciprocal) -> T_OL %s,", t1, t2);
				after_text(a->text, sizeof(a->text), a);
			}
		}
	}

	/* not vectorised (FP work, scalar code) */
	int lanes_max = 0;
	for (int i = 0; i < r->body.ninsns; i++)
		if (r->body.insns[i].width > lanes_max)
			lanes_max = r->body.insns[i].width;
	if (r->have_body && r->body.vector_factor <= 1 && p->flops_per_unit > 0) {
		int elem = r->traffic.elem_size > 0 ? r->traffic.elem_size * 8 : 64;
		int simd = 256;  /* AVX width: the widest SIMD of every bundled machine's FP path */
		for (int f = 0; f < r->machine->nflops; f++)
			if (r->machine->flops[f].width > simd)
				simd = r->machine->flops[f].width;
		int lanes = simd / elem;
		if (lanes > 1) {
			rl_advice *a = push(l, RL_ADV_VECTORISE, RL_ADV_BOUND, p);
			if (a) {
				double ol = r->ecm.t_ol / lanes, nol = r->ecm.t_nol / lanes;
				if (c->t_latency >= c->t_ol - 1e-9)
					ol = r->ecm.t_ol;  /* a chain stays a chain without reassociation */
				incore_change(r, p, a, ol, nol);
				snprintf(a->text, sizeof(a->text), "not vectorised (scalar code): %d-lane SIMD "
					 "(upper bound, in-core terms / %d)", lanes, lanes);
				after_text(a->text, sizeof(a->text), a);
			}
		}
	}
	(void)lanes_max;

	/* ports: T_OL binds the time at the data level and neither chain nor divider explains it */
	double tl = r->ecm.prediction[lv];
	if (c->port_model && r->ecm.t_ol >= tl - 1e-9 && (div < 0 || c->unit_cycles[div] < c->t_ol - 1e-9)
	    && !(c->t_latency >= c->t_ol - 1e-9)) {
		double next = r->ecm.t_nol;
		for (int b = 0; b < lv && b < r->ecm.ntransfers; b++)
			next += r->ecm.t_transfer[b];
		if (next < tl - 1e-9) {
			rl_advice *a = push(l, RL_ADV_PORTS, RL_ADV_BOUND, p);
			if (a) {
				incore_change(r, p, a, next, r->ecm.t_nol);
				num(r->ecm.t_ol, t1, sizeof(t1));
				snprintf(a->text, sizeof(a->text), "port-bound core (%s: T_OL %s cy/CL): fewer "
					 "uops on those ports (upper bound: T_OL down to the next term)", c->bottleneck, t1);
				after_text(a->text, sizeof(a->text), a);
			}
		}
	}
}

/* ------------------------------------------------------------ memory */

static void streaming_stores(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	int nt = r->ecm.ntransfers, b = nt - 1;
	if (b < 0 || (p->data_level >= 0 && p->data_level < nt) || r->traffic.wa_lines[b] <= 0
	    || r->nest->nontemporal_stores)
		return;
	double all = r->traffic.load_lines[b] + r->traffic.wa_lines[b] + r->traffic.evict_lines[b];
	if (all <= 0)
		return;
	rl_advice *a = push(l, RL_ADV_STREAMING_STORES, RL_ADV_BOUND, p);
	if (!a)
		return;
	a->has_after = 1;
	a->after = r->ecm;
	a->after.t_transfer[b] = r->ecm.t_transfer[b] * (all - r->traffic.wa_lines[b]) / all;
	rl_ecm_predict(r->machine, &a->after);
	gains_same_traffic(a, r, p);
	char w[32], al[32];
	num(r->traffic.wa_lines[b], w, sizeof(w));
	num(all, al, sizeof(al));
	snprintf(a->text, sizeof(a->text), "streaming (non-temporal) stores: %s of %s lines per unit at "
		 "the memory interface are write-allocates (outside the ECM assumptions, seed 004 "
		 "Sect. 4.4: the gain is an estimate)", w, al);
	after_text(a->text, sizeof(a->text), a);
}

static void saturation(const rl_report *r, const rl_perf *p, rl_advice_list *l)
{
	if (!p->n_s || p->n_s >= p->chip_cores || (p->data_level >= 0 && p->data_level < r->ecm.ntransfers))
		return;
	rl_advice *a = push(l, RL_ADV_SATURATION, RL_ADV_INFO, p);
	if (!a)
		return;
	char pt[48], pn[48];
	rl_perf_text(p->perf_sat, p->work, pt, sizeof(pt));
	rl_perf_text(p->perf_cores, p->work, pn, sizeof(pn));
	snprintf(a->text, sizeof(a->text), "memory bandwidth saturates at %d cores (%s): more threads "
		 "do not help; %d of the %d cores are enough", p->n_s, pt, p->n_s, p->chip_cores);
	double best = 0;
	int at = 0;
	for (int i = 0; i < p->nscaling; i++)
		if (p->scaling[i].perf > best * (1 + 1e-9)) {
			best = p->scaling[i].perf;
			at = p->scaling[i].n;
		}
	if (p->nscaling && p->scaling[p->nscaling - 1].perf < best * 0.95) {
		char pb[48], pe[48], t[256];
		rl_perf_text(best, p->work, pb, sizeof(pb));
		rl_perf_text(p->scaling[p->nscaling - 1].perf, p->work, pe, sizeof(pe));
		snprintf(t, sizeof(t), "; more threads hurt: beyond %d cores the shared-cache layer "
			 "condition breaks (n-thread rule), %s on %d cores vs %s on %d", at, pe,
			 p->scaling[p->nscaling - 1].n, pb, at);
		append(a->text, sizeof(a->text), t);
	}
	if (p->cores > p->n_s) {
		char t[128];
		snprintf(t, sizeof(t), " (cores=%d gives %s)", p->cores, pn);
		append(a->text, sizeof(a->text), t);
	}
}

static int gains(const rl_advice *a)
{
	return a->gain >= RL_ADVICE_WORTH || a->gain_1core >= RL_ADVICE_WORTH
		|| a->gain_chip >= RL_ADVICE_WORTH;
}

void rl_advice_compute(rl_report *r)
{
	rl_advice_list *l = &r->advice;
	memset(l, 0, sizeof(*l));
	if (!r->analysed || !r->perf.valid)
		return;
	const rl_perf *p = &r->perf;
	spatial_blocking(r, p, l);
	shared_blocking(r, p, l);
	temporal_blocking(r, p, l);
	incore(r, p, l);
	streaming_stores(r, p, l);
	saturation(r, p, l);
	int worth = 0;
	for (int i = 0; i < l->n; i++)
		if (l->a[i].cls != RL_ADV_INFO && gains(&l->a[i]))
			worth = 1;
	/* a change that gains nothing is not advice (the divider note says so itself) */
	int k = 0;
	for (int i = 0; i < l->n; i++)
		if (l->a[i].cls == RL_ADV_INFO || l->a[i].kind == RL_ADV_DIVIDER || gains(&l->a[i]))
			l->a[k++] = l->a[i];
	l->n = k;
	if (!worth) {
		rl_advice *a = push(l, RL_ADV_AT_BOUND, RL_ADV_INFO, p);
		if (a) {
			int lv = p->data_level >= 0 ? p->data_level : r->ecm.ntransfers;
			char tl[32];
			num(r->ecm.prediction[lv], tl, sizeof(tl));
			snprintf(a->text, sizeof(a->text), "at its best bound (%s cy/CL with data in %s): no "
				 "change the model knows gains more than %.0f %%", tl, data_where(p),
				 (RL_ADVICE_WORTH - 1) * 100);
		}
	}
	rl_advice_rank(l->a, l->n);
	/* a divider note that gains nothing goes behind the rest */
	for (int i = 0; i + 1 < l->n; i++)
		if (l->a[i].kind == RL_ADV_DIVIDER && l->a[i].gain < RL_ADVICE_WORTH) {
			rl_advice d = l->a[i];
			memmove(&l->a[i], &l->a[i + 1], (l->n - i - 1) * sizeof(d));
			l->a[l->n - 1] = d;
			break;
		}
}
