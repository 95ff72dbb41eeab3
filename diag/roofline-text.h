/* The sentences of the roofline family (model/roofline.h computes the numbers): the verbose
 * note of each model, the summary phrase of the concise note, and the JSON "note" members. */
#ifndef RL_DIAG_ROOFLINE_TEXT_H
#define RL_DIAG_ROOFLINE_TEXT_H

#include <stddef.h>
#include "model/report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The note of model KIND of O (valid), without "roofline: ": "ORM (one AI per level): ...",
 * "CARM AI 0.0833 flop/B ...", "adCARM (...) ...", "in-core ceilings (GFLOP/s): ...". */
void rl_diag_roofline_model_note(const rl_rooflines *o, rl_rf_kind kind, char *buf, size_t len);

/* Where a roof's figure came from: "table L1 512-bit load, 18 cores / cores", "line / L2-L3
 * transfer (4 cy/CL) x clock", ... (the JSON roofs' "source"). */
void rl_diag_roofline_source(const rl_rf_source *s, char *buf, size_t len);

/* Short phrase for the concise note: "memory-bound (ORM AI 0.08 flop/B at MEM, CARM AI 0.05
 * flop/B under the L1 roof)", "core-bound (...)", "compute-bound (...)" or "no roofline (...)". */
void rl_diag_roofline_summary(const rl_report *r, char *buf, size_t len);

/* Verbose note lines: I = 0 ORM, 1 CARM, 2 adCARM, 3 ceilings (one line with the reason when
 * not computed); 0 when I >= rl_diag_roofline_verbose_count(R).  BUF gets "roofline: ORM ...". */
int rl_diag_roofline_verbose(const rl_report *r, int i, char *buf, size_t len);
int rl_diag_roofline_verbose_count(const rl_report *r);   /* 4, or 1 when not computed */

#ifdef __cplusplus
}
#endif
#endif
