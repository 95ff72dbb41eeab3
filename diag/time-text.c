/* The words of the predicted time over all executions (model/time.h): the part of the data
 * note, the verbose note and the JSON's assumption. */
#include "diag/diag.h"
#include "diag/format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rl_diag_time_assumption(const rl_time *t, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!t->computed) {
		snprintf(buf, len, "not computed");
		return 1;
	}
	if (!t->ranked) {
		if (t->why == RL_TIME_PARAM_UNKNOWN)
			snprintf(buf, len, "%s unknown (no constant, no define=%s=VALUE): not ranked",
				 t->param, t->param);
		else if (t->why == RL_TIME_NO_CYCLES)
			snprintf(buf, len, "no cycles per unit of work: not ranked");
		else
			snprintf(buf, len, "trip count unknown: not ranked");
		return 1;
	}
	if (t->repeat_line > 0)
		rl_appendf(buf, len, "repetition loop at line %d: count unknown, time given per "
			   "repetition", t->repeat_line);
	else if (t->repeat_line)
		rl_appendf(buf, len, "an enclosing loop's count is unknown: time given per repetition");
	if (t->call_count > 0)
		rl_appendf(buf, len, "%s%s: the value%s %s in this file pass%s (a call from "
			   "elsewhere may differ)", buf[0] ? "; " : "", t->call_sizes,
			   strchr(t->call_sizes, ',') ? "s" : "",
			   t->call_count > 1 ? "all calls" : "the one call",
			   t->call_count > 1 ? "" : "es");
	if (t->data_assumed)
		rl_appendf(buf, len, "%sarray sizes unknown: data assumed in memory", buf[0] ? "; " : "");
	if (t->approximate)
		rl_appendf(buf, len, "%sbounds depending on outer loops counted in part at the mean "
			   "of the outer iterator", buf[0] ? "; " : "");
	if (t->cores > 1) {
		char nc[32];
		rl_format_cores(t->cores, nc, sizeof(nc));
		rl_appendf(buf, len, "%son %s (the multicore scaling P(%d))", buf[0] ? "; " : "", nc,
			   t->cores);
	}
	return buf[0] != '\0';
}

void rl_diag_time_total(const rl_time *t, const char *function, char *buf, size_t len)
{
	char s[32], sh[32];
	buf[0] = '\0';
	if (!t->computed || !t->ranked)
		return;
	rl_format_seconds(t->seconds, s, sizeof(s));
	snprintf(buf, len, "%s %s", s, t->repeat_line ? "per repetition" : "in total");
	if (t->function_share >= 0 && function && function[0]) {
		rl_format_percent(t->function_share, sh, sizeof(sh));
		rl_appendf(buf, len, " (%s of %s)", sh, function);
	}
}

int rl_diag_rows_why(const rl_row_overhead *o, char *buf, size_t len)
{
	static const char *const why[] = {
		[RL_ROWS_NO_CODE] = "no generated code read",
		[RL_ROWS_NO_OUTER] = "the loop is not inside another loop",
		[RL_ROWS_NO_PROFILE] = "GCC's block counts are unknown",
		[RL_ROWS_TOO_LARGE] = "more code around the loop than the model reads",
	};
	buf[0] = '\0';
	if (o->computed || o->why <= RL_ROWS_DONE || o->why > RL_ROWS_TOO_LARGE)
		return 0;
	snprintf(buf, len, "%s", why[o->why]);
	return 1;
}

/* " + E executions x C cy (the code around the loop: own O cy [shared by S loops];
 * remainder R cy ...)", or " (no cost per execution: why)". */
