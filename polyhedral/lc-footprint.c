/* Footprints of the groups of references per loop level, the footprint of every regime,
 * and the lines and rates per group and regime (see lc-internal.h and
 * docs/layer-conditions.md, section 2). */
#include "polyhedral/lc-internal.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/val.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Footprint of one reference of group G over loops l..L-1: teeth of E bytes, K
 * of them, G bytes apart (K == 1: one contiguous extent). */
typedef struct lc_fp {
	rl_lc_poly E, K, G;
	int comb;
} lc_fp;

static void fold(const lc_shape *s, const lc_group *grp, int l, lc_fp *f)
{
	rl_lc_poly_const(&f->E, grp->elem);
	rl_lc_poly_const(&f->K, 1);
	rl_lc_poly_zero(&f->G);
	f->comb = 0;
	double line = s->line;
	for (int k = s->L - 1; k >= l; k--) {
		rl_lc_poly st = grp->stride[k];
		double sv = pv(s, &st);
		if (sv == 0.0)
			continue;
		if (sv < 0) {
			rl_lc_poly_scale(&st, -1.0);
			sv = -sv;
		}
		double ev = pv(s, &f->E);
		rl_lc_poly nm1 = s->trip[k], one;
		rl_lc_poly_const(&one, -1.0);
		rl_lc_poly_add(&nm1, &one, 1.0);
		rl_lc_poly ext;
		rl_lc_poly_mul(&ext, &st, &nm1);
		/* contiguous when the next extent starts less than a line after this one
		 * ends (halos of stencils) or within 5 % */
		if (sv <= ev + line || sv <= ev * 1.05) {
			/* contiguous (or within a line): the extent grows */
			rl_lc_poly_add(&f->E, &ext, 1.0);
			if (f->comb && pv(s, &f->E) + line >= pv(s, &f->G)) {
				/* teeth merge: one extent over the whole comb */
				rl_lc_poly km1 = f->K, t;
				rl_lc_poly_add(&km1, &one, 1.0);
				rl_lc_poly_mul(&t, &km1, &f->G);
				rl_lc_poly_add(&f->E, &t, 1.0);
				rl_lc_poly_const(&f->K, 1);
				f->comb = 0;
			}
		} else if (!f->comb) {
			f->K = s->trip[k];
			f->G = st;
			f->comb = 1;
		} else {
			rl_lc_poly t;
			rl_lc_poly_mul(&t, &f->K, &s->trip[k]);
			f->K = t;
		}
	}
}

/* Lines of an extent of BYTES: a multiple of the line: bytes / line (assumed
 * aligned); else (bytes + line - 8) / line, the average over the alignments of its
 * first element (8 B granules); at least 1 */
static void lines_of(const lc_shape *s, const rl_lc_poly *bytes, rl_lc_poly *out)
{
	double v = pv(s, bytes);
	if (v <= s->line)
		rl_lc_poly_const(out, v > 8.0 ? 1.0 + (v - 8.0) / s->line : 1.0);
	else {
		*out = *bytes;
		rl_lc_poly_scale(out, 1.0 / s->line);
		if (fabs(fmod(v, s->line)) < 0.5)
			return; /* whole lines: assume line-aligned (docs: alignment) */
		rl_lc_poly c;
		rl_lc_poly_const(&c, (double)(s->line - 8) / s->line);
		rl_lc_poly_add(out, &c, 1.0);
	}
}

/* Distinct lines of group G over loops l..L-1 (all its references: the union of
 * their footprints shifted by their offsets); SINGLE: one reference only. */
