/* Blocking advice (model/advice.h): spatial blocking for a violated layer condition, for a
 * shared cache under the n-thread rule, and the temporal-blocking upper bound (Stengel et al.,
 * ICS 2015, eq. 11 and Sect. 5.2). */
#include "model/advice-kinds.h"
#include "model/perf.h"

#include <stdlib.h>

/* Threads sharing level C of M when N cores are active (1: a private level). */
static int sharing_threads(const rl_machine *m, int c, int n)
{
	int shared_by = m->levels[c].shared_by;
	return shared_by > 1 ? (n < shared_by ? n : shared_by) : 1;
}

/* ------------------------------------------------------------ spatial blocking */

/* The ECM of the nest with REGIME made to hold from level C on (the other levels keep the
 * regime they have); 0 when perf cannot evaluate it. */
static int blocked_ecm(const rl_advice_inputs *in, int c, int regime, rl_ecm *after)
{
	const rl_lc_report *lc = in->lc;
	int per[RL_MAX_LEVELS];
	for (int x = 0; x < lc->nlevels; x++) {
		per[x] = lc->levels[x].regime;
		if (x >= c && regime > per[x])
			per[x] = regime;
	}
	char why[128];
	return rl_perf_ecm_regimes(in->report, per, after, NULL, why, sizeof(why));
}

/* The chip and configured-cores gains and the saturation point of blocking A: the blocked
 * regime holds at every n with the n-thread block size; before, the n-thread layer
 * conditions of the unblocked nest. */
static void blocked_gains(const rl_advice_inputs *in, int lv, rl_advice *a)
{
	const rl_perf *p = in->perf;
	a->gain_chip = rl_advice_gain_scaled(p, &a->after, lv, p->chip_cores);
	a->gain = rl_advice_gain_scaled(p, &a->after, lv, p->cores);
	int nt = a->after.ntransfers;
	a->n_s_after = nt ? rl_perf_saturation(a->after.prediction[nt], a->after.t_transfer[nt - 1]) : 0;
}

/* Advice for condition K of level C, violated at the known sizes, when blocking gains; 0 when
 * the list is full. */
static int block_condition(const rl_advice_inputs *in, int c, int k, rl_advice_list *l)
{
	const rl_perf *p = in->perf;
	int lv = rl_advice_data_level(in);
	int bloop = in->lc->levels[c].cond[k].block_loop;
	long long bsize = in->lc->levels[c].cond[k].block_size;
	rl_ecm after;
	if (!blocked_ecm(in, c, in->lc->levels[c].cond[k].regime, &after))
		return 1;
	double g1 = rl_advice_gain(in->ecm, &after, lv, 1);
	if (g1 < 1.0 + 1e-9 && p->data_level >= 0 && p->data_level < c)
		return 1;  /* the data fits a higher level: nothing to gain */
	rl_advice *a = rl_advice_push(l, RL_ADV_SPATIAL_BLOCKING, bsize < RL_ADVICE_MIN_BLOCK
				      ? RL_ADV_BOUND : RL_ADV_EXACT, p);
	if (!a)
		return 0;
	a->has_after = 1;
	a->after = after;
	a->level = c;
	a->loop = bloop;
	a->block_size = bsize;
	a->block_threads = sharing_threads(in->machine, c, p->chip_cores);
	a->block_size_chip = bsize / (a->block_threads > 0 ? a->block_threads : 1);
	a->gain_1core = g1;
	blocked_gains(in, lv, a);
	return 1;
}

/* One candidate per (level, condition): the best regime made to hold from that level on. */
void rl_advice_spatial_blocking(const rl_advice_inputs *in, rl_advice_list *l)
{
	if (!in->lc || !in->lc->all_known)
		return;
	for (int c = 0; c < in->lc->nlevels; c++)
		for (int k = 0; k < in->lc->levels[c].ncond; k++) {
			if (in->lc->levels[c].cond[k].holds != 0 || in->lc->levels[c].cond[k].block_loop < 0
			    || in->lc->levels[c].cond[k].block_size < 1)
				continue;
			if (!block_condition(in, c, k, l))
				return;
		}
}

