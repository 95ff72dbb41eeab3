/* Texts of the layer conditions (see lc-text.h). */
#include "diag/lc-text.h"
#include "diag/format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rl_diag_lc_condition(const rl_lc_report *lc, int c, int k, char *buf, size_t len)
{
	const rl_lc_level *lv = &lc->levels[c];
	const rl_lc_cond *cond = &lv->cond[k];
	char cap[32], bound[192] = "";
	rl_format_size_exact(lv->capacity, cap, sizeof(cap));
	if (cond->param[0] && cond->threshold >= 0)
		snprintf(bound, sizeof(bound), " (%s%s%s <= %lld)", cond->param,
			 cond->equal[0] ? " = " : "", cond->equal, cond->threshold);
	if (cond->block_loop >= 0) {
		size_t u = strlen(bound);
		snprintf(bound + u, sizeof(bound) - u, " [block i%d to %lld]", cond->block_loop,
			 cond->block_size);
	}
	snprintf(buf, len, "%s <= %s%s", lc->regimes[cond->regime].footprint_text, cap, bound);
}

int rl_diag_lc_regime_trivial(const rl_lc_report *lc, int r)
{
	const rl_lc_poly *fp = &lc->regimes[r].footprint;
	for (int t = 0; t < fp->nterms; t++)
		if (fp->t[t].coef != 0)
			return 0;
	/* a regime that is the condition of some level */
	for (int c = 0; c < lc->nlevels; c++)
		for (int k = 0; k < lc->levels[c].ncond; k++)
			if (lc->levels[c].cond[k].regime == r)
				return 1;
	return 0;
}

int rl_diag_lc_condition_trivial(const rl_lc_report *lc, int c, int k)
{
	return rl_diag_lc_regime_trivial(lc, lc->levels[c].cond[k].regime);
}
