/* Sibling loops of an imperfect nest in the layer conditions (docs/layer-conditions.md,
 * section 7).  The nest's loops 0..d-1 are shared with a sibling (another innermost loop
 * of the same loop tree, rl_nest.siblings); in one iteration of a shared loop k the
 * sibling runs too, so the data between two uses of an element reused across loop k
 * includes what the siblings touch in that iteration.  ISL gives, per array, the
 * elements each group of references touches in one iteration of loops 0..k (at the
 * nest's sizes, the iterators of loops 0..k at their mean: the sets have no parameters);
 * a sibling group whose elements this nest (or an earlier counted sibling) touches
 * anyway, but for a part of lower dimension (a halo), adds nothing, any other adds its
 * distinct lines.  A group of this nest whose elements an earlier sibling touched in the same
 * iteration of the deepest shared loop reads them from the level that holds the data
 * touched in between (producer-consumer). */
#include "polyhedral/lc-internal.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/union_set.h>
#include <isl/mat.h>
#include <isl/val.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Arrays of the nest and its siblings, one id per array (same name, element size and
 * extents beyond the first) */
typedef struct sib_arrays {
	int n;
	const rl_nest *nest[RL_MAX_ARRAYS * (RL_MAX_SIBLINGS + 1)];
	int index[RL_MAX_ARRAYS * (RL_MAX_SIBLINGS + 1)];
} sib_arrays;

static int same_array(const rl_nest *a, int ia, const rl_nest *b, int ib)
{
	const rl_array *x = &a->arrays[ia], *y = &b->arrays[ib];
	if (strcmp(x->name, y->name) || x->elem_size != y->elem_size || x->ndims != y->ndims)
		return 0;
	for (int d = 1; d < x->ndims; d++) {
		char ex[256], ey[256];
		rl_aff_print(a, &x->extent[d], ex, sizeof(ex));
		rl_aff_print(b, &y->extent[d], ey, sizeof(ey));
		if (strcmp(ex, ey))
			return 0;
	}
	return 1;
}

static int array_id(sib_arrays *t, const rl_nest *n, int a)
{
	for (int k = 0; k < t->n; k++)
		if (same_array(t->nest[k], t->index[k], n, a))
			return k;
	if (t->n == (int)(sizeof(t->index) / sizeof(t->index[0])))
		return -1;
	t->nest[t->n] = n;
	t->index[t->n] = a;
	return t->n++;
}

/* Dimension of the basic set BS: its variables less the equalities of its affine hull
 * that involve them (*USER: the largest so far) */
static isl_stat max_dim_of(__isl_take isl_basic_set *bs, void *user)
{
	int *best = user;
	isl_size nset = isl_basic_set_dim(bs, isl_dim_set);
	isl_basic_set *h = isl_basic_set_affine_hull(bs);
	isl_mat *eq = isl_basic_set_equalities_matrix(h, isl_dim_set, isl_dim_div, isl_dim_param,
						      isl_dim_cst);
	int dim = nset;
	for (int r = 0; eq && r < isl_mat_rows(eq); r++) {
		int uses = 0;
		for (int c = 0; c < nset && !uses; c++) {
			isl_val *v = isl_mat_get_element_val(eq, r, c);
			uses = v && !isl_val_is_zero(v);
			isl_val_free(v);
		}
		dim -= uses;
	}
	isl_mat_free(eq);
	isl_basic_set_free(h);
	if (dim > *best)
		*best = dim;
	return isl_stat_ok;
}

static int set_dim(isl_set *set)
{
	int d = -1;
	isl_set_foreach_basic_set(set, max_dim_of, &d);
	return d;
}

/* 1 when SET is inside U (NULL U: empty) but for a part of lower dimension (the halo of
 * a stencil: rows, columns or single elements at its boundaries, O(N) of O(N^2)) */
