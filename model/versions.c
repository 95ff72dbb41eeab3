/* versions.c - the run-time alias check of a versioned loop, decided from the nest
 * where the nest decides it (model/versions.h). */
#include "model/versions.h"

#include <string.h>

static void aff_add_scaled(rl_aff *a, const rl_aff *b, long long c)
{
	for (int k = 0; k < RL_MAX_LOOPS; k++)
		a->it[k] += c * b->it[k];
	for (int p = 0; p < RL_MAX_PARAMS; p++)
		a->par[p] += c * b->par[p];
	a->cst += c * b->cst;
}

static int aff_is_const(const rl_aff *a)
{
	for (int p = 0; p < RL_MAX_PARAMS; p++)
		if (a->par[p])
			return 0;
	return !rl_aff_uses_iters(a);
}

/* First and last value of loop L's iterator (affine in outer iterators). */
static void loop_range(const rl_loop *l, rl_aff *first, rl_aff *last)
{
	*first = l->step > 0 ? l->lower : l->upper;
	*last = l->step > 0 ? l->upper : l->lower;
	if (l->step > 0)
		last->cst -= 1;
	else
		first->cst += 1;
}

/* *OUT = the smallest value of E over the enclosing loops' domain (each iterator
 * replaced by its first or last value by the sign of its coefficient, innermost
 * first); 0 when that leaves an iterator. */
static int aff_min(const rl_nest *nest, const rl_aff *e, rl_aff *out)
{
	*out = *e;
	for (int t = nest->nloops - 1; t >= 0; t--) {
		long long c = out->it[t];
		if (!c)
			continue;
		rl_aff first, last;
		loop_range(&nest->loops[t], &first, &last);
		out->it[t] = 0;
		aff_add_scaled(out, c > 0 ? &first : &last, c);
	}
	return !rl_aff_uses_iters(out);
}

/* MIN (the smallest value of an expression, free of iterators) is >= 0: a constant
 * >= 0, or c >= 0 times the innermost loop's extent (last - first value, >= 0 when
 * the loop runs, e.g. n - 1) plus a constant >= 0. */
static int nonnegative(const rl_nest *nest, const rl_aff *min)
{
	if (aff_is_const(min))
		return min->cst >= 0;
	rl_aff first, last, ext;
	loop_range(&nest->loops[nest->nloops - 1], &first, &last);
	ext = last;
	aff_add_scaled(&ext, &first, -1);
	if (!aff_min(nest, &ext, &ext))
		return 0;
	for (int p = 0; p < RL_MAX_PARAMS; p++) {
		if (!ext.par[p])
			continue;
		if (min->par[p] % ext.par[p] || min->par[p] / ext.par[p] < 0)
			return 0;
		rl_aff rest = *min;
		aff_add_scaled(&rest, &ext, -(min->par[p] / ext.par[p]));
		return aff_is_const(&rest) && rest.cst >= 0;
	}
	return 0;
}

/* E >= 0 in every iteration (1), E < 0 in every iteration (-1), or either (0). */
static int sign_over_domain(const rl_nest *nest, const rl_aff *e)
{
	rl_aff lo, neg = { { 0 }, { 0 }, 0 }, hi;
	aff_add_scaled(&neg, e, -1);
	if (aff_min(nest, e, &lo) && nonnegative(nest, &lo))
		return 1;
	if (aff_min(nest, &neg, &hi) && aff_is_const(&hi) && hi.cst > 0)
		return -1;
	return 0;
}

/* The segment [*LO, *HI] of subscript S over the innermost loop. */
static void segment(const rl_nest *nest, const rl_aff *s, rl_aff *lo, rl_aff *hi)
{
	int q = nest->nloops - 1;
	rl_aff first, last;
	loop_range(&nest->loops[q], &first, &last);
	long long c = s->it[q];
	*lo = *s;
	*hi = *s;
	lo->it[q] = hi->it[q] = 0;
	aff_add_scaled(lo, c >= 0 ? &first : &last, c);
	aff_add_scaled(hi, c >= 0 ? &last : &first, c);
}

/* Outcome for references W (stored) and X of one array; *WHEN for SOMETIMES. */
static rl_alias_outcome same_array_pair(const rl_nest *nest, const rl_access *w,
					const rl_access *x, rl_aff *when)
{
	const rl_array *arr = &nest->arrays[w->array];
	int d = arr->ndims - 1, q = nest->nloops - 1, rows_vary = 0;
	for (int k = 0; k < d; k++) {
		rl_aff diff = x->sub[k];
		aff_add_scaled(&diff, &w->sub[k], -1);
		if (diff.it[q])
			return RL_ALIAS_RUNTIME;
		if (aff_is_const(&diff) && diff.cst)
			return RL_ALIAS_NEVER;
		if (!aff_is_const(&diff) && !rows_vary) {
			rows_vary = 1;
			*when = diff;
		}
	}
	rl_aff wl, wh, xl, xh;
	segment(nest, &w->sub[d], &wl, &wh);
	segment(nest, &x->sub[d], &xl, &xh);
	aff_add_scaled(&wh, &xl, -1);   /* W's last >= X's first */
	aff_add_scaled(&xh, &wl, -1);   /* X's last >= W's first */
	int a = sign_over_domain(nest, &wh), b = sign_over_domain(nest, &xh);
	if (a < 0 || b < 0)
		return RL_ALIAS_NEVER;
	if (a > 0 && b > 0)
		return rows_vary ? RL_ALIAS_SOMETIMES : RL_ALIAS_ALWAYS;
	return RL_ALIAS_RUNTIME;
}

/* The pair needs no run-time test: the same reference, or one array at a
 * constant distance (GCC decides its dependence when compiling). */
static int decided_at_compile_time(const rl_nest *nest, const rl_access *w, const rl_access *x)
{
	if (w->array != x->array)
		return 0;
	int d = nest->arrays[w->array].ndims;
	for (int k = 0; k < d && k < RL_MAX_DIMS; k++) {
		rl_aff diff = x->sub[k];
		aff_add_scaled(&diff, &w->sub[k], -1);
		if (!aff_is_const(&diff))
			return 0;
	}
	return 1;
}

void rl_versions_alias_check(const rl_nest *nest, rl_alias_check *out)
{
	memset(out, 0, sizeof *out);
	out->outcome = RL_ALIAS_NO_PAIR;
	out->store = out->other = -1;
	if (!nest || nest->nloops < 1)
		return;
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *w = &nest->accesses[a];
		if (!w->is_write || w->array < 0 || w->array >= nest->narrays)
			continue;
		for (int b = 0; b < nest->naccesses; b++) {
			const rl_access *x = &nest->accesses[b];
			if (b == a || x->array < 0 || x->array >= nest->narrays ||
			    (x->is_write && b < a) || decided_at_compile_time(nest, w, x))
				continue;
			rl_aff when = { { 0 }, { 0 }, 0 };
			rl_alias_outcome o = w->array != x->array
				? RL_ALIAS_RUNTIME : same_array_pair(nest, w, x, &when);
			if (o > out->outcome) {
				out->outcome = o;
				out->store = a;
				out->other = b;
				out->when = when;
			}
		}
	}
}