/* ------------------------------------------------------------ shared caches */

static int any_shared_level(const rl_machine *m)
{
	for (int c = 0; c < m->nlevels; c++)
		if (m->levels[c].shared_by > 1)
			return 1;
	return 0;
}

/* Advice for the chip's layer conditions LC (THREADS threads) against the one-thread ones:
 * a shared level whose condition holds for one thread and breaks for the chip. */
static void block_for_threads(const rl_advice_inputs *in, const rl_lc_report *lc, int threads,
			      rl_advice_list *l)
{
	const rl_machine *m = in->machine;
	const rl_perf *p = in->perf;
	int lv = rl_advice_data_level(in);
	for (int c = 0; c < lc->nlevels && c < in->lc->nlevels; c++) {
		if (m->levels[c].shared_by <= 1)
			continue;
		for (int k = 0; k < lc->levels[c].ncond && k < in->lc->levels[c].ncond; k++) {
			if (lc->levels[c].cond[k].holds != 0 || in->lc->levels[c].cond[k].holds != 1
			    || lc->levels[c].cond[k].block_loop < 0)
				continue;
			/* the one-thread regime kept on every core */
			rl_advice *a = rl_advice_push_change(l, RL_ADV_SPATIAL_BLOCKING, RL_ADV_EXACT, in);
			if (!a)
				break;
			a->level = c;
			a->loop = lc->levels[c].cond[k].block_loop;
			a->block_size = -1;     /* one thread: the condition holds unblocked */
			a->block_size_chip = lc->levels[c].cond[k].block_size;
			a->block_threads = threads;
			a->gain_1core = 1.0;
			a->gain_chip = rl_advice_gain_scaled(p, &a->after, lv, p->chip_cores);
			a->gain = rl_advice_gain_scaled(p, &a->after, lv, p->cores);
		}
	}
}

/* Shared caches and the n-thread rule (the paper's eq. 11, Fig. 6b): a condition that holds
 * for one thread but not for the chip's threads -> block for the chip's share of the cache. */
void rl_advice_shared_blocking(const rl_advice_inputs *in, rl_advice_list *l)
{
	if (!in->lc || !in->lc->all_known || in->perf->chip_cores <= 1 || !any_shared_level(in->machine))
		return;
	rl_lc_report *lc = malloc(sizeof(*lc));
	rl_traffic *t = malloc(sizeof(*t));
	char why[128];
	int threads = in->perf->chip_cores;
	if (lc && t && rl_perf_lc_threads(in->report, threads, t, lc, why, sizeof(why)))
		block_for_threads(in, lc, threads, l);
	free(lc);
	free(t);
}

/* ------------------------------------------------------------ temporal blocking */

/* Upper bound: T_L3Mem removed (data effectively in the last cache), the paper's Sect. 5.2. */
void rl_advice_temporal_blocking(const rl_advice_inputs *in, rl_advice_list *l)
{
	const rl_perf *p = in->perf;
	int nt = in->ecm->ntransfers;
	if (nt < 1 || (p->data_level >= 0 && p->data_level < nt) || in->ecm->t_transfer[nt - 1] <= 0)
		return;
	rl_advice *a = rl_advice_push_change(l, RL_ADV_TEMPORAL_BLOCKING, RL_ADV_BOUND, in);
	if (!a)
		return;
	a->t_bound = in->ecm->t_transfer[nt - 1];
	a->after.t_transfer[nt - 1] = 0;
	rl_ecm_predict(in->machine, &a->after);
	a->gain_1core = rl_advice_gain(in->ecm, &a->after, nt, 1);
	a->gain_chip = rl_advice_gain_scaled(p, &a->after, nt, p->chip_cores);
	a->gain = rl_advice_gain_scaled(p, &a->after, nt, p->cores);
}