static int inside(isl_set *set, isl_union_set *u)
{
	if (!u || !set)
		return 0;
	isl_set *ua = isl_union_set_extract_set(u, isl_set_get_space(set));
	if (!ua || isl_set_plain_is_empty(ua) == isl_bool_true) {
		isl_set_free(ua);
		return 0;
	}
	isl_bool in = isl_set_is_subset(set, ua);
	if (in != isl_bool_false) {
		isl_set_free(ua);
		return in == isl_bool_true;
	}
	isl_set *rest = isl_set_subtract(isl_set_copy(set), ua);
	int thin = set_dim(rest) < set_dim(set);
	isl_set_free(rest);
	return thin;
}

static isl_union_set *add_set(isl_union_set *u, isl_set *set)
{
	isl_union_set *one = isl_union_set_from_set(isl_set_copy(set));
	return u ? isl_union_set_union(u, one) : one;
}

/* P (in the parameters of SIB) in the parameters of OWN; 0 when a term uses a size
 * parameter OWN does not have */
static int remap_poly(const rl_nest *own, const rl_nest *sib, const rl_lc_poly *p, rl_lc_poly *out)
{
	rl_lc_poly_zero(out);
	for (int t = 0; t < p->nterms; t++) {
		rl_lc_poly_term nt;
		memset(&nt, 0, sizeof(nt));
		nt.coef = p->t[t].coef;
		for (int q = 0; q < RL_MAX_PARAMS; q++) {
			if (!p->t[t].exp[q])
				continue;
			int o = -1;
			for (int k = 0; q < sib->nparams && k < own->nparams && o < 0; k++)
				if (!strcmp(own->params[k].name, sib->params[q].name))
					o = k;
			if (o < 0)
				return 0;
			nt.exp[o] = p->t[t].exp[q];
		}
		rl_lc_poly_add_term(out, &nt, 1.0);
	}
	return 1;
}

/* The work of one analysis: the shapes of the siblings, the ISL context, the arrays, and
 * the element sets built so far (nest 0 is this one, nest j+1 sibling j) */
typedef struct sib_work {
	lc_shape *s;
	const rl_machine *m;
	isl_ctx *ctx;
	sib_arrays arrays;
	int n;
	lc_shape *sh[RL_MAX_SIBLINGS];
	isl_set *dom[RL_MAX_SIBLINGS + 1];
	isl_map *acc[RL_MAX_SIBLINGS + 1][RL_MAX_ACCESSES];
	isl_set *sets[RL_MAX_SIBLINGS + 1][RL_MAX_ACCESSES][RL_MAX_LOOPS + 1];
	int tried[RL_MAX_SIBLINGS + 1][RL_MAX_ACCESSES][RL_MAX_LOOPS + 1];
	rl_lc_poly extra[2][RL_MAX_LOOPS + 1];  /* per mode and regime: the siblings' bytes */
	double before_bytes;                     /* LRU bytes of the earlier siblings at level d */
	int extra_groups;
	int d;                                   /* deepest level shared with an earlier sibling */
} sib_work;

static const lc_shape *shape_of(const sib_work *w, int x)
{
	return x ? w->sh[x - 1] : w->s;
}

/* The iteration domain of the nest of SS */
static isl_set *nest_domain(isl_ctx *ctx, const lc_shape *ss)
{
	char txt[4096];
	rl_lc_isl_text(ss->nest, txt, sizeof(txt), NULL, 0, NULL, 0);
	return isl_set_read_from_str(ctx, txt);
}

/* The value of the size parameter NAME in this nest (RL_LC_PROBE when unknown or absent,
 * as the footprints are evaluated) */
static long size_value(const lc_shape *s, const char *name)
{
	for (int p = 0; name && p < s->nest->nparams; p++)
		if (!strcmp(s->nest->params[p].name, name))
			return (long)s->vals[p];
	return (long)RL_LC_PROBE;
}

/* X (a set or a map, as isl_map) with its size parameters at this nest's values, projected
 * out: every test below compares sets without parameters, which ISL decides quickly */
static isl_map *map_at_values(sib_work *w, isl_map *x)
{
	isl_size np = x ? isl_map_dim(x, isl_dim_param) : 0;
	for (int q = 0; x && q < np; q++)
		x = isl_map_fix_si(x, isl_dim_param, q,
				   (int)size_value(w->s, isl_map_get_dim_name(x, isl_dim_param, q)));
	return x ? isl_map_project_out(x, isl_dim_param, 0, np) : NULL;
}

