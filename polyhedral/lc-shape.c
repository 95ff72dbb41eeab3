/* The nest as polynomials of its size parameters: average trip counts and iterator
 * values, byte strides of every group of references along every loop, constant byte
 * offsets of every reference (see lc-internal.h). */
#include "polyhedral/lc-internal.h"

#include <stdio.h>
#include <string.h>

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
		rl_lc_poly_add_term(out, &t, 1.0);
	}
	for (int k = 0; k < s->L; k++)
		if (a->it[k])
			rl_lc_poly_add(out, &s->mid[k], (double)a->it[k]);
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

/* Row-major byte strides DS of the dimensions of ARR; 0 when an extent depends on a loop */
static int dim_strides(const lc_shape *s, const rl_array *arr, rl_lc_poly *ds, char *why, size_t whylen)
{
	rl_lc_poly_const(&ds[arr->ndims - 1], (double)arr->elem_size);
	for (int d = arr->ndims - 2; d >= 0; d--) {
		if (rl_aff_uses_iters(&arr->extent[d + 1])) {
			snprintf(why, whylen, "array %s has an extent depending on a loop", arr->name);
			return 0;
		}
		rl_lc_poly e;
		aff_poly(s, &arr->extent[d + 1], &e);
		rl_lc_poly_mul(&ds[d], &ds[d + 1], &e);
	}
	return 1;
}

/* GRP, new, for the references with the linear part of ACC: its byte stride along every
 * loop - the raw coefficient per unit of each iterator, then the effect of moving inner
 * loops' lower bounds (tiled loops), innermost first */
static void group_init(const lc_shape *s, lc_group *grp, const rl_access *acc, const rl_array *arr,
		       const rl_lc_poly *ds)
{
	const rl_nest *n = s->nest;
	memset(grp, 0, sizeof(*grp));
	grp->array = acc->array;
	grp->elem = arr->elem_size;
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
		rl_lc_poly_scale(&grp->stride[k], (double)n->loops[k].step);
	}
}

/* Constant part of the byte address of ACC (iterators at 0) */
static void access_offset(const lc_shape *s, const rl_access *acc, const rl_array *arr,
			  const rl_lc_poly *ds, rl_lc_poly *out)
{
	rl_lc_poly_zero(out);
	for (int d = 0; d < arr->ndims; d++) {
		rl_aff c = acc->sub[d];
		memset(c.it, 0, sizeof(c.it));
		rl_lc_poly cp, t;
		aff_poly(s, &c, &cp);
		rl_lc_poly_mul(&t, &cp, &ds[d]);
		rl_lc_poly_add(out, &t, 1.0);
	}
}

static void sort_refs_by_offset(lc_group *grp)
{
	for (int i = 1; i < grp->nrefs; i++)
		for (int j = i; j > 0 && grp->refs[j].off_val < grp->refs[j - 1].off_val; j--) {
			lc_ref x = grp->refs[j];
			grp->refs[j] = grp->refs[j - 1];
			grp->refs[j - 1] = x;
		}
}

/* The groups of uniformly generated references (same array, same linear part), each
 * with its references sorted by offset */
static int shape_groups(lc_shape *s, char *why, size_t whylen)
{
	const rl_nest *n = s->nest;
	for (int a = 0; a < n->naccesses; a++) {
		const rl_access *acc = &n->accesses[a];
		if (acc->array < 0 || acc->array >= n->narrays || n->arrays[acc->array].elem_size <= 0) {
			snprintf(why, whylen, "access %d has no array", a);
			return 0;
		}
		const rl_array *arr = &n->arrays[acc->array];
		rl_lc_poly ds[RL_MAX_DIMS];
		if (!dim_strides(s, arr, ds, why, whylen))
			return 0;
		int g;
		for (g = 0; g < s->ngroups; g++)
			if (s->groups[g].array == acc->array &&
			    same_linear(&n->accesses[s->groups[g].refs[0].access], acc, arr->ndims))
				break;
		lc_group *grp = &s->groups[g];
		if (g == s->ngroups) {
			group_init(s, grp, acc, arr, ds);
			s->ngroups++;
		}
		lc_ref *r = &grp->refs[grp->nrefs++];
		r->access = a;
		access_offset(s, acc, arr, ds, &s->offset[a]);
		r->off_val = pv(s, &s->offset[a]);
		if (acc->is_write)
			grp->writes++;
		else
			grp->reads++;
	}
	for (int g = 0; g < s->ngroups; g++)
		sort_refs_by_offset(&s->groups[g]);
	return 1;
}

int rl_lc_shape_build(lc_shape *s, const rl_nest *nest, const rl_machine *m, char *why, size_t whylen)
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
