/* Optimisation advice with the gain the model predicts (Stengel, Treibig, Hager, Wellein,
 * "Quantifying performance bottlenecks of stencil computations using the Execution-Cache-
 * Memory model", ICS 2015, Sect. 4.3-5.2).
 *
 * Every piece of advice carries the ECM model after the change (when the model can state
 * it), the speedup on one core and on the full chip (the machine's cores), and the speedup
 * at the configured cores (option cores=N), by which the list is ranked.  Gains are ratios
 * of predicted performance (> 1 = faster) at the level where the data is (perf.h rule; MEM
 * when the sizes are unknown); the chip gain uses P(n) = min(n P_ECM^mem, b_S / B_C).
 * The advice holds numbers and named terms only; diag/advice-text.c writes its sentences.
 *
 * Kinds (model/advice-blocking.c, advice-incore.c, advice-memory.c; "the paper" is the
 * ICS 2015 paper above):
 *  spatial-blocking   a violated layer condition at the known sizes -> block loop i<k> to at
 *                     most b iterations for level Lk (lc.h candidate; for a shared cache the
 *                     n-thread rule gives b/n on the chip, the paper's eq. 11)
 *  temporal-blocking  upper bound: T_L3Mem removed (data effectively in L3), the paper's Sect. 5.2
 *  reassociate        loop-carried latency chain binds T_OL (strict FP reduction): T_OL
 *                     without the latency bound = what more accumulators / -fassociative-math
 *                     (-ffast-math) would give
 *  vectorise          FP loop not vectorised: upper bound with in-core terms / SIMD lanes
 *  divider            the divider binds T_OL: T_OL without the divider (e.g. multiply by a
 *                     reciprocal); says so when the data transfers hide it anyway
 *  ports              other ports bind the time: lower bound = the next term
 *  streaming-stores   write-allocate lines at the memory interface: gain without them
 *                     (outside the ECM assumptions, the paper's Sect. 4.4)
 *  saturation         the memory bandwidth saturates at n_S cores < chip cores
 *  at-bound           nothing above gains more than 5 %: the loop is at its bound
 *  local-accumulator  a loop-carried chain through memory binds T_OL (a value GCC keeps in
 *                     memory, stored and loaded back every iteration, because other accesses
 *                     may alias it): T_OL with the value in a register (each store-to-load
 *                     forwarding a register move), what a local accumulator or restrict
 *                     pointers give; the accumulator's load and store stay counted
 *
 * Ranking: advice that gains >= 5 % at the configured cores first; within that, advice the
 * model states exactly (spatial blocking, reassociation, divider, local accumulator) before upper bounds and
 * estimates (temporal blocking, vectorisation, ports, streaming stores, blocks shorter than
 * RL_ADVICE_MIN_BLOCK), each by gain; then information (saturation, at-bound).  The concise
 * note shows the first and, when an upper bound promises more, its brief form.  Selection and
 * ranking, and the gain rule the kinds share, are in model/advice.c.
 */
#ifndef RL_ADVICE_H
#define RL_ADVICE_H

#include <stddef.h>
#include "model/ecm.h"
#include "model/perf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_ADVICE_MAX 16
#define RL_ADVICE_WORTH 1.05   /* a gain below this is "not worth it" */
#define RL_ADVICE_MIN_BLOCK 8  /* shorter blocks: an upper bound (overheads not modelled) */

typedef enum rl_advice_kind {
	RL_ADV_SPATIAL_BLOCKING,
	RL_ADV_TEMPORAL_BLOCKING,
	RL_ADV_REASSOCIATE,
	RL_ADV_VECTORISE,
	RL_ADV_DIVIDER,
	RL_ADV_PORTS,
	RL_ADV_STREAMING_STORES,
	RL_ADV_SATURATION,
	RL_ADV_AT_BOUND,
	RL_ADV_LOCAL_ACCUMULATOR
} rl_advice_kind;

typedef enum rl_advice_class { RL_ADV_EXACT, RL_ADV_BOUND, RL_ADV_INFO } rl_advice_class;

typedef struct rl_advice {
	rl_advice_kind kind;
	rl_advice_class cls;
	double gain_1core;      /* speedup on one core (1 = none) */
	double gain_chip;       /* speedup on the chip (chip_cores) */
	double gain;            /* speedup at the configured cores (ranking key) */
	int chip_cores, cores;
	int has_after;
	rl_ecm after;           /* ECM after the change */
	/* spatial blocking */
	int level;              /* cache level index blocked for, -1 none */
	int loop;               /* loop index to block, -1 none */
	long long block_size;   /* one core; -1: the condition holds for one thread unblocked */
	long long block_size_chip; /* block_threads threads (shared levels: n-thread rule) */
	int block_threads;      /* threads sharing the level on the chip (1: private level) */
	int n_s_after;          /* saturation point after the change (0: n/a) */
	/* the figures the advice states (cy per unit of work unless said) */
	double t_bound;         /* the term removed: T_OL of the latency chain, the divider or
				   the ports; T_L3Mem for temporal blocking */
	double t_forward;       /* local accumulator: store-to-load forwarding in t_bound */
	double t_data;          /* divider, at-bound: the prediction at the data level */
	int lanes;              /* vectorise: SIMD lanes */
	double wa_lines, lines; /* streaming stores: write-allocate and all lines per unit at
				   the memory interface */
	int peak_cores;         /* saturation: P(n) peaks at this n and the chip's last row is
				   more than 5 % below (0: no such drop) */
	double peak_perf;       /* P(peak_cores), W/s */
} rl_advice;

typedef struct rl_advice_list {
	int n;
	rl_advice a[RL_ADVICE_MAX];
} rl_advice_list;

struct rl_report;

/* What the advice is computed from: parts of one analysed nest. */
typedef struct rl_advice_inputs {
	const rl_machine *machine;
	const rl_ecm *ecm;              /* the nest's ECM model */
	const rl_perf *perf;            /* rl_perf_compute's result */
	const rl_incore *incore;        /* in-core terms per pass of the body */
	const rl_body *body;            /* the body whose passes the in-core terms count */
	int have_body;                  /* 0: in-core terms from GIMPLE (no vector code known) */
	const rl_traffic *traffic;
	const rl_lc_report *lc;         /* layer conditions, NULL when none */
	int nontemporal_stores;         /* the nest's stores bypass the caches already */
	/* only handed to perf.h's re-evaluations of the nest (other regimes, n threads) */
	const struct rl_report *report;
} rl_advice_inputs;

/* The ranked advice for IN into OUT (never fails: an empty list when IN->perf is not valid). */
void rl_advice_list_compute(const rl_advice_inputs *in, rl_advice_list *out);

/* Fill R->advice from R's ECM, layer conditions, in-core terms and R->perf (call
 * rl_perf_compute first).  Never fails: an empty list when R is not analysed. */
void rl_advice_compute(struct rl_report *r);

/* Gain of an ECM change: 1 core at data level LV (0..nt; nt = MEM) and n cores with the
 * multicore rule of perf.h (data in memory: min(n P_mem, b_S/B_C); in a cache: linear). */
double rl_advice_gain(const rl_ecm *before, const rl_ecm *after, int lv, int n);

const char *rl_advice_kind_name(rl_advice_kind k);   /* "spatial-blocking", ... */

/* Sort A[0..N-1] by class, then gain at the configured cores (descending), stable. */
void rl_advice_rank(rl_advice *a, int n);

#ifdef __cplusplus
}
#endif
#endif
