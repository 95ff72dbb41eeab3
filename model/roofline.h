/* The roofline family for one loop nest (docs/model.md section 6; the papers: Williams,
 * Waterman, Patterson, "Roofline", CACM 2009; Ilic, Pratas, Sousa, "Cache-aware Roofline
 * model", IEEE CAL 2014; Marques et al., "Application-driven Cache-Aware Roofline Model",
 * FGCS; Caparros Cabezas, Pueschel, "Extending the Roofline Model").
 *
 * All models are for ONE core (the ECM prediction is single-core): roofs from tables of
 * n-core rows are scaled to one core for private caches (row / n); shared levels and memory
 * keep the chip's figure (an upper bound for one core), unless a 1-core row or the machine's
 * memory.single_core_bandwidth exists.  Work = FP operations of the source (an FMA counts 2)
 * per unit of work (traffic->iters_per_unit iterations).
 *
 *  - ORM (hierarchical original roofline, Williams et al.): per level x (L1 = core<->L1 bytes,
 *    L2 = L1<->L2 bytes, ..., MEM = L3<->MEM bytes), I_x = flops / bytes crossing into x,
 *    P_x = min(I_x * B_x, F_p); the bound is min_x P_x and the limiting level its argmin.
 *  - CARM (Ilic et al.): one AI = flops / all bytes the core requests (loads + stores of the
 *    generated code), roofs B_{x->C} for every level and F_p; the point is placed under the
 *    roof of the level the data is served from (data_level below).
 *
 *  Every model places the same ECM prediction as the concise note: the one at the ECM data
 *  level (rl_rf_input.data_level, model/perf.c: working set against the capacities, MEM
 *  when a size is unknown).  That prediction has the data resident there and no line crossing beyond it,
 *  so the bytes of every model stop at that level too (ORM: no traffic into outer levels;
 *  CARM/adCARM: what reaches it is served by it).
 *  - adCARM (Marques et al.): the same with the roofs scaled to the loop's instruction mix
 *    (model/adcarm.h): access widths + load/store mix -> bandwidth rows, FP types/widths ->
 *    peak rows; memory share MS_y and memory impact MI_y per level.
 *  - ceilings (Williams et al.; Caparros Cabezas, Pueschel): no SIMD, no FMA, latency-bound
 *    chain, FP fraction of the mix.
 *
 * The model computes numbers and named terms (which roof binds, which level, the share of
 * bytes, where a figure came from); every sentence about them is written in
 * diag/roofline-text.c.
 *
 * Errors are values: a model that cannot be computed has valid == 0 and a reason in why.
 */
#ifndef RL_ROOFLINE_H
#define RL_ROOFLINE_H

#include <stddef.h>
#include "machines/machine.h"
#include "model/ecm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_RF_MAX_ROOFS 12
#define RL_RF_MAX_POINTS (RL_MAX_LEVELS + 2)
#define RL_RF_NAME 40
#define RL_RF_LEVELS (RL_MAX_LEVELS + 1)   /* cache levels + MEM */
#define RL_RF_DATA_SHARE 0.05              /* share of served bytes that makes a level "where the data lives" */

