/* First data-traffic model: one cache line per stream and unit of work at every
 * boundary (see traffic.h). */
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

int rl_traffic_first(const rl_nest *nest, const rl_machine *m, rl_traffic *out,
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

	out->nboundaries = m->nlevels;
	for (int b = 0; b < m->nlevels; b++) {
		int write_allocate = m->levels[b].write_allocate;
		for (int s = 0; s < out->nstreams; s++) {
			const rl_stream *st = &out->streams[s];
			if (st->reads)
				out->load_lines[b] += st->lines_per_unit;
			else if (write_allocate)
				out->wa_lines[b] += st->lines_per_unit;
			if (st->writes)
				out->evict_lines[b] += st->lines_per_unit;
		}
	}
	return 1;
}