static isl_set *at_values(sib_work *w, isl_set *set)
{
	return set ? isl_map_range(map_at_values(w, isl_map_from_range(set))) : NULL;
}

/* The constant of AFF with the size parameters at their values (its iterator terms apart) */
static long long aff_const(sib_work *w, const rl_nest *n, const rl_aff *a)
{
	long long v = a->cst;
	for (int q = 0; q < n->nparams; q++)
		if (a->par[q])
			v += a->par[q] * size_value(w->s, n->params[q].name);
	return v;
}

/* SIGN * (i_k - AFF) + ADD >= 0 (EQ: == 0) on the iterators of BS's space, AFF at the values */
static isl_basic_map *add_bound(sib_work *w, const rl_nest *n, isl_basic_map *bm, enum isl_dim_type t,
				int k, int sign, const rl_aff *a, long long add, int eq)
{
	isl_local_space *ls = isl_local_space_from_space(isl_basic_map_get_space(bm));
	isl_constraint *c = eq ? isl_constraint_alloc_equality(ls) : isl_constraint_alloc_inequality(ls);
	c = isl_constraint_set_coefficient_si(c, t, k, sign);
	for (int j = 0; j < n->nloops; j++)
		if (a->it[j])
			c = isl_constraint_set_coefficient_si(c, isl_dim_in, j, (int)(-sign * a->it[j]));
	c = isl_constraint_set_constant_val(c, isl_val_int_from_si(w->ctx,
						  (long)(-sign * aff_const(w, n, a) + add)));
	return isl_basic_map_add_constraint(bm, c);
}

/* The iteration domain of nest N at the values, as a map S[i] -> [] (NULL: a loop with a
 * step other than 1, left to the text form) */
static isl_set *domain_built(sib_work *w, const rl_nest *n)
{
	for (int k = 0; k < n->nloops; k++)
		if (n->loops[k].step != 1 && n->loops[k].step != -1)
			return NULL;
	isl_space *sp = isl_space_alloc(w->ctx, 0, n->nloops, 0);
	isl_basic_map *bm = isl_basic_map_universe(sp);
	for (int k = 0; k < n->nloops; k++) {
		const rl_loop *lp = &n->loops[k];
		if (lp->step > 0) {
			bm = add_bound(w, n, bm, isl_dim_in, k, 1, &lp->lower, 0, 0);
			bm = add_bound(w, n, bm, isl_dim_in, k, -1, &lp->upper, -1, 0);
		} else {
			bm = add_bound(w, n, bm, isl_dim_in, k, -1, &lp->lower, 0, 0);
			bm = add_bound(w, n, bm, isl_dim_in, k, 1, &lp->upper, -1, 0);
		}
	}
	return isl_map_domain(isl_map_from_basic_map(bm));
}

/* Access A of nest N at the values: S[i] -> [subscripts] */
static isl_map *access_built(sib_work *w, const rl_nest *n, int a)
{
	const rl_access *acc = &n->accesses[a];
	int nd = n->arrays[acc->array].ndims;
	isl_basic_map *bm = isl_basic_map_universe(isl_space_alloc(w->ctx, 0, n->nloops, nd));
	for (int d = 0; d < nd; d++)
		bm = add_bound(w, n, bm, isl_dim_out, d, 1, &acc->sub[d], 0, 1);
	return isl_map_from_basic_map(bm);
}

/* Elements of group G of nest X (shape SS, domain DOM at the values) touched in one
 * iteration of loops 0..l-1, taken at the mean of their iterators (the iteration the
 * footprints describe), as a set named by the array's id; NULL when ISL cannot read it */
