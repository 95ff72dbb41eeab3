/* Layer conditions and traffic per cache boundary (see lc.h and
 * docs/layer-conditions.md).  Structure:
 *   1. polynomials in the size parameters (rl_lc_poly_*)
 *   2. the nest as polynomials: trip counts, byte strides, offsets (lc_shape)
 *   3. the ISL model: domain, access relations, schedule; reuse carried by which loop
 *   4. footprints per reference group and loop level; regimes and conditions
 *   5. traffic per boundary for the regime of each level
 */
#include "polyhedral/lc.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- 1. polynomials */

void rl_lc_poly_zero(rl_lc_poly *p)
{
	memset(p, 0, sizeof(*p));
}

void rl_lc_poly_const(rl_lc_poly *p, double c)
{
	rl_lc_poly_zero(p);
	if (c != 0.0) {
		p->nterms = 1;
		p->t[0].coef = c;
	}
}

static int same_exp(const rl_lc_poly_term *a, const rl_lc_poly_term *b)
{
	return memcmp(a->exp, b->exp, sizeof(a->exp)) == 0;
}

static void poly_add_term(rl_lc_poly *p, const rl_lc_poly_term *t, double scale)
{
	double c = t->coef * scale;
	if (c == 0.0)
		return;
	for (int i = 0; i < p->nterms; i++) {
		if (same_exp(&p->t[i], t)) {
			p->t[i].coef += c;
			if (fabs(p->t[i].coef) < 1e-12) {
				p->t[i] = p->t[p->nterms - 1];
				p->nterms--;
			}
			return;
		}
	}
	if (p->nterms == RL_POLY_TERMS) {
		p->overflow = 1;
		return;
	}
	p->t[p->nterms] = *t;
	p->t[p->nterms].coef = c;
	p->nterms++;
}

void rl_lc_poly_add(rl_lc_poly *dst, const rl_lc_poly *a, double scale)
{
	rl_lc_poly tmp = *a; /* a may alias dst */
	for (int i = 0; i < tmp.nterms; i++)
		poly_add_term(dst, &tmp.t[i], scale);
	dst->overflow |= tmp.overflow;
}

void rl_lc_poly_mul(rl_lc_poly *dst, const rl_lc_poly *a, const rl_lc_poly *b)
{
	rl_lc_poly r;
	rl_lc_poly_zero(&r);
	for (int i = 0; i < a->nterms; i++)
		for (int j = 0; j < b->nterms; j++) {
			rl_lc_poly_term t;
			t.coef = a->t[i].coef * b->t[j].coef;
			for (int p = 0; p < RL_MAX_PARAMS; p++)
				t.exp[p] = (unsigned char)(a->t[i].exp[p] + b->t[j].exp[p]);
			poly_add_term(&r, &t, 1.0);
		}
	r.overflow |= a->overflow | b->overflow;
	*dst = r;
}

static void poly_scale(rl_lc_poly *p, double s)
{
	rl_lc_poly r;
	rl_lc_poly_zero(&r);
	rl_lc_poly_add(&r, p, s);
	*p = r;
}

double rl_lc_poly_eval(const rl_lc_poly *p, const double *vals)
{
	double sum = 0.0;
	for (int i = 0; i < p->nterms; i++) {
		double v = p->t[i].coef;
		for (int q = 0; q < RL_MAX_PARAMS; q++)
			for (int e = 0; e < p->t[i].exp[q]; e++)
				v *= vals[q];
		sum += v;
	}
	return sum;
}

static int term_degree(const rl_lc_poly_term *t)
{
	int d = 0;
	for (int q = 0; q < RL_MAX_PARAMS; q++)
		d += t->exp[q];
	return d;
}

int rl_lc_poly_degree(const rl_lc_poly *p, int param)
{
	int d = 0;
	for (int i = 0; i < p->nterms; i++) {
		int td = param < 0 ? term_degree(&p->t[i]) : p->t[i].exp[param];
		if (td > d)
			d = td;
	}
	return d;
}

void rl_lc_poly_leading(rl_lc_poly *dst, const rl_lc_poly *p)
{
	rl_lc_poly tmp = *p;
	int d = rl_lc_poly_degree(&tmp, -1);
	rl_lc_poly_zero(dst);
	for (int i = 0; i < tmp.nterms; i++)
		if (term_degree(&tmp.t[i]) == d)
			poly_add_term(dst, &tmp.t[i], 1.0);
}

static void append(char *buf, size_t len, const char *fmt, const char *a, const char *b)
{
	size_t used = strlen(buf);
	if (used < len)
		snprintf(buf + used, len - used, fmt, a, b);
}

