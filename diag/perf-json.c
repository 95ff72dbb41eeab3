/* JSON of the performance, scaling, regimes and advice of one nest (schema in
 * docs/remarks.md).  Objects with a "note" become remarks / SARIF results / report lines. */
#include "diag/diag.h"
#include "diag/advice-text.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

static json_t *jreal(double v)
{
	return json_real(isfinite(v) ? v : 0.0);
}

static json_t *ecm_terms(const rl_ecm *e)
{
	json_t *tr = json_array(), *pr = json_array();
	for (int b = 0; b < e->ntransfers; b++)
		json_array_append_new(tr, jreal(e->t_transfer[b]));
	for (int l = 0; l <= e->ntransfers; l++)
		json_array_append_new(pr, jreal(e->prediction[l]));
	json_t *o = json_object();
	json_object_set_new(o, "t_ol", jreal(e->t_ol));
	json_object_set_new(o, "t_nol", jreal(e->t_nol));
	json_object_set_new(o, "transfers", tr);
	json_object_set_new(o, "predictions", pr);
	return o;
}

static void set_real(json_t *o, const char *k, double v)
{
	json_object_set_new(o, k, jreal(v));
}

static json_t *num_or_null(int known, double v)
{
	return known ? jreal(v) : json_null();
}

/* "row_overhead": the code around the innermost loop per execution (model/rows.h) */
static json_t *row_overhead_json(const rl_row_overhead *o)
{
	static const char *const from[] = { "profile", "trip count", "varying trip count" };
	char why[160];
	json_t *j = json_object();
	json_object_set_new(j, "computed", json_boolean(o->computed));
	json_object_set_new(j, "cycles_per_execution", num_or_null(o->computed, o->cycles));
	json_object_set_new(j, "own_cycles", num_or_null(o->computed, o->own_cycles));
	json_object_set_new(j, "own_instructions", json_integer(o->own_insns));
	json_object_set_new(j, "sharers", json_integer(o->sharers));
	json_object_set_new(j, "remainder_cycles", num_or_null(o->computed, o->remainder_cycles));
	json_object_set_new(j, "remainder_instructions", json_integer(o->remainder_insns));
	json_object_set_new(j, "remainder_share", num_or_null(o->computed, o->remainder_share));
	json_object_set_new(j, "remainder_from", o->computed && o->remainder_from >= 0 &&
			    o->remainder_from <= 2 ? json_string(from[o->remainder_from]) : json_null());
	json_object_set_new(j, "remainder_iterations", o->computed && o->remainder_from == 1
			    ? json_integer(o->remainder_iters) : json_null());
	json_object_set_new(j, "why_not", !o->computed && rl_diag_rows_why(o, why, sizeof(why))
			    ? json_string(why) : json_null());
	return j;
}

/* "predicted_time": the time over all executions the plugin can count (model/time.h) */
static json_t *predicted_time_json(const rl_time *t, const rl_row_overhead *rows)
{
	char a[256];
	json_t *o = json_object();
	int counted = t->computed && (t->ranked || t->why == RL_TIME_NO_CYCLES);
	json_object_set_new(o, "seconds", num_or_null(t->ranked, t->seconds));
	json_object_set_new(o, "executions", num_or_null(counted, t->executions));
	json_object_set_new(o, "work_units", num_or_null(counted, t->work_units));
	json_object_set_new(o, "cycles", num_or_null(t->ranked, t->cycles));
	/* per execution of the innermost loop (model/time.h rl_time_per_execution): leaving it
	 * (exit_cycles per long execution) and the sum of the terms per execution */
	json_object_set_new(o, "passes_per_entry", num_or_null(t->ranked && t->passes_per_entry > 0,
								 t->passes_per_entry));
	json_object_set_new(o, "entry_cycles", num_or_null(t->ranked, t->entry_cycles));
	json_object_set_new(o, "long_executions", num_or_null(t->ranked, t->long_entries));
	json_object_set_new(o, "exit_cycles", num_or_null(t->ranked, t->exit_cycles));
	json_object_set_new(o, "assumption", rl_diag_time_assumption(t, a, sizeof(a))
			    ? json_string(a) : json_null());
	json_object_set_new(o, "ranked", json_boolean(t->ranked));
	json_object_set_new(o, "function_share", num_or_null(t->ranked && t->function_share >= 0,
							     t->function_share));
	json_object_set_new(o, "row_cycles", num_or_null(t->ranked, t->row_cycles));
	json_object_set_new(o, "row_total_cycles", num_or_null(t->ranked, t->row_total_cycles));
	json_object_set_new(o, "row_overhead", row_overhead_json(rows));
	return o;
}

