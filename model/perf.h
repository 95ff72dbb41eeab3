/* Performance from the ECM model (Stengel, Treibig, Hager, Wellein, "Quantifying performance
 * bottlenecks of stencil computations using the Execution-Cache-Memory model", ICS 2015,
 * Sect. 3.1.4-3.1.5 and 4.3-4.4).
 *
 *  - Where the data lives at the known sizes ("data rule"): the working set W_S of the nest
 *    (for every array the bounding box of its accesses over the iteration domain, in bytes)
 *    is served by the innermost cache level k with W_S <= C_k (full capacity; a private
 *    cache holds W_S / n with n active cores, a shared one W_S); none -> MEM.  Unknown sizes:
 *    data_level = -1 and the regimes list one ECM model per size range of the layer
 *    conditions (the thresholds of polyhedral/lc.h, one leading size parameter).
 *  - Single-core performance in the loop's work unit: P = W * f / T (W per unit of work:
 *    flops when the loop does FP work, else iterations; stencils also in LUP/s).
 *  - Multicore (data in memory): P(n) = min(n * P_ECM^mem(n), b_S / B_C(n)) with the
 *    layer conditions re-evaluated for n threads (shared caches split n ways, Stengel et al.
 *    eq. 11), so T_ECM^mem(n) and B_C(n) may change with n.  Saturation point
 *    n_S = ceil(T_ECM^mem / T_L3Mem) (eq. 8), the smallest n with n * T_L3Mem(n) >= T^mem(n).
 *    Data in a cache level: P(n) = n * P_ECM (caches scale; Stengel et al. Sect. 3.1.5).
 *  - Clock (frequency scaling, eq. 5): rl_perf_set_clock changes f; in-core and cache
 *    transfer terms keep their cycles, the memory term scales with f (line * f / b_S).
 *
 * Errors are values: perf->valid == 0 with a reason in why.  No global state.
 */
#ifndef RL_PERF_H
#define RL_PERF_H

#include <stddef.h>
#include "machines/machine.h"
#include "model/ecm.h"
#include "model/time.h"
#include "polyhedral/lc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_PERF_MAX_SCALING 64   /* rows of the scaling table (n = 1 .. chip cores, capped) */
#define RL_PERF_MAX_REGIMES 12

typedef struct rl_perf_scaling {
	int n;                  /* active cores */
	double t_mem;           /* T_ECM with data in memory at n threads, cy/unit */
	double t_mem_transfer;  /* T_L3Mem (last boundary) at n threads, cy/unit */
	double perf;            /* P(n), work units per second (W/s) */
	int limit_bw;           /* 1: b_S / B_C limits P(n) */
} rl_perf_scaling;

typedef struct rl_perf_regime {
	/* the size range: above LO (-1: from the smallest size) up to HI (-1: no upper end) of
	 * the nest's leading size parameter PARAM */
	char param[RL_NAME_MAX];
	long long lo, hi;
	/* the layer condition that holds: the regime with reuse across the most loops (LC_LOOPS
	 * loops of the nest's NLOOPS) at cache level LC_LEVEL; LC_LEVEL -1: none holds */
	int lc_level;
	int lc_loops;
	int nloops;
	rl_ecm ecm;
	double bc_mem;          /* bytes per work unit W at the memory boundary */
	double perf_mem;        /* single core, data in memory, W/s */
	int n_s;                /* saturation point (single-thread LC) */
} rl_perf_regime;

typedef struct rl_perf {
	int valid;
	char why[160];
	double clock_ghz;       /* f used */
	double bandwidth_gbs;   /* b_S used */
	int cores;              /* the configured active cores (option cores=N) */
	int chip_cores;         /* the machine's cores per chip */
	/* work */
	double flops_per_unit;  /* FP operations of the source per unit of work (FMA = 2) */
	double iters_per_unit;
	int stencil;            /* 1: reads a neighbourhood of an array (LUP/s is meaningful) */
	const char *work;       /* "flop" when flops_per_unit > 0, else "LUP" or "it" */
	double work_per_unit;
	/* where the data is */
	double working_set;     /* bytes, < 0 when a size is unknown */
	int working_set_exact;  /* 1: every array's distinct elements counted (ISL footprint);
				   0: the bounding boxes of each array's accesses */
	double working_set_array[RL_MAX_ARRAYS]; /* bytes per array of the nest */
	double working_set_lines; /* bytes of the cache lines holding the working set (strided
				     references touch more lines than elements): the data level */
	double working_set_array_lines[RL_MAX_ARRAYS];
	int data_level;         /* 0..nlevels-1 cache, nlevels = MEM, -1 unknown */
	char data_level_name[8];/* "L1", ..., "MEM", "?" */
	int lc_level;           /* level where the deepest layer-condition regime of the analysed
				   traffic applies (the innermost such), -1 none or no analysis */
	/* single core at data_level (or MEM when unknown) */
	double t_unit;          /* cy per unit */
	double perf;            /* W/s */
	double perf_lups;       /* iterations (LUP) per second */
	double perf_level[RL_MAX_LEVELS + 1];  /* W/s for data in L1 .. MEM */
	/* multicore */
	int nscaling;
	rl_perf_scaling scaling[RL_PERF_MAX_SCALING];
	int n_s;                /* saturation point; 0 = not memory-bound (data in cache) */
	int n_s_in_chip;        /* 1: n_s <= chip_cores */
	double perf_sat;        /* b_S / B_C at n_S, W/s (0 when not memory-bound) */
	double bc_mem;          /* bytes per W at the memory boundary (1 thread) */
	double perf_cores;      /* P(cores) */
	/* regimes when sizes are unknown (or always, for reference: all size ranges) */
	int nregimes;
	rl_perf_regime regimes[RL_PERF_MAX_REGIMES];
	char regimes_why[128];  /* why no regime table ("" when there is one) */
	/* predicted time over all executions (model/time.h), for `cores` cores */
	rl_time time;
} rl_perf;