static isl_set *group_set(sib_work *w, int x, isl_set *dom, const lc_shape *ss, const lc_group *g,
			  int l)
{
	const rl_nest *n = ss->nest;
	char txt[4096];
	int id = array_id(&w->arrays, n, g->array);
	if (!dom || id < 0)
		return NULL;
	isl_set *all = NULL;
	for (int r = 0; r < g->nrefs; r++) {
		isl_map **cache = &w->acc[x][g->refs[r].access];
		if (!*cache) {
			*cache = access_built(w, n, g->refs[r].access);
			*cache = isl_map_intersect_domain(*cache, isl_set_copy(dom));
		}
		if (!*cache)
			break;
		isl_map *acc = isl_map_copy(*cache);
		for (int k = 0; k < l; k++)
			acc = isl_map_fix_si(acc, isl_dim_in, k, (int)floor(pv(w->s, &w->s->mid[k])));
		isl_set *el = isl_map_range(acc);
		snprintf(txt, sizeof(txt), "a%d", id);
		el = isl_set_set_tuple_name(el, txt);
		all = all ? isl_set_union(all, el) : el;
	}
	return all;
}

/* The element set of group G of nest X (0: this nest, j+1: sibling j) at level l (borrowed) */
static isl_set *cached_set(sib_work *w, int x, int g, int l)
{
	if (!w->tried[x][g][l]) {
		w->tried[x][g][l] = 1;
		if (!w->dom[x])
			w->dom[x] = domain_built(w, shape_of(w, x)->nest);
		if (!w->dom[x])
			w->dom[x] = at_values(w, nest_domain(w->ctx, shape_of(w, x)));
		w->sets[x][g][l] = group_set(w, x, w->dom[x], shape_of(w, x), &shape_of(w, x)->groups[g], l);
	}
	return w->sets[x][g][l];
}

static void free_sets(sib_work *w)
{
	for (int x = 0; x <= w->n; x++) {
		isl_set_free(w->dom[x]);
		for (int a = 0; a < RL_MAX_ACCESSES; a++)
			isl_map_free(w->acc[x][a]);
		for (int g = 0; g < RL_MAX_ACCESSES; g++)
			for (int l = 0; l <= RL_MAX_LOOPS; l++)
				isl_set_free(w->sets[x][g][l]);
	}
}

static int fail(sib_work *w, const rl_nest *sib, const char *what)
{
	rl_lc_siblings *r = &w->s->sib;
	if (sib)
		snprintf(r->why, sizeof(r->why), "the loop at line %d: %s", sib->line, what);
	else
		snprintf(r->why, sizeof(r->why), "%s", what);
	return 0;
}

/* Group G of sibling J adds its lines over loops l.. to the regimes l = 0..LJ (the
 * iterations of loop l-1 it runs in); 0 when its sizes are not this nest's */
static int add_lines(sib_work *w, int j, int g, int lj)
{
	const lc_shape *ss = w->sh[j];
	for (int l = 0; l <= lj; l++) {
		rl_lc_poly lines, b;
		rl_lc_group_lines(ss, &ss->groups[g], l, 0, &lines);
		rl_lc_poly_scale(&lines, (double)ss->line);
		if (!remap_poly(w->s->nest, ss->nest, &lines, &b))
			return fail(w, ss->nest, "its sizes are not those of this loop");
		rl_lc_poly_add(&w->extra[1][l], &b, 1.0);
		if (l == 0 || rl_lc_group_reused_across(ss, &ss->groups[g], l - 1))
			rl_lc_poly_add(&w->extra[0][l], &b, 1.0);
	}
	return 1;
}

/* The siblings' data that the nest does not touch, per iteration of each shared loop
 * (w->extra): one decision per group of a sibling, at the deepest loop it shares (the
 * union of this nest's and the earlier siblings' element sets in one iteration of it); a
 * group new there counts in every regime of the loops it shares */
