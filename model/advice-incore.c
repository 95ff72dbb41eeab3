/* In-core advice (model/advice.h): reassociation of a loop-carried chain, the divider,
 * vectorisation and the ports.  Each changes T_OL and T_nOL only, so the traffic and its
 * multicore rule stay (rl_advice_gains_same_traffic). */
#include "model/advice-kinds.h"

#include <string.h>

/* What the in-core advice reads of the nest, in core cycles per pass of the body unless said. */
typedef struct incore_terms {
	const rl_incore *c;
	double per_unit;        /* passes of the body per unit of work (the ECM's scale) */
	double others;          /* the larger of the front end and the port throughput */
	int div;                /* the divider's unit, -1 none */
	double rest;            /* the busiest overlapping unit other than the divider */
} incore_terms;

static void incore_terms_of(const rl_advice_inputs *in, incore_terms *t)
{
	const rl_incore *c = in->incore;
	int per_pass = in->body->iters_per_pass > 0 ? in->body->iters_per_pass : 1;
	t->c = c;
	t->per_unit = (double)in->traffic->iters_per_unit / per_pass;
	t->others = c->t_frontend > c->t_throughput ? c->t_frontend : c->t_throughput;
	t->div = -1;
	t->rest = 0;
	for (int u = 0; u < c->nunits; u++) {
		int nol = c->port_model ? c->unit_nol[u] : rl_machine_unit_is_nol(in->machine, c->unit[u]);
		if (strstr(c->unit[u], "div"))
			t->div = u;
		else if (!nol && c->unit_cycles[u] > t->rest)
			t->rest = c->unit_cycles[u];
	}
}

/* Advice of kind K, class C whose ECM after has T_OL and T_nOL (cy per unit of work). */
static rl_advice *incore_change(const rl_advice_inputs *in, rl_advice_list *l, rl_advice_kind k,
				rl_advice_class c, double t_ol, double t_nol)
{
	rl_advice *a = rl_advice_push_change(l, k, c, in);
	if (!a)
		return NULL;
	a->after.t_ol = t_ol;
	a->after.t_nol = t_nol;
	rl_ecm_predict(in->machine, &a->after);
	rl_advice_gains_same_traffic(a, in);
	return a;
}

/* The loop-carried latency binds T_OL. */
static int latency_binds(const incore_terms *t)
{
	const rl_incore *c = t->c;
	return c->t_latency > 0 && c->t_latency >= c->t_ol - 1e-9 && c->t_latency > t->others + 1e-9;
}

/* A chain through memory binds T_OL (store-to-load forwarding on it): T_OL with the
 * value kept in a register instead, i.e. each forwarding a register move. */
static void local_accumulator(const rl_advice_inputs *in, const incore_terms *t,
			      rl_advice_list *l)
{
	const rl_incore *c = t->c;
	if (!latency_binds(t) || !(c->fwd_latency > 0))
		return;
	double ol = c->t_latency_nofwd > t->others ? c->t_latency_nofwd : t->others;
	rl_advice *a = incore_change(in, l, RL_ADV_LOCAL_ACCUMULATOR, RL_ADV_EXACT,
				     ol * t->per_unit, in->ecm->t_nol);
	if (!a)
		return;
	a->t_bound = c->t_latency * t->per_unit;
	a->t_forward = c->fwd_latency * t->per_unit;
}

/* A register chain binds T_OL: T_OL without the latency bound (a chain through memory
 * is the local accumulator's). */
static void reassociate(const rl_advice_inputs *in, const incore_terms *t, rl_advice_list *l)
{
	const rl_incore *c = t->c;
	if (!latency_binds(t) || c->fwd_latency > 0)
		return;
	rl_advice *a = incore_change(in, l, RL_ADV_REASSOCIATE, RL_ADV_EXACT, t->others * t->per_unit,
				     in->ecm->t_nol);
	if (a)
		a->t_bound = c->t_latency * t->per_unit;
}

