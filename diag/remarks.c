/* JSON remarks file (jansson), schema in docs/remarks.md.
 * Deterministic: keys are emitted sorted, reals with fixed precision, and
 * nothing depends on time or addresses. */
#include "diag/diag.h"
#include "diag/lc-text.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rl_remarks {
	json_t *root;
	json_t *nests;
	json_t *functions;
	json_t *function_index;   /* function name -> its entry of "functions" (not written) */
};

static const char *overlap_name(rl_overlap o)
{
	return o == RL_OVERLAP_SERIAL ? "serial" : o == RL_OVERLAP_ZEN ? "zen" : "partial";
}

static json_t *machine_json(const rl_machine *m)
{
	json_t *levels = json_array();
	for (int l = 0; l < m->nlevels; l++)
		json_array_append_new(levels, json_pack("{s:s, s:I, s:i, s:i, s:f}",
			"name", m->levels[l].name, "size_bytes", (json_int_t)m->levels[l].size,
			"line_bytes", m->levels[l].line, "shared_by", m->levels[l].shared_by,
			"cycles_per_line", m->levels[l].cycles_per_line));
	json_t *o = json_pack("{s:s, s:s, s:f, s:i, s:s, s:f, s:f, s:o}",
		"name", m->name, "description", m->description, "clock_ghz", m->clock_ghz,
		"cores", m->cores, "overlap", overlap_name(m->overlap),
		"memory_bandwidth_gbs", m->mem_bandwidth_gbs,
		"memory_cycles_per_line", m->mem_cycles_per_line, "caches", levels);
	/* the file's ecm.serial_fraction (per link, L1-L2 first), only when it gives them */
	if (o && m->n_serial_fraction > 0) {
		json_t *frac = json_array();
		for (int b = 0; b < m->n_serial_fraction; b++)
			json_array_append_new(frac, json_real(m->serial_fraction[b]));
		json_object_set_new(o, "serial_fraction", frac);
	}
	return o;
}

rl_remarks *rl_remarks_alloc(const char *source_file, const rl_machine *m)
{
	rl_remarks *rem = calloc(1, sizeof(*rem));
	if (!rem)
		return NULL;
	rem->nests = json_array();
	rem->functions = json_array();
	rem->function_index = json_object();
	rem->root = json_pack("{s:s, s:{s:s, s:s}, s:s, s:o, s:o, s:o}",
		"schema", RL_REMARKS_SCHEMA,
		"tool", "name", "roofline", "version", RL_VERSION,
		"source", source_file ? source_file : "",
		"machine", machine_json(m),
		"nests", json_incref(rem->nests),
		"functions", json_incref(rem->functions));
	if (!rem->root) {
		json_decref(rem->nests);
		json_decref(rem->functions);
		json_decref(rem->function_index);
		free(rem);
		return NULL;
	}
	return rem;
}

static json_t *location_json(const char *file, int line, int column, const char *function)
{
	return json_pack("{s:s, s:i, s:i, s:s}", "file", file, "line", line, "column", column,
			 "function", function);
}

static json_t *aff_json(const rl_nest *nest, const rl_aff *aff)
{
	char text[256];
	rl_aff_print(nest, aff, text, sizeof(text));
	return json_string(text);
}

static json_t *loops_json(const rl_nest *nest)
{
	json_t *loops = json_array();
	for (int k = 0; k < nest->nloops; k++) {
		const rl_loop *l = &nest->loops[k];
		char name[16];
		snprintf(name, sizeof(name), "i%d", k);
		json_array_append_new(loops, json_pack("{s:s, s:o, s:o, s:I, s:i}", "iterator", name,
			"lower", aff_json(nest, &l->lower), "upper", aff_json(nest, &l->upper),
			"step", (json_int_t)l->step, "line", l->line));
	}
	return loops;
}