/* "memory_share": {"level": "L3", "share": 0.12} when a level of the machine gives its measured
 * memory_share and the working set is beyond that level's first size (the share weighting the
 * step to the next level's figure in cycles_per_unit: docs/model.md section 6b) */
static void memory_share_json(const rl_report *r, json_t *o)
{
	const rl_machine *m = r->machine;
	double ws = r->perf.working_set_lines;
	if (r->perf.working_set < 0)
		return;
	for (int c = 0; c < m->nlevels && c < r->ecm.ntransfers; c++) {
		int reuse = rl_perf_reuses_lines(&r->ecm) && m->levels[c].mshare_has_reuse;
		double h = rl_machine_memory_share(m, c, ws, reuse);
		if (h > 0)
			json_object_set_new(o, "memory_share", json_pack("{s:s, s:f, s:s}", "level",
					    m->levels[c].name, "share", h, "curve",
					    reuse ? "reuse_shares" : "shares"));
	}
}

static json_t *performance_json(const rl_report *r)
{
	const rl_perf *p = &r->perf;
	json_t *o = json_object();
	char text[1024];
	json_object_set_new(o, "work", json_string(p->work));
	set_real(o, "work_per_unit", p->work_per_unit);
	set_real(o, "flops_per_unit", p->flops_per_unit);
	set_real(o, "iterations_per_unit", p->iters_per_unit);
	json_object_set_new(o, "stencil", json_boolean(p->stencil));
	set_real(o, "clock_ghz", p->clock_ghz);
	set_real(o, "bandwidth_gbs", p->bandwidth_gbs);
	json_object_set_new(o, "working_set_bytes", p->working_set >= 0 ? jreal(p->working_set)
			    : json_null());
	if (p->working_set >= 0) {
		json_t *ws = json_array();
		for (int a = 0; a < r->nest->narrays && a < RL_MAX_ARRAYS; a++) {
			json_t *e = json_object();
			json_object_set_new(e, "array", json_string(r->nest->arrays[a].name));
			set_real(e, "bytes", p->working_set_array[a]);
			set_real(e, "line_bytes", p->working_set_array_lines[a]);
			json_array_append_new(ws, e);
		}
		json_object_set_new(o, "working_set_arrays", ws);
		set_real(o, "working_set_line_bytes", p->working_set_lines);
		json_object_set_new(o, "working_set_method", json_string(p->working_set_exact
				    ? "distinct elements" : "bounding boxes"));
	}
	json_object_set_new(o, "data_level", json_string(p->data_level_name));
	rl_diag_perf_data_rule(r, text, sizeof(text));
	json_object_set_new(o, "data_rule", json_string(text));
	set_real(o, "cycles_per_unit", p->t_unit);
	memory_share_json(r, o);
	set_real(o, "per_second", p->perf);
	set_real(o, "iterations_per_second", p->perf_lups);
	json_t *lv = json_array();
	for (int l = 0; l <= r->ecm.ntransfers; l++)
		json_array_append_new(lv, jreal(p->perf_level[l]));
	json_object_set_new(o, "per_second_by_level", lv);
	set_real(o, "memory_code_balance_bytes_per_work", p->bc_mem);
	json_object_set_new(o, "predicted_time", predicted_time_json(&p->time, &r->rows));
	if (rl_diag_perf_note(r, text, sizeof(text)))
		json_object_set_new(o, "note", json_string(text + strlen("roofline: ")));
	return o;
}

