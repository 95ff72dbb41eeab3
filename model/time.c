/* Predicted time of a nest over all its executions and per function (model/time.h). */
#include "model/time.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* enumerated outer-iterator values per nest before the mean is used */
#define RL_TIME_BUDGET (1LL << 20)

typedef struct counter {
	const rl_nest *nest;
	int last;
	long long it[RL_MAX_LOOPS];
	long long budget;
	int approx;
	int param;              /* unknown parameter, -1 none */
	long long longer;       /* > 0: count the executions of the innermost loop whose trip
				   count exceeds this instead of the points */
} counter;

/* Whether a bound of loops K+1..LAST-1 uses iterator K. */
static int inner_uses(const counter *c, int k)
{
	for (int j = k + 1; j < c->last; j++)
		if (c->nest->loops[j].lower.it[k] || c->nest->loops[j].upper.it[k])
			return 1;
	return 0;
}

static int eval_bound(counter *c, const rl_aff *a, long long *v)
{
	if (rl_aff_eval(c->nest, a, c->it, v))
		return 1;
	for (int p = 0; p < c->nest->nparams; p++)
		if (a->par[p] && !c->nest->params[p].has_value) {
			c->param = p;
			break;
		}
	return 0;
}

/* Trip count of loop K at the current outer iterators, and its lower bound. */
static int trip(counter *c, int k, long long *lower, long long *t)
{
	const rl_loop *l = &c->nest->loops[k];
	long long up;
	if (!l->step || !eval_bound(c, &l->lower, lower) || !eval_bound(c, &l->upper, &up))
		return 0;
	long long span = l->step > 0 ? up - *lower : *lower - up;
	long long s = l->step > 0 ? l->step : -l->step;
	*t = span <= 0 ? 0 : (span + s - 1) / s;
	return 1;
}

/* Points of loops K..LAST-1 at the current outer iterators into *OUT. */
static int count_from(counter *c, int k, double *out)
{
	long long lower, t;
	if (k == c->last) {
		*out = 1;
		return 1;
	}
	if (!trip(c, k, &lower, &t))
		return 0;
	if (c->longer > 0 && k == c->last - 1) {
		*out = t > c->longer;
		return 1;
	}
	long long step = c->nest->loops[k].step;
	double inner = 0, sum = 0;
	if (t == 0) {
		*out = 0;
		return 1;
	}
	if (!inner_uses(c, k)) {
		c->it[k] = lower;
		if (!count_from(c, k + 1, &inner))
			return 0;
		*out = (double)t * inner;
		return 1;
	}
	if (c->budget >= t) {
		c->budget -= t;
		for (long long v = 0; v < t; v++) {
			c->it[k] = lower + v * step;
			if (!count_from(c, k + 1, &inner))
				return 0;
			sum += inner;
		}
		*out = sum;
		return 1;
	}
	/* beyond the budget: at the mean iterator (the two values around it), exact for an
	 * inner count linear in this iterator */
	c->approx = 1;
	for (int h = 0; h < 2; h++) {
		c->it[k] = lower + step * (h ? t / 2 : (t - 1) / 2);
		if (!count_from(c, k + 1, &inner))
			return 0;
		sum += inner / 2;
	}
	*out = sum * (double)t;
	return 1;
}

int rl_time_count(const rl_nest *nest, int last, double *count, int *param, int *approx)
{
	counter c;
	memset(&c, 0, sizeof(c));
	c.nest = nest;
	c.last = last < 0 ? 0 : last > nest->nloops ? nest->nloops : last;
	c.budget = RL_TIME_BUDGET;
	c.param = -1;
	int ok = count_from(&c, 0, count);
	if (param)
		*param = c.param;
	if (approx)
		*approx |= c.approx;
	return ok;
}