static json_t *params_json(const rl_nest *nest)
{
	json_t *params = json_array();
	for (int p = 0; p < nest->nparams; p++) {
		const rl_param *par = &nest->params[p];
		json_array_append_new(params, json_pack("{s:s, s:o, s:i}", "name", par->name,
			"value", par->has_value ? json_integer(par->value) : json_null(),
			"from_calls", par->from_calls));
	}
	return params;
}

static json_t *accesses_json(const rl_nest *nest)
{
	json_t *accesses = json_array();
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *acc = &nest->accesses[a];
		const rl_array *arr = &nest->arrays[acc->array];
		json_t *subs = json_array();
		for (int d = 0; d < arr->ndims; d++)
			json_array_append_new(subs, aff_json(nest, &acc->sub[d]));
		json_array_append_new(accesses, json_pack("{s:s, s:b, s:i, s:o}", "array", arr->name,
			"write", acc->is_write, "element_bytes", arr->elem_size, "subscripts", subs));
	}
	return accesses;
}

static json_t *flops_json(const rl_flops *f)
{
	return json_pack("{s:i, s:i, s:i, s:i, s:i}", "add", f->add, "mul", f->mul, "fma", f->fma,
			 "div", f->div, "sqrt", f->sqrt);
}

static const char *mem_name(rl_mem_kind k)
{
	static const char *names[] = { "none", "load", "store", "load-op" };
	return names[k];
}

static json_t *instructions_json(const rl_report *r)
{
	const rl_body *b = &r->body;
	json_t *list = json_array();
	for (int i = 0; i < b->ninsns; i++) {
		const rl_insn *in = &b->insns[i];
		json_array_append_new(list, json_pack("{s:s, s:s, s:i, s:s}", "mnemonic", in->mnemonic,
			"class", rl_iclass_name(in->cls), "width", in->width, "memory", mem_name(in->mem)));
	}
	return json_pack("{s:s, s:i, s:i, s:i, s:o}",
		"source", r->have_body ? "rtl" : "gimple", "vector_factor", b->vector_factor,
		"unroll", b->unroll, "iterations_per_pass", b->iters_per_pass, "list", list);
}

static json_t *streams_json(const rl_report *r)
{
	json_t *streams = json_array();
	for (int s = 0; s < r->traffic.nstreams; s++) {
		const rl_stream *st = &r->traffic.streams[s];
		json_array_append_new(streams, json_pack("{s:s, s:i, s:i, s:f}",
			"array", r->nest->arrays[st->array].name, "reads", st->reads,
			"writes", st->writes, "lines_per_unit", st->lines_per_unit));
	}
	return streams;
}

/* The calls costed from the call table (only when there are any). */
static json_t *calls_json(const rl_incore *c)
{
	json_t *callees = json_array();
	for (int k = 0; k < c->ncallees; k++) {
		const struct rl_callee_cost *e = &c->callees[k];
		json_array_append_new(callees, json_pack("{s:s, s:i, s:f, s:i, s:i}", "symbol",
			e->symbol, "calls_per_pass", e->count, "cycles_per_call", e->cycles,
			"elements_per_call", e->elements, "table_line", e->line));
	}
	return json_pack("{s:s, s:s, s:b, s:f, s:o}", "table", c->calls_table, "measured_on",
			 c->calls_cpu, "estimate", c->calls_estimate, "t_calls_per_pass",
			 c->t_calls, "callees", callees);
}

static json_t *incore_json(const rl_incore *c, const rl_machine *m)
{
	json_t *units = json_array();
	for (int u = 0; u < c->nunits; u++)
		json_array_append_new(units, json_pack("{s:s, s:f, s:b}", "unit", c->unit[u],
			"cycles_per_pass", c->unit_cycles[u],
			"nonoverlapping", c->port_model ? c->unit_nol[u]
					  : rl_machine_unit_is_nol(m, c->unit[u])));
	json_t *o = json_pack("{s:o, s:f, s:f, s:i, s:s, s:f, s:f, s:f, s:f, s:s, s:s}", "units",
			      units, "t_ol_per_pass", c->t_ol, "t_nol_per_pass", c->t_nol,
			      "unknown_instructions", c->unknown, "port_table", c->table,
			      "t_ports_per_pass", c->t_throughput, "t_frontend_per_pass",
			      c->t_frontend, "t_latency_per_pass", c->t_latency,
			      "split_loads_per_pass", c->split_loads, "bound", c->bottleneck,
			      "unknown_mnemonics", c->unknown_names);
	if (o && c->port_model)
		json_object_set_new(o, "t_loop_shape_per_pass", json_real(c->t_loop_shape));
	if (o && c->ncallees)
		json_object_set_new(o, "calls", calls_json(c));
	return o;
}

