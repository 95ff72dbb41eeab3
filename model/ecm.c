/* ECM composition (Stengel et al., ICS 2015, for the serial Intel rule; RRZE's Zen models for the
 * overlapping AMD rule, see docs/model.md). */
#include "model/ecm.h"

#include <string.h>

static double max2(double a, double b)
{
	return a > b ? a : b;
}

double rl_ecm_level_cycles(rl_overlap overlap, double t_ol, double t_nol, const double *t, int k)
{
	double serial = t_nol, overlapped = max2(t_ol, t_nol);
	for (int b = 0; b < k; b++) {
		serial += t[b];
		overlapped = max2(overlapped, t[b]);
	}
	return overlap == RL_OVERLAP_SERIAL ? max2(t_ol, serial) : overlapped;
}

void rl_ecm_predict(const rl_machine *m, rl_ecm *ecm)
{
	ecm->overlap = m->overlap;
	for (int l = 0; l <= ecm->ntransfers; l++)
		ecm->prediction[l] = rl_ecm_level_cycles(m->overlap, ecm->t_ol, ecm->t_nol,
							 ecm->t_transfer, l);
}

double rl_ecm_boundary_lines(const rl_traffic *t, int b)
{
	return t->load_lines[b] + t->wa_lines[b] + t->evict_lines[b];
}

rl_ecm_term rl_ecm_dominant_term(const rl_ecm *e, int level)
{
	rl_ecm_term term = { RL_ECM_TERM_CORE, -1, e->t_ol, e->prediction[level] };
	double data = e->t_nol;
	for (int k = 0; k < level && k < e->ntransfers; k++)
		data += e->t_transfer[k];
	if (e->overlap == RL_OVERLAP_SERIAL ? e->t_ol >= data : e->t_ol >= term.total - 1e-9)
		return term;
	/* the largest contribution among T_nOL and the transfers up to LEVEL */
	term.kind = RL_ECM_TERM_LOADS;
	term.cycles = e->t_nol;
	for (int k = 0; k < level && k < e->ntransfers; k++)
		if (e->t_transfer[k] > term.cycles) {
			term.kind = RL_ECM_TERM_TRANSFER;
			term.boundary = k;
			term.cycles = e->t_transfer[k];
		}
	return term;
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
		out->t_transfer[b] = rl_ecm_boundary_lines(traffic, b) * boundary_cycles_per_line(m, b);
	}
	rl_ecm_predict(m, out);
}
