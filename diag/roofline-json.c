/* "rooflines" member of a nest in the JSON remarks (docs/remarks.md, shape of docs/report.md):
 *
 *   {"ORM": {"roofs": [...], "points": [...], "levels": [...], "bound": ..., "note": ...},
 *    "CARM": {...}, "adCARM": {..., "levels": [{"level", "share", "impact", ...}]},
 *    "ceilings": {"roofs": [F_p], "ceilings": [...], ...}}
 *
 * Roofs: {"name", "bandwidth_gbs" | "gflops", "source"}; points {"label", "ai", "gflops"}
 * (the ECM prediction, one core); every model has a "note" (a remark / SARIF result). */
#include "diag/diag.h"
#include "diag/roofline-text.h"

#include <jansson.h>
#include <math.h>

static json_t *roofs_json(const rl_rf_roof *list, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++) {
		const rl_rf_roof *rf = &list[i];
		char source[160];
		rl_diag_roofline_source(&rf->source, source, sizeof(source));
		json_t *o = json_pack("{s:s, s:s}", "name", rf->name, "source", source);
		json_object_set_new(o, rf->gbs > 0 ? "bandwidth_gbs" : "gflops",
				    json_real(rf->gbs > 0 ? rf->gbs : rf->gflops));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *model_json(const rl_rooflines *rf, rl_rf_kind kind)
{
	const rl_rf_model *md = rl_rooflines_model(rf, kind);
	if (!md->valid)
		return json_pack("{s:s}", "skipped", md->why);
	char note[384];
	rl_diag_roofline_model_note(rf, kind, note, sizeof(note));
	json_t *pts = json_array();
	for (int i = 0; i < md->npoints; i++)
		if (md->points[i].ai > 0 && md->points[i].gflops > 0 && isfinite(md->points[i].ai))
			json_array_append_new(pts, json_pack("{s:s, s:f, s:f}", "label",
				md->points[i].label, "ai", md->points[i].ai, "gflops", md->points[i].gflops));
	json_t *o = json_pack("{s:o, s:o, s:s, s:s}", "roofs", roofs_json(md->roofs, md->nroofs),
			      "points", pts, "bound", md->bound, "note", note);
	if (isfinite(md->bound_gflops))
		json_object_set_new(o, "bound_gflops", json_real(md->bound_gflops));
	if (md->nceilings)
		json_object_set_new(o, "ceilings", roofs_json(md->ceilings, md->nceilings));
	return o;
}

struct json_t *rl_rooflines_json(const rl_report *r)
{
	const rl_rooflines *o = &r->rooflines;
	if (!r->analysed || !o->computed)
		return NULL;
	json_t *orm = model_json(o, RL_RF_ORM), *carm = model_json(o, RL_RF_CARM);
	json_t *ad = model_json(o, RL_RF_ADCARM), *ceil = model_json(o, RL_RF_CEILINGS);
	json_t *ol = json_array(), *al = json_array();
	for (int y = 0; y < o->nlevels; y++) {
		json_t *e = json_pack("{s:s, s:f, s:f, s:f, s:f}", "level", o->level[y],
			"bytes_per_unit", o->orm_bytes[y], "bandwidth_gbs", o->orm_bw[y],
			"attainable_gflops", o->orm_perf[y], "carm_bandwidth_gbs", o->carm_bw[y]);
		json_object_set_new(e, "ai", o->orm_ai[y] > 0 ? json_real(o->orm_ai[y]) : json_null());
		json_array_append_new(ol, e);
		json_array_append_new(al, json_pack("{s:s, s:f, s:f, s:f, s:f}", "level", o->level[y],
			"bandwidth_gbs", o->ad_bw[y], "served_bytes_per_unit", o->served[y],
			"memory_share", o->mem_share[y], "memory_impact", o->mem_impact[y]));
	}
	json_object_set_new(orm, "levels", ol);
	json_object_set_new(orm, "limiting_level", o->orm_limit >= 0 ? json_string(o->level[o->orm_limit])
			    : json_null());
	if (o->carm.valid)
		json_object_set_new(carm, "data_level", json_string(o->level[o->data_level]));
	json_object_set_new(ad, "levels", al);
	json_t *shares = json_array();
	for (int k = 0; k < 4; k++)
		json_array_append_new(shares, json_pack("{s:i, s:f, s:f}", "width", 64 << k,
			"load_share", o->load_share[k], "store_share", o->store_share[k]));
	json_object_set_new(ad, "inputs", json_pack("{s:s, s:f, s:o, s:f, s:f}",
		"mix", rl_mix_name(o->mix), "loads_per_store", o->loads_per_store,
		"memory_instructions", shares, "masked_lane_utilisation", o->masked_lanes,
		"fp_mix_gflops", o->ad_peak));
	json_object_set_new(ceil, "inputs", json_pack("{s:f, s:f, s:f, s:f, s:f}",
		"no_simd_gflops", o->ceil_no_simd, "no_fma_gflops", o->ceil_no_fma,
		"latency_gflops", o->ceil_latency, "fp_fraction", o->fp_fraction,
		"fp_fraction_gflops", o->ceil_fp_fraction));
	/* common inputs in every model (the report charts every top-level key as a model) */
	json_t *models[4] = { orm, carm, ad, ceil };
	for (int k = 0; k < 4; k++) {
		json_t *in = json_object_get(models[k], "inputs");
		if (!in) {
			in = json_object();
			json_object_set_new(models[k], "inputs", in);
		}
		json_object_update_missing_new(in, json_pack("{s:i, s:f, s:i, s:f, s:f, s:f, s:s, s:s}",
			"cores", o->cores, "flops_per_unit", o->flops_per_unit,
			"precision_bits", o->precision, "bytes_requested_per_unit", o->carm_bytes,
			"peak_gflops", o->peak_gflops, "ecm_gflops", o->ecm_gflops,
			"ecm_level", o->level[o->ecm_level], "data_level", o->level[o->data_level]));
	}
	return json_pack("{s:o, s:o, s:o, s:o}", "ORM", orm, "CARM", carm, "adCARM", ad,
			 "ceilings", ceil);
}
