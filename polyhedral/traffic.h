/* Data traffic of a loop nest per unit of work at each cache boundary.
 *
 * First model (issue 2): every distinct access stream costs one cache line per
 * unit of work at every boundary (scaled by its innermost stride), stores add a
 * write-allocate (unless the line is also read) and an eviction.  Two accesses of
 * one array belong to one stream when their distance is a known constant smaller
 * than RL_STREAM_MERGE_BYTES.  No reuse between streams is assumed: this is the
 * "no layer condition" row of the ECM model.  Layer conditions replace it in
 * the polyhedral issue.
 */
#ifndef RL_TRAFFIC_H
#define RL_TRAFFIC_H

#include "polyhedral/nest.h"
#include "machines/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_STREAM_MERGE_BYTES 256
#define RL_MAX_STREAMS RL_MAX_ACCESSES

typedef struct rl_stream {
	int array;
	int first_access;        /* representative access */
	int reads, writes;       /* accesses merged into this stream */
	double lines_per_unit;   /* lines touched per unit of work (stride scaled) */
} rl_stream;

typedef struct rl_traffic {
	int iters_per_unit;      /* innermost iterations per unit of work (one line of the
				    dominant element size) */
	int elem_size;           /* element size defining the unit of work */
	int nstreams;
	rl_stream streams[RL_MAX_STREAMS];
	/* per boundary b (0: L1-L2, 1: L2-L3, 2: L3-MEM, ...): lines per unit of work */
	int nboundaries;
	double load_lines[RL_MAX_LEVELS];
	double wa_lines[RL_MAX_LEVELS];
	double evict_lines[RL_MAX_LEVELS];
} rl_traffic;

/* Fill OUT for NEST on M (line size and cache organisation).  Returns 0 and a
 * reason in WHY when the nest has no memory access in its innermost loop. */
int rl_traffic_first(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
		     char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
