/* The sentences of the optimisation advice (model/advice.h): the model gives the numbers and
 * named terms of each advice, these functions write them for the notes, the JSON/YAML/SARIF
 * remarks and the HTML report (which all print the same text). */
#ifndef RL_DIAG_ADVICE_TEXT_H
#define RL_DIAG_ADVICE_TEXT_H

#include <stddef.h>
#include "model/report.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_DIAG_ADVICE_TEXT 512   /* bytes of an advice sentence (longer ones are cut) */
#define RL_DIAG_ADVICE_BRIEF 160  /* bytes of a brief form */

/* Advice A of R's nest as one sentence: "block loop i1 to <= 682 for L1 -> {...} cy/CL, 1.5x
 * on 1 core, 1.2x on 8 cores ...".  BUF of LEN bytes (RL_DIAG_ADVICE_TEXT for the full text). */
void rl_diag_advice_text(const rl_report *r, const rl_advice *a, char *buf, size_t len);

/* The brief form of advice A quoted after the first advice when it promises more ("temporal
 * blocking at most +24 % on 1 core, ..."): 1 when A has one (spatial and temporal blocking),
 * else 0 and BUF empty. */
int rl_diag_advice_brief(const rl_report *r, const rl_advice *a, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
