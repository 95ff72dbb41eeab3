/* roofline-bench statistics (stats.h). */
#include "machines/bench/stats.h"

#include <stdlib.h>

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

rlb_result rlb_summarize(double *v, int n, double unstable_pct)
{
	qsort(v, (size_t)n, sizeof v[0], cmp_d);
	rlb_result res = { v[n - 1], v[n / 2], 0, 0 };
	res.spread = res.best > 0 ? 100.0 * (res.best - res.median) / res.best : 0;
	res.unstable = res.spread > unstable_pct;
	return res;
}

rlb_result rlb_summarize_threads(double *v, int nt, int reps, double *lockstep,
				 double unstable_pct)
{
	rlb_result res = { 0, 0, 0, 0 };
	for (int i = 0; i < nt; i++) {
		double *vi = v + (size_t)i * (size_t)reps;
		qsort(vi, (size_t)reps, sizeof vi[0], cmp_d);
		int first = 0;
		while (first < reps && vi[first] <= 0)
			first++;
		if (first == reps)
			return rlb_summarize(lockstep, reps, unstable_pct);
		res.best += vi[reps - 1];
		res.median += vi[first + (reps - first) / 2];
	}
	res.spread = res.best > 0 ? 100.0 * (res.best - res.median) / res.best : 0;
	res.unstable = res.spread > unstable_pct;
	return res;
}

void rlb_best_in_window(int nt, int nsub, int stride, const double *t0, const double *t1,
			double *best_ns)
{
	double lo = t0[0], hi = t1[nsub - 1];
	for (int i = 1; i < nt; i++) {
		if (t0[i * stride] > lo)
			lo = t0[i * stride];
		if (t1[i * stride + nsub - 1] < hi)
			hi = t1[i * stride + nsub - 1];
	}
	for (int i = 0; i < nt; i++) {
		best_ns[i] = 0;
		for (int s = 0; s < nsub; s++) {
			double a = t0[i * stride + s], b = t1[i * stride + s];
			if (a >= lo && b <= hi && (best_ns[i] == 0 || b - a < best_ns[i]))
				best_ns[i] = b - a;
		}
	}
}

int rlb_near_best(const double *v, int n, double pct)
{
	double best = 0;
	int k = 0;
	for (int i = 0; i < n; i++)
		if (v[i] > best)
			best = v[i];
	for (int i = 0; best > 0 && i < n; i++)
		if (v[i] > 0 && v[i] >= best * (1 - pct / 100))
			k++;
	return k;
}
