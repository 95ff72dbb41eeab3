/* The roofline family for one loop nest: ORM per level, CARM, adCARM, in-core ceilings.
 * See model/roofline.h and docs/model.md section 6. */
#include "model/roofline.h"
#include "model/adcarm.h"
#include "model/ecm.h"
#include "model/perf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ small helpers */

static void add_roof(rl_rf_model *md, int ceiling, const char *name, double gbs, double gflops,
		     const rl_rf_source *source)
{
	int *n = ceiling ? &md->nceilings : &md->nroofs;
	rl_rf_roof *list = ceiling ? md->ceilings : md->roofs;
	if (*n >= RL_RF_MAX_ROOFS || !(gbs > 0 || gflops > 0))
		return;
	rl_rf_roof *rf = &list[(*n)++];
	snprintf(rf->name, sizeof(rf->name), "%s", name);
	rf->gbs = gbs > 0 ? gbs : 0;
	rf->gflops = gflops > 0 ? gflops : 0;
	if (source)
		rf->source = *source;
	else
		memset(&rf->source, 0, sizeof(rf->source));
}

/* SRC of a roof capped at the roof of the INNER level */
static void capped_source(rl_rf_source *src, const char *inner)
{
	snprintf(src->capped, sizeof(src->capped), "%s", inner);
}

static void add_point(rl_rf_model *md, const char *label, double ai, double gflops)
{
	if (md->npoints >= RL_RF_MAX_POINTS)
		return;
	rl_rf_point *p = &md->points[md->npoints++];
	snprintf(p->label, sizeof(p->label), "%s", label);
	p->ai = ai;
	p->gflops = gflops;
}

static int is_fp(rl_iclass c)
{
	return c == RL_IC_FADD || c == RL_IC_FMUL || c == RL_IC_FMA || c == RL_IC_FDIV ||
	       c == RL_IC_FSQRT;
}

static int width_index(int bits)
{
	return bits >= 512 ? 3 : bits >= 256 ? 2 : bits >= 128 ? 1 : 0;
}

/* Passes of the generated loop body per unit of work. */
static double passes_per_unit(const rl_rf_input *in)
{
	const rl_body *bd = in->body;
	return bd->iters_per_pass > 0 ? (double)in->traffic->iters_per_unit / bd->iters_per_pass : 1;
}

static int level_is_private(const rl_machine *m, const char *level)
{
	for (int l = 0; l < m->nlevels; l++)
		if (!strcmp(m->levels[l].name, level))
			return m->levels[l].shared_by <= 1;
	return 0;   /* MEM */
}

/* ------------------------------------------------------------------ machine figures */

/* One-core bandwidth at LEVEL from the table: WIDTH 0 = best width, MIX < 0 = best mix.
 * Rows of 1 core first; otherwise the row with the fewest cores, divided by its cores for a
 * private level (each core has its own), kept for shared levels and memory (chip figure).
 * 0 when no row matches; SRC describes the row. */
static double table_bw(const rl_machine *m, const char *level, int width, int mix,
		       rl_rf_source *src)
{
	const rl_bw_row *best = NULL;
	for (int i = 0; i < m->nbw; i++) {
		const rl_bw_row *b = &m->bw[i];
		if (strcmp(b->level, level) || (mix >= 0 && (int)b->mix != mix) ||
		    (width && b->width != width) || b->cores < 1)
			continue;
		if (!best || b->cores < best->cores || (b->cores == best->cores && b->gbs > best->gbs))
			best = b;
	}
	if (!best)
		return 0;
	double v = best->gbs;
	int scaled = best->cores > 1 && level_is_private(m, level);
	if (scaled)
		v /= best->cores;
	if (src) {
		src->kind = RL_RF_SRC_TABLE_BW;
		snprintf(src->level, sizeof(src->level), "%s", best->level);
		src->width = best->width;
		src->mix = best->mix;
		src->cores = best->cores;
		src->per_core = scaled;
	}
	return v;
}

/* Widest SIMD width of the machine's in-core table (explicit widths of any row). */
static int widest_width(const rl_machine *m)
{
	int w = 64;
	for (int i = 0; i < m->ncosts; i++)
		if (m->costs[i].width > w && m->costs[i].width <= 512)
			w = m->costs[i].width;
	return w;
}