static int siblings_extra(sib_work *w)
{
	lc_shape *s = w->s;
	isl_union_set *u[RL_MAX_LOOPS + 1] = { NULL };
	int own[RL_MAX_LOOPS + 1] = { 0 }, ok = 1;
	for (int l = 0; l <= s->sib.shared; l++) {
		rl_lc_poly_zero(&w->extra[0][l]);
		rl_lc_poly_zero(&w->extra[1][l]);
	}
	for (int j = 0; j < w->n && ok; j++) {
		const rl_sibling *sb = &s->nest->siblings[j];
		int lj = sb->shared < s->sib.shared ? sb->shared : s->sib.shared;
		if (lj == w->d && !sb->before && w->before_bytes < 0)
			w->before_bytes = pv(s, &w->extra[1][lj]);
		for (int g = 0; !own[lj] && g < s->ngroups && ok; g++) {
			isl_set *set = cached_set(w, 0, g, lj);
			ok = set != NULL || fail(w, NULL, "ISL cannot read this loop's accesses");
			if (set)
				u[lj] = add_set(u[lj], set);
		}
		own[lj] = 1;
		for (int g = 0; g < w->sh[j]->ngroups && ok; g++) {
			isl_set *set = cached_set(w, j + 1, g, lj);
			if (!set) {
				ok = fail(w, sb->nest, "ISL cannot read its accesses");
				break;
			}
			if (!inside(set, u[lj])) {
				ok = add_lines(w, j, g, lj);
				w->extra_groups += lj == s->sib.shared;
			}
			u[lj] = add_set(u[lj], set);
		}
	}
	if (ok && w->d > 0 && w->before_bytes < 0)
		w->before_bytes = pv(s, &w->extra[1][w->d]);
	for (int l = 0; l <= RL_MAX_LOOPS; l++)
		isl_union_set_free(u[l]);
	return ok;
}

/* The groups of the nest whose elements in one iteration of loop d-1 the earlier siblings
 * sharing loops 0..d-1 touched in that iteration (written, when the group writes too) */
static int producer_consumer(sib_work *w, const double *own_lru)
{
	lc_shape *s = w->s;
	const rl_nest *n = s->nest;
	int d = w->d;
	isl_union_set *p = NULL, *pw = NULL, *pj[RL_MAX_SIBLINGS] = { NULL };
	isl_union_set *pjw[RL_MAX_SIBLINGS] = { NULL };
	for (int j = 0; j < w->n; j++) {
		const rl_sibling *sb = &n->siblings[j];
		if (!sb->before || sb->shared != d)
			continue;
		for (int g = 0; g < w->sh[j]->ngroups; g++) {
			const lc_group *gg = &w->sh[j]->groups[g];
			isl_set *set = cached_set(w, j + 1, g, d);
			if (!set)
				continue;
			p = add_set(p, set);
			pj[j] = add_set(pj[j], set);
			if (gg->writes) {
				pw = add_set(pw, set);
				pjw[j] = add_set(pjw[j], set);
			}
		}
	}
	for (int g = 0; g < s->ngroups && p; g++) {
		const lc_group *grp = &s->groups[g];
		isl_set *set = cached_set(w, 0, g, d);
		if (!set || isl_set_is_empty(set) != isl_bool_false)
			continue;
		/* written there (required when written here: its dirty lines are evicted by
		 * the earlier loop), else touched there */
		int written = inside(set, pw);
		if (!written && (grp->writes || !inside(set, p)))
			continue;
		/* the nearest earlier sibling that writes (else touches) it all, else the
		 * nearest one */
		int producer = -1, candidates = 0;
		isl_union_set **by = written ? pjw : pj;
		for (int j = 0; j < w->n; j++)
			candidates += by[j] != NULL;
		for (int j = w->n - 1; j >= 0 && producer < 0; j--)
			if (by[j] && (candidates == 1 || inside(set, by[j])))
				producer = j;
		for (int j = w->n - 1; j >= 0 && producer < 0; j--)
			if (pj[j])
				producer = j;
		/* the data before this group's first touch here: one iteration of the
		 * outermost own loop in which it moves (all of the own loops when that is
		 * loop d), after the rest of the earlier siblings' data */
		int mv = d;
		while (mv < s->L && pv(s, &grp->stride[mv]) == 0.0)
			mv++;
		s->reuses[g] = 1;
		s->first[g] = rl_lc_group_rate(s, grp, d + 1);
		s->between[g] = own_lru[mv] + w->before_bytes;
		rl_lc_siblings *r = &s->sib;
		r->reuse_shared = d;
		if (!r->nreuse++) {
			snprintf(r->array, sizeof(r->array), "%s", n->arrays[grp->array].name);
			r->written = written;
			r->producer_line = n->siblings[producer].nest->line;
			r->between_bytes = s->between[g];
		}
	}
	isl_union_set_free(p);
	isl_union_set_free(pw);
	for (int j = 0; j < w->n; j++) {
		isl_union_set_free(pj[j]);
		isl_union_set_free(pjw[j]);
	}
	return 1;
}

