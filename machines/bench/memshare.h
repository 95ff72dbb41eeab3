/* roofline-bench: the share of a working set that the last cache level does not keep from one
 * sweep to the next, across working sets around its capacity (docs/roofline-bench.md, "Working
 * sets around the last level's size"): four kernels (a load stream and a copy; a 2D-stencil-like
 * kernel that reads three rows of one array and writes a fourth, so that its loads re-read
 * lines; and a copy whose loads each span two cache lines) sweep a working set again and again
 * at sizes from an eighth of the level to twice its size and at a memory reference; per size and
 * kernel the share is where its cycles per line lie between the level's plateau (the smallest
 * size) and memory.  Per size the median of the load and the copy (the streams' shares) and the
 * stencil's, written as caches[last].memory_share (shares, reuse_shares).  The split copy's share
 * is printed beside them (on a Zen 5 guest it kept as much as the aligned copy: lines split by
 * loads alone do not make a loop lose more of its working set).
 * memshare.c: the pure parts (plan, fit, apply, print; unit-tested); memshare-run.c: the
 * measurement. */
#ifndef RLB_MEMSHARE_H
#define RLB_MEMSHARE_H

#include <stdio.h>

#include "machines/machine.h"

#define RLB_MS_N 9               /* sizes: the plateau, then L/4 .. 2 L in steps of sqrt 2 */
#define RLB_MS_NK 4              /* kernels: load, copy, stencil, split copy */
#define RLB_MS_MAXR 64           /* rounds */
#define RLB_MS_MEM_MAX (1LL << 30) /* the memory reference is at most this many bytes */

typedef struct rlb_memshare {
	int n;                       /* sizes measured (0: none planned) */
	long long ws[RLB_MS_N];      /* working set of each size, bytes (all streams) */
	long long mem_ws;            /* the memory reference's working set */
	int rounds;                  /* rounds measured */
	/* cycles per line of work of kernel k at size i (i == n: memory): the best round and
	   the median round; <= 0 not measured */
	double best[RLB_MS_NK][RLB_MS_N + 1], med[RLB_MS_NK][RLB_MS_N + 1];
	double share_k[RLB_MS_NK][RLB_MS_N]; /* per kernel (best rounds), clamped to 0..1 */
	double share[RLB_MS_N];      /* the median of load and copy, made non-decreasing */
	double share_reuse[RLB_MS_N];/* the stencil's, made non-decreasing */
	double share_split[RLB_MS_N];/* the split copy's share, made non-decreasing (printed) */
	int found;                   /* 1: shares fitted (every reference measured) */
} rlb_memshare;

extern const char *const rlb_memshare_kernel[RLB_MS_NK];

/* The sizes for a last level of SIZE bytes: SIZE / 8 (the plateau), then SIZE / 4 x 2^(i/2)
 * up to 2 x SIZE, each at most RLB_MS_MEM_MAX / 4; the memory reference 8 x SIZE, at least
 * 256 MiB and at most RLB_MS_MEM_MAX; rounded down to 64 KiB.  0 sizes when SIZE < 1 MiB. */
void rlb_memshare_plan(rlb_memshare *s, long long size);

/* The shares from S->best: per kernel (t_i - t_0) / (t_mem - t_0), clamped to 0..1 (0 at the
 * plateau by definition); per size the median (mean) of the load's and the copy's (SHARE), the
 * stencil's (SHARE_REUSE) and the split copy's (SHARE_SPLIT), each then the running maximum (a
 * level keeps less of a larger working set).  Returns S->found. */
int rlb_memshare_fit(rlb_memshare *s);

/* caches[last].memory_share of M from S (shares and reuse_shares rounded to 2 decimals).  1 if
 * written. */
int rlb_memshare_apply(const rlb_memshare *s, rl_machine *m);

/* The table: sizes, per kernel best (median) cycles per line and share, the fitted shares;
 * PREFIX starts every line */
void rlb_memshare_print(FILE *f, const rlb_memshare *s, const char *prefix);

/* Measure S (planned) with ROUNDS interleaved rounds (round r measures every kernel at every
 * size once before round r + 1) of one warm-up sweep and >= 1 ms of timed sweeps, accesses of
 * WIDTH bytes, cycles at GHZ; stops early (after >= 5 rounds) once UNTIL_S seconds have
 * passed.  0, or -1 (no memory, unsupported kernel). */
int rlb_memshare_measure(rlb_memshare *s, int width, double ghz, int rounds, double until_s);

#endif
