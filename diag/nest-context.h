/* Sentences about what surrounds a modelled loop nest in the loop tree: sibling
 * loops (an imperfect nest) and enclosing loops left out of the model. */
#ifndef RL_DIAG_NEST_CONTEXT_H
#define RL_DIAG_NEST_CONTEXT_H

#include <stddef.h>

#include "polyhedral/lc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The nest is one of NSIBLINGS loops inside the loop at line BRANCH_LINE:
 * "roofline: one of N loops inside the loop at line L: ..." with the reuse
 * assumed between them. */
void rl_diag_sibling_note(int branch_line, int nsiblings, char *buf, size_t len);

/* The same with what the layer conditions LC assumed about the siblings (LC->sib):
 * "roofline: one of N loops inside the loop at line L: the layer conditions of the loops
 * around count the data of all of them per iteration (the others add 8.8 kB not touched
 * here); C written by the loop at line P is used here from L1 (data between the two
 * uses: 17.7 kB)", or why no reuse between them is modelled. */
void rl_diag_sibling_reuse_note(const rl_lc_report *lc, int branch_line, int nsiblings,
				char *buf, size_t len);

/* The loop at line LINE around the nest was left out of the model for REASON
 * ("unknown trip count", "non-affine loop bound"), with NDROPPED - 1 loops
 * around it: "roofline: the loop at line L around this nest (REASON) is
 * repeated an unknown number of times: ..." */
void rl_diag_unknown_outer_note(int line, const char *reason, int ndropped,
				char *buf, size_t len);

/* The statements of the loop at line LINE outside its inner loop were left out
 * of the model, one of them for REASON ("call to wtime in loop body"). */
void rl_diag_outside_statements_note(int line, const char *reason, char *buf, size_t len);

/* A call to FUNCTION (memset, memcpy, memmove) modelled as a loop over the
 * elements of its block, with BYTES-byte loads and stores. */
void rl_diag_block_move_note(const char *function, int bytes, char *buf, size_t len);

/* An OpenMP worksharing loop with a static schedule, modelled over its original
 * iteration space with THREADS threads (FROM_OPTION: the thread count is cores=,
 * else the machine's cores). */
void rl_diag_omp_static_note(int threads, int from_option, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
