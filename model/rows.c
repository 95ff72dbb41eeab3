/* rows.c - the per-execution cost of an innermost loop: the code GCC runs around it once per
 * execution, priced with the port model (model/rows.h). */
#include "model/rows.h"

#include <stdlib.h>
#include <string.h>

static double max2(double a, double b)
{
	return a > b ? a : b;
}

/* Iterations the innermost loop of NEST leaves over per execution (trip count mod PER_PASS)
 * into *LEFT: 1 when the bounds are known and do not depend on outer iterators, 2 when they
 * depend on them, 0 when a size is unknown. */
static int remainder_iters(const rl_nest *nest, int per_pass, long long *left)
{
	*left = 0;
	if (!nest || nest->nloops <= 0)
		return 0;
	const rl_loop *l = &nest->loops[nest->nloops - 1];
	if (!l->step)
		return 0;
	if (rl_aff_uses_iters(&l->lower) || rl_aff_uses_iters(&l->upper))
		return 2;
	long long it[RL_MAX_LOOPS] = { 0 }, lo, up;
	if (!rl_aff_eval(nest, &l->lower, it, &lo) || !rl_aff_eval(nest, &l->upper, it, &up))
		return 0;
	long long span = l->step > 0 ? up - lo : lo - up, s = l->step > 0 ? l->step : -l->step;
	long long trip = span <= 0 ? 0 : (span + s - 1) / s;
	*left = trip % per_pass;
	return 1;
}

/* The resources straight-line code BODY asks for: port bound (T_OL's ports), load ports
 * (T_nOL), front end, calls; the class rows' sums without a port table. */
static void straight_demand(const rl_machine *m, const rl_ports *p, const rl_body *body,
			    double d[4])
{
	rl_incore inc;
	d[0] = d[1] = d[2] = d[3] = 0;
	if (!body || rl_body_ninsns(body) <= 0)
		return;
	if (!p) {
		rl_incore_class_table(m, body, &inc);
		d[0] = inc.t_ol;
		d[1] = inc.t_nol;
		return;
	}
	rl_incore_ports(m, p, body, &inc);
	d[0] = inc.t_throughput;
	d[1] = inc.t_nol;
	d[2] = inc.t_frontend;
	d[3] = inc.t_calls;
}

double rl_rows_straight_cycles(const rl_machine *m, const rl_ports *p, const rl_body *body)
{
	double d[4];
	straight_demand(m, p, body, d);
	return max2(max2(d[0], d[1]), max2(d[2], d[3]));
}

/* The remainder code of CODE: each block's demand on every resource weighted by its runs
 * per entry and summed (the blocks of one path overlap in the core as one straight run of
 * code does), the largest sum. */
static double remainder_cycles(const rl_row_code *code, const rl_machine *m,
			       const rl_ports *p)
{
	rl_body *b = malloc(sizeof(*b));
	double sum[4] = { 0 }, d[4];
	if (!b)
		return 0;
	for (int k = 0; k < code->nblocks && k < RL_ROWS_MAX_BLOCKS; k++) {
		memset(b, 0, sizeof(*b));
		for (int i = 0; i < code->rem.ninsns && i < RL_MAX_INSNS; i++)
			if (code->rem_block[i] == k)
				b->insns[b->ninsns++] = code->rem.insns[i];
		b->iters_per_pass = b->vector_factor = b->unroll = 1;
		straight_demand(m, p, b, d);
		for (int r = 0; r < 4; r++)
			sum[r] += code->block_weight[k] * d[r];
	}
	free(b);
	return max2(max2(sum[0], sum[1]), max2(sum[2], sum[3]));
}

void rl_rows_overhead(const rl_row_code *code, const rl_nest *nest, int iters_per_pass,
		      const rl_machine *m, const rl_ports *p, rl_row_overhead *out)
{
	memset(out, 0, sizeof(*out));
	if (!code) {
		out->why = RL_ROWS_NO_CODE;
		return;
	}
	if (!code->found) {
		out->why = code->why ? (rl_rows_why)code->why : RL_ROWS_NO_CODE;
		return;
	}
	int per_pass = iters_per_pass > 0 ? iters_per_pass : 1;
	out->sharers = code->sharers > 0 ? code->sharers : 1;
	out->own_insns = rl_body_ninsns(&code->own);
	out->own_cycles = rl_rows_straight_cycles(m, p, &code->own);
	out->remainder_insns = rl_body_ninsns(&code->rem);
	out->remainder_cycles = out->remainder_insns ? remainder_cycles(code, m, p) : 0;
	long long left = 0;
	out->remainder_from = remainder_iters(nest, per_pass, &left);
	out->remainder_iters = left;
	if (out->remainder_from == 1)
		out->remainder_share = left > 0;
	else if (out->remainder_from == 2)
		out->remainder_share = 1.0 - 1.0 / per_pass;
	else
		out->remainder_share = code->rem_entry < 0 ? 0 : code->rem_entry > 1 ? 1
			: code->rem_entry;
	out->cycles = out->own_cycles / out->sharers +
		out->remainder_share * out->remainder_cycles;
	out->computed = 1;
	out->why = RL_ROWS_DONE;
}
