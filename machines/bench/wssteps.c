/* roofline-bench: link costs per working set inside a level (machines/bench/wssteps.h). */
#include "machines/bench/wssteps.h"

#include <math.h>
#include <string.h>

void rlb_wssteps_plan(rlb_calsizes *s, int nlevels, const long long *size, const int *shared)
{
	memset(s, 0, sizeof *s);
	s->nlevels = nlevels;
	for (int L = 1; L < nlevels && L < RL_MAX_LEVELS; L++) {
		double below = (double)size[L - 1], here = (double)size[L], lo, hi;
		if (L < nlevels - 1) {
			lo = 4 * below;
			hi = 0.7 * here;
		} else {
			lo = 2 * below;
			hi = fmax(fmin(here / (shared[L] > 1 ? shared[L] : 1), 16 * below), 4 * below);
		}
		if (!(hi > 1.5 * lo))
			continue;
		s->n[L] = RLB_WS_N;
		for (int i = 0; i < RLB_WS_N; i++)
			s->ws[L][i] = (long long)(lo * pow(hi / lo, (double)i / (RLB_WS_N - 1)) / 4096)
				      * 4096;
	}
}

/* the squared residual of a step after NB of the N ratios R: median below, 1 above */
static double step_sse(const double *r, int n, int nb, double *factor)
{
	double sse = 0;
	*factor = rlb_calsizes_median(r, nb);
	for (int i = 0; i < n; i++) {
		double d = r[i] - (i < nb ? *factor : 1);
		sse += d * d;
	}
	return sse;
}

/* the smallest of the N values V that are > 0 (0 if none): noise only slows a kernel */
static double min_positive(const double *v, int n)
{
	double m = 0;
	for (int i = 0; i < n; i++)
		if (v[i] > 0 && (m == 0 || v[i] < m))
			m = v[i];
	return m;
}

/* per size of level L the median over the fitted kernels (WO: only those that read nothing)
 * of t / t_ref; 0 where none */
static void level_ratios(const rlb_calsizes *s, const rlb_cal *c, int L, int wo, double *ratio)
{
	int n = s->n[L];
	for (int i = 0; i < n; i++) {
		double r[RLB_CAL_MAXK];
		int m = 0;
		for (int k = 0; k < c->nk && k < RLB_CAL_MAXK; k++) {
			if (!c->k[k].fitted || (wo && c->k[k].reads))
				continue;
			double ref = min_positive(&s->t[k][L][n - 3], 3);
			if (ref > 0 && s->t[k][L][i] > 0)
				r[m++] = s->t[k][L][i] / ref;
		}
		ratio[i] = rlb_calsizes_median(r, m);
	}
}

int rlb_wssteps_fit(const rlb_calsizes *s, const rlb_cal *c, int L, rlb_ws_step *st)
{
	memset(st, 0, sizeof *st);
	int n = s->n[L];
	if (L < 1 || L >= s->nlevels || n < 4)
		return 0;
	level_ratios(s, c, L, 0, st->ratio);
	level_ratios(s, c, L, 1, st->ratio_wo);
	for (int i = 0; i < n; i++)
		if (!(st->ratio[i] > 0))
			return 0;
	double best = -1;
	for (int nb = 1; nb <= n - 3; nb++) {
		double f, sse = step_sse(st->ratio, n, nb, &f);
		if (best < 0 || sse < best) {
			best = sse;
			st->nbelow = nb;
			st->factor = f;
		}
	}
	st->write_only = rlb_calsizes_median(st->ratio_wo, st->nbelow);
	double mid = sqrt((double)s->ws[L][st->nbelow - 1] * (double)s->ws[L][st->nbelow]);
	st->below = floor(mid / 1024) * 1024;
	st->found = st->factor >= RLB_WS_MIN_FACTOR;
	return st->found;
}

void rlb_wssteps_combine(rlb_calsizes *out, const rlb_calsizes *a, int n)
{
	*out = a[0];
	for (int x = 1; x < n; x++)
		for (int k = 0; k < RLB_CAL_MAXK; k++)
			for (int L = 0; L < RL_MAX_LEVELS; L++)
				for (int i = 0; i < RLB_CS_MAXN; i++) {
					double v = a[x].t[k][L][i], *o = &out->t[k][L][i];
					if (v > 0 && (!(*o > 0) || v < *o))
						*o = v;
				}
}

