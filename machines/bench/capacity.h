/* roofline-bench: effective cache capacities for the layer conditions, from a 2D 5-point
 * Jacobi sweep whose row length N crosses each private level's layer condition
 * (docs/roofline-bench.md). */
#ifndef RLB_CAPACITY_H
#define RLB_CAPACITY_H

#include "machines/machine.h"

#define RLB_CAP_POINTS 16
#define RLB_CAP_REFINE 5
#define RLB_CAP_PASSES 3
#define RLB_CAP_PASSES3 5        /* the 3D sweep: the median of 5 passes */
#ifndef RLB_CAP_USE_3D
#define RLB_CAP_USE_3D 0         /* 1: lc_factor = the smaller of the 2D and the 3D factor */
#endif
#ifndef RLB_CAP_MIN_ROWS
#define RLB_CAP_MIN_ROWS 12
#endif
#define RLB_CAP_ALL (RLB_CAP_POINTS + RLB_CAP_REFINE)

typedef struct rlb_capacity {
	double factor[RL_MAX_LEVELS];      /* effective / nominal size; 0 = not measured */
	double n_break[RL_MAX_LEVELS];     /* row length (doubles) or plane (points) at the step */
	double factor2[RL_MAX_LEVELS];     /* the 2D rows' sweep alone (0: not measured) */
	double factor3[RL_MAX_LEVELS];     /* the 3D planes' sweep alone (levels beyond the first) */
	double n_break3[RL_MAX_LEVELS];    /* points per plane (n x m) at the 3D step, 0: none */
	char method[RL_MAX_LEVELS][352];
} rlb_capacity;

/* Row length at which the times T[0..NP-1] measured at row lengths N[0..NP-1] (ascending)
 * cross the middle between the low plateau (smallest of the first three) and the high one
 * (median of the last three), interpolated geometrically between the two points around the
 * crossing; 0 if the high plateau is not at least MIN_STEP x the low one. */
double rlb_capacity_breakpoint(const double *n, const double *t, int np, double min_step);

/* The step fitted to all NP points (N ascending, times T): the split, with at least 3 points on
 * either side, whose summed absolute deviations from the median of each side are smallest;
 * the geometric mean of the two points around it, 0 if the median above is not at least
 * MIN_STEP x the median below.  For a ramp between two plateaus: its middle. */
double rlb_capacity_step_fit(const double *n, const double *t, int np, double min_step);

/* Bytes of the grid (2 arrays) for measuring level L of M: a quarter of the level that holds
 * it (its share per core, at most 8 MB) - the level two out (L + 2) when a quarter of it is at
 * least twice the size of L + 1, else L + 1; that level into *GRID_LEVEL (may be NULL). */
double rlb_capacity_grid_bytes(const rl_machine *m, int L, int *grid_level);

/* The largest grid (bytes, 2 arrays) of a sweep whose grid lives in level GRID_LEVEL of M when
 * it has to keep RLB_CAP_MIN_ROWS rows: 3/8 of that level's size, at most 32 MiB (the 2D Jacobi
 * ran at L3 speed up to 12 MiB of the 32 MiB L3 of a Zen 5 guest and slowed at 14; a guest's
 * usable share of a big LLC is much smaller than sysfs says). */
double rlb_capacity_tall_bytes(const rl_machine *m, int grid_level);

/* The factor from a sweep's step N_STEP (0: none) whose last row length was N_LAST, for a level
 * of SIZE bytes: 3 x N_STEP x 8 B / SIZE; 1 (the whole level, the most a factor may say) for a
 * step beyond the nominal size - the grid stays in the level that holds it, so the step is this
 * level's: a replacement that keeps the reused rows needs 2 of the 3 rows live, not 3 plus the
 * written one - and for no step over a sweep reaching RLB_CAP_NO_STEP_REACH x the nominal row
 * length; 0 (not measured) for no step over a shorter sweep. */
#define RLB_CAP_NO_STEP_REACH 1.25
double rlb_capacity_factor(double n_step, double n_last, double size);

/* Measure the factor of every private cache level (shared_by 1, not the last) of M: the 3
 * source rows of the stencil (3 x N x 8 B) at the step / the level's size; for the levels
 * beyond the first also a 3D 7-point Jacobi over >= RLB_CAP_MIN_ROWS planes of n x n points
 * (3 x n x n x 8 B at its step / size), and the smaller of the two factors.  AVX: 0 SSE2, 1
 * AVX2 + FMA, 2 AVX-512.  CPU: pinned already; progress on stderr unless QUIET. */
void rlb_capacity_measure(rlb_capacity *c, const rl_machine *m, int avx, int quiet);

/* The measured factors into M's levels (lc_factor) with the method in their source. */
void rlb_capacity_apply(const rlb_capacity *c, rl_machine *m);

#endif
