/* roofline-bench: the ECM calibration kernels at several working sets per cache level beyond
 * the L1 (docs/roofline-bench.md, "Working sets of the calibration"): which sizes, and the one
 * figure per kernel and level the fit takes, the median over the sizes (pure functions,
 * unit-tested; the measurement itself is in roofline-bench.c). */
#ifndef RLB_CALSIZES_H
#define RLB_CALSIZES_H

#include <stdio.h>

#include "machines/bench/calib.h"

#define RLB_CS_MAXN 12           /* sizes per level */

typedef struct rlb_calsizes {
	int nlevels;                 /* cache levels of the host */
	int n[RL_MAX_LEVELS];        /* sizes measured at cache level L (0: none, the L1) */
	long long ws[RL_MAX_LEVELS][RLB_CS_MAXN];   /* working set per size, bytes (all streams) */
	/* cycles per unit of work of calibration kernel i at level L and size s; <= 0: not
	   measured */
	double t[RLB_CAL_MAXK][RL_MAX_LEVELS][RLB_CS_MAXN];
} rlb_calsizes;

/* NPER working sets (1..RLB_CS_MAXN) per cache level L >= 1 of a host with NLEVELS levels of
 * SIZE[L] bytes (per core: the private levels) shared by SHARED[L] cores, in equal steps from
 * LO to HI (every part of the level's range counts the same; the median over the sizes is
 * the figure of the middle of the range where the cost changes monotonically with the size):
 *   a level with a further cache level beyond it: HI = 0.7 x SIZE[L] (beyond about three
 *     quarters conflict misses set in), LO = max(8 x SIZE[L-1], 0.2 x SIZE[L]), at most HI / 2;
 *   the last level: HI = min(SIZE[L] / SHARED[L], 16 x SIZE[L-1]) (one core's share; a
 *     guest's usable part of a big shared LLC is much smaller than sysfs says), at least
 *     4 x SIZE[L-1]; LO = min(8 x SIZE[L-1], HI / 2), at least 2 x SIZE[L-1].
 * Up to several times the level below, the cost per line is higher and changes with the size
 * and the kernel (the small-working-set regime of docs/roofline-bench.md): a median over a
 * range across that step lands on the step, so the range starts at 8 x the level below
 * where the level is large enough.
 * Sizes are rounded down to multiples of 4 KiB.  The L1 gets none (its time is the in-core
 * T_OL of the fit, measured at L1/2). */
void rlb_calsizes_plan(rlb_calsizes *s, int nlevels, const long long *size, const int *shared,
		       int nper);

/* Median of the N values V that are > 0 (the middle one, or the mean of the two middle ones);
 * 0 if none is.  V is not changed. */
double rlb_calsizes_median(const double *v, int n);

/* Every kernel's figure at every level FROM and beyond with sizes: C->k[i].t[L] = the median
 * over the sizes (kernels matched by index: S->t[i] is C->k[i]).  Levels where a kernel has
 * no measured size keep C's figure.  Returns the number of levels replaced. */
int rlb_calsizes_apply(const rlb_calsizes *s, rlb_cal *c, int from);

/* The per-size table (one line per kernel and level: cycles per unit at every size, the
 * median); PREFIX starts every line ("# " for comment lines of the machine file). */
/* One working set as the per-size tables print it (' %6.1fM' from 1 MiB, else ' %6lldK') */
void rlb_calsizes_print_size(FILE *f, long long ws);

void rlb_calsizes_print(FILE *f, const rlb_calsizes *s, const rlb_cal *c, const char *prefix);

#endif