void rl_lc_group_lines(const lc_shape *s, const lc_group *grp, int l, int single, rl_lc_poly *out)
{
	lc_fp f;
	fold(s, grp, l, &f);
	double ev = pv(s, &f.E), gv = f.comb ? pv(s, &f.G) : 0.0;
	rl_lc_poly U = f.E, extra;
	rl_lc_poly_zero(&extra);
	for (int i = 1; !single && i < grp->nrefs; i++) {
		rl_lc_poly gap = s->offset[grp->refs[i].access];
		rl_lc_poly_add(&gap, &s->offset[grp->refs[i - 1].access], -1.0);
		double gvv = pv(s, &gap);
		if (f.comb && gvv >= 0.5 * gv) {
			/* another tooth (or teeth) of the comb */
			double teeth = round(gvv / gv), kv = pv(s, &f.K);
			if (teeth > kv) {
				rl_lc_poly lk;
				rl_lc_poly el;
				lines_of(s, &f.E, &el);
				rl_lc_poly_mul(&lk, &el, &f.K);
				rl_lc_poly_add(&extra, &lk, 1.0);
			} else {
				rl_lc_poly el;
				lines_of(s, &f.E, &el);
				rl_lc_poly_add(&extra, &el, teeth);
			}
			continue;
		}
		if (gvv < ev)
			rl_lc_poly_add(&U, &gap, 1.0);
		else
			rl_lc_poly_add(&U, &f.E, 1.0);
	}
	rl_lc_poly ul;
	lines_of(s, &U, &ul);
	if (f.comb)
		rl_lc_poly_mul(out, &ul, &f.K);
	else
		*out = ul;
	rl_lc_poly_add(out, &extra, 1.0);
}

/* Group G reuses data across iterations of loop K (its footprint over loops
 * K..L-1 is clearly smaller than trip(K) times that over K+1..L-1). */
int rl_lc_group_reused_across(const lc_shape *s, const lc_group *grp, int k)
{
	rl_lc_poly a, b;
	rl_lc_group_lines(s, grp, k, 0, &a);
	rl_lc_group_lines(s, grp, k + 1, 0, &b);
	return pv(s, &a) < 0.75 * pv(s, &s->trip[k]) * pv(s, &b) || grp->carried[k];
}

/* |innermost byte stride| of group G when it sweeps (0 < stride < line, a
 * constant), else 0 */
static double sweep_stride(const lc_shape *s, const lc_group *grp)
{
	const rl_lc_poly *st = &grp->stride[s->L - 1];
	if (rl_lc_poly_degree(st, -1) != 0)
		return 0.0;
	double v = fabs(pv(s, st));
	return v > 0.0 && v < s->line ? v : 0.0;
}

/* The reuse window of regime l in innermost iterations (Kerncraft's reuse
 * distance): the largest offset gap between neighbouring references of a
 * sweeping group that the extent of loops l..L-1 covers.  0: none. */
static int reuse_window(const lc_shape *s, int l, rl_lc_poly *win)
{
	double best = 0.0;
	rl_lc_poly_zero(win);
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		double sw = sweep_stride(s, grp);
		if (sw == 0.0)
			continue;
		lc_fp f, fo;
		fold(s, grp, l, &f);
		fold(s, grp, l - 1, &fo);
		if (f.comb || fo.comb)
			continue;
		/* gaps that the extent of loop l-1 covers are reused across its iterations */
		double ev = pv(s, &fo.E);
		for (int i = 1; i < grp->nrefs; i++) {
			rl_lc_poly gap = s->offset[grp->refs[i].access];
			rl_lc_poly_add(&gap, &s->offset[grp->refs[i - 1].access], -1.0);
			double gv = pv(s, &gap) / sw;
			if (gv * sw <= ev && gv > best) {
				best = gv;
				rl_lc_poly_zero(win);
				rl_lc_poly_add(win, &gap, 1.0 / sw);
			}
		}
	}
	/* the window is the reuse distance of this regime only when the offsets
	 * follow the traversal (no blocking): then it spans about one iteration of
	 * loop l-1, i.e. work(l) innermost iterations */
	return best > 0.0 && best >= 0.5 * pv(s, &s->work[l]);
}

/* Distinct bytes of sweeping group G in a window of WIN innermost iterations:
 * WIN for the leading reference plus min(gap, WIN) for each other one (the
 * LRU stack distance of the reuse, Kerncraft's formula). */