/* FP throughput (GFLOP/s, one core) of CLS at WIDTH bits, PREC from the in-core table. */
static double cost_gflops(const rl_machine *m, rl_iclass cls, int width, int prec)
{
	const rl_iclass_cost *c = rl_machine_cost_prec(m, cls, width, prec);
	if (!c || !(c->cycles > 0) || !(m->clock_ghz > 0))
		return 0;
	double lanes = width > prec ? (double)width / prec : 1;
	return lanes * (cls == RL_IC_FMA ? 2 : 1) / c->cycles * m->clock_ghz;
}

/* FP table row of OP at WIDTH (0: best) and PREC for one core (n-core rows / n). */
static double table_flops(const rl_machine *m, rl_fpop op, int width, int prec, rl_rf_source *src)
{
	const rl_flops_row *best = NULL;
	for (int i = 0; i < m->nflops; i++) {
		const rl_flops_row *f = &m->flops[i];
		if (f->op != op || f->precision != prec || f->cores < 1 || (width && f->width != width))
			continue;
		if (!best || f->cores < best->cores ||
		    (f->cores == best->cores && f->gflops > best->gflops))
			best = f;
	}
	if (!best)
		return 0;
	if (src) {
		src->kind = RL_RF_SRC_TABLE_FLOPS;
		src->op = op;
		src->width = best->width;
		src->precision = prec;
		src->cores = best->cores;
	}
	return best->gflops / best->cores;
}

/* F_p of one core for PREC: peak row, else the best FMA/add/mul row, else the in-core
 * table at the widest width (FMA, or add + mul on separate units). */
static double peak_flops(const rl_machine *m, int prec, rl_rf_source *src)
{
	double v = table_flops(m, RL_FP_PEAK, 0, prec, src);
	if (v > 0)
		return v;
	v = table_flops(m, RL_FP_FMA, 0, prec, src);
	if (v > 0)
		return v;
	int w = widest_width(m);
	double fma = cost_gflops(m, RL_IC_FMA, w, prec);
	double add = cost_gflops(m, RL_IC_FADD, w, prec), mul = cost_gflops(m, RL_IC_FMUL, w, prec);
	const rl_iclass_cost *ca = rl_machine_cost_prec(m, RL_IC_FADD, w, prec);
	const rl_iclass_cost *cm = rl_machine_cost_prec(m, RL_IC_FMUL, w, prec);
	double addmul = (ca && cm && strcmp(ca->unit, cm->unit)) ? add + mul : fmax(add, mul);
	v = fmax(fma, addmul);
	if (v > 0 && src) {
		src->kind = RL_RF_SRC_INCORE_FLOPS;
		src->width = w;
		src->variant = fma >= addmul;
	}
	return v;
}

/* L1 bandwidth of one core from the load rows of the in-core table (widest width). */
static double l1_port_bw(const rl_machine *m, rl_rf_source *src)
{
	int w = widest_width(m);
	const rl_iclass_cost *c = rl_machine_cost(m, RL_IC_LOAD, w);
	if (!c || !(c->cycles > 0) || !(m->clock_ghz > 0))
		return 0;
	if (src) {
		src->kind = RL_RF_SRC_INCORE_LOADS;
		src->width = w;
	}
	return w / 8.0 / c->cycles * m->clock_ghz;
}

/* ORM bandwidth B_x of level X (0 = L1 .. nlevels = MEM): table (best row), else the ECM
 * transfer figures (line / cycles per line x clock), memory bandwidth. */