/* "L1-L2", "L2-L3", "L3-MEM": boundary B lies below cache level B. */
static void boundary_name(const rl_machine *m, int b, char *buf, size_t len)
{
	snprintf(buf, len, "%s-%s", m->levels[b].name, b + 1 < m->nlevels ? m->levels[b + 1].name : "MEM");
}

static json_t *boundaries_json(const rl_report *r)
{
	const rl_traffic *t = &r->traffic;
	json_t *list = json_array();
	for (int b = 0; b < t->nboundaries; b++) {
		char name[32];
		boundary_name(r->machine, b, name, sizeof(name));
		json_array_append_new(list, json_pack("{s:s, s:f, s:f, s:f, s:f}", "boundary", name,
			"load_lines", t->load_lines[b], "write_allocate_lines", t->wa_lines[b],
			"evict_lines", t->evict_lines[b], "cycles", r->ecm.t_transfer[b]));
	}
	return list;
}

/* "layer_conditions": one entry per level and condition, plus the regimes */
static json_t *layer_conditions_json(const rl_report *r)
{
	json_t *list = json_array();
	if (!r->have_lc)
		return list;
	const rl_lc_report *lc = &r->lc;
	for (int c = 0; c < lc->nlevels; c++) {
		const rl_lc_level *lv = &lc->levels[c];
		for (int k = 0; k < lv->ncond; k++) {
			if (rl_diag_lc_condition_trivial(lc, c, k))
				continue;       /* footprint 0: no condition */
			const rl_lc_regime *rg = &lc->regimes[lv->cond[k].regime];
			char cond[RL_DIAG_LC_CONDITION_TEXT];
			rl_diag_lc_condition(lc, c, k, cond, sizeof(cond));
			json_t *e = json_pack("{s:s, s:s, s:s, s:f, s:f, s:i, s:i, s:f}", "level", lv->name,
				"condition", cond, "footprint", rg->footprint_text,
				"footprint_bytes", rg->footprint_bytes, "capacity_bytes", lv->capacity,
				"hits", rg->hits, "misses", rg->misses, "lines_per_unit", rg->lines_per_unit);
			json_object_set_new(e, "holds", lv->cond[k].holds < 0 ? json_null()
					    : json_boolean(lv->cond[k].holds));
			if (lv->cond[k].param[0] && lv->cond[k].threshold >= 0) {
				json_object_set_new(e, "parameter", json_string(lv->cond[k].param));
				json_object_set_new(e, "threshold", json_integer(lv->cond[k].threshold));
				if (lv->cond[k].equal[0])
					json_object_set_new(e, "equal_parameters",
							    json_string(lv->cond[k].equal));
			}
			json_object_set_new(e, "applies", json_boolean(lv->regime == lv->cond[k].regime));
			if (lv->cond[k].block_loop >= 0) {
				char it[16];
				snprintf(it, sizeof(it), "i%d", lv->cond[k].block_loop);
				json_object_set_new(e, "block_loop", json_string(it));
				json_object_set_new(e, "block_size", json_integer(lv->cond[k].block_size));
			}
			json_array_append_new(list, e);
		}
	}
	return list;
}