/* terms by decreasing degree; "3*n^2 - n + 2" */
void rl_lc_poly_print(const rl_nest *nest, const rl_lc_poly *p, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	int order[RL_POLY_TERMS];
	for (int i = 0; i < p->nterms; i++)
		order[i] = i;
	for (int i = 1; i < p->nterms; i++)
		for (int j = i; j > 0 && term_degree(&p->t[order[j]]) > term_degree(&p->t[order[j - 1]]); j--) {
			int x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
	for (int k = 0; k < p->nterms; k++) {
		const rl_lc_poly_term *t = &p->t[order[k]];
		double c = t->coef;
		char num[48] = "", mono[160] = "";
		if (k)
			append(buf, len, "%s", c < 0 ? " - " : " + ", "");
		else if (c < 0)
			append(buf, len, "%s", "-", "");
		c = fabs(c);
		for (int q = 0; q < RL_MAX_PARAMS; q++) {
			if (!t->exp[q])
				continue;
			size_t u = strlen(mono);
			const char *name = nest && q < nest->nparams ? nest->params[q].name : "?";
			if (t->exp[q] == 1)
				snprintf(mono + u, sizeof(mono) - u, "%s%s", u ? "*" : "", name);
			else
				snprintf(mono + u, sizeof(mono) - u, "%s%s^%d", u ? "*" : "", name, t->exp[q]);
		}
		if (fabs(c - round(c)) < 1e-9)
			snprintf(num, sizeof(num), "%.0f", c);
		else
			snprintf(num, sizeof(num), "%.4g", c);
		if (!mono[0])
			append(buf, len, "%s%s", num, "");
		else if (fabs(c - 1.0) < 1e-12)
			append(buf, len, "%s%s", mono, "");
		else
			append(buf, len, "%s*%s", num, mono);
	}
	if (!buf[0])
		snprintf(buf, len, "0");
}

/* ---------------------------------------------------------------- 2. the nest as polynomials */

typedef struct lc_ref {
	int access;              /* offsets (lc_shape.offset) are indexed by access */
	double off_val;          /* offset at the probe values */
} lc_ref;

typedef struct lc_group {
	int array;
	int elem;
	int reads, writes;
	int nrefs;
	lc_ref refs[RL_MAX_ACCESSES];
	rl_lc_poly stride[RL_MAX_LOOPS]; /* bytes per step of loop k (incl. moved inner bounds) */
	int carried[RL_MAX_LOOPS];    /* ISL: group reuse carried by loop k */
} lc_group;

typedef struct lc_shape {
	const rl_nest *nest;
	int L;
	double vals[RL_MAX_PARAMS];  /* known values, RL_LC_PROBE for unknown ones */
	int all_known;
	rl_lc_poly trip[RL_MAX_LOOPS];  /* average trip count */
	rl_lc_poly mid[RL_MAX_LOOPS];   /* average iterator value */
	rl_lc_poly work[RL_MAX_LOOPS + 1]; /* innermost iterations of loops k..L-1 (work[L] = 1) */
	int ngroups;
	lc_group groups[RL_MAX_ACCESSES];
	int line;
	rl_lc_poly offset[RL_MAX_ACCESSES];    /* per access: constant part of the address, bytes */
	int have_fp;                           /* fp[][] filled (after the ISL reuse) */
	rl_lc_poly fp[2][RL_MAX_LOOPS + 1];    /* footprint of regime l per mode */
	/* values at s->vals of what every evaluation reads (shape_memo, for rl_lc_analysis):
	 * the same expressions as the functions that compute them, so bit-identical */
	int have_memo;
	double fpv[2][RL_MAX_LOOPS + 1];       /* pv(fp[mode][l]) */
	double rate[RL_MAX_ACCESSES][RL_MAX_LOOPS + 1];  /* group_rate(g, l), l = 1..L */
	double lines_all[RL_MAX_ACCESSES][RL_MAX_LOOPS]; /* pv(group_lines(g, l, 0)), l = 0..L-1 */
	double lines_one[RL_MAX_ACCESSES][RL_MAX_LOOPS]; /* pv(group_lines(g, l, 1)) */
} lc_shape;

static double pv(const lc_shape *s, const rl_lc_poly *p)
{
	return rl_lc_poly_eval(p, s->vals);
}

/* AFF with iterators replaced by their average values */
static void aff_poly(const lc_shape *s, const rl_aff *a, rl_lc_poly *out)
{
	rl_lc_poly_const(out, (double)a->cst);
	for (int q = 0; q < RL_MAX_PARAMS; q++) {
		if (!a->par[q])
			continue;
		rl_lc_poly_term t;
		memset(&t, 0, sizeof(t));
		t.coef = (double)a->par[q];
		t.exp[q] = 1;
		poly_add_term(out, &t, 1.0);
	}
	for (int k = 0; k < s->L; k++)
		if (a->it[k])
			rl_lc_poly_add(out, &s->mid[k], (double)a->it[k]);
}

static int aff_params_only(const rl_aff *a)
{
	for (int k = 0; k < RL_MAX_LOOPS; k++)
		if (a->it[k])
			return 0;
	return 1;
}

static int shape_loops(lc_shape *s, char *why, size_t whylen)
{
	const rl_nest *n = s->nest;
	rl_lc_poly_const(&s->work[s->L], 1.0);
	for (int k = 0; k < s->L; k++) {
		const rl_loop *l = &n->loops[k];
		if (l->step == 0) {
			snprintf(why, whylen, "loop %d has step 0", k);
			return 0;
		}
		rl_lc_poly lo, up;
		aff_poly(s, &l->lower, &lo);
		aff_poly(s, &l->upper, &up);
		double st = (double)(l->step > 0 ? l->step : -l->step);
		rl_lc_poly_zero(&s->trip[k]);
		rl_lc_poly_zero(&s->mid[k]);
		if (l->step > 0) {
			rl_lc_poly_add(&s->trip[k], &up, 1.0 / st);
			rl_lc_poly_add(&s->trip[k], &lo, -1.0 / st);
			rl_lc_poly_add(&s->mid[k], &lo, 0.5);
			rl_lc_poly_add(&s->mid[k], &up, 0.5);
			rl_lc_poly t;
			rl_lc_poly_const(&t, -st / 2);
			rl_lc_poly_add(&s->mid[k], &t, 1.0);
		} else {
			rl_lc_poly_add(&s->trip[k], &lo, 1.0 / st);
			rl_lc_poly_add(&s->trip[k], &up, -1.0 / st);
			rl_lc_poly_add(&s->mid[k], &lo, 0.5);
			rl_lc_poly_add(&s->mid[k], &up, 0.5);
			rl_lc_poly t;
			rl_lc_poly_const(&t, st / 2);
			rl_lc_poly_add(&s->mid[k], &t, 1.0);
		}
		if (pv(s, &s->trip[k]) < 1.0) {
			snprintf(why, whylen, "loop %d has no iteration at the %s sizes", k,
				 s->all_known ? "given" : "assumed");
			return 0;
		}
	}
	for (int k = s->L - 1; k >= 0; k--)
		rl_lc_poly_mul(&s->work[k], &s->work[k + 1], &s->trip[k]);
	return 1;
}

static int same_linear(const rl_access *a, const rl_access *b, int ndims)
{
	for (int d = 0; d < ndims; d++)
		if (memcmp(a->sub[d].it, b->sub[d].it, sizeof(a->sub[d].it)) != 0)
			return 0;
	return 1;
}

static int shape_groups(lc_shape *s, char *why, size_t whylen)
{
	const rl_nest *n = s->nest;
	for (int a = 0; a < n->naccesses; a++) {
		const rl_access *acc = &n->accesses[a];
		const rl_array *arr = &n->arrays[acc->array];
		if (acc->array < 0 || acc->array >= n->narrays || arr->elem_size <= 0) {
			snprintf(why, whylen, "access %d has no array", a);
			return 0;
		}
		/* row-major byte strides of the dimensions */
		rl_lc_poly ds[RL_MAX_DIMS];
		rl_lc_poly_const(&ds[arr->ndims - 1], (double)arr->elem_size);
		for (int d = arr->ndims - 2; d >= 0; d--) {
			if (!aff_params_only(&arr->extent[d + 1])) {
				snprintf(why, whylen, "array %s has an extent depending on a loop", arr->name);
				return 0;
			}
			rl_lc_poly e;
			aff_poly(s, &arr->extent[d + 1], &e);
			rl_lc_poly_mul(&ds[d], &ds[d + 1], &e);
		}
		int g;
		for (g = 0; g < s->ngroups; g++)
			if (s->groups[g].array == acc->array &&
			    same_linear(&n->accesses[s->groups[g].refs[0].access], acc, arr->ndims))
				break;
		lc_group *grp = &s->groups[g];
		if (g == s->ngroups) {
			memset(grp, 0, sizeof(*grp));
			grp->array = acc->array;
			grp->elem = arr->elem_size;
			s->ngroups++;
			/* raw coefficient per unit of each iterator, then the effect of moving
			 * inner loops' lower bounds (tiled loops), innermost first */
			rl_lc_poly raw[RL_MAX_LOOPS], eff[RL_MAX_LOOPS];
			for (int k = 0; k < s->L; k++) {
				rl_lc_poly_zero(&raw[k]);
				for (int d = 0; d < arr->ndims; d++)
					if (acc->sub[d].it[k])
						rl_lc_poly_add(&raw[k], &ds[d], (double)acc->sub[d].it[k]);
			}
			for (int k = s->L - 1; k >= 0; k--) {
				eff[k] = raw[k];
				for (int m = k + 1; m < s->L; m++)
					if (n->loops[m].lower.it[k])
						rl_lc_poly_add(&eff[k], &eff[m], (double)n->loops[m].lower.it[k]);
				grp->stride[k] = eff[k];
				poly_scale(&grp->stride[k], (double)n->loops[k].step);
			}
		}
		lc_ref *r = &grp->refs[grp->nrefs++];
		r->access = a;
		rl_lc_poly_zero(&s->offset[a]);
		for (int d = 0; d < arr->ndims; d++) {
			rl_aff c = acc->sub[d];
			memset(c.it, 0, sizeof(c.it));
			rl_lc_poly cp, t;
			aff_poly(s, &c, &cp);
			rl_lc_poly_mul(&t, &cp, &ds[d]);
			rl_lc_poly_add(&s->offset[a], &t, 1.0);
		}
		r->off_val = pv(s, &s->offset[a]);
		if (acc->is_write)
			grp->writes++;
		else
			grp->reads++;
	}
	/* sort the references of each group by offset */
	for (int g = 0; g < s->ngroups; g++) {
		lc_group *grp = &s->groups[g];
		for (int i = 1; i < grp->nrefs; i++)
			for (int j = i; j > 0 && grp->refs[j].off_val < grp->refs[j - 1].off_val; j--) {
				lc_ref x = grp->refs[j];
				grp->refs[j] = grp->refs[j - 1];
				grp->refs[j - 1] = x;
			}
	}
	return 1;
}

/* ---------------------------------------------------------------- 3. ISL */

static void isl_names(const rl_nest *n, int L, char *params, size_t plen, char *iters, size_t ilen)
{
	params[0] = iters[0] = '\0';
	for (int q = 0; q < n->nparams; q++)
		append(params, plen, "%s%s", q ? ", " : "", n->params[q].name);
	for (int k = 0; k < L; k++) {
		char it[16];
		snprintf(it, sizeof(it), "i%d", k);
		append(iters, ilen, "%s%s", k ? ", " : "", it);
	}
}

static void access_text(const rl_nest *n, int a, const char *params, const char *iters,
			char *buf, size_t len)
{
	const rl_access *acc = &n->accesses[a];
	const rl_array *arr = &n->arrays[acc->array];
	snprintf(buf, len, "[%s] -> { S[%s] -> A%d[", params, iters, acc->array);
	for (int d = 0; d < arr->ndims; d++) {
		char sub[256];
		rl_aff_print(n, &acc->sub[d], sub, sizeof(sub));
		append(buf, len, "%s%s", d ? ", " : "", sub);
	}
	append(buf, len, "%s%s", "] }", "");
}

int rl_lc_isl_text(const rl_nest *n, char *domain, size_t dlen, char *access, size_t alen,
		   char *schedule, size_t slen)
{
	char params[RL_MAX_PARAMS * (RL_NAME_MAX + 2) + 1], iters[RL_MAX_LOOPS * 6 + 1];
	int L = n->nloops;
	isl_names(n, L, params, sizeof(params), iters, sizeof(iters));
	if (domain && dlen) {
		snprintf(domain, dlen, "[%s] -> { S[%s] : ", params, iters);
		for (int k = 0; k < L; k++) {
			const rl_loop *l = &n->loops[k];
			char lo[256], up[256], cond[700];
			rl_aff_print(n, &l->lower, lo, sizeof(lo));
			rl_aff_print(n, &l->upper, up, sizeof(up));
			if (l->step > 0)
				snprintf(cond, sizeof(cond), "%s <= i%d < %s", lo, k, up);
			else
				snprintf(cond, sizeof(cond), "%s < i%d <= %s", up, k, lo);
			append(domain, dlen, "%s%s", k ? " and " : "", cond);
			if (l->step != 1 && l->step != -1) {
				snprintf(cond, sizeof(cond), " and exists (e%d : i%d = %s + %lld*e%d)", k, k, lo,
					 l->step, k);
				append(domain, dlen, "%s%s", cond, "");
			}
		}
		append(domain, dlen, "%s%s", L ? " }" : "true }", "");
	}
	if (access && alen) {
		access[0] = '\0';
		for (int a = 0; a < n->naccesses; a++) {
			char one[1024];
			access_text(n, a, params, iters, one, sizeof(one));
			append(access, alen, "%s%s", a ? "; " : "", one);
		}
	}
	if (schedule && slen)
		snprintf(schedule, slen, "[%s] -> { S[%s] -> [%s] }", params, iters, iters);
	return 1;
}

static int build_isl(lc_shape *s, char *domain, size_t dlen, char *why, size_t whylen)
{
	const rl_nest *n = s->nest;
	char dom_text[4096];
	rl_lc_isl_text(n, dom_text, sizeof(dom_text), NULL, 0, NULL, 0);
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx) {
		snprintf(why, whylen, "ISL: no context");
		return 0;
	}
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_set *dom = isl_set_read_from_str(ctx, dom_text);
	if (!dom) {
		snprintf(why, whylen, "ISL: cannot build the iteration domain");
		isl_ctx_free(ctx);
		return 0;
	}
	/* known parameter values: with rectangular bounds shape_loops has checked the
	 * trip counts already; with bounds on outer iterators ask ISL */
	int rect = 1;
	for (int k = 0; k < s->L; k++)
		if (!aff_params_only(&n->loops[k].lower) || !aff_params_only(&n->loops[k].upper))
			rect = 0;
	isl_set *dom_known = isl_set_copy(dom);
	for (int q = 0; q < n->nparams; q++)
		if (n->params[q].has_value)
			dom_known = isl_set_fix_si(dom_known, isl_dim_param, q, (int)n->params[q].value);
	isl_bool empty = rect || !s->all_known ? isl_bool_false : isl_set_is_empty(dom_known);
	isl_set_free(dom_known);
	if (empty == isl_bool_true && s->all_known) {
		snprintf(why, whylen, "empty iteration domain at the given sizes");
		isl_set_free(dom);
		isl_ctx_free(ctx);
		return 0;
	}
	/* access relations (on the domain), parsed once */
	isl_map *acc[RL_MAX_ACCESSES];
	{
		char params[RL_MAX_PARAMS * (RL_NAME_MAX + 2) + 1], iters[RL_MAX_LOOPS * 6 + 1];
		isl_names(n, s->L, params, sizeof(params), iters, sizeof(iters));
		for (int a = 0; a < n->naccesses; a++) {
			char txt[1024];
			access_text(n, a, params, iters, txt, sizeof(txt));
			acc[a] = isl_map_read_from_str(ctx, txt);
			if (acc[a])
				acc[a] = isl_map_intersect_domain(acc[a], isl_set_copy(dom));
		}
	}
	/* reuse within each group: pairs of iterations touching the same element;
	 * loop k carries reuse when a distance vector has its first non-zero
	 * component at k (lexicographically positive) */
	int bad = 0;
	for (int g = 0; g < s->ngroups && !bad; g++) {
		lc_group *grp = &s->groups[g];
		/* pairs of neighbouring references (sorted by offset) and each reference
		 * with itself: O(refs) relations instead of O(refs^2) */
		isl_map *rel = NULL;
		for (int i = 0; i < grp->nrefs && !bad; i++)
			for (int j = i; j <= i + 1 && j < grp->nrefs; j++) {
				isl_map *a = acc[grp->refs[i].access], *b = acc[grp->refs[j].access];
				if (!a || !b) {
					bad = 1;
					break;
				}
				isl_map *r = isl_map_apply_range(isl_map_copy(a), isl_map_reverse(isl_map_copy(b)));
				if (j != i) {
					isl_map *back = isl_map_reverse(isl_map_copy(r));
					r = isl_map_union(r, back);
				}
				rel = rel ? isl_map_union(rel, r) : r;
			}
		if (bad || !rel) {
			isl_map_free(rel);
			bad = 1;
			break;
		}
		isl_set *d = isl_map_deltas(rel);
		for (int k = 0; k < s->L && d; k++) {
			isl_set *dk = isl_set_copy(d);
			for (int j = 0; j < k; j++)
				dk = isl_set_fix_si(dk, isl_dim_set, j, 0);
			dk = isl_set_lower_bound_si(dk, isl_dim_set, k, 1);
			grp->carried[k] = isl_set_is_empty(dk) == isl_bool_false;
			isl_set_free(dk);
		}
		if (!d)
			bad = 1;
		isl_set_free(d);
	}
	for (int a = 0; a < n->naccesses; a++)
		isl_map_free(acc[a]);
	if (bad) {
		snprintf(why, whylen, "ISL: cannot build the access relations");
		isl_set_free(dom);
		isl_ctx_free(ctx);
		return 0;
	}
	if (domain && dlen) {
		char *txt = isl_set_to_str(dom);
		snprintf(domain, dlen, "%s", txt ? txt : "");
		free(txt);
	}
	isl_set_free(dom);
	isl_ctx_free(ctx);
	return 1;
}