struct rl_report;

/* Set the clock of M to GHZ (0 < GHZ <= 100): memory cycles per line follow.  0 and a
 * message in ERR for a bad value. */
int rl_perf_set_clock(rl_machine *m, double ghz, char *err, size_t errlen);

/* Floating-point operations of F (one source iteration of one precision); an FMA counts 2. */
double rl_perf_flops(const rl_flops *f);

/* W/s for T cycles per unit of work with WORK units of work per unit at F GHz. */
double rl_perf_from_cycles(double work_per_unit, double clock_ghz, double t);

/* n_S = ceil(T_mem / T_L3Mem) (eq. 8); 0 when t_l3mem <= 0. */
int rl_perf_saturation(double t_mem, double t_l3mem);

/* P(n) = min(n * W f / T_mem, W f / T_L3Mem) (eq. 6). */
double rl_perf_scaled(int n, double work_per_unit, double clock_ghz, double t_mem, double t_l3mem);

/* Share (0..1) of a working set of WS bytes per instance of cache level LEVEL that the level
 * does not keep between sweeps: 0 up to lc_factor x size, one half at the size, 1 from
 * 2 x size - lc_factor x size on (linear between). */
/* bytes a cache level keeps in full from one sweep to the next (lc_factor x size) */
double rl_perf_kept_bytes(const rl_machine *m, int level);
double rl_perf_spill(const rl_machine *m, int level, double ws);
/* The same for a loop whose loads re-read the lines they bring when REUSE (at a level with a
 * measured memory_share: its reuse_shares when the machine gives them) */
double rl_perf_spill_reuse(const rl_machine *m, int level, double ws, int reuse);
/* 1 if the loads of the loop of ECM model E re-read the lines they bring (E's reuse share of
 * the load slots beyond one load per line, model/ecm.c, is > 0: a stencil's rows) */
int rl_perf_reuses_lines(const rl_ecm *e);


/* Cycles per unit of ECM model E for a working set of WS bytes on N cores: prediction[0] plus
 * each level's spill share (rl_perf_spill_reuse with rl_perf_reuses_lines(E)) times the step
 * to the next level's prediction. */
double rl_perf_blended_cycles(const rl_machine *m, const rl_ecm *e, double ws, int n);


/* The bytes of the cache lines holding the working set of nest N (lines of LINE bytes; the
 * data level's measure, rl_perf.working_set_lines); -1 when a size is unknown. */
double rl_perf_working_set_lines(const rl_nest *n, int line);

/* P(n) of ECM model E with the data at level LV (out of range: MEM), WORK units of work per
 * unit at CLOCK_GHZ: data in memory rl_perf_scaled (eq. 6), data in a cache level n * P
 * (caches scale), the rule of rl_perf_compute's scaling table for any ECM (the advice prices
 * the ECM after a change with it). */
double rl_perf_ecm_at_level(const rl_ecm *e, int lv, int n, double work, double clock_ghz);

/* Layer-condition traffic T (and LC, may be NULL) of R's nest for THREADS threads: an
 * evaluation of R's analysis (r->lc_analysis, inside rl_report_build*) when there is one,
 * else rl_traffic_lc (the same result, with the ISL work redone).  1 on success. */
int rl_perf_lc_threads(const struct rl_report *r, int threads, rl_traffic *t, rl_lc_report *lc,
		       char *why, size_t whylen);

/* ECM of R's nest with the layer conditions for THREADS threads (traffic recomputed, in-core
 * terms of R).  1 on success; 0 with a reason (then OUT = R's ECM). */
int rl_perf_ecm_threads(const struct rl_report *r, int threads, rl_ecm *out, char *why, size_t whylen);

/* ECM of R's nest with regime REGIME_PER_LEVEL[c] (index into r->lc.regimes) at each level,
 * never worse than R's traffic at any boundary.  Also returns the traffic when T != NULL. */
int rl_perf_ecm_regimes(const struct rl_report *r, const int *regime_per_level, rl_ecm *out,
			rl_traffic *t, char *why, size_t whylen);

/* Fill R->perf for CORES active cores (R analysed).  Never fails: perf.valid = 0 + why. */
/* Sizes unknown (R's layer conditions have no values): the regime the traffic assumes, into
 * r->sizes, r->traffic and the levels' regimes of r->lc.  The data is in memory for every
 * size beyond the caches; the regime is the one of the size range up to the largest threshold
 * of the conditions (all in one leading parameter), where the last level's condition still
 * holds: 5461 < n <= 436906 for a 2D five-point stencil on Sandy Bridge EP (three rows of n
 * doubles in half the L3), rather than n beyond it, where the grid alone would need terabytes.
 * With conditions in several parameters (or none) the no-LC regime stays, the reason in
 * r->sizes.why.  Called by rl_report_build_cores before the ECM composition. */
void rl_perf_assume_sizes(struct rl_report *r);
void rl_perf_compute(struct rl_report *r, int cores);

#ifdef __cplusplus
}
#endif
#endif
