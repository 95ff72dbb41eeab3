/* roofline-bench: ECM calibration - per-link fill and eviction costs and the composition rule
 * fitted to the cycles per unit of work of calibration kernels with different fill:evict
 * ratios at every level (pure functions, unit-tested; docs/roofline-bench.md). */
#ifndef RLB_CALIB_H
#define RLB_CALIB_H

#include <stdio.h>

#include "machines/machine.h"

#define RLB_CAL_MAXK 12          /* kernels */
#define RLB_CAL_MAXS 4           /* streams per kernel */
#define RLB_CAL_NRULES 4         /* serial, overlapping, partial (1 link), partial (2 links) */

/* A calibration kernel: NSTREAMS arrays swept once per unit of work (one cache line of each),
 * stream s read (READS bit s) and/or written (WRITES bit s); LOADS load and STORES store
 * instructions per unit.  FITTED: used in the fit (else held out: predicted only). */
typedef struct rlb_cal_kernel {
	char name[16];
	int nstreams, reads, writes;
	double loads, stores;
	int fitted;
	/* measured cycles per unit of work with the data in level k (0 = L1, nlevels = MEM);
	   <= 0 = not measured */
	double t[RL_MAX_LEVELS + 1];
	/* per boundary: lines filled into the inner level / evicted from it per unit of work,
	   counted by the model's traffic rule (rlb_cal_counts) */
	double fills[RL_MAX_LEVELS + 1][RL_MAX_LEVELS], evicts[RL_MAX_LEVELS + 1][RL_MAX_LEVELS];
} rlb_cal_kernel;

/* One composition rule's fit: link costs in cycles per line (boundary b: 0 = L1-L2, ...,
 * nlevels - 1 = memory, one core) and its residuals over the fitted kernels. */
typedef struct rlb_cal_fit {
	rl_overlap rule;
	int serial_links;
	double fill[RL_MAX_LEVELS], evict[RL_MAX_LEVELS];
	double rms_pct, max_pct;     /* relative residuals (pred - meas) / meas, fitted kernels */
} rlb_cal_fit;

typedef struct rlb_cal {
	int nlevels;                 /* cache levels (boundaries = nlevels, the last to memory) */
	double load_cycles;          /* T_nOL per load instruction of the kernels (widest width) */
	int nk;
	rlb_cal_kernel k[RLB_CAL_MAXK];
	rlb_cal_fit fits[RLB_CAL_NRULES];
	int chosen;                  /* index into fits: rlb_cal_choose */
} rlb_cal;

/* The rule choice (rlb_cal_choose): a partial rule (which links are serial is one more thing
 * fitted) replaces the better of the serial and the overlapping rule only if its rms residual
 * is smaller by at least RLB_CAL_MARGIN_REL of that rule's and by RLB_CAL_MARGIN_ABS points:
 * on a shared host one noisy kernel moved the rms of the rules by 1-2 points, and a partial rule
 * 18 % better (6.8 against 8.3 %) was chosen in one run of three, the overlapping rule (2.4,
 * 3.5 % against partial 5.9, 5.3 %) in the others. */
#define RLB_CAL_MARGIN_REL 0.25
#define RLB_CAL_MARGIN_ABS 1.0

/* Fills and evictions of every kernel of C at every level on M (its victim and
 * write-allocate flags), through the model's traffic rule (polyhedral/traffic.c). */
void rlb_cal_counts(rlb_cal *c, const rl_machine *m);

/* Predicted cycles per unit of kernel K at level LV (1..nlevels) with fit F. */
double rlb_cal_predict(const rlb_cal *c, const rlb_cal_kernel *k, int lv, const rlb_cal_fit *f);

/* rlb_cal_predict with per-link serial fractions FRAC (ecm.serial_fraction; NULL: none). */
double rlb_cal_predict_frac(const rlb_cal *c, const rlb_cal_kernel *k, int lv,
			    const rlb_cal_fit *f, const double *frac);

/* Fit every rule (least squares of the relative residuals over the fitted kernels at levels
 * 1..nlevels, non-negative costs, a deterministic pattern search from the load kernel's
 * per-level figures) and choose one (rlb_cal_choose).  0, or -1 if a fitted kernel lacks a
 * measurement. */
int rlb_cal_fit_all(rlb_cal *c);

/* Index of the rule to use among the N fits F: the serial or overlapping one with the smaller
 * rms residual (the first on a tie), unless the partial fit with the smallest rms beats it by
 * the margin (RLB_CAL_MARGIN_REL and RLB_CAL_MARGIN_ABS).  Fits with rms >= 1e8 are not
 * candidates (a partial rule that is the serial rule).  Without a serial or overlapping fit,
 * the smallest rms. */
int rlb_cal_choose(const rlb_cal_fit *f, int n);

/* One sentence on the choice of C (the rule, the best simpler and partial rms, the margin)
 * into OUT. */
void rlb_cal_choice_text(const rlb_cal *c, char *out, size_t len);

/* the rule's name as the machine file writes it in calibration.rules */
const char *rlb_cal_rule_name(const rlb_cal_fit *f);

/* Print the residual of every kernel at every level for every rule (progress output). */
void rlb_cal_print(FILE *f, const rlb_cal *c);

/* The chosen fit into M: rule, fill/evict per link, memory fill/evict; SOURCE: how. */
void rlb_cal_apply(const rlb_cal *c, rl_machine *m, const char *how);

/* The `calibration:` block of the machine file (measured vs predicted of every kernel and
 * level, the residuals of every rule). */
void rlb_cal_write(FILE *f, const rlb_cal *c, const rl_machine *m, const char *source);

#endif