/* Where a roof's figure came from (its text: diag/roofline-text.c). */
typedef enum rl_rf_src_kind {
	RL_RF_SRC_NONE,
	RL_RF_SRC_TABLE_BW,      /* a bandwidth row: level, width, mix, cores, per_core */
	RL_RF_SRC_TABLE_FLOPS,   /* a peak_flops row: op, width, precision, cores */
	RL_RF_SRC_INCORE_FLOPS,  /* clock x width-bit FMA or add + mul per cycle of the in-core table */
	RL_RF_SRC_INCORE_LOADS,  /* clock x width-bit loads per cycle of the in-core table */
	RL_RF_SRC_TRANSFER,      /* line / from-level transfer (cycles per line) x clock */
	RL_RF_SRC_MEM_1CORE,     /* memory.single_core_bandwidth */
	RL_RF_SRC_MEM_CHIP,      /* memory.bandwidth (chip) */
	RL_RF_SRC_ECM_VIEW,      /* line / (L1 load + transfers to level, the overlap rule) x clock */
	RL_RF_SRC_PEAK,          /* F_p */
	RL_RF_SRC_ADCARM_ROWS,   /* eq. 1 over the mix's rows; the row fields describe one of them */
	RL_RF_SRC_ADCARM_NO_ROWS,/* no rows of the mix for the code's widths: the CARM roof */
	RL_RF_SRC_ADCARM_FP,     /* eq. 3 over the FP types' peak_flops rows */
	RL_RF_SRC_ADCARM_FP_PEAK,/* no peak rows for the FP types (or no FP instruction): F_p */
	RL_RF_SRC_LANES,         /* F_p / value lanes */
	RL_RF_SRC_HALF_PEAK,     /* F_p / 2 (one op per FMA slot) */
	RL_RF_SRC_LATENCY,       /* loop-carried chain of value cy per pass */
	RL_RF_SRC_FP_FRACTION    /* issue bound: share (value) of FP instructions, cycles of the front end */
} rl_rf_src_kind;

typedef struct rl_rf_source {
	rl_rf_src_kind kind;
	char level[8];           /* table row level; transfer and ECM view: the level served */
	char from[8];            /* transfer: the level above */
	int width, cores, precision;
	int per_core;            /* table row of n cores divided by n (private level) */
	rl_mix mix;
	rl_fpop op;
	int variant;             /* INCORE_FLOPS: 1 FMA, 0 add + mul; ADCARM_FP: 1 some types from the
				    in-core table; ADCARM_FP_PEAK: 1 FP instructions without rows, 0 none */
	rl_overlap overlap;      /* ECM view */
	int serial_fractions;    /* ECM view: the machine gives ecm.serial_fraction */
	double cycles, value;
	char capped[8];          /* "" or the inner level whose roof caps this one */
} rl_rf_source;

typedef struct rl_rf_roof {
	char name[RL_RF_NAME];
	double gbs;              /* > 0: sloped (bandwidth) roof */
	double gflops;           /* > 0: flat (compute) roof */
	rl_rf_source source;     /* where the figure came from */
} rl_rf_roof;

typedef struct rl_rf_point {
	char label[RL_RF_NAME];
	double ai;               /* flop/B; <= 0: no traffic at that level (point not drawn) */
	double gflops;           /* attainable (bound) or predicted performance, GFLOP/s */
} rl_rf_point;

typedef struct rl_rf_model {
	int valid;               /* 0: skipped, see why */
	char why[160];
	int nroofs;
	rl_rf_roof roofs[RL_RF_MAX_ROOFS];
	int nceilings;
	rl_rf_roof ceilings[RL_RF_MAX_ROOFS];
	int npoints;
	rl_rf_point points[RL_RF_MAX_POINTS];
	double bound_gflops;     /* attainable performance of the loop in this model */
	char bound[RL_RF_NAME];  /* what limits it: a level name, "F_p", "FP mix", "latency", ... */
} rl_rf_model;

/* The four models, in the order of the verbose notes. */
typedef enum rl_rf_kind {
	RL_RF_ORM, RL_RF_CARM, RL_RF_ADCARM, RL_RF_CEILINGS, RL_RF_NKINDS
} rl_rf_kind;

