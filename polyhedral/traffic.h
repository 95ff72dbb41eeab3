/* Data traffic of a loop nest per unit of work at each cache boundary.
 *
 * Two models fill rl_traffic.  The layer conditions (polyhedral/lc.h) count the lines
 * each group of references misses in each cache.  The stream model here
 * (rl_traffic_streams) is used when they cannot be analysed: every distinct access
 * stream costs one cache line per unit of work at every boundary (scaled by its
 * innermost stride), i.e. no reuse between streams - the "no layer condition" row of
 * the ECM model.  Two accesses of one array belong to one stream when their distance
 * is a known constant smaller than RL_STREAM_MERGE_BYTES.
 *
 * Both models give the lines of each stream to one rule (rl_traffic_add_stream) that
 * decides what crosses each boundary: loads, write-allocates, evictions of dirty lines,
 * the evictions into a victim cache and non-temporal stores.
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
	double nt_lines[RL_MAX_LEVELS];  /* of evict_lines[b]: lines stored non-temporally
					    (around the caches; only at the memory boundary) */
} rl_traffic;

/* What one stream needs from the cache hierarchy per unit of work. */
typedef struct rl_stream_lines {
	int reads, writes;              /* references reading / writing it */
	double missed[RL_MAX_LEVELS];   /* lines per unit missing in level b (those that cross
					   boundary b: loaded or allocated) */
	double stored;                  /* lines per unit it writes when nothing is reused (what
					   non-temporal stores send to memory; read only with
					   NONTEMPORAL for a write-only stream) */
} rl_stream_lines;

/* Add what stream S moves across every boundary b of M to T's load_lines[b], wa_lines[b]
 * and evict_lines[b] (per unit of work):
 *   - a stream that is read loads its missed lines;
 *   - a write-only stream allocates them where level b write-allocates;
 *   - a written stream evicts them (its dirty lines);
 *   - every line leaving level b enters a victim cache b+1 (AMD Zen's L3 is filled only
 *     by L2 evictions): an eviction across boundary b;
 *   - with non-temporal stores (NONTEMPORAL) a write-only stream allocates and evicts
 *     nothing; its stored lines cross only the memory boundary (evict_lines and
 *     nt_lines there). */
void rl_traffic_add_stream(rl_traffic *t, const rl_machine *m, int nontemporal,
			   const rl_stream_lines *s);

/* The unit of work and the streams of NEST on M (line size), without the lines per
 * boundary.  Returns 0 and a reason in WHY when the nest has no memory access or
 * more than RL_MAX_STREAMS streams. */
int rl_traffic_find_streams(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
			    char *why, size_t whylen);

/* The stream model: rl_traffic_find_streams, then every stream's lines at every
 * boundary through rl_traffic_add_stream.  Returns 0 and a reason in WHY as above. */
int rl_traffic_streams(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
		       char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
