/* adCARM roof scaling (Marques et al., "Application-driven Cache-Aware Roofline Model",
 * equations 1 and 3); see model/adcarm.h. */
#include "model/adcarm.h"

#include <stdio.h>

double rl_adcarm_scale(const rl_adcarm_term *t, int n, char *err, size_t errlen)
{
	double num = 0, den = 0;
	int used = 0;
	if (err && errlen)
		err[0] = '\0';
	for (int i = 0; t && i < n; i++) {
		if (t[i].ratio < 0 || (t[i].ratio > 0 && (!(t[i].amount > 0) || !(t[i].peak > 0)))) {
			if (err && errlen)
				snprintf(err, errlen, "adcarm: term %d: expected ratio >= 0, amount > 0 "
					 "and peak > 0, got %g, %g, %g", i, t[i].ratio, t[i].amount,
					 t[i].peak);
			return -1;
		}
		if (t[i].ratio == 0)
			continue;
		num += t[i].ratio * t[i].amount;
		den += t[i].ratio * t[i].amount / t[i].peak;
		used++;
	}
	if (!used || !(den > 0)) {
		if (err && errlen)
			snprintf(err, errlen, "adcarm: expected at least one term with a positive ratio");
		return -1;
	}
	return num / den;
}

double rl_adcarm_bandwidth(const rl_machine *m, const char *level, rl_mix mix, int cores,
			   const double share[4], char *err, size_t errlen)
{
	rl_adcarm_term t[4];
	for (int k = 0; k < 4; k++) {
		int width = 64 << k;
		t[k].ratio = share ? share[k] : 0;
		t[k].amount = width / 8.0;
		t[k].peak = 0;
		if (t[k].ratio > 0) {
			const rl_bw_row *b = rl_machine_bw(m, level, width, mix, cores);
			if (!b || b->width != width) {
				if (err && errlen)
					snprintf(err, errlen, "adcarm: machine '%s' has no %d-bit %s "
						 "bandwidth at %s on %d cores", m ? m->name : "?", width,
						 rl_mix_name(mix), level ? level : "?", cores);
				return -1;
			}
			t[k].peak = b->gbs;
		}
	}
	return rl_adcarm_scale(t, 4, err, errlen);
}