static double orm_bandwidth(const rl_machine *m, int x, rl_rf_source *src)
{
	const char *name = x < m->nlevels ? m->levels[x].name : "MEM";
	double v = table_bw(m, name, 0, -1, src);
	if (v > 0)
		return v;
	if (x == 0)
		return l1_port_bw(m, src);
	if (x < m->nlevels) {
		const rl_cache_level *up = &m->levels[x - 1];
		if (up->cycles_per_line > 0 && m->clock_ghz > 0) {
			src->kind = RL_RF_SRC_TRANSFER;
			snprintf(src->from, sizeof(src->from), "%s", up->name);
			snprintf(src->level, sizeof(src->level), "%s", name);
			src->cycles = up->cycles_per_line;
			return up->line / up->cycles_per_line * m->clock_ghz;
		}
		return 0;
	}
	if (m->mem_bandwidth_1core_gbs > 0) {
		src->kind = RL_RF_SRC_MEM_1CORE;
		return m->mem_bandwidth_1core_gbs;
	}
	src->kind = RL_RF_SRC_MEM_CHIP;
	return m->mem_bandwidth_gbs;
}

/* CARM bandwidth B_{x->C} as seen by the core: table (best row), else from the ECM
 * transfer figures: a line served by level x costs the L1 load time plus the transfers
 * up to x (serial overlap) or their maximum (zen). */
static double carm_bandwidth(const rl_machine *m, int x, rl_rf_source *src)
{
	const char *name = x < m->nlevels ? m->levels[x].name : "MEM";
	double v = table_bw(m, name, 0, -1, src);
	if (v > 0)
		return v;
	double l1 = l1_port_bw(m, src);
	if (!(l1 > 0) || !(m->clock_ghz > 0))
		return 0;
	if (x == 0)
		return l1;
	int line = rl_machine_line_bytes(m);
	double t[RL_MAX_LEVELS + 1];
	for (int b = 0; b < x; b++) {
		t[b] = b < m->nlevels - 1 ? m->levels[b].cycles_per_line : m->mem_cycles_per_line;
		if (b == m->nlevels - 1 && m->mem_bandwidth_1core_gbs > 0)
			t[b] = line * m->clock_ghz / m->mem_bandwidth_1core_gbs;
		if (!(t[b] > 0))
			return 0;
	}
	src->kind = RL_RF_SRC_ECM_VIEW;
	snprintf(src->level, sizeof(src->level), "%s", name);
	src->overlap = m->overlap;
	src->serial_fractions = m->n_serial_fraction > 0 && m->overlap != RL_OVERLAP_SERIAL;
	/* a line served by x: the L1 load time as T_nOL plus the transfers, no T_OL */
	return line / rl_ecm_level_cycles_frac(m->overlap, m->serial_links, m->serial_fraction, 0,
					       line / (l1 / m->clock_ghz), t, x) * m->clock_ghz;
}

/* ------------------------------------------------------------------ the models */

static void compute_orm(const rl_rf_input *in, rl_rooflines *o)
{
	const rl_machine *m = in->machine;
	rl_rf_model *md = &o->orm;
	int line = rl_machine_line_bytes(m);
	double best = o->peak_gflops;
	o->orm_limit = -1;
	for (int x = 0; x < o->nlevels; x++) {
		rl_rf_source src = { 0 };
		if (x == 0)
			o->orm_bytes[0] = o->carm_bytes;
		else if (x - 1 < in->traffic->nboundaries && x <= o->ecm_level)
			o->orm_bytes[x] = rl_ecm_boundary_lines(in->traffic, x - 1) * line;
		o->orm_ai[x] = o->orm_bytes[x] > 1e-9 ? o->flops_per_unit / o->orm_bytes[x] : 0;
		o->orm_bw[x] = orm_bandwidth(m, x, &src);
		char name[RL_RF_NAME];
		snprintf(name, sizeof(name), "%s", o->level[x]);
		add_roof(md, 0, name, o->orm_bw[x], 0, &src);
		o->orm_perf[x] = o->peak_gflops;
		if (o->orm_ai[x] > 0 && o->orm_bw[x] > 0) {
			o->orm_perf[x] = fmin(o->orm_ai[x] * o->orm_bw[x], o->peak_gflops);
			if (o->orm_ai[x] * o->orm_bw[x] < best) {
				best = o->orm_ai[x] * o->orm_bw[x];
				o->orm_limit = x;
			}
			add_point(md, name, o->orm_ai[x], o->ecm_gflops);
		}
	}
	md->valid = 1;
	md->bound_gflops = best;
	snprintf(md->bound, sizeof(md->bound), "%s", o->orm_limit < 0 ? "F_p"
		 : o->level[o->orm_limit]);
}