typedef struct rl_rooflines {
	int computed;            /* 0: nothing (no FP work or not analysed), see why */
	char why[160];
	int cores;               /* 1 */
	double flops_per_unit;   /* source FP operations per unit of work (FMA = 2) */
	int precision;           /* 64 or 32 (dominant element type of the FP work) */
	int ecm_level;           /* level index (nlevels-1 = MEM) of the ECM data level (the concise
				    note's "data in X", model/perf.c); nothing is served beyond it */
	int data_level;          /* level whose CARM roof applies: the outermost level <= ecm_level
				    serving >= RL_RF_DATA_SHARE of the requested bytes (== ecm_level
				    unless the outer levels only serve a trickle) */
	int nlevels;             /* cache levels + 1 (MEM) */
	char level[RL_RF_LEVELS][8];
	double ecm_gflops;       /* the ECM prediction at ecm_level, GFLOP/s (one core) */

	/* ORM: per level x */
	double orm_bytes[RL_RF_LEVELS];   /* bytes per unit crossing into level x */
	double orm_ai[RL_RF_LEVELS];      /* <= 0 when no bytes cross */
	double orm_bw[RL_RF_LEVELS];      /* B_x, GB/s (0: not known) */
	double orm_perf[RL_RF_LEVELS];    /* min(I_x B_x, F_p) */
	int orm_limit;                    /* level index of the bound, -1 = F_p */
	double peak_gflops;               /* F_p (one core) */
	rl_rf_model orm;

	/* CARM */
	double carm_bytes;                /* bytes requested by the core per unit */
	double carm_ai;
	double carm_bw[RL_RF_LEVELS];     /* B_{x->C}, GB/s (0: not known) */
	rl_rf_model carm;

	/* adCARM */
	double load_share[4];             /* share of memory instructions 64/128/256/512 bit (loads) */
	double store_share[4];
	int mem_loads, mem_stores;        /* load and store instructions per pass of the code */
	double loads_per_store;           /* load/store ratio of the code (inf: no stores -> 1e9) */
	rl_mix mix;                       /* bandwidth-table mix matched to that ratio */
	double masked_lanes;              /* share of active lanes of masked ops (1: none seen) */
	double ad_bw[RL_RF_LEVELS];       /* scaled B^y for the mix (0: no rows) */
	double ad_peak;                   /* scaled P_a for the FP mix */
	double served[RL_RF_LEVELS];      /* bytes per unit requested by the core and served by y */
	double mem_share[RL_RF_LEVELS];   /* MS_y: bytes served by y / all bytes (sum 1) */
	double mem_impact[RL_RF_LEVELS];  /* MI_y = (b_y / B_y) / sum_m (b_m / B_m) (sum 1) */
	rl_rf_model adcarm;

	/* in-core ceilings */
	double ceil_no_simd, ceil_no_fma, ceil_latency, ceil_fp_fraction;   /* GFLOP/s, 0 unknown */
	double fp_fraction;               /* FP instructions / all instructions of the pass */
	int code_simd, code_fma;          /* 1: the code has SIMD FP instructions / FMAs */
	int code_addmul;                  /* 1: the code has FP adds or multiplies */
	rl_rf_model ceilings;

	/* Where the ECM point (carm_ai, ecm_gflops) sits: under the lowest CARM roof at that AI
	 * that is not below it - a memory roof of a level up to ecm_level, an in-core ceiling
	 * that applies to the code, or F_p - the roof that binds it (the concise note's
	 * placement).  place_above: no roof lies above the point (the models disagree; then the
	 * highest roof). */
	char place_name[RL_RF_NAME];
	double place_gflops;
	int place_level;                  /* level index of a memory roof, -1 for a ceiling or F_p */
	int place_above;
} rl_rooflines;

/* What the models read: the generated code, its costs and traffic, the ECM of the nest and
 * the ECM data level (model/perf.c); all borrowed. */
typedef struct rl_rf_input {
	const rl_machine *machine;
	const rl_flops *flops;   /* [0] float, [1] double: FP operations per source iteration */
	const rl_body *body;     /* instructions of one pass of the innermost loop */
	const rl_incore *incore;
	const rl_traffic *traffic;
	const rl_ecm *ecm;
	int data_level;          /* ECM data level: 0.. cache, nlevels = MEM, -1 unknown */
} rl_rf_input;

/* Compute every model for IN into OUT.  Never fails: out->computed = 0 with a reason, or a
 * model with valid = 0 and a reason.  The note texts are written by diag/roofline-text.c. */
void rl_rooflines_compute(const rl_rf_input *in, rl_rooflines *out);

/* Model KIND of O. */
const rl_rf_model *rl_rooflines_model(const rl_rooflines *o, rl_rf_kind kind);

#ifdef __cplusplus
}
#endif
#endif
