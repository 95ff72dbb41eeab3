/* Sentences of the roofline family (see roofline-text.h; the numbers: model/roofline.c). */
#include "diag/roofline-text.h"
#include "diag/views.h"
#include "diag/format.h"

#include <stdio.h>
#include <string.h>

/* When the roof that applies (data_level) is inside the ECM data level: "only 4 % of the
 * bytes from L2-L3" (the share served beyond that roof); "" when both are the same level. */
/* "[only ]12 % of the bytes from L2-MEM": the share of the requested bytes served beyond
 * level INNER (up to the ECM data level) */
static void trickle_from(const rl_rooflines *o, int inner, const char *lead, char *buf,
			 size_t len)
{
	buf[0] = '\0';
	if (inner >= o->ecm_level)
		return;
	double share = 0;
	for (int y = inner + 1; y <= o->ecm_level; y++)
		share += o->mem_share[y];
	char from[24];
	if (inner + 1 == o->ecm_level)
		snprintf(from, sizeof(from), "%s", o->level[o->ecm_level]);
	else
		snprintf(from, sizeof(from), "%s-%s", o->level[inner + 1], o->level[o->ecm_level]);
	snprintf(buf, len, "%s%.2g %% of the bytes from %s", lead, 100 * share, from);
}

static void trickle_text(const rl_rooflines *o, char *buf, size_t len)
{
	trickle_from(o, o->data_level, "only ", buf, len);
}

static void table_bw_text(const rl_rf_source *s, char *buf, size_t len)
{
	snprintf(buf, len, "table %s %d-bit %s, %d core%s%s", s->level, s->width, rl_mix_name(s->mix),
		 s->cores, s->cores == 1 ? "" : "s",
		 s->per_core ? " / cores" : s->cores > 1 ? " (chip figure)" : "");
}

void rl_diag_roofline_source(const rl_rf_source *s, char *buf, size_t len)
{
	char row[96];
	switch (s->kind) {
	case RL_RF_SRC_NONE: snprintf(buf, len, "%s", ""); break;
	case RL_RF_SRC_TABLE_BW: table_bw_text(s, buf, len); break;
	case RL_RF_SRC_TABLE_FLOPS:
		snprintf(buf, len, "table %s %d-bit %s, %d core%s", rl_fpop_name(s->op), s->width,
			 s->precision == 32 ? "sp" : "dp", s->cores, s->cores == 1 ? "" : "s / cores");
		break;
	case RL_RF_SRC_INCORE_FLOPS:
		snprintf(buf, len, "clock x %d-bit %s per cycle of the in-core table", s->width,
			 s->variant ? "FMA" : "add + mul");
		break;
	case RL_RF_SRC_INCORE_LOADS:
		snprintf(buf, len, "clock x %d-bit loads per cycle of the in-core table", s->width);
		break;
	case RL_RF_SRC_TRANSFER:
		snprintf(buf, len, "line / %s-%s transfer (%g cy/CL) x clock", s->from, s->level,
			 s->cycles);
		break;
	case RL_RF_SRC_MEM_1CORE: snprintf(buf, len, "memory.single_core_bandwidth"); break;
	case RL_RF_SRC_MEM_CHIP: snprintf(buf, len, "memory.bandwidth (chip)"); break;
	case RL_RF_SRC_ECM_VIEW:
		snprintf(buf, len, "line / (L1 load + transfers to %s, ECM %s rule%s) x clock", s->level,
			 s->overlap == RL_OVERLAP_SERIAL ? "serial"
			 : s->overlap == RL_OVERLAP_ZEN ? "zen" : "partial",
			 s->serial_fractions ? " with serial fractions" : "");
		break;
	case RL_RF_SRC_PEAK: snprintf(buf, len, "peak"); break;
	case RL_RF_SRC_ADCARM_ROWS:
		table_bw_text(s, row, sizeof(row));
		snprintf(buf, len, "eq. 1, %s rows (%s)", rl_mix_name(s->mix), row);
		break;
	case RL_RF_SRC_ADCARM_NO_ROWS:
		snprintf(buf, len, "no %s rows for these widths: CARM roof", rl_mix_name(s->mix));
		break;
	case RL_RF_SRC_ADCARM_FP:
		snprintf(buf, len, "%s", s->variant ? "eq. 3 (some types from the in-core table)"
			 : "eq. 3, peak_flops rows");
		break;
	case RL_RF_SRC_ADCARM_FP_PEAK:
		snprintf(buf, len, "%s", s->variant ? "no peak rows for the FP types: F_p"
			 : "no FP instruction: F_p");
		break;
	case RL_RF_SRC_LANES: snprintf(buf, len, "F_p / %g lanes", s->value); break;
	case RL_RF_SRC_HALF_PEAK: snprintf(buf, len, "F_p / 2 (one op per FMA slot)"); break;
	case RL_RF_SRC_LATENCY:
		snprintf(buf, len, "loop-carried chain %g cy per pass", s->value);
		break;
	case RL_RF_SRC_FP_FRACTION:
		snprintf(buf, len, "issue: %.0f %% FP instructions, front end %g cy per pass",
			 100 * s->value, s->cycles);
		break;
	}
	if (s->capped[0])
		rl_appendf(buf, len, "; capped at the %s roof", s->capped);
}

