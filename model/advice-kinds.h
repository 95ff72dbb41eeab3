/* Inside the advice module (model/advice*.c): the gain rule the kinds share and the producers
 * of each kind of advice (model/advice.h describes them).  Not for other modules. */
#ifndef RL_ADVICE_KINDS_H
#define RL_ADVICE_KINDS_H

#include "model/advice.h"

/* Index of the level the data is in: perf's data level, MEM (= ntransfers) when unknown. */
int rl_advice_data_level(const rl_advice_inputs *in);

/* Gain at N cores of the ECM AFTER over the nest's P(N) before from perf's scaling table (the
 * n-thread layer conditions of the unchanged nest). */
double rl_advice_gain_scaled(const rl_perf *p, const rl_ecm *after, int lv, int n);

/* A new entry of kind K and class C at the end of L (gains 1, no level, loop or block), NULL
 * when L is full. */
rl_advice *rl_advice_push(rl_advice_list *l, rl_advice_kind k, rl_advice_class c, const rl_perf *p);

/* As rl_advice_push for a change of the nest's ECM: AFTER starts as the ECM of IN. */
rl_advice *rl_advice_push_change(rl_advice_list *l, rl_advice_kind k, rl_advice_class c,
				 const rl_advice_inputs *in);

/* The three gains of A whose AFTER keeps the traffic at every thread count (in-core changes,
 * streaming stores). */
void rl_advice_gains_same_traffic(rl_advice *a, const rl_advice_inputs *in);

/* The producers, in the order of the unranked list. */
void rl_advice_spatial_blocking(const rl_advice_inputs *in, rl_advice_list *l);
void rl_advice_shared_blocking(const rl_advice_inputs *in, rl_advice_list *l);
void rl_advice_temporal_blocking(const rl_advice_inputs *in, rl_advice_list *l);
void rl_advice_incore(const rl_advice_inputs *in, rl_advice_list *l);  /* reassociate, divider,
									  vectorise, ports */
void rl_advice_streaming_stores(const rl_advice_inputs *in, rl_advice_list *l);
void rl_advice_saturation(const rl_advice_inputs *in, rl_advice_list *l);

#endif
