/* latency.c - the loop-carried latency bound: maximum cycle mean of the register
 * dependencies that cross from one pass of the loop body to the next (a cycle
 * through two passes counts half per pass, and so on).
 */
#include "portmodel/ports.h"

#include <stdlib.h>
#include <string.h>

#define RL_MAX_REGNO 1024
#define RL_MAX_CARRIED 24
#define NEG (-1e300)

/* The carried registers of the first N instructions of BODY: used before any
 * definition in the pass, and defined in it.  Returns how many (at most
 * RL_MAX_CARRIED, the lowest numbers first). */
static int carried_registers(const rl_body *body, int n, int *carried)
{
	unsigned char defined[RL_MAX_REGNO] = { 0 }, used_first[RL_MAX_REGNO] = { 0 };
	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
			int r = in->uses[k];
			if (r >= 0 && r < RL_MAX_REGNO && !defined[r])
				used_first[r] = 1;
		}
		for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
			int r = in->defs[k];
			if (r >= 0 && r < RL_MAX_REGNO)
				defined[r] = 1;
		}
	}
	int nc = 0;
	for (int r = 0; r < RL_MAX_REGNO && nc < RL_MAX_CARRIED; r++)
		if (defined[r] && used_first[r])
			carried[nc++] = r;
	return nc;
}

/* A[a][b]: the longest path from carried register a at the start of a pass to
 * b's value at the end of it (NEG: none).  Returns 0 when out of memory. */
static int pass_paths(const rl_body *body, int n, const double *lat, const double *loadlat,
		      const int *carried, int nc, double A[RL_MAX_CARRIED][RL_MAX_CARRIED])
{
	for (int a = 0; a < RL_MAX_CARRIED; a++)
		for (int b = 0; b < RL_MAX_CARRIED; b++)
			A[a][b] = NEG;
	double *ready = malloc(sizeof(double) * RL_MAX_REGNO);
	if (!ready)
		return 0;
	for (int a = 0; a < nc; a++) {
		for (int r = 0; r < RL_MAX_REGNO; r++)
			ready[r] = NEG;
		ready[carried[a]] = 0;
		for (int i = 0; i < n; i++) {
			const rl_insn *in = &body->insns[i];
			double t = NEG;
			for (int k = 0; k < in->nuses && k < RL_MAX_USES; k++) {
				int r = in->uses[k];
				if (r < 0 || r >= RL_MAX_REGNO || ready[r] <= NEG)
					continue;
				double c = ready[r] + lat[i] + ((in->use_addr >> k & 1) ? loadlat[i] : 0);
				if (c > t)
					t = c;
			}
			for (int k = 0; k < in->ndefs && k < RL_MAX_DEFS; k++) {
				int r = in->defs[k];
				if (r >= 0 && r < RL_MAX_REGNO)
					ready[r] = t;
			}
		}
		for (int b = 0; b < nc; b++)
			A[a][b] = ready[carried[b]];
	}
	free(ready);
	return 1;
}

/* Maximum cycle mean of the NC x NC path matrix A: max over p <= nc and a of
 * (A^p)[a][a] / p in max-plus algebra, at least 0. */
static double max_cycle_mean(double A[RL_MAX_CARRIED][RL_MAX_CARRIED], int nc)
{
	double P[RL_MAX_CARRIED][RL_MAX_CARRIED], Q[RL_MAX_CARRIED][RL_MAX_CARRIED];
	memcpy(P, A, sizeof P);
	double best = 0;
	for (int p = 1; p <= nc; p++) {
		for (int a = 0; a < nc; a++)
			if (P[a][a] > NEG && P[a][a] / p > best)
				best = P[a][a] / p;
		if (p == nc)
			break;
		for (int a = 0; a < nc; a++)
			for (int b = 0; b < nc; b++) {
				double m = NEG;
				for (int k = 0; k < nc; k++)
					if (P[a][k] > NEG && A[k][b] > NEG && P[a][k] + A[k][b] > m)
						m = P[a][k] + A[k][b];
				Q[a][b] = m;
			}
		memcpy(P, Q, sizeof P);
	}
	return best;
}

double rl_loop_carried_latency(const rl_body *body, const double *lat, const double *loadlat)
{
	int n = rl_body_ninsns(body);
	int carried[RL_MAX_CARRIED];
	int nc = carried_registers(body, n, carried);
	double A[RL_MAX_CARRIED][RL_MAX_CARRIED];
	if (!nc || !pass_paths(body, n, lat, loadlat, carried, nc, A))
		return 0;
	return max_cycle_mean(A, nc);
}