static void compute_carm(const rl_rf_input *in, rl_rooflines *o)
{
	const rl_machine *m = in->machine;
	rl_rf_model *md = &o->carm;
	for (int x = 0; x < o->nlevels; x++) {
		rl_rf_source src = { 0 };
		o->carm_bw[x] = carm_bandwidth(m, x, &src);
		/* data from an outer level traverses the inner ones (Ilic et al., CARM: B_D->C < B_D): a
		 * figure above the inner level's (e.g. a chip figure for memory) is capped */
		if (x && o->carm_bw[x - 1] > 0 && o->carm_bw[x] > o->carm_bw[x - 1]) {
			o->carm_bw[x] = o->carm_bw[x - 1];
			capped_source(&src, o->level[x - 1]);
		}
		add_roof(md, 0, o->level[x], o->carm_bw[x], 0, &src);
	}
	rl_rf_source peak = { .kind = RL_RF_SRC_PEAK };
	add_roof(md, 0, "F_p", 0, o->peak_gflops, &peak);
	if (!(o->carm_bytes > 0)) {
		snprintf(md->why, sizeof(md->why), "the generated code requests no bytes");
		return;
	}
	o->carm_ai = o->flops_per_unit / o->carm_bytes;
	md->valid = 1;
	int y = o->data_level;
	double roof = o->carm_bw[y] > 0 ? o->carm_ai * o->carm_bw[y] : INFINITY;
	md->bound_gflops = fmin(roof, o->peak_gflops);
	snprintf(md->bound, sizeof(md->bound), "%s", roof < o->peak_gflops ? o->level[y] : "F_p");
	add_point(md, "ECM", o->carm_ai, o->ecm_gflops);
}

/* Mix of the table matching the code's load/store ratio (Marques et al., adCARM, use the nearest one). */
static rl_mix mix_for(int loads, int stores)
{
	if (!stores)
		return RL_MIX_LOAD;
	if (!loads)
		return RL_MIX_STORE;
	return (double)loads / stores >= 1.5 ? RL_MIX_2LD1ST : RL_MIX_1LD1ST;
}

static rl_fpop fpop_of(rl_iclass c)
{
	switch (c) {
	case RL_IC_FADD: return RL_FP_ADD;
	case RL_IC_FMUL: return RL_FP_MUL;
	case RL_IC_FMA: return RL_FP_FMA;
	case RL_IC_FDIV: return RL_FP_DIV;
	default: return RL_FP_SQRT;
	}
}

/* The code's memory instructions: shares per width (load_share, store_share), the load/store
 * mix and CNT[k] instructions of width 64 << k.  Returns the number of memory instructions. */
static int adcarm_mix(const rl_body *bd, rl_rooflines *o, int cnt[4])
{
	int loads = 0, stores = 0;
	for (int i = 0; i < bd->ninsns; i++) {
		const rl_insn *in = &bd->insns[i];
		if (in->mem == RL_MEM_NONE || in->mem_width <= 0)
			continue;
		int k = width_index(in->mem_width);
		cnt[k]++;
		if (in->mem == RL_MEM_STORE) {
			stores++;
			o->store_share[k]++;
		} else {
			loads++;
			o->load_share[k]++;
		}
	}
	int nmem = loads + stores;
	for (int k = 0; k < 4; k++) {
		o->load_share[k] = nmem ? o->load_share[k] / nmem : 0;
		o->store_share[k] = nmem ? o->store_share[k] / nmem : 0;
	}
	o->mem_loads = loads;
	o->mem_stores = stores;
	o->loads_per_store = stores ? (double)loads / stores : 1e9;
	o->mix = mix_for(loads, stores);
	return nmem;
}

/* Bandwidth roof per level: eq. 1 over the widths CNT of the code at the code's mix, else
 * the level's CARM roof. */