static void orm_note(const rl_rooflines *o, char *buf, size_t len)
{
	char a[32], b[32], p[32];
	snprintf(buf, len, "ORM (one AI per level):");
	for (int x = 0; x < o->nlevels; x++) {
		if (!(o->orm_ai[x] > 0)) {
			rl_appendf(buf, len, " %s no traffic;", o->level[x]);
			continue;
		}
		rl_format_number3(o->orm_ai[x], a, sizeof(a));
		rl_format_number3(o->orm_perf[x], p, sizeof(p));
		rl_appendf(buf, len, " %s %s flop/B -> %s;", o->level[x], a, p);
	}
	rl_format_number3(o->orm.bound_gflops, b, sizeof(b));
	rl_format_number3(o->peak_gflops, p, sizeof(p));
	if (o->orm_limit >= 0)
		rl_appendf(buf, len, " bound %s GFLOP/s by the %s bandwidth (F_p %s)", b,
			   o->level[o->orm_limit], p);
	else
		rl_appendf(buf, len, " compute-bound at F_p %s GFLOP/s", p);
}

static void carm_note(const rl_rooflines *o, char *buf, size_t len)
{
	const rl_rf_model *md = &o->carm;
	char a[32], b[32], e[32], t[80], tp[96] = "";
	rl_format_number3(o->carm_ai, a, sizeof(a));
	rl_format_number3(md->bound_gflops, b, sizeof(b));
	rl_format_number3(o->ecm_gflops, e, sizeof(e));
	trickle_text(o, t, sizeof(t));
	if (t[0])
		snprintf(tp, sizeof(tp), " (%s)", t);
	snprintf(buf, len, "CARM AI %s flop/B (core requests %g B per unit); data in %s%s: %s roof "
		 "%s GFLOP/s, ECM %s GFLOP/s = %.0f %% of it", a, o->carm_bytes,
		 o->level[o->ecm_level], tp, md->bound, b, e,
		 md->bound_gflops > 0 ? 100 * o->ecm_gflops / md->bound_gflops : 0);
}

static void adcarm_note(const rl_rooflines *o, char *buf, size_t len)
{
	const rl_rf_model *md = &o->adcarm;
	char b[32], bw1[32], bwy[32], pk[32];
	rl_format_number3(md->bound_gflops, b, sizeof(b));
	rl_format_number3(o->ad_bw[0], bw1, sizeof(bw1));
	rl_format_number3(o->ad_bw[o->data_level], bwy, sizeof(bwy));
	rl_format_number3(o->ad_peak, pk, sizeof(pk));
	snprintf(buf, len, "adCARM (%s mix, %d loads : %d stores per pass): roofs L1 %s",
		 rl_mix_name(o->mix), o->mem_loads, o->mem_stores, bw1);
	if (o->data_level)
		rl_appendf(buf, len, ", %s %s", o->level[o->data_level], bwy);
	rl_appendf(buf, len, " GB/s, FP mix %s GFLOP/s; MS", pk);
	for (int y = 0; y < o->nlevels; y++)
		rl_appendf(buf, len, " %s %.0f%%", o->level[y], 100 * o->mem_share[y]);
	rl_appendf(buf, len, ", MI");
	for (int y = 0; y < o->nlevels; y++)
		rl_appendf(buf, len, " %s %.0f%%", o->level[y], 100 * o->mem_impact[y]);
	rl_appendf(buf, len, "; bound %s GFLOP/s (%s)", b, md->bound);
}

static void ceilings_note(const rl_rooflines *o, char *buf, size_t len)
{
	const rl_rf_model *md = &o->ceilings;
	char b1[32], b2[32], b3[32], b4[32], b5[32];
	rl_format_number3(o->ceil_no_simd, b1, sizeof(b1));
	rl_format_number3(o->ceil_no_fma, b2, sizeof(b2));
	rl_format_number3(o->ceil_latency, b3, sizeof(b3));
	rl_format_number3(o->ceil_fp_fraction, b4, sizeof(b4));
	rl_format_number3(md->bound_gflops, b5, sizeof(b5));
	snprintf(buf, len, "in-core ceilings (GFLOP/s): no SIMD %s, no FMA %s, latency %s, FP "
		 "fraction %.0f %% -> %s; code is %s, %s FMA: bound %s (%s)", b1, b2,
		 o->ceil_latency > 0 ? b3 : "n/a", 100 * o->fp_fraction,
		 o->ceil_fp_fraction > 0 ? b4 : "n/a", o->code_simd ? "SIMD" : "scalar",
		 o->code_fma ? "with" : "without", b5, md->bound);
}

