/* roofline-bench: the cost of a cache link as a function of the working set inside the level
 * it serves (docs/roofline-bench.md, "Small working sets"): the calibration kernels at working
 * sets spanning each level beyond the L1, and a step fitted to them - below which size the
 * link costs how many times its cost at large working sets (pure functions, unit-tested; the
 * measurement is roofline-bench.c's, the same as for the calibration working sets). */
#ifndef RLB_WSSTEPS_H
#define RLB_WSSTEPS_H

#include <stdio.h>

#include "machines/bench/calib.h"
#include "machines/bench/calsizes.h"

#define RLB_WS_N 8               /* working sets per level */
#define RLB_WS_MIN_FACTOR 1.05   /* a smaller step is not written (noise of the kernels) */
#define RLB_WS_SETS 2            /* independent buffer sets per size, measured in alternate
				    figures of every round (docs/roofline-bench.md) */
#define RLB_WS_CONFIRM 0.5       /* the two sets' factors may differ by at most this part of
				    the step (factor - 1) */

/* The step of one level (the link into it: caches[L - 1] of the file) */
typedef struct rlb_ws_step {
	int found;                   /* 1: factor >= RLB_WS_MIN_FACTOR (and confirmed, when
					rlb_wssteps_confirm was applied) */
	int sets;                    /* 0: not confirmed by sets; else the sets fitted */
	int confirmed;               /* every set found a step of >= RLB_WS_MIN_FACTOR, and
					they agree within RLB_WS_CONFIRM x (factor - 1) */
	double set_factor[RLB_WS_SETS];  /* each set's own factor (0: no step fitted) */
	int nbelow;                  /* sizes below the step */
	double below;                /* bytes: the geometric mean of the sizes around the step */
	double factor;               /* the median ratio of the sizes below the step */
	double write_only;           /* the same for the fitted kernels that read nothing (store);
					0: none measured */
	double ratio[RLB_CS_MAXN];   /* per size: median over the fitted kernels of t / t_ref */
	double ratio_wo[RLB_CS_MAXN];/* per size: the same over the fitted kernels without reads */
} rlb_ws_step;

/* RLB_WS_N working sets per cache level L >= 1 of a host with NLEVELS levels of SIZE[L]
 * bytes shared by SHARED[L] cores, in equal ratios (log-spaced) from LO to HI:
 *   a level with a further cache level beyond it: LO = 4 x SIZE[L-1], HI = 0.7 x SIZE[L]
 *     (beyond about three quarters conflict misses set in);
 *   the last level: LO = 2 x SIZE[L-1], HI = min(SIZE[L] / SHARED[L], 16 x SIZE[L-1]), at
 *     least 4 x SIZE[L-1] (one core's share).
 * A level whose HI is not above 1.5 x LO gets none.  Sizes rounded down to 4 KiB. */
void rlb_wssteps_plan(rlb_calsizes *s, int nlevels, const long long *size, const int *shared);

/* The step of level L of S from the fitted kernels of C (S->t[k] is C->k[k]): per kernel the
 * reference t_ref = the smallest of its figures at the top three sizes (other work on the host
 * only ever slows a kernel: one slow figure among them must not become the reference); per size the median over the kernels
 * of t / t_ref; the step: the split (1 to n - 3 sizes below it) whose median ratio below and
 * 1 above have the smallest squared residual.  BELOW: the geometric mean of the sizes on
 * either side of it (rounded to KiB).  WRITE_ONLY: the median below the step of the ratios of
 * the fitted kernels that read nothing (the store kernel).  Returns ST->found. */
int rlb_wssteps_fit(const rlb_calsizes *s, const rlb_cal *c, int L, rlb_ws_step *st);

/* The figures of N buffer sets (RLB_WS_SETS, measured in the same rounds) as one: per kernel,
 * level and size the smallest positive time over the sets (a slow placement of one set's
 * buffers, like other work on the host, only ever slows a kernel).  OUT gets A[0]'s plan. */
void rlb_wssteps_combine(rlb_calsizes *out, const rlb_calsizes *a, int n);

/* Confirmation of the step ST (fitted on the combined figures) by the steps SET[0..N-1]
 * fitted on each set's own figures: ST->confirmed when every set found a step (factor >=
 * RLB_WS_MIN_FACTOR) and the sets' factors differ by at most RLB_WS_CONFIRM x (ST->factor - 1)
 * (the step exceeds the run's noise at least twice over); ST->found then requires it.
 * Returns ST->found. */
int rlb_wssteps_confirm(rlb_ws_step *st, const rlb_ws_step *set, int n);

/* The large-working-set figure of every kernel (fitted and held out) at level L: C->k[k].t[L] = its reference
 * at L in S (the smallest of its figures at the top three sizes, the base of the step's ratios)
 * - the per-line costs fitted to them are those the model multiplies by the step's factor
 * below it.  Returns the number of kernels replaced (0: S has no sizes at L). */
int rlb_wssteps_reference(const rlb_calsizes *s, rlb_cal *c, int L);

/* Put the steps found (ST[L] for L = 1..S->nlevels-1) into M: caches[L - 1].small_below /
 * small_factor / small_write_only (factors rounded to 2 decimals; write_only 1 when within
 * RLB_WS_MIN_FACTOR of 1: no step for such loops).  Returns the number of steps written. */
int rlb_wssteps_apply(const rlb_calsizes *s, const rlb_ws_step *st, rl_machine *m);

/* The table (per level: the sizes, each kernel's cycles per unit, the ratio, the step);
 * PREFIX starts every line */
void rlb_wssteps_print(FILE *f, const rlb_calsizes *s, const rlb_ws_step *st, const rlb_cal *c,
		       const char *prefix);

#endif