/* ---------------------------------------------------------------- 4. footprints */

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
			poly_scale(&st, -1.0);
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
		poly_scale(out, 1.0 / s->line);
		if (fabs(fmod(v, s->line)) < 0.5)
			return; /* whole lines: assume line-aligned (docs: alignment) */
		rl_lc_poly c;
		rl_lc_poly_const(&c, (double)(s->line - 8) / s->line);
		rl_lc_poly_add(out, &c, 1.0);
	}
}

/* Distinct lines of group G over loops l..L-1 (all its references: the union of
 * their footprints shifted by their offsets); SINGLE: one reference only. */
static void group_lines(const lc_shape *s, const lc_group *grp, int l, int single, rl_lc_poly *out)
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
static int reused_across(const lc_shape *s, const lc_group *grp, int k)
{
	rl_lc_poly a, b;
	group_lines(s, grp, k, 0, &a);
	group_lines(s, grp, k + 1, 0, &b);
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

/* Footprint in bytes of regime l (data of loops l..L-1) for the condition */
static void compute_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out);

static void regime_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out)
{
	if (s->have_fp)
		*out = s->fp[mode == RL_LC_LRU][l];
	else
		compute_footprint(s, mode, l, out);
}

static void shape_footprints(lc_shape *s)
{
	for (int m = 0; m < 2; m++)
		for (int l = 0; l <= s->L; l++)
			compute_footprint(s, m ? RL_LC_LRU : RL_LC_LAYERS, l, &s->fp[m][l]);
	s->have_fp = 1;
}