void rl_diag_roofline_model_note(const rl_rooflines *o, rl_rf_kind kind, char *buf, size_t len)
{
	switch (kind) {
	case RL_RF_ORM: orm_note(o, buf, len); break;
	case RL_RF_CARM: carm_note(o, buf, len); break;
	case RL_RF_ADCARM: adcarm_note(o, buf, len); break;
	default: ceilings_note(o, buf, len); break;
	}
}

/* the roof that binds the ECM point, as a user names it: "MEM roof", "latency ceiling",
 * "F_p peak" */
static void place_roof_name(const rl_rooflines *o, char *buf, size_t len)
{
	if (o->place_level >= 0)
		snprintf(buf, len, "%s roof", o->place_name);
	else if (!strcmp(o->place_name, "F_p"))
		snprintf(buf, len, "F_p peak");
	else
		snprintf(buf, len, "%s ceiling", o->place_name);
}

/* One verdict: the ECM's dominant term says core- or memory-bound (the "bottleneck" before
 * it); the CARM point of that same prediction is placed under the roof that binds it
 * (model/roofline.c place_ecm_point), with the share of the bytes from beyond that roof
 * when it is a cache level inside the data level. */
void rl_diag_roofline_summary(const rl_report *r, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	const rl_rooflines *o = r ? &r->rooflines : NULL;
	if (!o || !o->computed) {
		snprintf(buf, len, "no roofline (%s)", o && o->why[0] ? o->why : "not analysed");
		return;
	}
	int lv = rl_report_data_level(r);
	rl_ecm_term term = rl_ecm_dominant_term(&r->ecm, lv);
	const char *verdict = term.kind == RL_ECM_TERM_TRANSFER || term.kind == RL_ECM_TERM_TLB
				      ? "memory-bound" : "core-bound";
	char c[32], g[32], roof[48], t[80] = "";
	rl_format_number3(o->carm_ai, c, sizeof(c));
	if (!(o->place_gflops > 0)) {
		snprintf(buf, len, "%s (CARM AI %s flop/B)", verdict, c);
		return;
	}
	rl_format_number3(o->place_gflops, g, sizeof(g));
	place_roof_name(o, roof, sizeof(roof));
	if (o->place_above) {
		snprintf(buf, len, "%s; CARM AI %s flop/B: above every roof (%.0f %% of the %s, %s "
			 "GFLOP/s): the roofline and ECM models disagree", verdict, c,
			 100 * o->ecm_gflops / o->place_gflops, roof, g);
		return;
	}
	if (o->place_level >= 0 && o->place_level < o->ecm_level) {
		char share[64];
		trickle_from(o, o->place_level, "", share, sizeof(share));
		snprintf(t, sizeof(t), ": %s", share);
	}
	snprintf(buf, len, "%s; CARM AI %s flop/B at %.0f %% of the %s (%s GFLOP/s)%s", verdict, c,
		 100 * o->ecm_gflops / o->place_gflops, roof, g, t);
}

int rl_diag_roofline_verbose_count(const rl_report *r)
{
	return r && r->analysed ? (r->rooflines.computed ? RL_RF_NKINDS : 1) : 0;
}

int rl_diag_roofline_verbose(const rl_report *r, int i, char *buf, size_t len)
{
	static const char *const names[RL_RF_NKINDS] = { "ORM", "CARM", "adCARM", "in-core ceilings" };
	if (i < 0 || i >= rl_diag_roofline_verbose_count(r) || !len)
		return 0;
	const rl_rooflines *o = &r->rooflines;
	if (!o->computed) {
		snprintf(buf, len, "roofline: no roofline models: %s", o->why[0] ? o->why : "not analysed");
		return 1;
	}
	const rl_rf_model *md = rl_rooflines_model(o, (rl_rf_kind)i);
	if (md->valid) {
		char note[384];
		rl_diag_roofline_model_note(o, (rl_rf_kind)i, note, sizeof(note));
		snprintf(buf, len, "roofline: %s", note);
	} else {
		snprintf(buf, len, "roofline: %s skipped: %s", names[i], md->why);
	}
	return 1;
}