static void rows_part(const rl_report *r, char *buf, size_t len)
{
	const rl_row_overhead *o = &r->rows;
	const rl_time *t = &r->perf.time;
	char c[32], own[32], rem[32], why[160], ex[32];
	rl_format_count(t->executions, ex, sizeof(ex));
	if (!o->computed) {
		if (rl_diag_rows_why(o, why, sizeof(why)))
			rl_appendf(buf, len, " (no cost per execution: %s)", why);
		return;
	}
	if (!(t->row_cycles > 0))
		return;
	rl_format_number(o->cycles, c, sizeof(c));
	rl_format_number(o->own_cycles, own, sizeof(own));
	rl_format_number(o->remainder_cycles, rem, sizeof(rem));
	rl_appendf(buf, len, " + %s execution%s x %s cy (the code around the loop: its "
		   "enclosing loop's own %d instruction%s %s cy", ex, t->executions == 1 ? "" : "s", c,
		   o->own_insns, o->own_insns == 1 ? "" : "s", own);
	if (o->sharers > 1)
		rl_appendf(buf, len, " shared by %d loops", o->sharers);
	if (!o->remainder_insns)
		rl_appendf(buf, len, ", no remainder code)");
	else if (o->remainder_from == 1)
		rl_appendf(buf, len, "; remainder code %s cy %s: %lld iteration%s left per "
			   "execution)", rem, o->remainder_iters ? "runs" : "skipped",
			   o->remainder_iters, o->remainder_iters == 1 ? "" : "s");
	else {
		char sh[32];
		rl_format_percent(o->remainder_share, sh, sizeof(sh));
		rl_appendf(buf, len, "; remainder code %s cy on %s of the executions, %s)", rem, sh,
			   o->remainder_from == 2 ? "the trip count varies"
			   : "by GCC's profile (trip count unknown)");
	}
}

int rl_diag_time_note(const rl_report *r, char *buf, size_t len)
{
	const rl_time *t = &r->perf.time;
	char a[256], total[128];
	if (!r->analysed || !r->perf.valid || !t->computed)
		return 0;
	rl_diag_time_assumption(t, a, sizeof(a));
	if (!t->ranked) {
		snprintf(buf, len, "roofline: predicted time: %s", a);
		return 1;
	}
	char units[32], cy[32], f[32], ex[32], fs[32];
	rl_format_count(t->work_units, units, sizeof(units));
	rl_format_count(t->executions, ex, sizeof(ex));
	rl_format_number(r->perf.t_unit, cy, sizeof(cy));
	rl_format_number(r->perf.clock_ghz, f, sizeof(f));
	rl_diag_time_total(t, t->function[0] ? t->function : r->function, total, sizeof(total));
	snprintf(buf, len, "roofline: predicted time: %s units of work (%s execution%s of the "
		 "innermost loop) x %s cy/CL", units, ex, t->executions == 1 ? "" : "s", cy);
	rows_part(r, buf, len);
	rl_appendf(buf, len, " / %s GHz", f);
	if (t->cores > 1) {
		char nc[32];
		rl_format_cores(t->cores, nc, sizeof(nc));
		rl_appendf(buf, len, " (on %s: the work / P(%d))", nc, t->cores);
	}
	rl_appendf(buf, len, " = %s", total);
	if (t->exit_cycles > 0) {
		char ec[32], le[32];
		rl_format_number(t->exit_cycles, ec, sizeof(ec));
		rl_format_count(t->long_entries, le, sizeof(le));
		if (t->long_entries == 1)
			rl_appendf(buf, len, ", including %s cy for leaving the loop after more than "
				   "%d passes (an exit the branch predictor does not foresee)", ec,
				   t->exit_predicted);
		else
			rl_appendf(buf, len, ", including %s cy for leaving the loop in each of %s "
				   "executions of more than %d passes (an exit the branch predictor "
				   "does not foresee)", ec, le, t->exit_predicted);
	}
	if (t->function_share >= 0) {
		rl_format_seconds(t->function_seconds, fs, sizeof(fs));
		rl_appendf(buf, len, "; the function's ranked loops: %s", fs);
	}
	if (a[0])
		rl_appendf(buf, len, "; %s", a);
	return 1;
}
