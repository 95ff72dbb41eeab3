/* Sibling loops of an imperfect nest in the layer conditions (docs/layer-conditions.md,
 * section 7).  The nest's loops 0..d-1 are shared with a sibling (another innermost loop
 * of the same loop tree, rl_nest.siblings); in one iteration of a shared loop k the
 * sibling runs too, so the data between two uses of an element reused across loop k
 * includes what the siblings touch in that iteration.  ISL gives, per array, the
 * elements each group of references touches in one iteration of loops 0..k (their
 * iterators as parameters z0..zk); a sibling group whose elements this nest (or an
 * earlier counted sibling) touches anyway adds nothing, any other adds its distinct
 * lines.  A group of this nest whose elements an earlier sibling touched in the same
 * iteration of the deepest shared loop reads them from the level that holds the data
 * touched in between (producer-consumer). */
#include "polyhedral/lc-internal.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/union_set.h>
#include <isl/mat.h>
#include <isl/val.h>

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

/* Elements of group G of nest N (shape SS) touched in one iteration of loops 0..l-1 (their
 * iterators as parameters z0..z{l-1}), as a set named by the array's id; NULL when ISL
 * cannot read it */
static isl_set *group_set(isl_ctx *ctx, const lc_shape *ss, const lc_group *g, int l,
			  sib_arrays *t)
{
	const rl_nest *n = ss->nest;
	char txt[4096];
	rl_lc_isl_text(n, txt, sizeof(txt), NULL, 0, NULL, 0);
	isl_set *dom = isl_set_read_from_str(ctx, txt);
	int id = array_id(t, n, g->array);
	if (!dom || id < 0) {
		isl_set_free(dom);
		return NULL;
	}
	isl_set *all = NULL;
	for (int r = 0; r < g->nrefs; r++) {
		rl_lc_isl_access_text(n, g->refs[r].access, txt, sizeof(txt));
		isl_map *acc = isl_map_read_from_str(ctx, txt);
		if (!acc)
			break;
		acc = isl_map_intersect_domain(acc, isl_set_copy(dom));
		int np = (int)isl_map_dim(acc, isl_dim_param);
		acc = isl_map_move_dims(acc, isl_dim_param, np, isl_dim_in, 0, l);
		for (int k = 0; k < l; k++) {
			char z[16];
			snprintf(z, sizeof(z), "z%d", k);
			acc = isl_map_set_dim_name(acc, isl_dim_param, np + k, z);
		}
		isl_set *el = isl_map_range(acc);
		snprintf(txt, sizeof(txt), "a%d", id);
		el = isl_set_set_tuple_name(el, txt);
		all = all ? isl_set_union(all, el) : el;
	}
	isl_set_free(dom);
	return all;
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

static isl_stat max_dim_set(__isl_take isl_set *set, void *user)
{
	int d = set_dim(set), *best = user;
	if (d > *best)
		*best = d;
	isl_set_free(set);
	return isl_stat_ok;
}

/* 1 when SET is inside U (NULL U: empty) but for a part of lower dimension (the halo of
 * a stencil: rows, columns or single elements at its boundaries, O(N) of O(N^2)) */
static int inside(isl_set *set, isl_union_set *u)
{
	if (!u)
		return 0;
	isl_union_set *one = isl_union_set_from_set(isl_set_copy(set));
	isl_bool in = isl_union_set_is_subset(one, u);
	if (in != isl_bool_false) {
		isl_union_set_free(one);
		return in == isl_bool_true;
	}
	isl_union_set *rest = isl_union_set_subtract(one, isl_union_set_copy(u));
	int drest = -1;
	isl_union_set_foreach_set(rest, max_dim_set, &drest);
	isl_union_set_free(rest);
	return drest < set_dim(set);
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

/* The work of one analysis: the shapes of the siblings, the ISL context, the arrays */
typedef struct sib_work {
	lc_shape *s;
	const rl_machine *m;
	isl_ctx *ctx;
	sib_arrays arrays;
	int n;
	lc_shape *sh[RL_MAX_SIBLINGS];
	rl_lc_poly extra[2][RL_MAX_LOOPS + 1];  /* per mode and regime: the siblings' bytes */
	double before_bytes;                     /* LRU bytes of the earlier siblings at level d */
	int extra_arrays;
	int d;                                   /* deepest level shared with an earlier sibling */
} sib_work;

static int fail(sib_work *w, const rl_nest *sib, const char *what)
{
	rl_lc_siblings *r = &w->s->sib;
	if (sib)
		snprintf(r->why, sizeof(r->why), "the loop at line %d: %s", sib->line, what);
	else
		snprintf(r->why, sizeof(r->why), "%s", what);
	return 0;
}

/* The siblings' data in one iteration of loop l-1 (l = 0: the whole tree) that the nest
 * does not touch: w->extra[.][l] */
static int level_extra(sib_work *w, int l)
{
	lc_shape *s = w->s;
	isl_union_set *u = NULL;
	int ok = 1;
	for (int g = 0; g < s->ngroups && ok; g++) {
		isl_set *set = group_set(w->ctx, s, &s->groups[g], l, &w->arrays);
		ok = set != NULL;
		if (set)
			u = add_set(u, set);
		isl_set_free(set);
	}
	rl_lc_poly_zero(&w->extra[0][l]);
	rl_lc_poly_zero(&w->extra[1][l]);
	for (int j = 0; j < w->n && ok; j++) {
		const rl_sibling *sb = &s->nest->siblings[j];
		lc_shape *ss = w->sh[j];
		if (sb->shared < l)
			continue;
		if (l == w->d && !sb->before && w->before_bytes < 0)
			w->before_bytes = rl_lc_poly_eval(&w->extra[1][l], s->vals);
		for (int g = 0; g < ss->ngroups && ok; g++) {
			isl_set *set = group_set(w->ctx, ss, &ss->groups[g], l, &w->arrays);
			if (!set) {
				ok = fail(w, sb->nest, "ISL cannot read its accesses");
				break;
			}
			if (!inside(set, u)) {
				rl_lc_poly lines, b;
				rl_lc_group_lines(ss, &ss->groups[g], l, 0, &lines);
				rl_lc_poly_scale(&lines, (double)ss->line);
				if (!remap_poly(s->nest, sb->nest, &lines, &b)) {
					ok = fail(w, sb->nest, "its sizes are not those of this loop");
					isl_set_free(set);
					break;
				}
				rl_lc_poly_add(&w->extra[1][l], &b, 1.0);
				if (l == 0 || rl_lc_group_reused_across(ss, &ss->groups[g], l - 1))
					rl_lc_poly_add(&w->extra[0][l], &b, 1.0);
				if (l == s->sib.shared)
					w->extra_arrays++;
			}
			u = add_set(u, set);
			isl_set_free(set);
		}
	}
	if (ok && l == w->d && w->before_bytes < 0)
		w->before_bytes = rl_lc_poly_eval(&w->extra[1][l], s->vals);
	isl_union_set_free(u);
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
			isl_set *set = group_set(w->ctx, w->sh[j], gg, d, &w->arrays);
			if (!set)
				continue;
			p = add_set(p, set);
			pj[j] = add_set(pj[j], set);
			if (gg->writes) {
				pw = add_set(pw, set);
				pjw[j] = add_set(pjw[j], set);
			}
			isl_set_free(set);
		}
	}
	for (int g = 0; g < s->ngroups && p; g++) {
		const lc_group *grp = &s->groups[g];
		isl_set *set = group_set(w->ctx, s, grp, d, &w->arrays);
		if (!set || !inside(set, grp->writes ? pw : p) || isl_set_is_empty(set) != isl_bool_false) {
			isl_set_free(set);
			continue;
		}
		int written = pw && inside(set, pw);
		/* the nearest earlier sibling that writes (else touches) it all, else the
		 * nearest one */
		int producer = -1;
		isl_union_set **by = written ? pjw : pj;
		for (int j = w->n - 1; j >= 0 && producer < 0; j--)
			if (by[j] && inside(set, by[j]))
				producer = j;
		for (int j = w->n - 1; j >= 0 && producer < 0; j--)
			if (pj[j])
				producer = j;
		isl_set_free(set);
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
	for (int l = 0; l <= r->shared; l++)
		if (!level_extra(w, l))
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
	r->extra_arrays = w->extra_arrays;
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
	for (int j = 0; j < w->n; j++)
		free(w->sh[j]);
	if (w->ctx)
		isl_ctx_free(w->ctx);
	free(w);
}
