/* pressure.c - port pressure: the exact minimum over all assignments of uops to
 * ports of the maximum port load, and one assignment that reaches it.
 *
 * The bound is max over port subsets S of (cycles of the uops that can only go
 * to S) / |S| (Hall's theorem / max-flow min-cut).
 */
#include "portmodel/ports-internal.h"

#include <string.h>

static int popcount(unsigned x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

double rl_ports_minmax(const unsigned *mask, const double *cycles, int n, unsigned *bottleneck)
{
	unsigned all = 0;
	double best = 0;
	if (bottleneck)
		*bottleneck = 0;
	for (int i = 0; i < n; i++)
		if (cycles[i] > 0)
			all |= mask[i];
	/* enumerate the subsets of the used ports (at most 2^16) */
	int idx[32], k = 0;
	for (int b = 0; b < 32; b++)
		if (all >> b & 1)
			idx[k++] = b;
	if (k > 16)
		k = 16;
	for (unsigned s = 1; s < (1u << k); s++) {
		unsigned S = 0;
		for (int j = 0; j < k; j++)
			if (s >> j & 1)
				S |= 1u << idx[j];
		double d = 0;
		for (int i = 0; i < n; i++)
			if (cycles[i] > 0 && (mask[i] & ~S) == 0)
				d += cycles[i];
		double t = d / popcount(S);
		if (t > best + 1e-12) {
			best = t;
			if (bottleneck)
				*bottleneck = S;
		}
	}
	return best;
}

/* Max-flow (Edmonds-Karp) from the uop groups to the ports, each port capped
 * at T: the flow into a port is its load. */
void rl_ports_assign(const unsigned *mask, const double *cycles, int n, double t,
		     double *load)
{
	enum { MAXN = 2 + RL_MAX_UOP_GROUPS + RL_MAX_PORTS };
	double cap[MAXN][MAXN];
	int nn = 2 + n + RL_MAX_PORTS, src = 0, snk = 1;
	if (n > RL_MAX_UOP_GROUPS)
		return;
	memset(cap, 0, sizeof cap);
	for (int i = 0; i < n; i++) {
		cap[src][2 + i] = cycles[i];
		for (int p = 0; p < RL_MAX_PORTS; p++)
			if (mask[i] >> p & 1)
				cap[2 + i][2 + n + p] = 1e30;
	}
	for (int p = 0; p < RL_MAX_PORTS; p++)
		cap[2 + n + p][snk] = t * (1 + 1e-9) + 1e-12;
	double flow[RL_MAX_PORTS] = { 0 };
	for (int iter = 0; iter < 4 * MAXN; iter++) {
		int prev[MAXN], q[MAXN], h = 0, tl = 0;
		for (int i = 0; i < nn; i++)
			prev[i] = -1;
		prev[src] = src;
		q[tl++] = src;
		while (h < tl && prev[snk] < 0) {
			int u = q[h++];
			for (int v = 0; v < nn; v++)
				if (prev[v] < 0 && cap[u][v] > 1e-12) {
					prev[v] = u;
					q[tl++] = v;
				}
		}
		if (prev[snk] < 0)
			break;
		double f = 1e30;
		for (int v = snk; v != src; v = prev[v])
			if (cap[prev[v]][v] < f)
				f = cap[prev[v]][v];
		for (int v = snk; v != src; v = prev[v]) {
			cap[prev[v]][v] -= f;
			cap[v][prev[v]] += f;
			if (v == snk)
				flow[prev[v] - 2 - n] += f;
		}
	}
	for (int p = 0; p < RL_MAX_PORTS; p++)
		load[p] += flow[p];
}
