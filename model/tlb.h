/* Address translation: the page-walk term of the ECM model (docs/model.md, "Page walks").
 *
 * A stream whose innermost stride is at least a cache line touches a new page every
 * min(1, stride / page) accesses.  The pages all streams touch in one sweep of the innermost
 * loop are the pages live between two uses of one page (the next iteration of an enclosing
 * loop comes back to them, as in a column walk).  When these P pages exceed the E entries of a
 * TLB level (machine file `tlb:`, 4 KiB pages), a fraction min(1, (P - E) / E) of the page
 * touches of those strided streams misses that level and costs its miss cycles.  The term adds to every level's prediction: measured, it
 * does not overlap with the in-core work nor with the transfers (docs/model.md).  Streams of
 * stride below a line are not priced: their walks are in the measured bandwidths.
 */
#ifndef RL_TLB_H
#define RL_TLB_H

#include "machines/machine.h"
#include "polyhedral/nest.h"
#include "polyhedral/traffic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_TLB_PAGE 4096   /* the page size the model assumes (Linux's default pages) */

typedef struct rl_tlb_term {
	int known;              /* 1: the machine has TLB levels and the sweep was evaluated */
	double pages;           /* distinct pages touched by one sweep of the innermost loop */
	double page_touches;    /* new-page accesses of the strided streams per unit of work */
	int nstrided;           /* streams of stride >= a line */
	int missed;             /* TLB levels (4 KiB) whose entries the pages exceed */
	int level;              /* index in machine->tlb of the outermost level exceeded, -1 none */
	double miss_cycles;     /* per page touch: the exceeded levels' miss costs x their miss
				   fractions */
	double cycles;          /* the term: cy per unit of work (0: does not apply) */
} rl_tlb_term;

/* The page-walk term of NEST on M with the streams of T (its unit of work).  Without TLB
 * levels in M, unknown sizes or no strided stream, out->cycles is 0. */
void rl_tlb_analyse(const rl_nest *nest, const rl_machine *m, const rl_traffic *t,
		    rl_tlb_term *out);

/* Trip count of NEST's innermost loop with the enclosing loops at the middle of their
 * ranges; 0 when a bound is not known. */
double rl_tlb_inner_trip(const rl_nest *nest);

#ifdef __cplusplus
}
#endif
#endif
