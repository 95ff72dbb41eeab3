/* ECM composition (seed 004 for the serial Intel rule; RRZE's Zen models for the
 * overlapping AMD rule, see docs/model.md). */
#include "model/ecm.h"

#include <string.h>

static double max2(double a, double b)
{
	return a > b ? a : b;
}

void rl_ecm_predict(const rl_machine *m, rl_ecm *ecm)
{
	ecm->overlap = m->overlap;
	double core = max2(ecm->t_ol, ecm->t_nol);
	double serial = ecm->t_nol, overlapped = core;
	ecm->prediction[0] = core;
	for (int b = 0; b < ecm->ntransfers; b++) {
		serial += ecm->t_transfer[b];
		overlapped = max2(overlapped, ecm->t_transfer[b]);
		ecm->prediction[b + 1] = m->overlap == RL_OVERLAP_SERIAL
			? max2(ecm->t_ol, serial) : overlapped;
	}
}

/* Cycles per line crossing boundary B (B == nlevels-1 is the memory interface). */
static double boundary_cycles_per_line(const rl_machine *m, int b)
{
	if (b == m->nlevels - 1)
		return m->mem_cycles_per_line;
	return m->levels[b].cycles_per_line;
}

void rl_ecm_compose(const rl_machine *m, const rl_incore *core, const rl_body *body,
		    const rl_traffic *traffic, rl_ecm *out)
{
	memset(out, 0, sizeof(*out));
	int per_pass = body && body->iters_per_pass > 0 ? body->iters_per_pass : 1;
	double scale = (double)traffic->iters_per_unit / per_pass;
	out->t_ol = core->t_ol * scale;
	out->t_nol = core->t_nol * scale;
	out->ntransfers = traffic->nboundaries;
	for (int b = 0; b < traffic->nboundaries; b++) {
		double lines = traffic->load_lines[b] + traffic->wa_lines[b] + traffic->evict_lines[b];
		out->t_transfer[b] = lines * boundary_cycles_per_line(m, b);
	}
	rl_ecm_predict(m, out);
}
