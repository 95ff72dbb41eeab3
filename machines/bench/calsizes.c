/* roofline-bench: the calibration kernels' working sets per level (machines/bench/calsizes.h). */
#include "machines/bench/calsizes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* one level's range of working sets, bytes: *LO .. *HI */
static void level_range(int L, int nlevels, const long long *size, const int *shared,
			double *lo, double *hi)
{
	double below = (double)size[L - 1], here = (double)size[L];
	if (L < nlevels - 1) {
		*hi = 0.7 * here;
		*lo = fmin(fmax(8 * below, 0.2 * here), 0.5 * *hi);
	} else {
		*hi = fmax(fmin(here / (shared[L] > 1 ? shared[L] : 1), 16 * below), 4 * below);
		*lo = fmax(fmin(8 * below, 0.5 * *hi), 2 * below);
	}
}

void rlb_calsizes_plan(rlb_calsizes *s, int nlevels, const long long *size, const int *shared,
		       int nper)
{
	memset(s, 0, sizeof *s);
	s->nlevels = nlevels;
	if (nper < 1)
		nper = 1;
	if (nper > RLB_CS_MAXN)
		nper = RLB_CS_MAXN;
	for (int L = 1; L < nlevels && L < RL_MAX_LEVELS; L++) {
		double lo, hi;
		level_range(L, nlevels, size, shared, &lo, &hi);
		s->n[L] = nper;
		for (int i = 0; i < nper; i++) {
			double x = nper > 1 ? lo + (hi - lo) * i / (nper - 1) : 0.5 * (lo + hi);
			s->ws[L][i] = (long long)(x / 4096) * 4096;
		}
	}
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double rlb_calsizes_median(const double *v, int n)
{
	double w[RLB_CS_MAXN];
	int m = 0;
	for (int i = 0; i < n && m < RLB_CS_MAXN; i++)
		if (v[i] > 0)
			w[m++] = v[i];
	if (!m)
		return 0;
	qsort(w, (size_t)m, sizeof w[0], cmp_d);
	return m % 2 ? w[m / 2] : 0.5 * (w[m / 2 - 1] + w[m / 2]);
}

int rlb_calsizes_apply(const rlb_calsizes *s, rlb_cal *c, int from)
{
	int replaced = 0;
	for (int L = from > 1 ? from : 1; L < s->nlevels && L < RL_MAX_LEVELS; L++) {
		int any = 0;
		for (int i = 0; i < c->nk && i < RLB_CAL_MAXK; i++) {
			double med = rlb_calsizes_median(s->t[i][L], s->n[L]);
			if (med > 0) {
				c->k[i].t[L] = med;
				any = 1;
			}
		}
		replaced += any;
	}
	return replaced;
}

void rlb_calsizes_print_size(FILE *f, long long ws)
{
	if (ws >= (1LL << 20))
		fprintf(f, " %6.1fM", (double)ws / (1 << 20));
	else
		fprintf(f, " %6lldK", ws >> 10);
}

void rlb_calsizes_print(FILE *f, const rlb_calsizes *s, const rlb_cal *c, const char *prefix)
{
	static const char *const names[] = { "L1", "L2", "L3", "L4" };
	for (int L = 1; L < s->nlevels && L < RL_MAX_LEVELS; L++) {
		if (!s->n[L])
			continue;
		fprintf(f, "%s%-4s %-13s", prefix, names[L], "working set");
		for (int i = 0; i < s->n[L]; i++)
			rlb_calsizes_print_size(f, s->ws[L][i]);
		fprintf(f, "  %7s\n", "median");
		for (int k = 0; k < c->nk && k < RLB_CAL_MAXK; k++) {
			fprintf(f, "%s%-4s %-13s", prefix, names[L], c->k[k].name);
			for (int i = 0; i < s->n[L]; i++)
				fprintf(f, " %7.2f", s->t[k][L][i]);
			fprintf(f, "  %7.2f\n", rlb_calsizes_median(s->t[k][L], s->n[L]));
		}
	}
}