/* Values of the footprints and of the lines and rates of every group at s->vals: what each
 * evaluation of an analysis reads (computed as in footprint_value, group_rate, regime_fill). */
static double group_rate(const lc_shape *s, const lc_group *grp, int l);

static void shape_memo(lc_shape *s)
{
	for (int m = 0; m < 2; m++)
		for (int l = 0; l <= s->L; l++)
			s->fpv[m][l] = pv(s, &s->fp[m][l]);
	for (int g = 0; g < s->ngroups; g++) {
		for (int l = 0; l < s->L; l++) {
			rl_lc_poly all, one;
			group_lines(s, &s->groups[g], l, 0, &all);
			group_lines(s, &s->groups[g], l, 1, &one);
			s->lines_all[g][l] = pv(s, &all);
			s->lines_one[g][l] = pv(s, &one);
		}
		for (int l = 1; l <= s->L; l++)
			s->rate[g][l] = group_rate(s, &s->groups[g], l);
	}
	s->have_memo = 1;
}

/* Bytes of the footprint of regime l at the values (memoised with the analysis) */
static double footprint_value(const lc_shape *s, rl_lc_mode mode, int l)
{
	if (s->have_memo)
		return s->fpv[mode == RL_LC_LRU][l];
	rl_lc_poly fp;
	regime_footprint(s, mode, l, &fp);
	return pv(s, &fp);
}

