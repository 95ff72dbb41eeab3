/* Loop versions: what GCC's run-time alias check of a versioned loop decides.
 *
 * When the vectoriser cannot prove two references of the innermost loop
 * independent it versions the loop: a run-time test compares the address
 * segments the references cover over the loop (their first to last address)
 * and runs the vector copy when no segment of a stored reference overlaps
 * another, the scalar copy otherwise.  rl_versions_alias_check decides that
 * test from the nest where it can: for two references of one array whose rows
 * (all but the last subscript) are equal in every iteration it compares the
 * last-subscript ranges over the loop's domain (rectangular bounds); rows that
 * differ by a non-zero constant never overlap, rows that differ by iterators
 * overlap in the iterations where they are equal.  References of different
 * arrays (pointers that may alias) are a run-time question.
 */
#ifndef RL_VERSIONS_H
#define RL_VERSIONS_H

#include "polyhedral/nest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rl_alias_outcome {
	RL_ALIAS_NO_PAIR,      /* no pair of references the check would test */
	RL_ALIAS_NEVER,        /* every tested pair is disjoint: the vector copy runs */
	RL_ALIAS_RUNTIME,      /* references of different arrays: decided by the addresses */
	RL_ALIAS_SOMETIMES,    /* a pair overlaps in some iterations of the enclosing loops
				  (e.g. path[k][j] and path[i][j] when i == k): the scalar copy
				  runs there */
	RL_ALIAS_ALWAYS        /* a pair overlaps in every iteration: the scalar copy always runs */
} rl_alias_outcome;

typedef struct rl_alias_check {
	rl_alias_outcome outcome;
	int store, other;      /* the deciding pair (indices into nest->accesses), -1 none */
	rl_aff when;           /* SOMETIMES: the pair overlaps where this is 0 */
} rl_alias_check;

/* The outcome of the alias check of NEST's innermost loop into OUT: the most
 * constraining pair (ALWAYS > SOMETIMES > RUNTIME > NEVER). */
void rl_versions_alias_check(const rl_nest *nest, rl_alias_check *out);

#ifdef __cplusplus
}
#endif
#endif
