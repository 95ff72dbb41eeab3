/* Tiny text form of an rl_nest for the unit tests, the oracle and bench/lc-speed.
 *
 *   "param n 500; loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n;
 *    W b i0 i1; R a i0 i1-1; R a i0 i1+1; R a i0-1 i1; R a i0+1 i1"
 *
 * param NAME VALUE|?   loop LOWER UPPER [STEP]   array NAME ELEMSIZE EXT0 EXT1 ...
 * R|W ARRAY SUB0 SUB1 ...   nt (non-temporal stores)
 * Affine expressions have no spaces: terms [INT*]NAME or INT joined by + and -,
 * NAME an iterator i0..i7 or a parameter.  Header-only (static functions).
 */
#ifndef RL_NESTSPEC_H
#define RL_NESTSPEC_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polyhedral/nest.h"

static inline int ns_aff(rl_nest *n, const char *s, rl_aff *a)
{
	memset(a, 0, sizeof(*a));
	const char *p = s;
	while (*p) {
		int sign = 1;
		if (*p == '+' || *p == '-') {
			sign = *p == '-' ? -1 : 1;
			p++;
		}
		long long c = 1;
		int have_num = 0;
		if (isdigit((unsigned char)*p)) {
			c = strtoll(p, (char **)&p, 10);
			have_num = 1;
			if (*p == '*')
				p++;
			else {
				a->cst += sign * c;
				continue;
			}
		}
		char name[RL_NAME_MAX];
		int len = 0;
		while ((isalnum((unsigned char)*p) || *p == '_') && len < RL_NAME_MAX - 1)
			name[len++] = *p++;
		name[len] = '\0';
		if (!len)
			return 0;
		(void)have_num;
		if (name[0] == 'i' && isdigit((unsigned char)name[1]) && !name[2])
			a->it[name[1] - '0'] += sign * c;
		else {
			int q = rl_nest_param_index(n, name);
			if (q < 0)
				return 0;
			a->par[q] += sign * c;
		}
	}
	return 1;
}

static inline rl_nest *ns_parse(const char *spec)
{
	rl_nest *n = rl_nest_alloc();
	if (!n)
		return NULL;
	n->vector_factor = 1;
	char *copy = strdup(spec), *save = NULL;
	for (char *stmt = strtok_r(copy, ";", &save); stmt; stmt = strtok_r(NULL, ";", &save)) {
		char *tok[16], *s2 = NULL;
		int nt = 0;
		for (char *t = strtok_r(stmt, " \t\n", &s2); t && nt < 16; t = strtok_r(NULL, " \t\n", &s2))
			tok[nt++] = t;
		if (!nt)
			continue;
		int ok = 1;
		if (!strcmp(tok[0], "param") && nt == 3) {
			int q = rl_nest_param_index(n, tok[1]);
			ok = q >= 0;
			if (ok && strcmp(tok[2], "?")) {
				n->params[q].has_value = 1;
				n->params[q].value = atoll(tok[2]);
			}
		} else if (!strcmp(tok[0], "loop") && (nt == 3 || nt == 4)) {
			rl_loop *l = &n->loops[n->nloops++];
			ok = ns_aff(n, tok[1], &l->lower) && ns_aff(n, tok[2], &l->upper);
			l->step = nt == 4 ? atoll(tok[3]) : 1;
		} else if (!strcmp(tok[0], "array") && nt >= 4) {
			rl_array *a = &n->arrays[n->narrays++];
			snprintf(a->name, sizeof(a->name), "%s", tok[1]);
			a->elem_size = atoi(tok[2]);
			a->kind = a->elem_size == 4 ? RL_ELEM_FLOAT : RL_ELEM_DOUBLE;
			a->ndims = nt - 3;
			a->has_extent0 = 1;
			for (int d = 0; d < a->ndims && ok; d++)
				ok = ns_aff(n, tok[3 + d], &a->extent[d]);
		} else if ((!strcmp(tok[0], "R") || !strcmp(tok[0], "W")) && nt >= 3) {
			rl_access *acc = &n->accesses[n->naccesses++];
			acc->is_write = tok[0][0] == 'W';
			acc->array = -1;
			for (int a = 0; a < n->narrays; a++)
				if (!strcmp(n->arrays[a].name, tok[1]))
					acc->array = a;
			ok = acc->array >= 0 && nt - 2 == n->arrays[acc->array].ndims;
			for (int d = 0; ok && d < nt - 2; d++)
				ok = ns_aff(n, tok[2 + d], &acc->sub[d]);
		} else if (!strcmp(tok[0], "nt")) {
			n->nontemporal_stores = 1;
		} else
			ok = 0;
		if (!ok) {
			fprintf(stderr, "nestspec: bad statement '%s'\n", tok[0]);
			free(copy);
			rl_nest_free(n);
			return NULL;
		}
	}
	free(copy);
	return n;
}

/* set parameter NAME to VALUE (adds it) */
static inline void ns_set(rl_nest *n, const char *name, long long value)
{
	int q = rl_nest_param_index(n, name);
	if (q >= 0) {
		n->params[q].has_value = 1;
		n->params[q].value = value;
	}
}

#endif