static void adcarm_bandwidths(const rl_machine *m, const int cnt[4], int nmem, rl_rooflines *o)
{
	rl_rf_model *md = &o->adcarm;
	for (int y = 0; y < o->nlevels; y++) {
		rl_rf_source src = { 0 };
		const char *name = y < m->nlevels ? m->levels[y].name : "MEM";
		rl_adcarm_term t[4];
		int ok = 1;
		for (int k = 0; k < 4; k++) {
			int w = 64 << k;
			t[k].ratio = (double)cnt[k] / nmem;
			t[k].amount = w / 8.0;
			t[k].peak = 0;
			if (cnt[k]) {
				t[k].peak = table_bw(m, name, w, o->mix, NULL);
				if (!(t[k].peak > 0))
					ok = 0;
			}
		}
		char err[160];
		double v = ok ? rl_adcarm_scale(t, 4, err, sizeof(err)) : -1;
		if (v > 0) {
			int k0 = 0;
			while (k0 < 3 && !cnt[k0])
				k0++;
			table_bw(m, name, 64 << k0, o->mix, &src);
			src.kind = RL_RF_SRC_ADCARM_ROWS;
		} else {
			/* no rows for this mix and these widths: the level's CARM roof, unscaled */
			v = o->carm_bw[y];
			src.kind = RL_RF_SRC_ADCARM_NO_ROWS;
			src.mix = o->mix;
		}
		if (y && o->ad_bw[y - 1] > 0 && v > o->ad_bw[y - 1]) {
			v = o->ad_bw[y - 1];
			capped_source(&src, o->level[y - 1]);
		}
		o->ad_bw[y] = v > 0 ? v : 0;
		add_roof(md, 0, name, o->ad_bw[y], 0, &src);
	}
}

/* FP roof: eq. 3 over the FP instruction types (op, width, precision) of the code; F_p when
 * the machine has no rows for them. */
static void adcarm_fp_roof(const rl_machine *m, const rl_body *bd, rl_rooflines *o)
{
	rl_adcarm_term ft[RL_MAX_INSNS];
	int nft = 0, fromcost = 0, nfp = 0;
	for (int i = 0; i < bd->ninsns && nft < RL_MAX_INSNS; i++) {
		const rl_insn *in = &bd->insns[i];
		if (!is_fp(in->cls))
			continue;
		nfp++;
		int prec = in->elem_bits == 32 ? 32 : 64;
		int w = in->width > prec ? in->width : prec;
		double p = table_flops(m, fpop_of(in->cls), w, prec, NULL);
		if (!(p > 0)) {
			p = cost_gflops(m, in->cls, w, prec);
			fromcost++;
		}
		if (!(p > 0))
			continue;
		ft[nft].ratio = 1;
		ft[nft].amount = (double)w / prec * (in->cls == RL_IC_FMA ? 2 : 1) * o->masked_lanes;
		ft[nft].peak = p;
		nft++;
	}
	char err[160];
	o->ad_peak = nft ? rl_adcarm_scale(ft, nft, err, sizeof(err)) : -1;
	rl_rf_source src = { .kind = RL_RF_SRC_ADCARM_FP, .variant = fromcost > 0 };
	if (!(o->ad_peak > 0)) {
		o->ad_peak = o->peak_gflops;
		src.kind = RL_RF_SRC_ADCARM_FP_PEAK;
		src.variant = nfp > 0;
	}
	add_roof(&o->adcarm, 0, "FP mix", 0, o->ad_peak, &src);
}

/* Memory impact per level (Marques et al., adCARM, eq. 7) and the placement under the time-weighted
 * bandwidth of the bytes served by each level. */
static void adcarm_place(rl_rooflines *o)
{
	rl_rf_model *md = &o->adcarm;
	double sum = 0, tsum = 0;
	const double *served = o->served;
	for (int y = 0; y < o->nlevels; y++)
		sum += served[y];
	for (int y = 0; y < o->nlevels; y++) {
		double bw = o->ad_bw[y] > 0 ? o->ad_bw[y] : o->carm_bw[y];
		o->mem_impact[y] = bw > 0 ? served[y] / bw : 0;
		tsum += o->mem_impact[y];
	}
	for (int y = 0; y < o->nlevels; y++)
		o->mem_impact[y] = tsum > 0 ? o->mem_impact[y] / tsum : (y == 0);
	int top = 0;
	for (int y = 1; y < o->nlevels; y++)
		if (o->mem_impact[y] > o->mem_impact[top])
			top = y;
	/* placement: time-weighted bandwidth (harmonic mean by served bytes) */
	double tb = 0;
	for (int y = 0; y < o->nlevels; y++) {
		double bw = o->ad_bw[y] > 0 ? o->ad_bw[y] : o->carm_bw[y];
		if (served[y] > 0 && bw > 0)
			tb += served[y] / bw;
	}
	double eff_bw = tb > 0 ? sum / tb : 0;
	double roof = eff_bw > 0 ? o->carm_ai * eff_bw : INFINITY;
	md->valid = 1;
	md->bound_gflops = fmin(roof, o->ad_peak);
	snprintf(md->bound, sizeof(md->bound), "%s", roof < o->ad_peak ? o->level[top] : "FP mix");
	add_point(md, "ECM", o->carm_ai, o->ecm_gflops);
}

