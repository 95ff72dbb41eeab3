/* The stream model of the data traffic (one cache line per stream and unit of work at
 * every boundary) and the rule of what crosses each boundary (see traffic.h). */
#include "polyhedral/traffic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int innermost(const rl_nest *nest)
{
	return nest->nloops - 1;
}

/* The unit of work is one cache line of the widest element accessed. */
static int unit_elem_size(const rl_nest *nest)
{
	int size = 0;
	for (int a = 0; a < nest->naccesses; a++) {
		int s = nest->arrays[nest->accesses[a].array].elem_size;
		if (s > size)
			size = s;
	}
	return size;
}

/* Cache lines access A touches per unit of work: stride-scaled, one line per
 * iteration when the stride is unknown or at least a line. */
static double lines_per_unit(const rl_nest *nest, const rl_access *a, int line, int iters)
{
	long long stride;
	if (!rl_access_stride_bytes(nest, a, innermost(nest), &stride))
		return iters;
	if (stride < 0)
		stride = -stride;
	if (stride >= line)
		return iters;
	return (double)stride * iters / line;
}

/* Stream of access A: an existing stream of the same array at a known distance
 * below RL_STREAM_MERGE_BYTES, else a new one.  -1 when the table is full. */
static int find_or_add_stream(const rl_nest *nest, rl_traffic *t, int a)
{
	const rl_access *acc = &nest->accesses[a];
	for (int s = 0; s < t->nstreams; s++) {
		const rl_access *rep = &nest->accesses[t->streams[s].first_access];
		long long dist;
		if (rep->array == acc->array && rl_access_distance_bytes(nest, rep, acc, &dist) &&
		    llabs(dist) < RL_STREAM_MERGE_BYTES)
			return s;
	}
	if (t->nstreams == RL_MAX_STREAMS)
		return -1;
	rl_stream *st = &t->streams[t->nstreams];
	memset(st, 0, sizeof(*st));
	st->array = acc->array;
	st->first_access = a;
	return t->nstreams++;
}

void rl_traffic_add_stream(rl_traffic *t, const rl_machine *m, int nontemporal,
			   const rl_stream_lines *s)
{
	int write_only = s->writes && !s->reads;
	for (int b = 0; b < m->nlevels && b < RL_MAX_LEVELS; b++) {
		if (write_only && nontemporal) {
			if (b == m->nlevels - 1) {
				t->evict_lines[b] += s->stored;
				t->nt_lines[b] += s->stored;
			}
			continue;
		}
		int victim_next = b + 1 < m->nlevels && m->levels[b + 1].victim;
		if (!write_only)
			t->load_lines[b] += s->missed[b];
		else if (m->levels[b].write_allocate)
			t->wa_lines[b] += s->missed[b];
		if (s->writes || victim_next)
			t->evict_lines[b] += s->missed[b];
	}
}

int rl_traffic_find_streams(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
			    char *why, size_t whylen)
{
	memset(out, 0, sizeof(*out));
	if (nest->naccesses == 0 || nest->nloops == 0) {
		snprintf(why, whylen, "no memory access in the nest");
		return 0;
	}
	int line = rl_machine_line_bytes(m);
	out->elem_size = unit_elem_size(nest);
	out->iters_per_unit = out->elem_size ? line / out->elem_size : 1;
	if (out->iters_per_unit < 1)
		out->iters_per_unit = 1;

	for (int a = 0; a < nest->naccesses; a++) {
		int s = find_or_add_stream(nest, out, a);
		if (s < 0) {
			snprintf(why, whylen, "more than %d access streams", RL_MAX_STREAMS);
			return 0;
		}
		rl_stream *st = &out->streams[s];
		double lines = lines_per_unit(nest, &nest->accesses[a], line, out->iters_per_unit);
		if (lines > st->lines_per_unit)
			st->lines_per_unit = lines;
		if (nest->accesses[a].is_write)
			st->writes++;
		else
			st->reads++;
	}
	return 1;
}

int rl_traffic_streams(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
		       char *why, size_t whylen)
{
	if (!rl_traffic_find_streams(nest, m, out, why, whylen))
		return 0;
	out->nboundaries = m->nlevels;
	for (int s = 0; s < out->nstreams; s++) {
		const rl_stream *st = &out->streams[s];
		rl_stream_lines sl = { .reads = st->reads, .writes = st->writes,
				       .stored = st->lines_per_unit };
		for (int b = 0; b < m->nlevels && b < RL_MAX_LEVELS; b++)
			sl.missed[b] = st->lines_per_unit;
		rl_traffic_add_stream(out, m, nest->nontemporal_stores, &sl);
	}
	return 1;
}