/* The divider binds T_OL: T_OL = max(the other units, front end, latency). */
static void divider(const rl_advice_inputs *in, const incore_terms *t, rl_advice_list *l)
{
	const rl_incore *c = t->c;
	if (t->div < 0 || !(c->unit_cycles[t->div] >= c->t_ol - 1e-9 && c->unit_cycles[t->div] > 0))
		return;
	double ol = t->rest;
	if (c->t_frontend > ol)
		ol = c->t_frontend;
	if (c->t_latency > ol)
		ol = c->t_latency;
	rl_advice *a = incore_change(in, l, RL_ADV_DIVIDER, RL_ADV_EXACT, ol * t->per_unit,
				     in->ecm->t_nol);
	if (!a)
		return;
	a->t_bound = c->unit_cycles[t->div] * t->per_unit;
	a->t_data = in->ecm->prediction[rl_advice_data_level(in)];
}

/* SIMD lanes of the machine's widest FP path for the nest's elements (AVX at least: the
 * widest SIMD of every bundled machine's FP path). */
static int simd_lanes(const rl_advice_inputs *in)
{
	int elem = in->traffic->elem_size > 0 ? in->traffic->elem_size * 8 : 64;
	int simd = 256;
	for (int f = 0; f < in->machine->nflops; f++)
		if (in->machine->flops[f].width > simd)
			simd = in->machine->flops[f].width;
	return simd / elem;
}

/* FP work in scalar code: upper bound with the in-core terms divided by the SIMD lanes. */
static void vectorise(const rl_advice_inputs *in, const incore_terms *t, rl_advice_list *l)
{
	if (!in->have_body || in->body->vector_factor > 1 || !(in->perf->flops_per_unit > 0))
		return;
	int lanes = simd_lanes(in);
	if (lanes <= 1)
		return;
	double ol = in->ecm->t_ol / lanes, nol = in->ecm->t_nol / lanes;
	if (t->c->t_latency >= t->c->t_ol - 1e-9)
		ol = in->ecm->t_ol;  /* a chain stays a chain without reassociation */
	rl_advice *a = incore_change(in, l, RL_ADV_VECTORISE, RL_ADV_BOUND, ol, nol);
	if (a)
		a->lanes = lanes;
}

/* Ports: T_OL binds the time at the data level and neither chain nor divider explains it;
 * upper bound: T_OL down to the next term, the prediction at the data level without T_OL by the
 * machine's overlap rule (model/ecm.h: the serial sum T_nOL + transfers on Intel, the largest
 * of them on the overlapping AMD machines). */
static void ports(const rl_advice_inputs *in, const incore_terms *t, rl_advice_list *l)
{
	const rl_incore *c = t->c;
	int lv = rl_advice_data_level(in);
	double tl = in->ecm->prediction[lv];
	int divider_binds = t->div >= 0 && !(c->unit_cycles[t->div] < c->t_ol - 1e-9);
	/* calls to math functions bind: no port of the loop's own code to relieve */
	int calls_bind = c->t_calls > 0 && c->t_calls >= c->t_ol - 1e-9;
	/* a loop shape's measured figure binds: no port to relieve either */
	int shape_binds = c->t_loop_shape > 0 && c->t_loop_shape >= c->t_ol - 1e-9;
	if (!c->port_model || !(in->ecm->t_ol >= tl - 1e-9) || divider_binds
	    || c->t_latency >= c->t_ol - 1e-9 || calls_bind || shape_binds)
		return;
	rl_ecm without = *in->ecm;
	without.t_ol = 0;
	rl_ecm_predict(in->machine, &without);
	double next = without.prediction[lv];
	if (!(next < tl - 1e-9))
		return;
	rl_advice *a = incore_change(in, l, RL_ADV_PORTS, RL_ADV_BOUND, next, in->ecm->t_nol);
	if (a)
		a->t_bound = in->ecm->t_ol;
}

void rl_advice_incore(const rl_advice_inputs *in, rl_advice_list *l)
{
	incore_terms t;
	incore_terms_of(in, &t);
	local_accumulator(in, &t, l);
	reassociate(in, &t, l);
	divider(in, &t, l);
	vectorise(in, &t, l);
	ports(in, &t, l);
}
