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
	char cap[32], bound[96] = "";
	rl_format_size_exact(lv->capacity, cap, sizeof(cap));
	if (cond->param[0] && cond->threshold >= 0)
		snprintf(bound, sizeof(bound), " (%s <= %lld)", cond->param, cond->threshold);
	if (cond->block_loop >= 0) {
		size_t u = strlen(bound);
		snprintf(bound + u, sizeof(bound) - u, " [block i%d to %lld]", cond->block_loop,
			 cond->block_size);
	}
	snprintf(buf, len, "%s <= %s%s", lc->regimes[cond->regime].footprint_text, cap, bound);
}