static void compute_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out)
{
	rl_lc_poly_zero(out);
	rl_lc_poly win;
	int have_win = l > 0 && reuse_window(s, l, &win);
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		if (mode == RL_LC_LAYERS && l > 0 && !reused_across(s, grp, l - 1))
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
		group_lines(s, grp, l, 0, &lines);
		rl_lc_poly_add(out, &lines, (double)s->line);
	}
	if (mode == RL_LC_LAYERS) {
		rl_lc_poly lead;
		rl_lc_poly_leading(&lead, out);
		*out = lead;
	}
}

static void regime_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out);

/* Regime of group G at capacity CAP: the smallest l >= 1 for which G's reuse across
 * loop l-1 hits.  That needs the data of loops l..L-1 to fit, except when G does
 * not move in loops l..m: then G is touched in every iteration of m and its reuse
 * distance is only the data of one iteration of m (loops m+1..L-1). */
static int group_regime(const lc_shape *s, const lc_group *grp, rl_lc_mode mode, double cap)
{
	for (int l = 1; l < s->L; l++) {
		int m = -1; /* G stands still in loops l..m */
		for (int k = l; k < s->L && pv(s, &grp->stride[k]) == 0.0; k++)
			m = k;
		if (footprint_value(s, mode, m >= 0 ? m + 1 : l) <= cap)
			return l;
	}
	return s->L;
}

