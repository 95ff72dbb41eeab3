/* roofline-bench: the last level's memory share per working set, pure parts
 * (machines/bench/memshare.h). */
#include "machines/bench/memshare.h"
#include "machines/bench/calsizes.h"

#include <math.h>
#include <string.h>

const char *const rlb_memshare_kernel[RLB_MS_NK] = { "load", "copy", "stencil", "split copy" };

static long long round64k(double v)
{
	return (long long)(v / 65536) * 65536;
}

void rlb_memshare_plan(rlb_memshare *s, long long size)
{
	memset(s, 0, sizeof *s);
	if (size < (1LL << 20))
		return;
	double top = fmin(2.0 * (double)size, (double)RLB_MS_MEM_MAX / 4);
	s->ws[s->n++] = round64k((double)size / 8);
	for (int i = 0; s->n < RLB_MS_N; i++) {
		double w = (double)size / 4 * pow(2, i / 2.0);
		if (w > top * 1.001)
			break;
		s->ws[s->n++] = round64k(w);
	}
	s->mem_ws = round64k(fmin(fmax(8.0 * (double)size, 256.0 * (1 << 20)),
				  (double)RLB_MS_MEM_MAX));
}

/* the median of the N (>= 1) values V (sorted in place) */
static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
			double x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int rlb_memshare_fit(rlb_memshare *s)
{
	s->found = 0;
	if (s->n < 2)
		return 0;
	for (int i = 0; i < s->n; i++) {
		double v[RLB_MS_NK];
		int m = 0;
		for (int k = 0; k < RLB_MS_NK; k++) {
			double t0 = s->best[k][0], tm = s->best[k][s->n], t = s->best[k][i];
			s->share_k[k][i] = -1;
			if (!(t0 > 0) || !(tm > t0) || !(t > 0))
				return 0;
			double h = i ? (t - t0) / (tm - t0) : 0;
			s->share_k[k][i] = h < 0 ? 0 : h > 1 ? 1 : h;
			if (k < 2)
				v[m++] = s->share_k[k][i];
		}
		s->share[i] = median(v, m);
		s->share_reuse[i] = s->share_k[2][i];
		s->share_split[i] = s->share_k[3][i];
		if (i && s->share[i] < s->share[i - 1])
			s->share[i] = s->share[i - 1];
		if (i && s->share_reuse[i] < s->share_reuse[i - 1])
			s->share_reuse[i] = s->share_reuse[i - 1];
		if (i && s->share_split[i] < s->share_split[i - 1])
			s->share_split[i] = s->share_split[i - 1];
	}
	s->found = 1;
	return 1;
}

int rlb_memshare_apply(const rlb_memshare *s, rl_machine *m)
{
	if (!s->found || m->nlevels < 1 || s->n > RL_MAX_MSHARE)
		return 0;
	rl_cache_level *L = &m->levels[m->nlevels - 1];
	L->mshare_n = s->n;
	L->mshare_has_reuse = 1;
	for (int i = 0; i < s->n; i++) {
		L->mshare_ws[i] = (double)s->ws[i];
		L->mshare[i] = round(s->share[i] * 100) / 100;
		L->mshare_reuse[i] = round(s->share_reuse[i] * 100) / 100;
	}
	return 1;
}

void rlb_memshare_print(FILE *f, const rlb_memshare *s, const char *prefix)
{
	if (s->n < 1)
		return;
	fprintf(f, "%s%-13s", prefix, "working set");
	for (int i = 0; i < s->n; i++)
		rlb_calsizes_print_size(f, s->ws[i]);
	fprintf(f, "  mem ");
	rlb_calsizes_print_size(f, s->mem_ws);
	fprintf(f, "\n");
	for (int k = 0; k < RLB_MS_NK; k++) {
		fprintf(f, "%s%-13s", prefix, rlb_memshare_kernel[k]);
		for (int i = 0; i <= s->n; i++)
			fprintf(f, "%s %7.2f", i == s->n ? "      " : "", s->best[k][i]);
		fprintf(f, "   cy/line, best of %d rounds\n", s->rounds);
		fprintf(f, "%s%-13s", prefix, "  median");
		for (int i = 0; i <= s->n; i++)
			fprintf(f, "%s %7.2f", i == s->n ? "      " : "", s->med[k][i]);
		fprintf(f, "\n%s%-13s", prefix, "  share");
		for (int i = 0; i < s->n; i++)
			fprintf(f, " %7.3f", s->share_k[k][i]);
		fprintf(f, "\n");
	}
	fprintf(f, "%s%-13s", prefix, "share");
	for (int i = 0; i < s->n; i++)
		fprintf(f, " %7.3f", s->share[i]);
	fprintf(f, "%s\n", s->found ? "   load and copy (median), non-decreasing"
				    : "   not fitted");
	fprintf(f, "%s%-13s", prefix, "reuse share");
	for (int i = 0; i < s->n; i++)
		fprintf(f, " %7.3f", s->share_reuse[i]);
	fprintf(f, "%s\n", s->found ? "   the stencil's, non-decreasing" : "   not fitted");
	fprintf(f, "%s%-13s", prefix, "split share");
	for (int i = 0; i < s->n; i++)
		fprintf(f, " %7.3f", s->share_split[i]);
	fprintf(f, "%s\n", s->found ? "   the split copy's, non-decreasing (not written)" : "   not fitted");
}