static void window_bytes(const lc_shape *s, const lc_group *grp, const rl_lc_poly *win, rl_lc_poly *out)
{
	double sw = sweep_stride(s, grp);
	rl_lc_poly d;
	rl_lc_poly_zero(&d);
	rl_lc_poly_add(&d, win, sw);
	*out = d;
	double dv = pv(s, &d);
	for (int i = 1; i < grp->nrefs; i++) {
		rl_lc_poly gap = s->offset[grp->refs[i].access];
		rl_lc_poly_add(&gap, &s->offset[grp->refs[i - 1].access], -1.0);
		rl_lc_poly_add(out, pv(s, &gap) < dv ? &gap : &d, 1.0);
	}
}

/* Footprint in bytes of regime l (data of loops l..L-1) for the condition: per group
 * the window bytes of a sweeping group, else its distinct lines */
static void compute_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out)
{
	rl_lc_poly_zero(out);
	rl_lc_poly win;
	int have_win = l > 0 && reuse_window(s, l, &win);
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		if (mode == RL_LC_LAYERS && l > 0 && !rl_lc_group_reused_across(s, grp, l - 1))
			continue;
		if (have_win && sweep_stride(s, grp) > 0.0) {
			lc_fp f;
			fold(s, grp, l, &f);
			if (!f.comb) {
				rl_lc_poly b;
				window_bytes(s, grp, &win, &b);
				rl_lc_poly_add(out, &b, 1.0);
				continue;
			}
		}
		rl_lc_poly lines;
		rl_lc_group_lines(s, grp, l, 0, &lines);
		rl_lc_poly_add(out, &lines, (double)s->line);
	}
	if (mode == RL_LC_LAYERS) {
		rl_lc_poly lead;
		rl_lc_poly_leading(&lead, out);
		*out = lead;
	}
}

void rl_lc_regime_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out)
{
	if (s->have_fp)
		*out = s->fp[mode == RL_LC_LRU][l];
	else
		compute_footprint(s, mode, l, out);
}

void rl_lc_shape_footprints(lc_shape *s)
{
	for (int m = 0; m < 2; m++)
		for (int l = 0; l <= s->L; l++)
			compute_footprint(s, m ? RL_LC_LRU : RL_LC_LAYERS, l, &s->fp[m][l]);
	s->have_fp = 1;
}

/* Values of the footprints and of the lines and rates of every group at s->vals: what each
 * evaluation of an analysis reads (computed as in rl_lc_footprint_value, rl_lc_group_rate and regime_fill in lc.c). */
void rl_lc_shape_memo(lc_shape *s)
{
	for (int m = 0; m < 2; m++)
		for (int l = 0; l <= s->L; l++)
			s->fpv[m][l] = pv(s, &s->fp[m][l]);
	for (int g = 0; g < s->ngroups; g++) {
		for (int l = 0; l < s->L; l++) {
			rl_lc_poly all, one;
			rl_lc_group_lines(s, &s->groups[g], l, 0, &all);
			rl_lc_group_lines(s, &s->groups[g], l, 1, &one);
			s->lines_all[g][l] = pv(s, &all);
			s->lines_one[g][l] = pv(s, &one);
		}
		for (int l = 1; l <= s->L; l++)
			s->rate[g][l] = rl_lc_group_rate(s, &s->groups[g], l);
	}
	s->have_memo = 1;
}

/* Bytes of the footprint of regime l at the values (memoised with the analysis) */
double rl_lc_footprint_value(const lc_shape *s, rl_lc_mode mode, int l)
{
	if (s->have_memo)
		return s->fpv[mode == RL_LC_LRU][l];
	rl_lc_poly fp;
	rl_lc_regime_footprint(s, mode, l, &fp);
	return pv(s, &fp);
}

/* Regime of group G at capacity CAP: the smallest l >= 1 for which G's reuse across
 * loop l-1 hits.  That needs the data of loops l..L-1 to fit, except when G does
 * not move in loops l..m: then G is touched in every iteration of m and its reuse
 * distance is only the data of one iteration of m (loops m+1..L-1). */
int rl_lc_group_regime(const lc_shape *s, const lc_group *grp, rl_lc_mode mode, double cap)
{
	for (int l = 1; l < s->L; l++) {
		int m = -1; /* G stands still in loops l..m */
		for (int k = l; k < s->L && pv(s, &grp->stride[k]) == 0.0; k++)
			m = k;
		if (rl_lc_footprint_value(s, mode, m >= 0 ? m + 1 : l) <= cap)
			return l;
	}
	return s->L;
}