/* lines of group G per innermost iteration in regime l */
static double group_rate(const lc_shape *s, const lc_group *grp, int l)
{
	if (l <= 0)
		l = 1; /* the whole nest fitting still costs one sweep (see docs) */
	if (s->have_memo)
		return s->rate[grp - s->groups][l];
	rl_lc_poly lines;
	group_lines(s, grp, l - 1, 0, &lines);
	return pv(s, &lines) / pv(s, &s->work[l - 1]);
}

void rl_lc_size_text(double bytes, char *buf, size_t len)
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

/* "3*n*8 B" when every group counted has element size E, else "24*n B" */
static void footprint_text(const lc_shape *s, const rl_lc_poly *fp, char *buf, size_t len)
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
		poly_scale(&e, 1.0 / elem);
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

/* Largest value of the leading parameter with FP <= CAP (others at their values);
 * -1 when there is no parameter or no bound. */
static long long solve_threshold(const lc_shape *s, const rl_lc_poly *fp, double cap, int *param)
{
	*param = -1;
	int best = 0;
	for (int q = 0; q < s->nest->nparams; q++) {
		int d = rl_lc_poly_degree(fp, q);
		if (d > best) {
			best = d;
			*param = q;
		}
	}
	if (*param < 0)
		return -1;
	double vals[RL_MAX_PARAMS];
	memcpy(vals, s->vals, sizeof(vals));
	long long lo = 0, hi = 1LL << 40;
	vals[*param] = (double)hi;
	if (rl_lc_poly_eval(fp, vals) <= cap)
		return -1;
	while (hi - lo > 1) {
		long long mid = lo + (hi - lo) / 2;
		vals[*param] = (double)mid;
		if (rl_lc_poly_eval(fp, vals) <= cap)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void rl_lc_options_default(const rl_machine *m, int threads, rl_lc_options *opt)
{
	opt->factor = m->lc_safety_factor > 0 ? m->lc_safety_factor : 0.5;
	opt->mode = opt->factor < 1.0 ? RL_LC_LAYERS : RL_LC_LRU;
	opt->threads = threads > 0 ? threads : 1;
}

static double level_capacity(const rl_machine *m, const rl_lc_options *opt, int c)
{
	const rl_cache_level *lv = &m->levels[c];
	double cap = opt->factor * (double)lv->size;
	if (lv->shared_by > 1) {
		int t = opt->threads < lv->shared_by ? opt->threads : lv->shared_by;
		cap /= t > 0 ? t : 1;
	}
	return cap;
}

static int shape_build(lc_shape *s, const rl_nest *nest, const rl_machine *m, char *why, size_t whylen)
{
	memset(s, 0, sizeof(*s));
	s->nest = nest;
	s->L = nest->nloops;
	s->line = rl_machine_line_bytes(m);
	if (s->line <= 0)
		s->line = 64;
	if (nest->nloops <= 0 || nest->naccesses <= 0) {
		snprintf(why, whylen, "no memory access in the nest");
		return 0;
	}
	s->all_known = 1;
	for (int q = 0; q < RL_MAX_PARAMS; q++) {
		int known = q < nest->nparams && nest->params[q].has_value;
		s->vals[q] = known ? (double)nest->params[q].value : RL_LC_PROBE;
		if (q < nest->nparams && !known)
			s->all_known = 0;
	}
	if (!shape_loops(s, why, whylen) || !shape_groups(s, why, whylen))
		return 0;
	return 1;
}

/* ---------------------------------------------------------------- 5. traffic */

/* regime loop index l applying at capacity CAP: smallest l >= 1 whose footprint fits */
static int regime_at(const lc_shape *s, rl_lc_mode mode, double cap)
{
	for (int l = 1; l < s->L; l++)
		if (footprint_value(s, mode, l) <= cap)
			return l;
	return s->L;
}

/* Lines per boundary for the regime loop_per_level[b] of each level (with CAP, known sizes:
 * each group at its own regime when that is better), through the traffic rule. */
static void fill_traffic(const lc_shape *s, const rl_machine *m, const int *loop_per_level,
			 const double *cap, rl_lc_mode mode, rl_traffic *out)
{
	int nt = s->nest->nontemporal_stores;
	out->nboundaries = m->nlevels;
	for (int b = 0; b < m->nlevels; b++)
		out->load_lines[b] = out->wa_lines[b] = out->evict_lines[b] = 0.0;
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		rl_stream_lines sl = { .reads = grp->reads, .writes = grp->writes };
		int write_only = grp->writes && !grp->reads;
		if (write_only && nt)
			sl.stored = group_rate(s, grp, s->L) * out->iters_per_unit;
		for (int b = 0; b < m->nlevels; b++) {
			int l = loop_per_level[b];
			if (cap && l < s->L) {
				/* known sizes: each group's own regime (never worse than the level's) */
				int lg = group_regime(s, grp, mode, cap[b]);
				if (lg < l)
					l = lg;
			}
			sl.missed[b] = group_rate(s, grp, l) * out->iters_per_unit;
		}
		rl_traffic_add_stream(out, m, nt, &sl);
	}
}

/* The unit of work and the streams (for the notes); the lines per boundary are filled
 * by fill_traffic. */
static void prepare_out(const rl_nest *nest, const rl_machine *m, rl_traffic *out)
{
	char why[64];
	if (!rl_traffic_find_streams(nest, m, out, why, sizeof(why)))
		memset(out, 0, sizeof(*out));
}

int rl_lc_traffic_for(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      const int *regime_per_level, rl_traffic *out, char *why, size_t whylen)
{
	lc_shape *s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(why, whylen, "out of memory");
		return 0;
	}
	int ok = shape_build(s, nest, m, why, whylen);
	if (ok) {
		(void)opt;
		int loops[RL_MAX_LEVELS];
		for (int b = 0; b < m->nlevels && b < RL_MAX_LEVELS; b++)
			loops[b] = s->L - regime_per_level[b];
		/* (no footprints: without capacities fill_traffic reads only the groups' rates) */
		prepare_out(nest, m, out);
		fill_traffic(s, m, loops, NULL, opt->mode, out);
	}
	free(s);
	return ok;
}