static json_t *scaling_json(const rl_perf *p)
{
	json_t *o = json_object(), *pts = json_array();
	for (int i = 0; i < p->nscaling; i++) {
		const rl_perf_scaling *s = &p->scaling[i];
		json_t *e = json_object();
		json_object_set_new(e, "cores", json_integer(s->n));
		set_real(e, "per_second", s->perf);
		set_real(e, "cycles_per_unit_memory", s->t_mem);
		set_real(e, "cycles_memory_transfer", s->t_mem_transfer);
		json_object_set_new(e, "bandwidth_bound", json_boolean(s->limit_bw));
		json_array_append_new(pts, e);
	}
	json_object_set_new(o, "points", pts);
	json_object_set_new(o, "saturation_cores", p->n_s > 0 ? json_integer(p->n_s) : json_null());
	set_real(o, "saturation_per_second", p->perf_sat);
	json_object_set_new(o, "cores", json_integer(p->cores));
	json_object_set_new(o, "chip_cores", json_integer(p->chip_cores));
	set_real(o, "per_second_at_cores", p->perf_cores);
	json_object_set_new(o, "rule", json_string("P(n) = min(n P_ECM^mem(n), b_S / B_C(n)); "
		"layer conditions for n threads (shared caches / n); n_S = ceil(T_ECM^mem / T_L3Mem)"));
	return o;
}

static json_t *regimes_json(const rl_report *r)
{
	const rl_perf *p = &r->perf;
	json_t *a = json_array();
	for (int i = 0; i < p->nregimes; i++) {
		const rl_perf_regime *g = &p->regimes[i];
		json_t *e = json_object();
		char range[128], cond[48];
		rl_diag_regime_range(g, range, sizeof(range));
		rl_diag_regime_condition(&r->lc, g, cond, sizeof(cond));
		json_object_set_new(e, "range", json_string(range));
		json_object_set_new(e, "layer_condition", json_string(cond));
		json_object_set_new(e, "ecm", ecm_terms(&g->ecm));
		set_real(e, "memory_code_balance_bytes_per_work", g->bc_mem);
		set_real(e, "per_second_memory", g->perf_mem);
		json_object_set_new(e, "saturation_cores", json_integer(g->n_s));
		json_array_append_new(a, e);
	}
	return a;
}

static json_t *advice_json(const rl_report *r)
{
	json_t *a = json_array();
	for (int i = 0; i < r->advice.n; i++) {
		const rl_advice *ad = &r->advice.a[i];
		json_t *e = json_object();
		json_object_set_new(e, "rank", json_integer(i + 1));
		json_object_set_new(e, "kind", json_string(rl_advice_kind_name(ad->kind)));
		json_object_set_new(e, "class", json_string(ad->cls == RL_ADV_EXACT ? "model"
			: ad->cls == RL_ADV_BOUND ? "upper-bound" : "information"));
		set_real(e, "gain_1core", ad->gain_1core);
		set_real(e, "gain_chip", ad->gain_chip);
		set_real(e, "gain", ad->gain);
		json_object_set_new(e, "cores", json_integer(ad->cores));
		json_object_set_new(e, "chip_cores", json_integer(ad->chip_cores));
		json_object_set_new(e, "ecm_after", ad->has_after ? ecm_terms(&ad->after) : json_null());
		if (ad->level >= 0 && ad->level < r->machine->nlevels)
			json_object_set_new(e, "level", json_string(r->machine->levels[ad->level].name));
		if (ad->loop >= 0) {
			char it[16];
			snprintf(it, sizeof(it), "i%d", ad->loop);
			json_object_set_new(e, "loop", json_string(it));
			json_object_set_new(e, "block_size", json_integer(ad->block_size));
			json_object_set_new(e, "block_size_chip", json_integer(ad->block_size_chip));
		}
		if (ad->n_s_after > 0)
			json_object_set_new(e, "saturation_cores_after", json_integer(ad->n_s_after));
		char sentence[RL_DIAG_ADVICE_TEXT], text[1024];
		rl_diag_advice_text(r, ad, sentence, sizeof(sentence));
		snprintf(text, sizeof(text), "advice: %s", sentence);
		json_object_set_new(e, "note", json_string(text));
		json_array_append_new(a, e);
	}
	return a;
}

json_t *rl_perf_json(const rl_report *r, const char *key)
{
	if (!r->analysed || !r->perf.valid)
		return NULL;
	if (!strcmp(key, "performance"))
		return performance_json(r);
	if (!strcmp(key, "scaling"))
		return scaling_json(&r->perf);
	if (!strcmp(key, "regimes"))
		return regimes_json(r);
	if (!strcmp(key, "advice"))
		return advice_json(r);
	return NULL;
}
