/* The restart term (see restart.h; docs/model.md, "Streams that restart"). */
#include "model/restart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/tlb.h"

/* Lines of one run of stream S when its runs start at an address jump, else 0: a stride
 * below a line along the innermost loop, and the enclosing loop moving the stream on by more
 * than the run plus a line; or a stride of a page or more (a column walk of rows of at least a
 * page), every access on a new page, where no hardware prefetcher follows: runs of one line. */
static double restart_run_lines(const rl_nest *nest, const rl_access *a, double trip, int line)
{
	int inner = nest->nloops - 1;
	long long si, so;
	if (!rl_access_stride_bytes(nest, a, inner, &si))
		return 0;
	if (llabs(si) >= RL_TLB_PAGE)
		return 1;
	if (!rl_access_stride_bytes(nest, a, inner - 1, &so))
		return 0;
	if (si == 0 || llabs(si) >= line || so == 0)
		return 0;
	double run = trip * (double)llabs(si), jump = (double)so - trip * (double)si;
	if (!(fabs(jump) > line))
		return 0;
	return run / line > 1 ? run / line : 1;
}

void rl_restart_analyse(const rl_nest *nest, const rl_machine *m, const rl_traffic *t,
			rl_restart_term *out)
{
	memset(out, 0, sizeof(*out));
	int last = t->nboundaries - 1;
	if (!(m->mem_restart_cycles > 0) || m->mem_restart_lines <= 0 || nest->nloops < 2 ||
	    last < 0 || last != m->nlevels - 1)
		return;
	double trip = rl_tlb_inner_trip(nest), lines = 0;
	if (!(trip > 0))
		return;
	int line = rl_machine_line_bytes(m);
	for (int s = 0; s < t->nstreams; s++) {
		const rl_stream *st = &t->streams[s];
		if (st->reads == 0)
			continue;
		double n = restart_run_lines(nest, &nest->accesses[st->first_access], trip, line);
		if (!(n > 0))
			continue;
		if (out->nstreams++ == 0)
			out->run_lines = n;
		double share = m->mem_restart_lines / n;
		lines += st->lines_per_unit * (share < 1 ? share : 1);
	}
	/* only lines that come from memory restart there */
	double mem = t->load_lines[last];
	out->lines = lines < mem ? lines : mem;
	out->cycles = out->lines * m->mem_restart_cycles;
}
