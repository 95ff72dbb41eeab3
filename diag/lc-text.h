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
 * "3*n*8 B <= 16 KiB (n <= 682)", "3*n*8 B <= 16 KiB (n <= 682) [block i1 to 682]" */
void rl_diag_lc_condition(const rl_lc_report *lc, int c, int k, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
