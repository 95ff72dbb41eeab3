/* roofline-bench: the fraction of each overlapping link's transfer that serialises with the
 * core's loads (ecm.serial_fraction), from a 2D 5-point Jacobi whose layer conditions hold at
 * every level: the same lines per unit of work as a copy, four times the loads
 * (docs/roofline-bench.md, "Serial fractions"; docs/model.md section 4). */
#ifndef RLB_OVERLAP_H
#define RLB_OVERLAP_H

#include <stdio.h>

#include "machines/bench/calib.h"
#include "machines/machine.h"

typedef struct rlb_overlap {
	int nlevels;                        /* cache levels; t[nlevels] = memory */
	long n;                             /* row length (doubles) */
	long rows[RL_MAX_LEVELS + 1];       /* grid rows per level */
	double t[RL_MAX_LEVELS + 1];        /* measured cy per unit of work (8 updates); <= 0: not */
	double link[RL_MAX_LEVELS];         /* the kernel's transfer per link (the fitted costs) */
	double frac[RL_MAX_LEVELS];         /* the fitted fractions */
	int avx;                            /* the kernel's vectors: 0 SSE2, 1 AVX2, 2 AVX-512 */
	double reuse;                       /* its loads beyond one per line read from memory, cy
					       per unit (rlb_overlap_load_factor) */
	double load_factor;                 /* ecm.memory_load_factor; 0: none */
	int ok;                             /* fractions fitted */
	char why[160];                      /* !ok: why not */
} rlb_overlap;

/* Measure the kernel with its grid in every level of M (working sets WS[0..nlevels], bytes of
 * both arrays) at core clock GHZ.  AVX: 0 SSE2, 1 AVX2 + FMA, 2 AVX-512.  Progress on stderr
 * unless QUIET.  A few seconds. */
void rlb_overlap_measure(rlb_overlap *o, const rl_machine *m, const long long *ws, double ghz,
			 int avx, int quiet);

/* The fractions from O->t and M's fitted link costs and rule (pure; unit-tested): with the
 * kernel's transfer T_b per link (a copy's lines: O->link) and its L1 time as T_OL and T_nOL,
 * innermost first, the fraction of link b is the one (0..1, steps of 0.001, the smallest of
 * equals) that minimises the squared relative residuals with the data one level beyond the
 * link, of the kernel and of the fitted calibration kernels of C (NULL: the kernel alone):
 * x_b = (t[b + 1] - (t_L1 + x_0 T_0 + ... + x_(b-1) T_(b-1))) / T_b where they do not bind.
 * The partial rule's serial links keep 1.  0, or -1 (O->why) when a level was not measured or
 * M's rule is serial. */
int rlb_overlap_fit(rlb_overlap *o, const rl_machine *m, const rlb_cal *c);

/* ecm.memory_load_factor from O->t and O->link (pure; unit-tested; rlb_overlap_fit calls it):
 * the kernel in memory takes T_MEM + F x REUSE, with T_MEM its memory transfer (O->link of the
 * memory link) and REUSE its T_nOL x rl_ecm_reuse_share - the model's base (docs/model.md
 * section 4): per unit of work (8 updates) 4 loads of the kernel's width W bytes (O->avx),
 * (W / 8 - 1) / 8 of them line-split (rows at every offset), S load slots in all, against the
 * 64 / W loads of one line read from memory; T_nOL = S x LOAD_CYCLES (the calibration's cycles
 * per load), or the kernel's L1 time O->t[0] when LOAD_CYCLES <= 0.
 * F = (t[memory] - T_MEM) / REUSE, 0 when that is not positive. */
double rlb_overlap_load_factor(rlb_overlap *o, double load_cycles);

/* Print the kernel's figures and fractions, and the residuals of the calibration kernels of
 * the fill/evict fit C (its chosen rule) without and with the fractions: the streams that the
 * fractions must keep (C NULL: not printed).  Returns the rms residual (%) with them. */
double rlb_overlap_print(FILE *f, const rlb_overlap *o, const rlb_cal *c);

/* The fractions and the memory load factor into M (ecm.serial_fraction, ecm.memory_load_factor
 * and their sources, HOW: the run). */
void rlb_overlap_apply(const rlb_overlap *o, rl_machine *m, const char *how);

#endif
