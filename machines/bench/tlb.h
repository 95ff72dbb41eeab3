/* roofline-bench: the data TLB's reach and miss costs from a column walk (docs/roofline-bench.md,
 * "TLB"). */
#ifndef RLB_TLB_H
#define RLB_TLB_H

#include "machines/machine.h"

#define RLB_TLB_POINTS 48

typedef struct rlb_tlb {
	int npoints;
	double pages[RLB_TLB_POINTS];          /* rows of the walk = 4 KiB pages touched */
	double cy[RLB_TLB_POINTS];             /* core cycles per access, 4 KiB pages */
	int ok;                                /* both steps found */
	int entries[2];                        /* L1, L2: the last page count before each step */
	double miss[2];                        /* extra cycles per access beyond each level */
	double huge_cy, small_cy, huge_pages;  /* 2 MiB pages (MADV_HUGEPAGE) at 2 x L2 entries */
	long huge_kb;                          /* AnonHugePages the kernel granted, kB; -1 unknown */
	char why[160];                         /* !ok: what was not found */
} rlb_tlb;

/* Measure with core clock GHZ: the cost per access of a walk with a 4160 B stride (a new
 * 4 KiB page at every access, distinct cache sets) over 16..32768 pages, the two steps (L1 and
 * L2 TLB reach) and the cost beyond each; then the same walk on 2 MiB pages.  Progress on
 * stderr unless QUIET.  About 10 s. */
void rlb_tlb_measure(rlb_tlb *t, double ghz, int quiet);

/* The measured levels into M's tlb section (4 KiB pages), with the method in its source. */
void rlb_tlb_apply(const rlb_tlb *t, rl_machine *m, const char *how);

#endif
