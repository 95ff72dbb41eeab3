/* Application-driven CARM (adCARM, Marques et al., FGCS, section 4): roofs scaled by the instruction mix.
 *
 *   B_r^y = sum_i(R_i * b_i) / sum_i(R_i * b_i / B_{i,r}^y)   (memory level y, load/store mix r)
 *   P_a   = sum_i(R_i * f_i) / sum_i(R_i * f_i / P_i)         (FP instruction types i)
 *
 * R_i: share of instructions of type i; b_i / f_i: bytes / flops per instruction of type i;
 * B_{i,r}^y / P_i: the machine's sustained bandwidth / peak for type i alone.
 */
#ifndef RL_ADCARM_H
#define RL_ADCARM_H

#include <stddef.h>
#include "machines/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rl_adcarm_term {
	double ratio;   /* R_i: share of the instructions (need not sum to 1; normalised) */
	double amount;  /* b_i bytes or f_i flops per instruction */
	double peak;    /* B_{i,r}^y (GB/s) or P_i (GFLOP/s) of type i alone */
} rl_adcarm_term;

/* The scaled roof of N terms (terms with ratio 0 are ignored).  Returns the roof (> 0), or
 * -1 with a message in ERR if a term is invalid (negative ratio, amount <= 0 or peak <= 0
 * where ratio > 0) or no term has a positive ratio. */
double rl_adcarm_scale(const rl_adcarm_term *t, int n, char *err, size_t errlen);

/* B_r^y from a machine's bandwidth table: SHARE[k] is the share of memory instructions of
 * width 64 << k bits (k = 0..3: scalar 8 B, SSE 16 B, AVX 32 B, AVX-512 64 B).  -1 with ERR
 * if a width with a positive share has no row for LEVEL/MIX/CORES. */
double rl_adcarm_bandwidth(const rl_machine *m, const char *level, rl_mix mix, int cores,
			   const double share[4], char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