static void regime_fill(const lc_shape *s, const rl_lc_options *opt, int l, int ipu, rl_lc_regime *r)
{
	memset(r, 0, sizeof(*r));
	r->loop = l;
	regime_footprint(s, opt->mode, l, &r->footprint);
	footprint_text(s, &r->footprint, r->footprint_text, sizeof(r->footprint_text));
	r->footprint_bytes = pv(s, &r->footprint);
	int hits = 0, misses = 0;
	for (int g = 0; g < s->ngroups; g++) {
		const lc_group *grp = &s->groups[g];
		int miss = 0;
		if (l > 0) {
			double all, one;
			if (s->have_memo) {
				all = s->lines_all[g][l - 1];
				one = s->lines_one[g][l - 1];
			} else {
				rl_lc_poly pa, po;
				group_lines(s, grp, l - 1, 0, &pa);
				group_lines(s, grp, l - 1, 1, &po);
				all = pv(s, &pa);
				one = pv(s, &po);
			}
			miss = (int)lround(all / one);
			if (miss < 1)
				miss = 1;
			if (miss > grp->nrefs)
				miss = grp->nrefs;
		}
		misses += miss;
		hits += grp->nrefs - miss;
		if (grp->reads || grp->writes)
			r->lines_per_unit += group_rate(s, grp, l) * ipu;
	}
	r->hits = hits;
	r->misses = misses;
	if (l > 0) {
		int any = 0;
		for (int g = 0; g < s->ngroups; g++)
			if (s->groups[g].carried[l - 1])
				any = 1;
		snprintf(r->carried_by, sizeof(r->carried_by), "%s%d", any ? "i" : "(spatial) i", l - 1);
	} else
		snprintf(r->carried_by, sizeof(r->carried_by), "whole nest");
}

/* ---------------------------------------------------------------- 6. analysis once, evaluations */

struct rl_lc_analysis {
	const rl_machine *m;        /* borrowed */
	rl_traffic first;           /* the first model's streams (prepare_out) */
	char isl_domain[512];
	lc_shape s;                 /* with the ISL reuse, footprints and the memo */
};

static unsigned long lc_analyses;  /* the only global state: rl_lc_analysis_count */

unsigned long rl_lc_analysis_count(void)
{
	return lc_analyses;
}

rl_lc_analysis *rl_lc_analyse(const rl_nest *nest, const rl_machine *m, char *why, size_t whylen)
{
	lc_analyses++;
	rl_lc_analysis *a = calloc(1, sizeof(*a));
	if (!a) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	lc_shape *s = &a->s;
	if (!shape_build(s, nest, m, why, whylen)
	    || !build_isl(s, a->isl_domain, sizeof(a->isl_domain), why, whylen)) {
		free(a);
		return NULL;
	}
	shape_footprints(s);
	shape_memo(s);
	a->m = m;
	prepare_out(nest, m, &a->first);
	return a;
}