static void compute_adcarm(const rl_rf_input *in, rl_rooflines *o)
{
	int cnt[4] = { 0 };
	int nmem = adcarm_mix(in->body, o, cnt);
	/* masked lanes are not visible in the instruction records (GCC 12 at -O3 emits no
	 * masked loop bodies for these loops); utilisation 1 */
	o->masked_lanes = 1;
	if (!nmem) {
		snprintf(o->adcarm.why, sizeof(o->adcarm.why), "the generated code has no memory instruction");
		return;
	}
	adcarm_bandwidths(in->machine, cnt, nmem, o);
	adcarm_fp_roof(in->machine, in->body, o);
	adcarm_place(o);
}

static void compute_ceilings(const rl_rf_input *in, rl_rooflines *o)
{
	const rl_machine *m = in->machine;
	const rl_body *bd = in->body;
	const rl_incore *c = in->incore;
	rl_rf_model *md = &o->ceilings;
	int prec = o->precision, w = widest_width(m);
	rl_rf_source src = { 0 };
	/* F_p is drawn by the other models; here only the ceilings below it */
	/* no SIMD: the scalar FMA (or add + mul) throughput */
	double s = table_flops(m, RL_FP_FMA, prec, prec, &src);
	if (!(s > 0)) {
		double lanes = (double)w / prec;
		s = lanes > 1 ? o->peak_gflops / lanes : o->peak_gflops;
		src.kind = RL_RF_SRC_LANES;
		src.value = lanes;
	}
	o->ceil_no_simd = s;
	add_roof(md, 1, "no SIMD", 0, s, &src);
	/* no FMA: the better of add or mul at the widest width */
	double a = table_flops(m, RL_FP_ADD, w, prec, &src);
	double mu = table_flops(m, RL_FP_MUL, w, prec, NULL);
	if (!(a > 0 || mu > 0)) {
		a = o->peak_gflops / 2;
		src.kind = RL_RF_SRC_HALF_PEAK;
	}
	o->ceil_no_fma = fmax(a, mu);
	add_roof(md, 1, "no FMA", 0, o->ceil_no_fma, &src);
	/* per pass of the body -> GFLOP/s */
	double passes = passes_per_unit(in);
	double flops_pass = passes > 0 ? o->flops_per_unit / passes : 0;
	if (c->t_latency > 0 && m->clock_ghz > 0) {
		o->ceil_latency = flops_pass / c->t_latency * m->clock_ghz;
		src.kind = RL_RF_SRC_LATENCY;
		src.value = c->t_latency;
		add_roof(md, 1, "latency", 0, o->ceil_latency, &src);
	}
	int nfp = 0, vec = 0, fma = 0, addmul = 0;
	for (int i = 0; i < bd->ninsns; i++) {
		const rl_insn *in = &bd->insns[i];
		if (!is_fp(in->cls))
			continue;
		nfp++;
		if (in->width > (in->elem_bits ? in->elem_bits : 64))
			vec = 1;
		if (in->cls == RL_IC_FMA)
			fma = 1;
		if (in->cls == RL_IC_FADD || in->cls == RL_IC_FMUL)
			addmul = 1;
	}
	o->fp_fraction = bd->ninsns ? (double)nfp / bd->ninsns : 0;
	o->code_simd = vec;
	o->code_fma = fma;
	o->code_addmul = addmul;
	if (c->t_frontend > 0 && m->clock_ghz > 0) {
		o->ceil_fp_fraction = flops_pass / c->t_frontend * m->clock_ghz;
		src.kind = RL_RF_SRC_FP_FRACTION;
		src.value = o->fp_fraction;
		src.cycles = c->t_frontend;
		char nm[RL_RF_NAME];
		snprintf(nm, sizeof(nm), "FP fraction %.0f%%", 100 * o->fp_fraction);
		add_roof(md, 1, nm, 0, o->ceil_fp_fraction, &src);
	}
	/* the ceilings that apply to this code, and the lowest of them */
	double bound = o->peak_gflops;
	const char *what = "F_p";
	if (!vec && nfp && o->ceil_no_simd < bound) { bound = o->ceil_no_simd; what = "no SIMD"; }
	if (!fma && addmul && o->ceil_no_fma < bound) { bound = o->ceil_no_fma; what = "no FMA"; }
	if (o->ceil_latency > 0 && o->ceil_latency < bound) { bound = o->ceil_latency; what = "latency"; }
	if (o->ceil_fp_fraction > 0 && o->ceil_fp_fraction < bound) {
		bound = o->ceil_fp_fraction;
		what = "FP fraction";
	}
	md->valid = 1;
	md->bound_gflops = bound;
	snprintf(md->bound, sizeof(md->bound), "%s", what);
	add_point(md, "ECM", o->carm_ai, o->ecm_gflops);
}

