/* Per-execution cost of an innermost loop beyond its passes: the code GCC runs around it
 * once per execution (docs/model.md section 3c).
 *
 * The steady state (cycles per unit of work, the concise notes' figure) prices the passes of
 * the innermost loop's body.  Each execution of that loop also runs code outside it, read
 * from the generated code by plugin/rtl-body.cc (rl_row_code):
 *   own code   the enclosing loop's own instructions (its header and latch, the vector
 *              loop's setup before it, the exit test after it) that run on every execution;
 *              shared evenly by the innermost loops of the enclosing loop;
 *   remainder  the code reached from the vector loop's exits that runs only when iterations
 *              are left over (trip count not a multiple of the iterations per pass): GCC 12's
 *              peeled epilogues (a half-width vector pass, pairs, single iterations) or its
 *              epilogue loop, each block weighted by GCC's profile (runs per entry into the
 *              remainder code).
 * Each part is priced with the port model as straight-line code: max(port bound, load
 * ports, front end) (rl_rows_straight_cycles); remainder blocks one at a time, the own code
 * as one group.
 *   cycles per execution = own / sharers + share x remainder,
 * share = whether the trip count leaves a remainder (0 or 1 when the nest knows the count
 * and it does not depend on outer iterators), 1 - 1/(iterations per pass) when it varies
 * with them, GCC's profile guess when the count is unknown.  The model gives numbers and
 * codes; diag/ the words.
 */
#ifndef RL_ROWS_H
#define RL_ROWS_H

#include "polyhedral/nest.h"
#include "portmodel/ports.h"
#include "model/time.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_ROWS_MAX_BLOCKS 64

/* The code around one innermost loop, as GCC generated it (filled by the plugin). */
typedef struct rl_row_code {
	int found;              /* 1: the enclosing loop's code was read */
	int why;                /* found 0: an rl_rows_why */
	rl_body own;            /* the enclosing loop's own instructions run on every execution */
	int sharers;            /* innermost loops entered on every pass of the enclosing loop */
	rl_body rem;            /* remainder code reached from the loop's exits */
	int rem_block[RL_MAX_INSNS];    /* rem.insns[i] belongs to block rem_block[i] */
	int nblocks;
	double block_weight[RL_ROWS_MAX_BLOCKS];  /* runs per entry into the remainder code */
	double rem_entry;       /* GCC's profile: share of executions entering the remainder */
} rl_row_code;

typedef enum rl_rows_why {
	RL_ROWS_DONE = 0,
	RL_ROWS_NO_CODE,        /* no generated code read (costed from the source, a block move) */
	RL_ROWS_NO_OUTER,       /* the innermost loop is not inside another loop */
	RL_ROWS_NO_PROFILE,     /* GCC's block counts unknown: which code runs is not known */
	RL_ROWS_TOO_LARGE       /* more code around the loop than the model reads */
} rl_rows_why;

typedef struct rl_row_overhead {
	int computed;           /* 1: cycles set */
	rl_rows_why why;
	double own_cycles;      /* the own code per execution of the enclosing loop's pass */
	int own_insns;
	int sharers;
	double remainder_cycles;/* the remainder code when it runs */
	int remainder_insns;
	double remainder_share; /* executions that run it, 0..1 */
	int remainder_from;     /* 0: GCC's profile, 1: the trip count, 2: a varying trip count */
	long long remainder_iters; /* from the trip count: iterations left over per execution */
	double cycles;          /* per execution: own / sharers + share x remainder */
} rl_row_overhead;

/* Cycles of the straight-line code BODY (no loop-carried chain) with table P (NULL: the
 * machine's class rows): max(port bound, load ports, front end, calls). */
double rl_rows_straight_cycles(const rl_machine *m, const rl_ports *p, const rl_body *body);

/* The per-execution overhead of NEST's innermost loop from CODE (NULL: none read), the
 * loop's compiled body doing ITERS_PER_PASS iterations per pass.  Fills OUT; never fails. */
void rl_rows_overhead(const rl_row_code *code, const rl_nest *nest, int iters_per_pass,
		      const rl_machine *m, const rl_ports *p, rl_row_overhead *out);

#ifdef __cplusplus
}
#endif
#endif