int rlb_wssteps_confirm(rlb_ws_step *st, const rlb_ws_step *set, int n)
{
	double lo = 0, hi = 0;
	int all = n > 0;
	for (int x = 0; x < n && x < RLB_WS_SETS; x++) {
		double f = set[x].nbelow ? set[x].factor : 0;
		st->set_factor[x] = f;
		if (!(f >= RLB_WS_MIN_FACTOR))
			all = 0;
		if (x == 0 || f < lo)
			lo = f;
		if (x == 0 || f > hi)
			hi = f;
	}
	st->sets = n < RLB_WS_SETS ? n : RLB_WS_SETS;
	st->confirmed = all && hi - lo <= RLB_WS_CONFIRM * (st->factor - 1);
	st->found = st->found && st->confirmed;
	return st->found;
}

int rlb_wssteps_reference(const rlb_calsizes *s, rlb_cal *c, int L)
{
	int n = L >= 1 && L < RL_MAX_LEVELS ? s->n[L] : 0, done = 0;
	if (n < 4)
		return 0;
	for (int k = 0; k < c->nk && k < RLB_CAL_MAXK; k++) {
		double ref = min_positive(&s->t[k][L][n - 3], 3);
		if (ref > 0) {
			c->k[k].t[L] = ref;
			done++;
		}
	}
	return done;
}

int rlb_wssteps_apply(const rlb_calsizes *s, const rlb_ws_step *st, rl_machine *m)
{
	int written = 0;
	for (int L = 1; L < s->nlevels && L < m->nlevels; L++) {
		rl_cache_level *lv = &m->levels[L - 1];
		lv->small_below = lv->small_factor = lv->small_write_only = 0;
		if (!st[L].found || !(st[L].below > (double)lv->size))
			continue;
		lv->small_below = st[L].below;
		lv->small_factor = round(st[L].factor * 100) / 100;
		double wo = st[L].write_only;
		if (wo > 0)
			lv->small_write_only = fabs(wo - 1) < RLB_WS_MIN_FACTOR - 1 ? 1
					       : round(wo * 100) / 100;
		written++;
	}
	return written;
}

void rlb_wssteps_print(FILE *f, const rlb_calsizes *s, const rlb_ws_step *st, const rlb_cal *c,
		       const char *prefix)
{
	static const char *const names[] = { "L1", "L2", "L3", "L4" };
	for (int L = 1; L < s->nlevels && L < RL_MAX_LEVELS; L++) {
		if (!s->n[L])
			continue;
		fprintf(f, "%s%-4s %-13s", prefix, names[L], "working set");
		for (int i = 0; i < s->n[L]; i++)
			rlb_calsizes_print_size(f, s->ws[L][i]);
		fprintf(f, "\n");
		for (int k = 0; k < c->nk && k < RLB_CAL_MAXK; k++) {
			fprintf(f, "%s%-4s %-13s", prefix, names[L], c->k[k].name);
			for (int i = 0; i < s->n[L]; i++)
				fprintf(f, " %7.2f", s->t[k][L][i]);
			fprintf(f, "%s\n", c->k[k].fitted ? "" : "  (held out)");
		}
		fprintf(f, "%s%-4s %-13s", prefix, names[L], "ratio");
		for (int i = 0; i < s->n[L]; i++)
			fprintf(f, " %7.3f", st[L].ratio[i]);
		if (st[L].nbelow && st[L].sets) {
			fprintf(f, "  step: x %.3f below %.0f KiB; sets", st[L].factor,
				st[L].below / 1024);
			for (int x = 0; x < st[L].sets; x++)
				fprintf(f, " x %.3f", st[L].set_factor[x]);
			fprintf(f, "%s\n", st[L].found ? " (confirmed)" : st[L].factor <
				RLB_WS_MIN_FACTOR ? " (too small: not written)" :
				" (not confirmed by every set: not written)");
		} else if (st[L].nbelow)
			fprintf(f, "  step: x %.3f below %.0f KiB%s\n", st[L].factor,
				st[L].below / 1024, st[L].found ? "" : " (too small: not written)");
		else
			fprintf(f, "  no step fitted\n");
		fprintf(f, "%s%-4s %-13s", prefix, names[L], "ratio w-only");
		for (int i = 0; i < s->n[L]; i++)
			fprintf(f, " %7.3f", st[L].ratio_wo[i]);
		if (st[L].nbelow)
			fprintf(f, "  write_only: x %.3f\n", st[L].write_only);
		else
			fprintf(f, "  no step fitted\n");
	}
}
