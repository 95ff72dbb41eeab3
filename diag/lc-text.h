/* Texts of the layer conditions, written from the numbers of rl_lc_report
 * (polyhedral/lc.h; docs/layer-conditions.md, "Reading the notes"). */
#ifndef RL_DIAG_LC_TEXT_H
#define RL_DIAG_LC_TEXT_H

#include <stddef.h>
#include "polyhedral/lc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for a condition text */
#define RL_DIAG_LC_CONDITION_TEXT (RL_LC_TEXT + 160)

/* Condition K of level C of LC: the regime's footprint against the level's capacity, the
 * threshold of the leading size parameter and the blocking candidate when there is one:
 * "3*n*8 B <= 16 KiB (n <= 682)", "3*n*8 B <= 16 KiB (n <= 682) [block i1 to 682]"; when the
 * footprint has other parameters without a value they move with the leading one:
 * "(63*np + 60*nq)*8 B <= 35930.1 B (nq = np <= 36)" */
void rl_diag_lc_condition(const rl_lc_report *lc, int c, int k, char *buf, size_t len);

/* Whether regime R of LC is a condition of some level whose footprint is 0: the loops inside
 * loop regimes[R].loop - 1 touch nothing that its next iteration uses again, so the
 * condition "0 B <= capacity" always holds and says nothing; the notes and the JSON leave
 * such conditions out and say so once (rl_diag_lc_condition_trivial: condition K of level
 * C). */
int rl_diag_lc_regime_trivial(const rl_lc_report *lc, int r);
int rl_diag_lc_condition_trivial(const rl_lc_report *lc, int c, int k);

#ifdef __cplusplus
}
#endif
#endif