/* The roof that binds the ECM point: candidate NAME with value V (GFLOP/s at the point's AI)
 * of LEVEL (-1: a ceiling or F_p) */
static void place_candidate(rl_rooflines *o, const char *name, double v, int level)
{
	/* a roof is above the point when not below it by more than rounding (the latency
	 * ceiling of a latency-bound loop is the ECM prediction itself) */
	int above = v >= o->ecm_gflops * (1 - 1e-6);
	if (!(v > 0))
		return;
	int better = o->place_gflops <= 0 ||
		     (above && (o->place_above || v <= o->place_gflops)) ||
		     (!above && o->place_above && v > o->place_gflops);
	if (!better)
		return;
	snprintf(o->place_name, sizeof(o->place_name), "%s", name);
	o->place_gflops = v;
	o->place_level = level;
	o->place_above = !above;
}

/* Which roof binds the ECM point (place_* of rl_rooflines): memory roofs of the levels the
 * data comes from (L1 .. the ECM data level), the in-core ceilings that apply (the same
 * rules as the ceilings' bound) and F_p; ties go to the outer level. */
static void place_ecm_point(rl_rooflines *o)
{
	o->place_level = -1;
	if (!(o->ecm_gflops > 0) || !(o->carm_ai > 0))
		return;
	place_candidate(o, "F_p", o->peak_gflops, -1);
	if (!o->code_simd && o->fp_fraction > 0)
		place_candidate(o, "no SIMD", o->ceil_no_simd, -1);
	if (!o->code_fma && o->code_addmul)
		place_candidate(o, "no FMA", o->ceil_no_fma, -1);
	place_candidate(o, "latency", o->ceil_latency, -1);
	place_candidate(o, "FP fraction", o->ceil_fp_fraction, -1);
	for (int x = 0; x <= o->ecm_level; x++)
		if (o->carm_bw[x] > 0)
			place_candidate(o, o->level[x], o->carm_ai * o->carm_bw[x], x);
}

/* ------------------------------------------------------------------ entry points */

/* Bytes requested by the core per unit of work, from the generated loads and stores. */
static double requested_bytes(const rl_rf_input *in)
{
	const rl_body *bd = in->body;
	double per_pass = 0;
	for (int i = 0; i < bd->ninsns; i++)
		if (bd->insns[i].mem != RL_MEM_NONE)
			per_pass += bd->insns[i].mem_width / 8.0;
	return per_pass * passes_per_unit(in);
}

/* Bytes served by each level up to ecm_level, their shares, and the level whose roof
 * applies (o->data_level). */
