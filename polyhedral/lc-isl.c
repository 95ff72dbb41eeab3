/* The ISL model of a nest: iteration domain, access relations, schedule, and from them
 * which loop carries the reuse within each group of references (see lc-internal.h). */
#include "polyhedral/lc-internal.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void isl_names(const rl_nest *n, int L, char *params, size_t plen, char *iters, size_t ilen)
{
	params[0] = iters[0] = '\0';
	for (int q = 0; q < n->nparams; q++)
		rl_lc_appendf(params, plen, "%s%s", q ? ", " : "", n->params[q].name);
	for (int k = 0; k < L; k++) {
		char it[16];
		snprintf(it, sizeof(it), "i%d", k);
		rl_lc_appendf(iters, ilen, "%s%s", k ? ", " : "", it);
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
		rl_lc_appendf(buf, len, "%s%s", d ? ", " : "", sub);
	}
	rl_lc_appendf(buf, len, "%s", "] }");
}

void rl_lc_isl_access_text(const rl_nest *n, int a, char *buf, size_t len)
{
	char params[RL_MAX_PARAMS * (RL_NAME_MAX + 2) + 1], iters[RL_MAX_LOOPS * 6 + 1];
	isl_names(n, n->nloops, params, sizeof(params), iters, sizeof(iters));
	access_text(n, a, params, iters, buf, len);
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
			rl_lc_appendf(domain, dlen, "%s%s", k ? " and " : "", cond);
			if (l->step != 1 && l->step != -1) {
				snprintf(cond, sizeof(cond), " and exists (e%d : i%d = %s + %lld*e%d)", k, k, lo,
					 l->step, k);
				rl_lc_appendf(domain, dlen, "%s", cond);
			}
		}
		rl_lc_appendf(domain, dlen, "%s", L ? " }" : "true }");
	}
	if (access && alen) {
		access[0] = '\0';
		for (int a = 0; a < n->naccesses; a++) {
			char one[1024];
			access_text(n, a, params, iters, one, sizeof(one));
			rl_lc_appendf(access, alen, "%s%s", a ? "; " : "", one);
		}
	}
	if (schedule && slen)
		snprintf(schedule, slen, "[%s] -> { S[%s] -> [%s] }", params, iters, iters);
	return 1;
}

/* Is the domain empty at the known sizes?  With rectangular bounds rl_lc_shape_build has
 * checked the trip counts already; with bounds on outer iterators ask ISL. */
static int domain_empty_at_sizes(const lc_shape *s, isl_set *dom)
{
	const rl_nest *n = s->nest;
	int rect = 1;
	for (int k = 0; k < s->L; k++)
		if (rl_aff_uses_iters(&n->loops[k].lower) || rl_aff_uses_iters(&n->loops[k].upper))
			rect = 0;
	if (rect || !s->all_known)
		return 0;
	isl_set *known = isl_set_copy(dom);
	for (int q = 0; q < n->nparams; q++)
		if (n->params[q].has_value)
			known = isl_set_fix_si(known, isl_dim_param, q, (int)n->params[q].value);
	isl_bool empty = isl_set_is_empty(known);
	isl_set_free(known);
	return empty == isl_bool_true;
}

/* The access relation of every access of the nest, restricted to the domain (NULL where
 * ISL cannot read it) */
static void access_relations(const lc_shape *s, isl_ctx *ctx, isl_set *dom, isl_map **acc)
{
	const rl_nest *n = s->nest;
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

/* Pairs of iterations in which the references of GRP touch the same element: each
 * reference with itself and with its neighbour (sorted by offset), O(refs) relations
 * instead of O(refs^2).  NULL when an access relation is missing. */
static isl_map *group_reuse_pairs(const lc_group *grp, isl_map **acc)
{
	isl_map *rel = NULL;
	for (int i = 0; i < grp->nrefs; i++)
		for (int j = i; j <= i + 1 && j < grp->nrefs; j++) {
			isl_map *a = acc[grp->refs[i].access], *b = acc[grp->refs[j].access];
			if (!a || !b) {
				isl_map_free(rel);
				return NULL;
			}
			isl_map *r = isl_map_apply_range(isl_map_copy(a), isl_map_reverse(isl_map_copy(b)));
			if (j != i) {
				isl_map *back = isl_map_reverse(isl_map_copy(r));
				r = isl_map_union(r, back);
			}
			rel = rel ? isl_map_union(rel, r) : r;
		}
	return rel;
}

/* GRP's carried[k]: loop k carries reuse when a reuse distance vector has its first
 * non-zero component at k (lexicographically positive).  0 when ISL fails. */
static int group_carried_loops(const lc_shape *s, lc_group *grp, isl_map **acc)
{
	isl_map *rel = group_reuse_pairs(grp, acc);
	if (!rel)
		return 0;
	isl_set *d = isl_map_deltas(rel);
	for (int k = 0; k < s->L && d; k++) {
		isl_set *dk = isl_set_copy(d);
		for (int j = 0; j < k; j++)
			dk = isl_set_fix_si(dk, isl_dim_set, j, 0);
		dk = isl_set_lower_bound_si(dk, isl_dim_set, k, 1);
		grp->carried[k] = isl_set_is_empty(dk) == isl_bool_false;
		isl_set_free(dk);
	}
	int ok = d != NULL;
	isl_set_free(d);
	return ok;
}

/* The domain, then the reuse of every group; 0 with a reason in WHY */
static int reuse_in_ctx(lc_shape *s, isl_ctx *ctx, char *domain, size_t dlen, char *why, size_t whylen)
{
	const rl_nest *n = s->nest;
	char dom_text[4096];
	rl_lc_isl_text(n, dom_text, sizeof(dom_text), NULL, 0, NULL, 0);
	isl_set *dom = isl_set_read_from_str(ctx, dom_text);
	if (!dom) {
		snprintf(why, whylen, "ISL: cannot build the iteration domain");
		return 0;
	}
	if (domain_empty_at_sizes(s, dom)) {
		snprintf(why, whylen, "empty iteration domain at the given sizes");
		isl_set_free(dom);
		return 0;
	}
	isl_map *acc[RL_MAX_ACCESSES];
	access_relations(s, ctx, dom, acc);
	int ok = 1;
	for (int g = 0; g < s->ngroups && ok; g++)
		ok = group_carried_loops(s, &s->groups[g], acc);
	for (int a = 0; a < n->naccesses; a++)
		isl_map_free(acc[a]);
	if (!ok)
		snprintf(why, whylen, "ISL: cannot build the access relations");
	else if (domain && dlen) {
		char *txt = isl_set_to_str(dom);
		snprintf(domain, dlen, "%s", txt ? txt : "");
		free(txt);
	}
	isl_set_free(dom);
	return ok;
}

int rl_lc_isl_reuse(lc_shape *s, char *domain, size_t dlen, char *why, size_t whylen)
{
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx) {
		snprintf(why, whylen, "ISL: no context");
		return 0;
	}
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	int ok = reuse_in_ctx(s, ctx, domain, dlen, why, whylen);
	isl_ctx_free(ctx);
	return ok;
}