void rl_lc_analysis_free(rl_lc_analysis *a)
{
	free(a);
}

void rl_lc_eval_regimes(const rl_lc_analysis *a, const int *regime_per_level, rl_traffic *out)
{
	const lc_shape *s = &a->s;
	int loops[RL_MAX_LEVELS];
	for (int b = 0; b < a->m->nlevels && b < RL_MAX_LEVELS; b++)
		loops[b] = s->L - regime_per_level[b];
	*out = a->first;
	fill_traffic(s, a->m, loops, NULL, RL_LC_LAYERS /* unused without capacities */, out);
}

void rl_lc_eval(const rl_lc_analysis *a, const rl_lc_options *opt, rl_traffic *out, rl_lc_report *lc)
{
	const lc_shape *s = &a->s;
	const rl_machine *m = a->m;
	const rl_nest *nest = s->nest;
	if (lc) {
		memset(lc, 0, sizeof(*lc));
		snprintf(lc->isl_domain, sizeof(lc->isl_domain), "%s", a->isl_domain);
		lc->isl_ok = 1;
	}
	*out = a->first;
	if (out->iters_per_unit <= 0)
		out->iters_per_unit = 1;
	int loops[RL_MAX_LEVELS];
	double caps[RL_MAX_LEVELS];
	for (int c = 0; c < m->nlevels; c++) {
		caps[c] = level_capacity(m, opt, c);
		loops[c] = s->all_known ? regime_at(s, opt->mode, caps[c]) : s->L;
	}
	fill_traffic(s, m, loops, s->all_known ? caps : NULL, opt->mode, out);
	if (lc) {
		lc->mode = opt->mode;
		lc->factor = opt->factor;
		lc->threads = opt->threads;
		lc->all_known = s->all_known;
		lc->nloops = s->L;
		lc->ngroups = s->ngroups;
		lc->nregimes = s->L + 1;
		for (int r = 0; r <= s->L; r++)
			regime_fill(s, opt, s->L - r, out->iters_per_unit, &lc->regimes[r]);
		lc->nlevels = m->nlevels;
		for (int c = 0; c < m->nlevels; c++) {
			rl_lc_level *lv = &lc->levels[c];
			snprintf(lv->name, sizeof(lv->name), "%s", m->levels[c].name);
			lv->capacity = level_capacity(m, opt, c);
			lv->known = s->all_known;
			lv->regime = s->L - loops[c];
			char cap[32];
			rl_lc_size_text(lv->capacity, cap, sizeof(cap));
			for (int l = s->L - 1; l >= 1; l--) {
				const rl_lc_regime *rg = &lc->regimes[s->L - l];
				int q;
				long long th = solve_threshold(s, &rg->footprint, lv->capacity, &q);
				int k = lv->ncond++;
				lv->cond[k].regime = s->L - l;
				lv->cond[k].threshold = th;
				snprintf(lv->cond[k].param, sizeof(lv->cond[k].param), "%s",
					 q >= 0 ? nest->params[q].name : "");
				lv->cond[k].holds = s->all_known ? rg->footprint_bytes <= lv->capacity : -1;
				/* blocking candidate: the footprint of the regime grows with the trip
				 * count of the outermost loop of its window (loop l), so that loop
				 * blocked to b = trip * capacity / footprint satisfies it (seed 004
				 * eq. 10-12; per thread for shared caches through the capacity) */
				lv->cond[k].block_loop = -1;
				lv->cond[k].block_size = -1;
				if (lv->cond[k].holds == 0 && rg->footprint_bytes > 0) {
					double b = floor(pv(s, &s->trip[l]) * lv->capacity / rg->footprint_bytes);
					if (b >= 1) {
						lv->cond[k].block_loop = l;
						lv->cond[k].block_size = (long long)b;
					}
				}
				char th_text[96] = "";
				if (q >= 0 && th >= 0)
					snprintf(th_text, sizeof(th_text), " (%s <= %lld)", nest->params[q].name, th);
				if (lv->cond[k].block_loop >= 0) {
					size_t u = strlen(th_text);
					snprintf(th_text + u, sizeof(th_text) - u, " [block i%d to %lld]",
						 lv->cond[k].block_loop, lv->cond[k].block_size);
				}
				char fpt[RL_LC_TEXT];
				memcpy(fpt, rg->footprint_text, sizeof(fpt));
				snprintf(lv->cond[k].text, sizeof(lv->cond[k].text), "%s <= %s%s",
					 fpt, cap, th_text);
			}
		}
	}
}

int rl_traffic_lc_opt(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      rl_traffic *out, rl_lc_report *lc, char *why, size_t whylen)
{
	if (lc)
		memset(lc, 0, sizeof(*lc));
	rl_lc_analysis *a = rl_lc_analyse(nest, m, why, whylen);
	if (!a)
		return 0;
	rl_lc_eval(a, opt, out, lc);
	rl_lc_analysis_free(a);
	return 1;
}

int rl_traffic_lc(const rl_nest *nest, const rl_machine *m, int threads, rl_traffic *out,
		  rl_lc_report *lc, char *why, size_t whylen)
{
	rl_lc_options opt;
	rl_lc_options_default(m, threads, &opt);
	return rl_traffic_lc_opt(nest, m, &opt, out, lc, why, whylen);
}
