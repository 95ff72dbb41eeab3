/* roofline-bench: the cost of a strided line filled into L1 from L2 (docs/roofline-bench.md,
 * "Strided lines"). */
#ifndef RLB_STRIDED_H
#define RLB_STRIDED_H

#include "machines/machine.h"

typedef struct rlb_strided {
	int ok;
	long lines;              /* distinct lines of each walk (half the L2) */
	double adjacent;         /* core cycles per line, 64 B stride (adjacent lines) */
	double cy[2];            /* core cycles per line at 192 B and 1088 B strides */
	double strided;          /* the figure: the mean of cy[] */
	char why[160];           /* !ok: why not measured */
} rlb_strided;

/* Measure with core clock GHZ on M's cache levels (the L2 size): one 8 B load every STRIDE
 * bytes into eight independent sums over half the L2's lines, 2 MiB pages, at 64 B (adjacent
 * lines) and at 192 B and 1088 B (strided, neither a power of two, several accesses per 4 KiB
 * page).  Progress on stderr unless QUIET.  About 1 s. */
void rlb_strided_measure(rlb_strided *s, const rl_machine *m, double ghz, int quiet);

/* The figure into M's L1 level as strided_fill (L1 <- L2), when measured and above the
 * level's fill. */
void rlb_strided_apply(const rlb_strided *s, rl_machine *m);

#endif
