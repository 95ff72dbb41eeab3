/* ECM composition: in-core terms + data transfers -> per-level predictions.
 * All figures in core cycles per unit of work (one cache line of iterations). */
#ifndef RL_ECM_H
#define RL_ECM_H

#include "machines/machine.h"
#include "polyhedral/traffic.h"
#include "portmodel/portmodel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rl_ecm {
	double t_ol, t_nol;                 /* cy per unit of work */
	int ntransfers;                     /* machine levels: L1-L2, L2-L3, L3-MEM */
	double t_transfer[RL_MAX_LEVELS];   /* cy per unit of work at each boundary */
	double prediction[RL_MAX_LEVELS + 1];/* data in L1, L2, L3, MEM */
	rl_overlap overlap;
} rl_ecm;

/* Compose the ECM model from per-pass in-core cycles (scaled to the unit of work
 * with body->iters_per_pass) and the traffic per unit of work. */
void rl_ecm_compose(const rl_machine *m, const rl_incore *core, const rl_body *body,
		    const rl_traffic *traffic, rl_ecm *out);

/* Predictions from given terms (used by tests and by compose). */
void rl_ecm_predict(const rl_machine *m, rl_ecm *ecm);

#ifdef __cplusplus
}
#endif
#endif