static int build_shapes(sib_work *w)
{
	const rl_nest *n = w->s->nest;
	for (w->n = 0; w->n < n->nsiblings; w->n++) {
		char why[80];
		const rl_nest *sn = n->siblings[w->n].nest;
		lc_shape *ss = calloc(1, sizeof(*ss));
		w->sh[w->n] = ss;
		if (!ss)
			return fail(w, NULL, "out of memory");
		if (!sn || n->siblings[w->n].shared >= w->s->L
		    || !rl_lc_shape_build(ss, sn, w->m, why, sizeof(why))) {
			w->n++;
			return fail(w, sn, sn ? why : "no model");
		}
	}
	return 1;
}

/* Whether a group of S reuses data across loop l-1 (l = 0: the whole nest, always) */
static int own_reuse_across(const lc_shape *s, int l)
{
	for (int g = 0; l > 0 && g < s->ngroups; g++)
		if (rl_lc_group_reused_across(s, &s->groups[g], l - 1))
			return 1;
	return l == 0;
}

static void analyse(sib_work *w)
{
	lc_shape *s = w->s;
	rl_lc_siblings *r = &s->sib;
	const rl_nest *n = s->nest;
	w->d = 0;
	for (int j = 0; j < n->nsiblings; j++) {
		int sh = n->siblings[j].shared;
		if (sh > r->shared)
			r->shared = sh;
		if (n->siblings[j].before && sh > w->d)
			w->d = sh;
	}
	if (r->shared >= s->L)
		r->shared = s->L - 1;
	w->before_bytes = -1;
	if (!build_shapes(w))
		return;
	w->ctx = isl_ctx_alloc();
	if (!w->ctx) {
		fail(w, NULL, "ISL: no context");
		return;
	}
	isl_options_set_on_error(w->ctx, ISL_ON_ERROR_CONTINUE);
	if (!siblings_extra(w))
		return;
	double own_lru[RL_MAX_LOOPS + 1];
	for (int l = 0; l <= s->L; l++)
		own_lru[l] = pv(s, &s->fp[1][l]);
	if (w->d > 0 && w->d < s->L)
		producer_consumer(w, own_lru);
	for (int mode = 0; mode < 2; mode++)
		for (int l = 0; l <= r->shared; l++) {
			/* the condition of regime l keeps what this nest reuses across loop
			 * l-1: with nothing reused there, the siblings' data does not matter */
			if (!own_reuse_across(s, l))
				continue;
			rl_lc_poly_add(&s->fp[mode][l], &w->extra[mode][l], 1.0);
			if (mode == 0) {
				rl_lc_poly lead;
				rl_lc_poly_leading(&lead, &s->fp[0][l]);
				s->fp[0][l] = lead;
			}
		}
	r->counted = own_reuse_across(s, r->shared);
	r->extra_bytes = pv(s, &w->extra[1][r->shared]);
	r->extra_groups = w->extra_groups;
	r->modelled = 1;
}

void rl_lc_siblings_apply(lc_shape *s, const rl_machine *m)
{
	memset(&s->sib, 0, sizeof(s->sib));
	s->sib.nsiblings = s->nest->nsiblings;
	s->sib.level = -1;
	if (!s->nest->nsiblings || !s->have_fp)
		return;
	sib_work *w = calloc(1, sizeof(*w));
	if (!w) {
		snprintf(s->sib.why, sizeof(s->sib.why), "out of memory");
		return;
	}
	w->s = s;
	w->m = m;
	analyse(w);
	if (!s->sib.modelled)
		for (int g = 0; g < s->ngroups; g++)
			s->reuses[g] = 0;
	if (!s->sib.modelled)
		s->sib.nreuse = 0;
	free_sets(w);
	for (int j = 0; j < w->n; j++)
		free(w->sh[j]);
	if (w->ctx)
		isl_ctx_free(w->ctx);
	free(w);
}
