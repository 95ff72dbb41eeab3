/* The page-walk term (see tlb.h; docs/model.md, "Page walks"). */
#include "model/tlb.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* trip count of loop K of NEST with the enclosing iterators in IT; 0 when unknown */
static double loop_trip(const rl_nest *nest, int k, const long long *it)
{
	const rl_loop *L = &nest->loops[k];
	long long lo, hi;
	if (!rl_aff_eval(nest, &L->lower, it, &lo) || !rl_aff_eval(nest, &L->upper, it, &hi) ||
	    L->step == 0)
		return 0;
	long long span = L->step > 0 ? hi - lo : lo - hi;
	long long step = L->step > 0 ? L->step : -L->step;
	return span > 0 ? (double)((span + step - 1) / step) : 0;
}

double rl_tlb_inner_trip(const rl_nest *nest)
{
	long long it[RL_MAX_LOOPS] = { 0 };
	int inner = nest->nloops - 1;
	for (int k = 0; k < inner; k++) {
		double n = loop_trip(nest, k, it);
		long long lo;
		if (!(n > 0) || !rl_aff_eval(nest, &nest->loops[k].lower, it, &lo))
			return 0;
		it[k] = lo + nest->loops[k].step * (long long)(n / 2);
	}
	return inner >= 0 ? loop_trip(nest, inner, it) : 0;
}

/* pages of one sweep of TRIP iterations of a stream of byte stride STRIDE */
static double sweep_pages(double trip, long long stride)
{
	double per = (double)llabs(stride) / RL_TLB_PAGE;
	return per >= 1 ? trip : ceil(trip * per) + 1;
}

void rl_tlb_analyse(const rl_nest *nest, const rl_machine *m, const rl_traffic *t,
		    rl_tlb_term *out)
{
	memset(out, 0, sizeof(*out));
	out->level = -1;
	double trip = m->ntlb > 0 && nest->nloops > 0 ? rl_tlb_inner_trip(nest) : 0;
	if (!(trip > 0))
		return;
	int line = rl_machine_line_bytes(m), inner = nest->nloops - 1;
	for (int s = 0; s < t->nstreams; s++) {
		long long stride;
		const rl_access *a = &nest->accesses[t->streams[s].first_access];
		if (!rl_access_stride_bytes(nest, a, inner, &stride))
			return;   /* a stream of unknown stride: its pages are not known */
		out->pages += sweep_pages(trip, stride);
		if (llabs(stride) < line)
			continue;
		double per = (double)llabs(stride) / RL_TLB_PAGE;
		out->page_touches += t->iters_per_unit * (per < 1 ? per : 1);
		out->nstrided++;
	}
	out->known = 1;
	for (int i = 0; i < m->ntlb; i++) {
		const rl_tlb_level *L = &m->tlb[i];
		if (L->page != RL_TLB_PAGE || out->pages <= L->entries)
			continue;
		/* a cyclic sweep over P pages with E entries: the fraction of page touches that miss
		   grows from 0 at P = E to 1 at P = 2E (measured, docs/model.md) */
		double frac = (out->pages - L->entries) / L->entries;
		out->missed++;
		out->miss_cycles += (frac < 1 ? frac : 1) * L->miss_cycles;
		if (out->level < 0 || L->entries > m->tlb[out->level].entries)
			out->level = i;
	}
	out->cycles = out->page_touches * out->miss_cycles;
}