/* lines of group G per innermost iteration in regime l */
double rl_lc_group_rate(const lc_shape *s, const lc_group *grp, int l)
{
	if (l <= 0)
		l = 1; /* the whole nest fitting still costs one sweep (see docs) */
	if (s->have_memo)
		return s->rate[grp - s->groups][l];
	rl_lc_poly lines;
	rl_lc_group_lines(s, grp, l - 1, 0, &lines);
	return pv(s, &lines) / pv(s, &s->work[l - 1]);
}

/* "3*n*8 B" when every group counted has element size E, else "24*n B" */
void rl_lc_footprint_text(const lc_shape *s, const rl_lc_poly *fp, char *buf, size_t len)
{
	int elem = 0;
	for (int g = 0; g < s->ngroups; g++) {
		if (elem && elem != s->groups[g].elem) {
			elem = -1;
			break;
		}
		elem = s->groups[g].elem;
	}
	char txt[RL_LC_TEXT - 16];
	if (elem > 0) {
		rl_lc_poly e = *fp;
		rl_lc_poly_scale(&e, 1.0 / elem);
		rl_lc_poly_print(s->nest, &e, txt, sizeof(txt));
		if (e.nterms > 1)
			snprintf(buf, len, "(%s)*%d B", txt, elem);
		else
			snprintf(buf, len, "%s*%d B", txt, elem);
	} else {
		rl_lc_poly_print(s->nest, fp, txt, sizeof(txt));
		snprintf(buf, len, "%s B", txt);
	}
}


/* ---------------------------------------------------------------- working set */

/* ISL gives up on a footprint after this many operations: counting scans the outer
 * dimensions of the footprint row by row (about 0.3 s per million rows), so very large arrays
 * (beyond a few hundred thousand rows) and unions of many disjuncts fall back to the bounding
 * boxes, which are then far beyond any cache anyway. */
#define WS_MAX_OPERATIONS 1000000UL

/* The element offset of access A from its array's start, row-major with the array's
 * extents, the known size parameters substituted: 0 when a size or an inner extent has
 * no value. */
static int linear_offset(const rl_nest *n, const rl_access *a, rl_aff *out)
{
	const rl_array *arr = &n->arrays[a->array];
	memset(out, 0, sizeof(*out));
	long long stride = 1;
	for (int d = arr->ndims - 1; d >= 0; d--) {
		const rl_aff *sub = &a->sub[d];
		for (int k = 0; k < RL_MAX_LOOPS; k++)
			out->it[k] += stride * sub->it[k];
		out->cst += stride * sub->cst;
		for (int p = 0; p < RL_MAX_PARAMS; p++) {
			if (!sub->par[p])
				continue;
			if (p >= n->nparams || !n->params[p].has_value)
				return 0;
			out->cst += stride * sub->par[p] * n->params[p].value;
		}
		if (d > 0) {
			long long ext;
			if (!rl_aff_eval(n, &arr->extent[d], NULL, &ext) || ext <= 0)
				return 0;
			stride *= ext;
		}
	}
	return 1;
}

/* The iteration domain at the known sizes, without parameters; NULL when a size is unknown */
static isl_set *ws_domain(const rl_nest *n, isl_ctx *ctx)
{
	for (int q = 0; q < n->nparams; q++)
		if (!n->params[q].has_value)
			return NULL;
	char text[4096];
	rl_lc_isl_text(n, text, sizeof(text), NULL, 0, NULL, 0);
	isl_set *dom = isl_set_read_from_str(ctx, text);
	for (int q = 0; q < n->nparams && dom; q++)
		dom = isl_set_fix_si(dom, isl_dim_param, q, (int)n->params[q].value);
	if (dom)
		dom = isl_set_project_out(dom, isl_dim_param, 0, isl_set_dim(dom, isl_dim_param));
	return dom;
}

/* Points of SET (-1 when ISL cannot count them: an operation that ran out of its quota
 * may leave a partial set, so any error means no count) */
