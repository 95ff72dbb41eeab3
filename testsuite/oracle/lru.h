/* Oracle: fully associative LRU caches driven by the exact address trace of a
 * concrete rl_nest instance (all parameters known).  Header-only, C11.
 *
 * Each level is an independent LRU stack of CAPACITY lines that sees every access
 * (stack-distance model: a level hits when fewer than CAPACITY distinct lines were
 * touched since the previous use) - the assumption of the layer-condition model.
 * Arrays are placed at 4 KiB-aligned, disjoint base addresses in declaration order.
 * Misses count loads and write-allocates; dirty evictions are counted as well.
 */
#ifndef RL_ORACLE_LRU_H
#define RL_ORACLE_LRU_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "polyhedral/nest.h"

typedef struct or_node {
	uint64_t line;
	int prev, next, hnext;
	int dirty;
} or_node;

typedef struct or_cache {
	long long capacity;      /* lines */
	int nbuckets;
	int *bucket;             /* head node index or -1 */
	or_node *node;           /* capacity nodes */
	int used, head, tail;    /* MRU head, LRU tail */
	long long misses, dirty_evictions, accesses;
} or_cache;

static inline int or_cache_init(or_cache *c, long long capacity)
{
	memset(c, 0, sizeof(*c));
	c->capacity = capacity;
	c->nbuckets = 1;
	while (c->nbuckets < 2 * capacity)
		c->nbuckets <<= 1;
	c->bucket = malloc(sizeof(int) * (size_t)c->nbuckets);
	c->node = malloc(sizeof(or_node) * (size_t)capacity);
	if (!c->bucket || !c->node)
		return 0;
	for (int i = 0; i < c->nbuckets; i++)
		c->bucket[i] = -1;
	c->head = c->tail = -1;
	return 1;
}

static inline void or_cache_free(or_cache *c)
{
	free(c->bucket);
	free(c->node);
}

static inline unsigned or_hash(const or_cache *c, uint64_t line)
{
	return (unsigned)((line * 0x9E3779B97F4A7C15ull) >> 32) & (unsigned)(c->nbuckets - 1);
}

static inline void or_unlink(or_cache *c, int i)
{
	or_node *n = &c->node[i];
	if (n->prev >= 0)
		c->node[n->prev].next = n->next;
	else
		c->head = n->next;
	if (n->next >= 0)
		c->node[n->next].prev = n->prev;
	else
		c->tail = n->prev;
}

static inline void or_push_front(or_cache *c, int i)
{
	c->node[i].prev = -1;
	c->node[i].next = c->head;
	if (c->head >= 0)
		c->node[c->head].prev = i;
	c->head = i;
	if (c->tail < 0)
		c->tail = i;
}

static inline void or_hash_remove(or_cache *c, int i)
{
	unsigned h = or_hash(c, c->node[i].line);
	int *p = &c->bucket[h];
	while (*p != i)
		p = &c->node[*p].hnext;
	*p = c->node[i].hnext;
}

/* one access to LINE; returns 1 on a hit */
static inline int or_cache_access(or_cache *c, uint64_t line, int write)
{
	c->accesses++;
	unsigned h = or_hash(c, line);
	for (int i = c->bucket[h]; i >= 0; i = c->node[i].hnext)
		if (c->node[i].line == line) {
			or_unlink(c, i);
			or_push_front(c, i);
			c->node[i].dirty |= write;
			return 1;
		}
	c->misses++;
	int i;
	if (c->used < c->capacity)
		i = c->used++;
	else {
		i = c->tail;
		if (c->node[i].dirty)
			c->dirty_evictions++;
		or_unlink(c, i);
		or_hash_remove(c, i);
	}
	c->node[i].line = line;
	c->node[i].dirty = write;
	c->node[i].hnext = c->bucket[h];
	c->bucket[h] = i;
	or_push_front(c, i);
	return 0;
}

typedef struct or_result {
	long long iterations;
	int nlevels;
	long long misses[4];
	long long dirty_evictions[4];
} or_result;

typedef struct or_walk {
	const rl_nest *n;
	or_cache *caches;
	int nlevels, line;
	uint64_t base[RL_MAX_ARRAYS];
	long long dimstride[RL_MAX_ARRAYS][RL_MAX_DIMS];
	long long it[RL_MAX_LOOPS];
	long long iterations;
} or_walk;

static inline void or_body(or_walk *w)
{
	const rl_nest *n = w->n;
	w->iterations++;
	for (int a = 0; a < n->naccesses; a++) {
		const rl_access *acc = &n->accesses[a];
		const rl_array *arr = &n->arrays[acc->array];
		long long off = 0;
		for (int d = 0; d < arr->ndims; d++) {
			long long v = 0;
			rl_aff_eval(n, &acc->sub[d], w->it, &v);
			off += v * w->dimstride[acc->array][d];
		}
		uint64_t addr = w->base[acc->array] + (uint64_t)(off * arr->elem_size);
		for (int l = 0; l < w->nlevels; l++)
			or_cache_access(&w->caches[l], addr / (uint64_t)w->line, acc->is_write);
	}
}

static inline void or_loop(or_walk *w, int k)
{
	if (k == w->n->nloops) {
		or_body(w);
		return;
	}
	const rl_loop *l = &w->n->loops[k];
	long long lo = 0, up = 0;
	rl_aff_eval(w->n, &l->lower, w->it, &lo);
	rl_aff_eval(w->n, &l->upper, w->it, &up);
	if (l->step > 0)
		for (w->it[k] = lo; w->it[k] < up; w->it[k] += l->step)
			or_loop(w, k + 1);
	else
		for (w->it[k] = lo; w->it[k] > up; w->it[k] += l->step)
			or_loop(w, k + 1);
}

/* Simulate NEST once (cold caches) with NLEVELS levels of CAPACITY[l] lines of
 * LINE bytes.  0 when memory runs out or a value is unknown. */
static inline int or_simulate(const rl_nest *n, int nlevels, const long long *capacity, int line,
			      or_result *res)
{
	or_walk w;
	memset(&w, 0, sizeof(w));
	memset(res, 0, sizeof(*res));
	w.n = n;
	w.nlevels = nlevels;
	w.line = line;
	or_cache caches[4];
	w.caches = caches;
	uint64_t next = 1ull << 20;
	for (int a = 0; a < n->narrays; a++) {
		const rl_array *arr = &n->arrays[a];
		long long size = arr->elem_size;
		for (int d = arr->ndims - 1; d >= 0; d--) {
			long long e = 1;
			if (d > 0 || arr->has_extent0)
				if (!rl_aff_eval(n, &arr->extent[d], NULL, &e))
					return 0;
			w.dimstride[a][d] = size / arr->elem_size;
			size *= e;
		}
		w.base[a] = next;
		next += ((uint64_t)size + 4096 + 4095) & ~4095ull;
	}
	for (int l = 0; l < nlevels; l++)
		if (!or_cache_init(&caches[l], capacity[l])) {
			for (int j = 0; j <= l; j++)
				or_cache_free(&caches[j]);
			return 0;
		}
	or_loop(&w, 0);
	res->iterations = w.iterations;
	res->nlevels = nlevels;
	for (int l = 0; l < nlevels; l++) {
		res->misses[l] = caches[l].misses;
		res->dirty_evictions[l] = caches[l].dirty_evictions;
		or_cache_free(&caches[l]);
	}
	return 1;
}

#endif
