/* Streams that restart: the demand-fetch term of the ECM model in memory (docs/model.md,
 * "Streams that restart").
 *
 * A stream read along the innermost loop with a stride below a cache line runs over
 * trip x stride bytes; when the enclosing loop moves it on by more than that plus a line (rows
 * shorter than their stride: a triangle's rows, a block of a wider array), every run starts
 * at an address jump.  From memory, the hardware prefetcher loses such a stream at each jump:
 * the first memory.restart_lines lines of a run arrive on demand and cost the machine's
 * memory.restart cycles each on top of the in-core time (measured: the cost adds to a
 * latency-bound loop's chain instead of hiding under it).  A contiguous stream (a row as long
 * as its stride) keeps the prefetcher and has no such term.  A stream whose innermost stride
 * is a page or more (a column of rows of >= 4 KiB) touches a new page at every access; the
 * prefetchers do not cross a page, so each of its lines is a run of one line that starts at a
 * jump (measured: mvt's column walk from memory, bench/polybench/study/chainmem.c SHAPE col).  Of a run of n lines the share
 * min(1, restart_lines / n) restarts; the lines counted are at most the loads across the
 * memory boundary (lines served by a cache do not restart from memory).
 */
#ifndef RL_RESTART_H
#define RL_RESTART_H

#include "machines/machine.h"
#include "polyhedral/nest.h"
#include "polyhedral/traffic.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rl_restart_term {
	int nstreams;           /* read streams whose runs start at a jump */
	double run_lines;       /* lines of one run (the first such stream's, inner loop at the
				   middle of the enclosing ranges) */
	double lines;           /* restarting lines per unit of work (after the memory cap) */
	double cycles;          /* the term: lines x memory.restart, cy per unit of work (0: does
				   not apply) */
} rl_restart_term;

/* The restart term of NEST on M with the streams and lines of T.  0 cycles when M gives no
 * memory.restart, the nest has one loop, a stride or trip count is unknown, or no read stream
 * restarts. */
void rl_restart_analyse(const rl_nest *nest, const rl_machine *m, const rl_traffic *t,
			rl_restart_term *out);

#ifdef __cplusplus
}
#endif
#endif
