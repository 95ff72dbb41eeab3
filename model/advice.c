/* Optimisation advice (model/advice.h): the gain rule every kind shares, the selection of the
 * advice worth giving and its ranking.  The kinds are in advice-blocking.c, advice-incore.c
 * and advice-memory.c; diag/advice-text.c writes the sentences. */
#include "model/advice.h"
#include "model/advice-kinds.h"
#include "model/perf.h"
#include "model/report.h"

#include <string.h>

const char *rl_advice_kind_name(rl_advice_kind k)
{
	static const char *names[] = { "spatial-blocking", "temporal-blocking", "reassociate",
				       "vectorise", "divider", "ports", "streaming-stores",
				       "saturation", "at-bound", "local-accumulator" };
	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

/* ------------------------------------------------------------ gains */

int rl_advice_data_level(const rl_advice_inputs *in)
{
	return in->perf->data_level >= 0 ? in->perf->data_level : in->ecm->ntransfers;
}

double rl_advice_gain(const rl_ecm *before, const rl_ecm *after, int lv, int n)
{
	/* the factor W f of P cancels in the ratio: one unit of work at 1 GHz */
	double b = rl_perf_ecm_at_level(before, lv, n, 1, 1), a = rl_perf_ecm_at_level(after, lv, n, 1, 1);
	return b > 0 ? a / b : 1.0;
}

/* P(n) before, from the scaling table (n-thread layer conditions). */
static double perf_before(const rl_perf *p, int n)
{
	if (n >= 1 && n <= p->nscaling)
		return p->scaling[n - 1].perf;
	return p->perf_cores;
}

double rl_advice_gain_scaled(const rl_perf *p, const rl_ecm *after, int lv, int n)
{
	double before = perf_before(p, n);
	if (!(before > 0))
		return 1.0;
	return rl_perf_ecm_at_level(after, lv, n, p->work_per_unit, p->clock_ghz) / before;
}

void rl_advice_gains_same_traffic(rl_advice *a, const rl_advice_inputs *in)
{
	int lv = rl_advice_data_level(in);
	a->gain_1core = rl_advice_gain(in->ecm, &a->after, lv, 1);
	a->gain_chip = rl_advice_gain(in->ecm, &a->after, lv, in->perf->chip_cores);
	a->gain = rl_advice_gain(in->ecm, &a->after, lv, in->perf->cores);
}

/* ------------------------------------------------------------ the list */

rl_advice *rl_advice_push(rl_advice_list *l, rl_advice_kind k, rl_advice_class c, const rl_perf *p)
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

rl_advice *rl_advice_push_change(rl_advice_list *l, rl_advice_kind k, rl_advice_class c,
				 const rl_advice_inputs *in)
{
	rl_advice *a = rl_advice_push(l, k, c, in->perf);
	if (a) {
		a->has_after = 1;
		a->after = *in->ecm;
	}
	return a;
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

static int gains(const rl_advice *a)
{
	return a->gain >= RL_ADVICE_WORTH || a->gain_1core >= RL_ADVICE_WORTH
		|| a->gain_chip >= RL_ADVICE_WORTH;
}

/* Keep the information and the advice that gains (a divider that gains nothing stays: its
 * note says so itself).  Returns 1 when some advice gains. */
static int keep_worth(rl_advice_list *l)
{
	int worth = 0, k = 0;
	for (int i = 0; i < l->n; i++)
		if (l->a[i].cls != RL_ADV_INFO && gains(&l->a[i]))
			worth = 1;
	for (int i = 0; i < l->n; i++)
		if (l->a[i].cls == RL_ADV_INFO || l->a[i].kind == RL_ADV_DIVIDER || gains(&l->a[i]))
			l->a[k++] = l->a[i];
	l->n = k;
	return worth;
}

/* A divider note that gains nothing goes behind the rest. */
static void divider_last(rl_advice_list *l)
{
	for (int i = 0; i + 1 < l->n; i++)
		if (l->a[i].kind == RL_ADV_DIVIDER && l->a[i].gain < RL_ADVICE_WORTH) {
			rl_advice d = l->a[i];
			memmove(&l->a[i], &l->a[i + 1], (l->n - i - 1) * sizeof(d));
			l->a[l->n - 1] = d;
			break;
		}
}

void rl_advice_list_compute(const rl_advice_inputs *in, rl_advice_list *l)
{
	memset(l, 0, sizeof(*l));
	if (!in->perf->valid)
		return;
	rl_advice_spatial_blocking(in, l);
	rl_advice_shared_blocking(in, l);
	rl_advice_temporal_blocking(in, l);
	rl_advice_incore(in, l);
	rl_advice_streaming_stores(in, l);
	rl_advice_saturation(in, l);
	if (!keep_worth(l)) {
		rl_advice *a = rl_advice_push(l, RL_ADV_AT_BOUND, RL_ADV_INFO, in->perf);
		if (a)
			a->t_data = in->ecm->prediction[rl_advice_data_level(in)];
	}
	rl_advice_rank(l->a, l->n);
	divider_last(l);
}

void rl_advice_compute(rl_report *r)
{
	if (!r->analysed || !r->perf.valid) {
		memset(&r->advice, 0, sizeof(r->advice));
		return;
	}
	rl_advice_inputs in = {
		.machine = r->machine,
		.ecm = &r->ecm,
		.perf = &r->perf,
		.incore = &r->incore,
		.body = &r->body,
		.have_body = r->have_body,
		.traffic = &r->traffic,
		.lc = r->have_lc ? &r->lc : NULL,
		.nontemporal_stores = r->nest && r->nest->nontemporal_stores,
		.report = r,
	};
	rl_advice_list_compute(&in, &r->advice);
}