void rl_time_nest(const rl_nest *nest, double iters_per_unit, double t_unit, double clock_ghz,
		  int cores, double work_per_unit, double perf_cores, int data_assumed, rl_time *out)
{
	memset(out, 0, sizeof(*out));
	out->computed = 1;
	out->function_share = -1;
	out->cores = cores > 1 ? cores : 1;
	out->data_assumed = data_assumed;
	if (nest)
		memcpy(out->function, nest->function, sizeof(out->function));
	for (int p = 0; nest && p < nest->nparams; p++)
		if (nest->params[p].has_value && nest->params[p].from_calls > 0) {
			size_t used = strlen(out->call_sizes);
			snprintf(out->call_sizes + used, sizeof(out->call_sizes) - used, "%s%s = %lld",
				 used ? ", " : "", nest->params[p].name, nest->params[p].value);
			out->call_count = nest->params[p].from_calls;
		}
	if (!nest || nest->nloops <= 0 || !(iters_per_unit > 0)) {
		out->why = RL_TIME_NO_NEST;
		return;
	}
	int param = -1;
	if (!rl_time_count(nest, nest->nloops, &out->iterations, &param, &out->approximate) ||
	    !rl_time_count(nest, nest->nloops - 1, &out->executions, &param, &out->approximate)) {
		out->why = param >= 0 ? RL_TIME_PARAM_UNKNOWN : RL_TIME_NO_NEST;
		if (param >= 0)
			memcpy(out->param, nest->params[param].name, sizeof(out->param));
		out->iterations = out->executions = 0;
		return;
	}
	out->work_units = out->iterations / iters_per_unit;
	if (!(t_unit > 0) || !(clock_ghz > 0)) {
		out->why = RL_TIME_NO_CYCLES;
		return;
	}
	out->cycles = out->work_units * t_unit;
	if (out->cores > 1 && perf_cores > 0 && work_per_unit > 0)
		out->cycles = out->work_units * work_per_unit / perf_cores * clock_ghz * 1e9;
	out->seconds = out->cycles / (clock_ghz * 1e9);
	out->ranked = 1;
	out->why = RL_TIME_RANKED;
}

/* Executions of NEST's innermost loop with more than LONGER iterations into *OUT. */
static int count_longer(const rl_nest *nest, long long longer, double *out)
{
	counter c;
	memset(&c, 0, sizeof(c));
	c.nest = nest;
	c.last = nest->nloops;
	c.budget = RL_TIME_BUDGET;
	c.param = -1;
	c.longer = longer;
	return count_from(&c, 0, out);
}

double rl_time_exit_cycles(const rl_exit_rule *x, double cycles_per_pass)
{
	if (!x || x->predicted <= 0 || !(x->penalty > 0) || !(cycles_per_pass > 0))
		return 0;
	if (cycles_per_pass <= x->full_at)
		return x->penalty;
	if (cycles_per_pass >= x->hidden_from || !(x->hidden_from > x->full_at))
		return 0;
	return x->penalty * (x->hidden_from - cycles_per_pass) / (x->hidden_from - x->full_at);
}

/* Leaving the loop: executions of more passes than X foresees, each EACH cycles; 0 none */
static double exit_total(rl_time *t, const rl_nest *nest, int per_pass, double cycles_per_pass,
			 const rl_exit_rule *x)
{
	double each = rl_time_exit_cycles(x, cycles_per_pass);
	if (!(each > 0) || !count_longer(nest, (long long)x->predicted * per_pass, &t->long_entries)
	    || !(t->long_entries > 0))
		return 0;
	t->exit_predicted = x->predicted;
	t->exit_cycles = each;
	return t->long_entries * each;
}

void rl_time_per_execution(rl_time *t, const rl_nest *nest, int iters_per_pass,
			   double cycles_per_pass, const rl_exit_rule *exit, double row_cycles,
			   double clock_ghz)
{
	if (!t->ranked || !nest || nest->nloops <= 0 || !(t->executions > 0) || !(clock_ghz > 0))
		return;
	int per_pass = iters_per_pass > 0 ? iters_per_pass : 1;
	t->passes_per_entry = t->iterations / t->executions / per_pass;
	/* the components, each its cycles over all executions */
	double sum = exit_total(t, nest, per_pass, cycles_per_pass, exit);
	if (row_cycles > 0) {   /* the code around the loop (model/rows.h) */
		t->row_cycles = row_cycles;
		t->row_total_cycles = t->executions * row_cycles / (t->cores > 1 ? t->cores : 1);
		sum += t->executions * row_cycles;
	}
	if (!(sum > 0))
		return;
	t->entry_cycles = sum / t->executions;
	t->entry_total_cycles = sum / (t->cores > 1 ? t->cores : 1);
	t->cycles += t->entry_total_cycles;
	t->seconds = t->cycles / (clock_ghz * 1e9);
}

void rl_time_per_repetition(rl_time *t, int line)
{
	t->repeat_line = line > 0 ? line : -1;
}

void rl_time_set_function(rl_time *t, const char *name)
{
	if (name && name[0])
		snprintf(t->function, sizeof(t->function), "%s", name);
}

double rl_time_function_totals(rl_time *const *t, int n)
{
	double all = 0;
	for (int i = 0; i < n; i++) {
		if (!t[i])
			continue;
		double sum = 0;
		for (int j = 0; j < n; j++)
			if (t[j] && t[j]->ranked && !strcmp(t[j]->function, t[i]->function))
				sum += t[j]->seconds;
		t[i]->function_seconds = sum;
		t[i]->function_share = t[i]->ranked && sum > 0 ? t[i]->seconds / sum : -1;
		all += t[i]->ranked ? t[i]->seconds : 0;
	}
	return all;
}