static void served_bytes(const rl_rf_input *in, rl_rooflines *o)
{
	const rl_traffic *t = in->traffic;
	/* bytes served by each level (Marques et al., adCARM: requested by the core, served by y after
	 * traversing the levels above): what reaches y minus what goes beyond it */
	int line = rl_machine_line_bytes(in->machine);
	double reach[RL_RF_LEVELS] = { 0 };
	reach[0] = o->carm_bytes;
	for (int y = 1; y <= o->ecm_level; y++)
		reach[y] = y - 1 < t->nboundaries ? (t->load_lines[y - 1] + t->wa_lines[y - 1]) * line : 0;
	double sum = 0;
	for (int y = 0; y < o->nlevels; y++) {
		o->served[y] = y + 1 < o->nlevels ? fmax(0, reach[y] - reach[y + 1]) : reach[y];
		sum += o->served[y];
	}
	/* the roof that applies: the outermost level (<= ecm_level) serving at least 5 % of the
	 * bytes (a compulsory trickle, e.g. once per sweep of an outer loop, does not count) */
	o->data_level = 0;
	for (int y = 0; y < o->nlevels; y++) {
		o->mem_share[y] = sum > 0 ? o->served[y] / sum : (y == 0);
		if (o->mem_share[y] >= RL_RF_DATA_SHARE)
			o->data_level = y;
	}
}

void rl_rooflines_compute(const rl_rf_input *in, rl_rooflines *o)
{
	memset(o, 0, sizeof(*o));
	o->cores = 1;
	if (!in || !in->machine || !in->flops || !in->body || !in->traffic || !in->ecm) {
		snprintf(o->why, sizeof(o->why), "not analysed");
		return;
	}
	const rl_machine *m = in->machine;
	double f[2] = { rl_perf_flops(&in->flops[0]), rl_perf_flops(&in->flops[1]) };
	o->precision = f[0] > f[1] ? 32 : 64;
	o->flops_per_unit = (f[0] + f[1]) * in->traffic->iters_per_unit;
	o->nlevels = m->nlevels + 1;
	for (int x = 0; x < o->nlevels; x++)
		snprintf(o->level[x], sizeof(o->level[x]), "%s", x < m->nlevels ? m->levels[x].name : "MEM");
	if (!(o->flops_per_unit > 0)) {
		snprintf(o->why, sizeof(o->why), "no floating-point work in the nest");
		return;
	}
	o->carm_bytes = requested_bytes(in);
	/* the ECM data level of the concise note (model/perf.c: working set against the
	 * capacities; MEM when a size is unknown).  Its prediction has the data resident there:
	 * no line crosses beyond it, so the layer-condition traffic stops there too (a nest
	 * whose working set fits in L2 is placed with L2 bytes, not with the cold sweep the
	 * traffic would fetch from memory) */
	o->ecm_level = o->nlevels - 1;
	if (in->data_level >= 0 && in->data_level < o->nlevels - 1)
		o->ecm_level = in->data_level;
	served_bytes(in, o);
	double cy = o->ecm_level <= in->ecm->ntransfers ? in->ecm->prediction[o->ecm_level] : 0;
	o->ecm_gflops = cy > 0 ? o->flops_per_unit / cy * m->clock_ghz : 0;
	rl_rf_source src = { 0 };
	o->peak_gflops = peak_flops(m, o->precision, &src);
	if (!(o->peak_gflops > 0)) {
		snprintf(o->why, sizeof(o->why), "machine '%s' has no peak FP figure (no peak_flops "
			 "rows and no FP rows in its in-core table)", m->name);
		return;
	}
	o->computed = 1;
	compute_carm(in, o);     /* first: ORM L1 and adCARM use its bytes and roofs */
	compute_orm(in, o);
	compute_adcarm(in, o);
	compute_ceilings(in, o);
	place_ecm_point(o);
	/* F_p roofs of ORM */
	add_roof(&o->orm, 0, "F_p", 0, o->peak_gflops, &src);
}

const rl_rf_model *rl_rooflines_model(const rl_rooflines *o, rl_rf_kind kind)
{
	switch (kind) {
	case RL_RF_ORM: return &o->orm;
	case RL_RF_CARM: return &o->carm;
	case RL_RF_ADCARM: return &o->adcarm;
	default: return &o->ceilings;
	}
}
