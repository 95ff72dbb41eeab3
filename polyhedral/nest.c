/* rl_nest: allocation and small affine helpers (see nest.h). */
#include "polyhedral/nest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

rl_nest *rl_nest_alloc(void)
{
	return calloc(1, sizeof(rl_nest));
}

void rl_nest_free(rl_nest *nest)
{
	free(nest);
}

int rl_nest_param_index(rl_nest *nest, const char *name)
{
	for (int p = 0; p < nest->nparams; p++)
		if (strcmp(nest->params[p].name, name) == 0)
			return p;
	if (nest->nparams == RL_MAX_PARAMS)
		return -1;
	rl_param *param = &nest->params[nest->nparams];
	memset(param, 0, sizeof(*param));
	snprintf(param->name, sizeof(param->name), "%s", name);
	return nest->nparams++;
}

int rl_aff_eval(const rl_nest *nest, const rl_aff *aff, const long long *it, long long *out)
{
	long long v = aff->cst;
	for (int p = 0; p < RL_MAX_PARAMS; p++) {
		if (!aff->par[p])
			continue;
		if (p >= nest->nparams || !nest->params[p].has_value)
			return 0;
		v += aff->par[p] * nest->params[p].value;
	}
	for (int k = 0; k < RL_MAX_LOOPS; k++)
		if (aff->it[k] && it)
			v += aff->it[k] * it[k];
	*out = v;
	return 1;
}

int rl_aff_uses_iters(const rl_aff *aff)
{
	for (int k = 0; k < RL_MAX_LOOPS; k++)
		if (aff->it[k])
			return 1;
	return 0;
}

static void append_term(char *buf, size_t len, long long coeff, const char *name)
{
	size_t used = strlen(buf);
	if (used >= len)
		return;
	const char *sign = coeff < 0 ? " - " : (used ? " + " : "");
	long long mag = coeff < 0 ? -coeff : coeff;
	if (!used && coeff < 0)
		sign = "-";
	if (name && mag == 1)
		snprintf(buf + used, len - used, "%s%s", sign, name);
	else if (name)
		snprintf(buf + used, len - used, "%s%lld*%s", sign, mag, name);
	else
		snprintf(buf + used, len - used, "%s%lld", sign, mag);
}

void rl_aff_print(const rl_nest *nest, const rl_aff *aff, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	for (int p = 0; p < RL_MAX_PARAMS; p++)
		if (aff->par[p])
			append_term(buf, len, aff->par[p],
				    p < nest->nparams ? nest->params[p].name : "?");
	for (int k = 0; k < RL_MAX_LOOPS; k++) {
		if (!aff->it[k])
			continue;
		char name[16];
		snprintf(name, sizeof(name), "i%d", k);
		append_term(buf, len, aff->it[k], name);
	}
	if (aff->cst || !buf[0])
		append_term(buf, len, aff->cst, NULL);
}

/* Number of elements spanned by one step of dimension D (product of the inner
 * extents); 0 when an extent has no known value. */
static int dim_stride_elems(const rl_nest *nest, const rl_array *arr, int d, long long *out)
{
	long long s = 1;
	for (int e = d + 1; e < arr->ndims; e++) {
		long long ext;
		if (!rl_aff_eval(nest, &arr->extent[e], NULL, &ext))
			return 0;
		s *= ext;
	}
	*out = s;
	return 1;
}

int rl_access_distance_bytes(const rl_nest *nest, const rl_access *a, const rl_access *b,
			     long long *out)
{
	if (a->array != b->array)
		return 0;
	const rl_array *arr = &nest->arrays[a->array];
	long long elems = 0;
	for (int d = 0; d < arr->ndims; d++) {
		rl_aff delta = b->sub[d];
		for (int k = 0; k < RL_MAX_LOOPS; k++)
			delta.it[k] -= a->sub[d].it[k];
		for (int p = 0; p < RL_MAX_PARAMS; p++)
			delta.par[p] -= a->sub[d].par[p];
		delta.cst -= a->sub[d].cst;
		for (int k = 0; k < RL_MAX_LOOPS; k++)
			if (delta.it[k])
				return 0;
		long long dv, stride;
		if (!rl_aff_eval(nest, &delta, NULL, &dv))
			return 0;
		if (dv == 0)
			continue;
		if (!dim_stride_elems(nest, arr, d, &stride))
			return 0;
		elems += dv * stride;
	}
	*out = elems * arr->elem_size;
	return 1;
}

int rl_access_stride_bytes(const rl_nest *nest, const rl_access *a, int k, long long *out)
{
	const rl_array *arr = &nest->arrays[a->array];
	long long elems = 0;
	for (int d = 0; d < arr->ndims; d++) {
		long long c = a->sub[d].it[k], stride;
		if (!c)
			continue;
		if (!dim_stride_elems(nest, arr, d, &stride))
			return 0;
		elems += c * stride;
	}
	long long step = nest->loops[k].step ? nest->loops[k].step : 1;
	*out = elems * step * arr->elem_size;
	return 1;
}

/* Number of outermost loops A and B have in common (the same source loops) */
static int shared_loops(const rl_nest *a, const rl_nest *b)
{
	int k = 0;
	while (k < a->nloops && k < b->nloops && a->loops[k].gcc_loop_num >= 0
	       && a->loops[k].gcc_loop_num == b->loops[k].gcc_loop_num)
		k++;
	/* an innermost loop is never shared: the same leaf twice is no sibling */
	return k < a->nloops && k < b->nloops ? k : 0;
}

static int same_place(const rl_nest *a, const rl_nest *b)
{
	return a->line == b->line && a->column == b->column && !strcmp(a->file, b->file);
}

/* The candidate J of NEST among NESTS is better than candidate K: deeper shared loops,
 * then nearer in source order to position I */
static int nearer(rl_nest **nests, int i, int j, int k)
{
	int sj = shared_loops(nests[i], nests[j]), sk = shared_loops(nests[i], nests[k]);
	if (sj != sk)
		return sj > sk;
	return abs(j - i) < abs(k - i);
}

static void link_one(rl_nest **nests, int n, int i)
{
	rl_nest *me = nests[i];
	int pick[RL_MAX_SIBLINGS], npick = 0;
	me->nsiblings = 0;
	for (int j = 0; j < n; j++) {
		if (j == i || !nests[j] || !shared_loops(me, nests[j]) || same_place(me, nests[j]))
			continue;
		int dup = 0;
		for (int k = 0; k < npick && !dup; k++)
			dup = same_place(nests[pick[k]], nests[j]);
		if (dup)
			continue;
		if (npick < RL_MAX_SIBLINGS) {
			pick[npick++] = j;
			continue;
		}
		int worst = 0;
		for (int k = 1; k < npick; k++)
			if (nearer(nests, i, pick[worst], pick[k]))
				worst = k;
		if (nearer(nests, i, j, pick[worst]))
			pick[worst] = j;
	}
	/* source order */
	for (int a = 1; a < npick; a++)
		for (int b = a; b > 0 && pick[b] < pick[b - 1]; b--) {
			int t = pick[b];
			pick[b] = pick[b - 1];
			pick[b - 1] = t;
		}
	for (int k = 0; k < npick; k++) {
		rl_sibling *s = &me->siblings[me->nsiblings++];
		s->nest = nests[pick[k]];
		s->shared = shared_loops(me, nests[pick[k]]);
		s->before = pick[k] < i;
	}
}

void rl_nest_link_siblings(rl_nest **nests, int n)
{
	for (int i = 0; i < n; i++)
		if (nests[i])
			link_one(nests, n, i);
}
