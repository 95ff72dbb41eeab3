/* Texts of the layer conditions (see lc-text.h). */
#include "diag/lc-text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rl_diag_lc_size_text(double bytes, char *buf, size_t len)
{
	const char *unit[] = { "B", "KiB", "MiB", "GiB" };
	int u = 0;
	while (u < 3 && bytes >= 1024.0 && fmod(bytes, 1024.0) == 0.0) {
		bytes /= 1024.0;
		u++;
	}
	if (fabs(bytes - round(bytes)) < 1e-9)
		snprintf(buf, len, "%.0f %s", bytes, unit[u]);
	else
		snprintf(buf, len, "%.1f %s", bytes, unit[u]);
}

void rl_diag_lc_condition(const rl_lc_report *lc, int c, int k, char *buf, size_t len)
{
	const rl_lc_level *lv = &lc->levels[c];
	const rl_lc_cond *cond = &lv->cond[k];
	char cap[32], bound[96] = "";
	rl_diag_lc_size_text(lv->capacity, cap, sizeof(cap));
	if (cond->param[0] && cond->threshold >= 0)
		snprintf(bound, sizeof(bound), " (%s <= %lld)", cond->param, cond->threshold);
	if (cond->block_loop >= 0) {
		size_t u = strlen(bound);
		snprintf(bound + u, sizeof(bound) - u, " [block i%d to %lld]", cond->block_loop,
			 cond->block_size);
	}
	snprintf(buf, len, "%s <= %s%s", lc->regimes[cond->regime].footprint_text, cap, bound);
}