/* the page-walk term (model/tlb.h) when it applies */
static json_t *tlb_json(const rl_report *r)
{
	const rl_tlb_term *t = &r->tlb;
	const rl_tlb_level *L = &r->machine->tlb[t->level];
	return json_pack("{s:f, s:f, s:f, s:f, s:s, s:i, s:i, s:b}", "cycles", t->cycles,
		"pages_per_sweep", t->pages, "page_touches_per_unit", t->page_touches,
		"miss_cycles", t->miss_cycles, "tlb_level", L->name, "entries", L->entries,
		"page_bytes", (int)L->page, "measured", r->machine->tlb_measured);
}

/* the restart term (model/restart.h) when it applies */
static json_t *restart_json(const rl_report *r)
{
	const rl_restart_term *t = &r->restart;
	return json_pack("{s:f, s:f, s:f, s:i, s:f, s:i}", "cycles", t->cycles, "lines_per_unit",
		t->lines, "run_lines", t->run_lines, "streams", t->nstreams, "cost_per_line",
		r->machine->mem_restart_cycles, "restart_lines", r->machine->mem_restart_lines);
}

static const char *alias_outcome_name(rl_alias_outcome o)
{
	static const char *const names[] = { "no pair", "never", "runtime", "sometimes", "always" };
	return (unsigned)o < sizeof(names) / sizeof(names[0]) ? names[o] : "?";
}

/* "versions": the two copies of a versioned loop (model/versions.h) */
static json_t *versions_json(const rl_report *r)
{
	const rl_report_versions *v = &r->versions;
	json_t *o = json_pack("{s:f, s:o, s:s, s:s}", "vectorised_cycles_per_unit", v->vectorised_cy,
		"scalar_cycles_per_unit", v->scalar_cy >= 0 ? json_real(v->scalar_cy) : json_null(),
		"alias_check", alias_outcome_name(v->check.outcome),
		"reported", v->scalar_reported ? "scalar" : "vectorised");
	if (v->check.store >= 0) {
		char a[96], b[96];
		rl_diag_access_text(r->nest, v->check.store, a, sizeof(a));
		rl_diag_access_text(r->nest, v->check.other, b, sizeof(b));
		json_object_set_new(o, "alias_pair", json_pack("{s:s, s:s}", "stored", a, "other", b));
	}
	if (v->check.outcome == RL_ALIAS_SOMETIMES) {
		char when[96];
		rl_aff_print(r->nest, &v->check.when, when, sizeof(when));
		json_object_set_new(o, "overlap_where_zero", json_string(when));
	}
	return o;
}

/* "siblings": an innermost loop of a loop tree and what the layer conditions assume about
 * the other innermost loops (polyhedral/lc.h, rl_lc_siblings) */
static json_t *siblings_json(const rl_report *r)
{
	const rl_lc_siblings *s = &r->lc.sib;
	json_t *o = json_pack("{s:i, s:i, s:b}", "enclosing_line", r->branch_line,
			      "inner_loops", r->branch_loops, "modelled", r->have_lc && s->modelled);
	if (!r->have_lc || !s->nsiblings || !s->modelled) {
		json_object_set_new(o, "why", json_string(!r->have_lc ? r->lc_why : !s->nsiblings
			? "the other loops are not modelled" : s->why));
		return o;
	}
	json_object_set_new(o, "shared_loops", json_integer(s->shared));
	json_object_set_new(o, "counted", json_boolean(s->counted));
	json_object_set_new(o, "extra_bytes", json_real(s->extra_bytes));
	json_object_set_new(o, "extra_groups", json_integer(s->extra_groups));
	if (s->nreuse) {
		json_t *u = json_pack("{s:s, s:b, s:i, s:i, s:f}", "array", s->array, "written", s->written,
			"producer_line", s->producer_line, "groups", s->nreuse,
			"between_bytes", s->between_bytes);
		json_object_set_new(u, "level", s->level >= 0 && s->level < r->lc.nlevels
				    ? json_string(r->lc.levels[s->level].name) : json_null());
		json_object_set_new(o, "reuse", u);
	}
	return o;
}

