/* Memory advice (model/advice.h): streaming stores and the saturation of the memory
 * bandwidth. */
#include "model/advice-kinds.h"

/* Write-allocate lines at the memory interface: the gain without them (outside the ECM
 * assumptions, Stengel et al., ICS 2015, Sect. 4.4: an estimate). */
void rl_advice_streaming_stores(const rl_advice_inputs *in, rl_advice_list *l)
{
	const rl_traffic *tr = in->traffic;
	int nt = in->ecm->ntransfers, b = nt - 1;
	if (b < 0 || (in->perf->data_level >= 0 && in->perf->data_level < nt) || tr->wa_lines[b] <= 0
	    || in->nontemporal_stores)
		return;
	double all = rl_ecm_boundary_lines(tr, b);
	if (all <= 0)
		return;
	rl_advice *a = rl_advice_push_change(l, RL_ADV_STREAMING_STORES, RL_ADV_BOUND, in);
	if (!a)
		return;
	a->wa_lines = tr->wa_lines[b];
	a->lines = all;
	a->after.t_transfer[b] = in->ecm->t_transfer[b] * (all - tr->wa_lines[b]) / all;
	rl_ecm_predict(in->machine, &a->after);
	rl_advice_gains_same_traffic(a, in);
}

/* The memory bandwidth saturates at n_S cores, fewer than the chip's; with the peak of P(n)
 * when more threads lose more than 5 % (a shared-cache condition breaking, n-thread rule). */
void rl_advice_saturation(const rl_advice_inputs *in, rl_advice_list *l)
{
	const rl_perf *p = in->perf;
	int in_cache = p->data_level >= 0 && p->data_level < in->ecm->ntransfers;
	if (!p->n_s || p->n_s >= p->chip_cores || in_cache)
		return;
	rl_advice *a = rl_advice_push(l, RL_ADV_SATURATION, RL_ADV_INFO, p);
	if (!a)
		return;
	double best = 0;
	int at = 0;
	for (int i = 0; i < p->nscaling; i++)
		if (p->scaling[i].perf > best * (1 + 1e-9)) {
			best = p->scaling[i].perf;
			at = p->scaling[i].n;
		}
	if (p->nscaling && p->scaling[p->nscaling - 1].perf < best * 0.95) {
		a->peak_cores = at;
		a->peak_perf = best;
	}
}