static double ws_count(isl_ctx *ctx, isl_set *set)
{
	/* the union of many shifted references (a stencil's) coalesces into a few pieces:
	 * counting enumerates a disjoint cover, which grows with the pieces' overlaps */
	set = isl_set_coalesce(isl_set_copy(set));
	isl_val *v = isl_set_count_val(set);
	isl_set_free(set);
	double c = v && isl_val_is_int(v) && isl_ctx_last_error(ctx) == isl_error_none
		? isl_val_get_d(v) : -1.0;
	isl_val_free(v);
	return c;
}

/* The elements of array AI touched over DOM as a set of linear element offsets; NULL when
 * an offset is unknown or ISL fails; *NONE = 1 when no reference touches AI. */
static isl_set *ws_array_footprint(const rl_nest *n, isl_ctx *ctx, isl_set *dom, int ai, int *none)
{
	char iters[RL_MAX_LOOPS * 6 + 1] = "";
	for (int k = 0; k < n->nloops; k++)
		rl_lc_appendf(iters, sizeof(iters), "%si%d", k ? ", " : "", k);
	isl_set *fp = NULL;
	*none = 1;
	for (int x = 0; x < n->naccesses; x++) {
		rl_aff lin;
		char off[256], txt[512];
		if (n->accesses[x].array != ai)
			continue;
		*none = 0;
		if (!linear_offset(n, &n->accesses[x], &lin)) {
			isl_set_free(fp);
			return NULL;
		}
		rl_aff_print(n, &lin, off, sizeof(off));
		snprintf(txt, sizeof(txt), "{ S[%s] -> A[%s] }", iters, off);
		isl_map *acc = isl_map_read_from_str(ctx, txt);
		if (!acc) {
			isl_set_free(fp);
			return NULL;
		}
		isl_set *img = isl_map_range(isl_map_intersect_domain(acc, isl_set_copy(dom)));
		fp = fp ? isl_set_union(fp, img) : img;
	}
	return fp;
}

/* Distinct elements and cache lines of LINE bytes of array AI touched over DOM (the array
 * assumed to start on a line); 0 when ISL cannot count them. */
static int ws_array_count(const rl_nest *n, isl_ctx *ctx, isl_set *dom, int ai, int line,
			  double *elems, double *lines)
{
	int none;
	*elems = *lines = 0.0;
	isl_set *fp = ws_array_footprint(n, ctx, dom, ai, &none);
	if (!fp)
		return none;
	*elems = ws_count(ctx, fp);
	char txt[128];
	snprintf(txt, sizeof(txt), "{ A[x] -> L[l] : %d*l <= %d*x < %d*l + %d }", line,
		 n->arrays[ai].elem_size, line, line);
	isl_map *to_line = isl_map_read_from_str(ctx, txt);
	isl_set *ls = to_line ? isl_set_apply(fp, to_line) : (isl_set_free(fp), NULL);
	*lines = ls ? ws_count(ctx, ls) : -1.0;
	isl_set_free(ls);
	return *elems >= 0 && *lines >= 0;
}

int rl_lc_working_set(const rl_nest *n, int line, rl_working_set *ws, char *why, size_t whylen)
{
	memset(ws, 0, sizeof(*ws));
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx) {
		snprintf(why, whylen, "ISL: no context");
		return 0;
	}
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_ctx_set_max_operations(ctx, WS_MAX_OPERATIONS);
	int ok = 1;
	isl_set *dom = ws_domain(n, ctx);
	if (!dom) {
		snprintf(why, whylen, "a size is unknown");
		ok = 0;
	}
	for (int a = 0; ok && a < n->narrays; a++) {
		double e, l;
		if (!ws_array_count(n, ctx, dom, a, line > 0 ? line : 64, &e, &l)) {
			snprintf(why, whylen, "cannot count the elements of %s touched", n->arrays[a].name);
			ok = 0;
			break;
		}
		ws->array_elems[a] = e;
		ws->array_bytes[a] = e * n->arrays[a].elem_size;
		ws->bytes += ws->array_bytes[a];
		ws->array_line_bytes[a] = l * (line > 0 ? line : 64);
		ws->line_bytes += ws->array_line_bytes[a];
	}
	isl_set_free(dom);
	isl_ctx_free(ctx);
	return ok;
}