/* "copies": the other copies GCC made of the source loop (model/report.h) */
static json_t *copies_json(const rl_report *r)
{
	const rl_report_copies *c = &r->copies;
	json_t *others = json_array();
	for (int k = 0; k < c->nothers; k++)
		json_array_append_new(others, json_pack("{s:i, s:i, s:o}", "line", c->other[k].line,
			"column", c->other[k].column, "cycles_per_unit",
			c->other[k].cy >= 0 ? json_real(c->other[k].cy) : json_null()));
	return json_pack("{s:i, s:i, s:o}", "count", c->count, "statement_repeats", c->factor,
			 "others", others);
}

/* "links": per link the composition rule (serial: adds in full to T_nOL; overlapping) and the
 * share of its transfer that adds to T_nOL (1 for a serial link, the machine's serial fraction
 * for an overlapping one, 0 without): docs/model.md section 4 */
static json_t *links_json(const rl_report *r)
{
	const rl_ecm *e = &r->ecm;
	json_t *list = json_array();
	for (int b = 0; b < e->ntransfers; b++) {
		char name[32];
		boundary_name(r->machine, b, name, sizeof(name));
		json_t *l = json_pack("{s:s, s:s, s:f}", "link", name, "rule",
			rl_ecm_link_is_serial(e->overlap, e->serial_links, b) ? "serial" : "overlapping",
			"serial_fraction", rl_ecm_link_serial_share(e, b));
		if (l && e->ws_factor[b] > 0 && e->ws_factor[b] != 1)
			json_object_set_new(l, "small_working_set_factor", json_real(e->ws_factor[b]));
		json_array_append_new(list, l);
	}
	return list;
}

static json_t *ecm_json(const rl_report *r)
{
	const rl_ecm *e = &r->ecm;
	json_t *transfers = json_array(), *predictions = json_array();
	for (int b = 0; b < e->ntransfers; b++)
		json_array_append_new(transfers, json_real(e->t_transfer[b]));
	for (int l = 0; l <= e->ntransfers; l++)
		json_array_append_new(predictions, json_real(e->prediction[l]));
	char text[512];
	rl_diag_ecm_note(r, text, sizeof(text));
	json_t *o = json_pack("{s:f, s:f, s:o, s:o, s:s, s:s, s:s}", "t_ol", e->t_ol, "t_nol",
		e->t_nol, "transfers", transfers, "predictions", predictions, "overlap",
		overlap_name(e->overlap), "unit", "cy/CL", "note", text + strlen("roofline: "));
	if (o)
		json_object_set_new(o, "links", links_json(r));
	if (o && e->t_tlb > 0)
		json_object_set_new(o, "page_walks", tlb_json(r));
	if (o && e->t_restart > 0)
		json_object_set_new(o, "stream_restarts", restart_json(r));
	if (o && e->mem_load_factor > 0 && e->ntransfers > 0)
		json_object_set_new(o, "memory_loads", json_pack("{s:f, s:f}", "factor",
			e->mem_load_factor, "reuse_share", e->reuse_share));
	return o;
}

/* The translation unit's "functions" entry of FUNCTION: the sum of its ranked nests'
 * predicted times, and how many nests are ranked and not (not analysed ones included). */
static void function_add(rl_remarks *rem, const char *function, const rl_time *t)
{
	function = function ? function : "";
	/* looked up by name (a unit has thousands of functions: no linear search) */
	json_t *e = json_object_get(rem->function_index, function);
	if (!e) {
		e = json_pack("{s:s, s:f, s:i, s:i}", "function", function, "seconds", 0.0,
			      "nests_ranked", 0, "nests_unranked", 0);
		json_array_append_new(rem->functions, e);
		json_object_set(rem->function_index, function, e);
	}
	int ranked = t && t->ranked;
	const char *count = ranked ? "nests_ranked" : "nests_unranked";
	json_object_set_new(e, count, json_integer(json_integer_value(json_object_get(e, count)) + 1));
	if (ranked)
		json_object_set_new(e, "seconds", json_real(json_real_value(json_object_get(e, "seconds"))
							    + t->seconds));
}

void rl_remarks_add_report(rl_remarks *rem, const rl_report *r)
{
	if (!r->analysed) {
		rl_remarks_add_not_analysed_in(rem, r->file, r->line, r->column, r->function,
					       r->function, r->reason);
		return;
	}
	const rl_nest *n = r->nest;
	json_t *inputs = json_pack("{s:o, s:o, s:o, s:{s:o, s:o}, s:o, s:o}",
		"loops", loops_json(n), "parameters", params_json(n), "accesses", accesses_json(n),
		"flops_per_iteration", "float", flops_json(&n->flops[0]), "double", flops_json(&n->flops[1]),
		"streams", streams_json(r), "instructions", instructions_json(r));
	const char *source_function = r->perf.valid && r->perf.time.function[0]
		? r->perf.time.function : r->function;
	json_t *location = location_json(r->file, r->line, r->column, r->function);
	json_object_set_new(location, "source_function", json_string(source_function));
	json_t *nest = json_pack("{s:o, s:b, s:{s:i, s:i}, s:o, s:o, s:o, s:o}",
		"location", location,
		"analysed", 1,
		"unit_of_work", "iterations", r->traffic.iters_per_unit, "element_bytes", r->traffic.elem_size,
		"inputs", inputs, "incore", incore_json(&r->incore, r->machine),
		"traffic", boundaries_json(r), "ecm", ecm_json(r));
	json_object_set_new(nest, "layer_conditions", layer_conditions_json(r));
	json_object_set_new(nest, "rooflines", rl_rooflines_json(r));   /* may be NULL */
	if (r->versions.present)
		json_object_set_new(nest, "versions", versions_json(r));
	if (r->copies.count)
		json_object_set_new(nest, "copies", copies_json(r));
	if (r->branch_loops > 1)
		json_object_set_new(nest, "siblings", siblings_json(r));
	/* performance, scaling, regimes, advice (diag/perf-json.c) */
	static const char *const perf_keys[] = { "performance", "scaling", "regimes", "advice" };
	for (size_t k = 0; k < sizeof(perf_keys) / sizeof(perf_keys[0]); k++) {
		json_t *v = rl_perf_json(r, perf_keys[k]);
		if (v)
			json_object_set_new(nest, perf_keys[k], v);
	}
	json_array_append_new(rem->nests, nest);
	function_add(rem, source_function, r->perf.valid ? &r->perf.time : NULL);
}

void rl_remarks_add_not_analysed_in(rl_remarks *rem, const char *file, int line, int column,
				    const char *function, const char *source_function,
				    const char *reason)
{
	const char *src = source_function && source_function[0] ? source_function : function;
	json_t *location = location_json(file, line, column, function);
	json_object_set_new(location, "source_function", json_string(src));
	json_array_append_new(rem->nests, json_pack("{s:o, s:b, s:s}",
		"location", location, "analysed", 0, "reason", reason));
	function_add(rem, src, NULL);
}

void rl_remarks_add_not_analysed(rl_remarks *rem, const char *file, int line, int column,
				 const char *function, const char *reason)
{
	rl_remarks_add_not_analysed_in(rem, file, line, column, function, function, reason);
}

int rl_remarks_write(const rl_remarks *rem, const char *path, char *err, size_t errlen)
{
	size_t flags = JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6);
	if (json_dump_file(rem->root, path, flags) != 0) {
		snprintf(err, errlen, "cannot write remarks file '%s': %s", path, strerror(errno));
		return 0;
	}
	return 1;
}

void rl_remarks_free(rl_remarks *rem)
{
	if (!rem)
		return;
	json_decref(rem->nests);
	json_decref(rem->functions);
	json_decref(rem->function_index);
	json_decref(rem->root);
	free(rem);
}

const struct json_t *rl_remarks_json(const rl_remarks *rem)
{
	return rem ? rem->root : NULL;
}
