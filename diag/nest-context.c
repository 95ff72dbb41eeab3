/* Sentences about what surrounds a modelled loop nest (see nest-context.h). */
#include "diag/nest-context.h"
#include "diag/format.h"

#include <stdio.h>
#include <string.h>

/* Each innermost loop of an imperfect nest is modelled with the loops enclosing
 * it and its own accesses; data that a sibling loop leaves in a cache (gemm's
 * C *= beta before the k loop, the two sweeps of jacobi-2d) is not credited. */
void rl_diag_sibling_note(int branch_line, int nsiblings, char *buf, size_t len)
{
	snprintf(buf, len,
		 "roofline: one of %d loops inside the loop at line %d: no reuse between "
		 "them is modelled; this loop's data traffic is computed as if it ran "
		 "alone inside the enclosing loops",
		 nsiblings, branch_line);
}

/* The reuse of data an earlier sibling touched in the same iteration (appended to BUF) */
static void sibling_reuse_text(const rl_lc_siblings *sib, const rl_lc_report *lc,
			       char *buf, size_t len)
{
	size_t used = strlen(buf);
	char bytes[32];
	rl_format_size(sib->between_bytes, bytes, sizeof(bytes));
	char more[64] = "";
	if (sib->nreuse > 1)
		snprintf(more, sizeof(more), " (as %d more group%s of references)",
			 sib->nreuse - 1, sib->nreuse > 2 ? "s" : "");
	const char *how = sib->written ? "written" : "read";
	if (sib->level >= 0 && sib->level < lc->nlevels)
		snprintf(buf + used, len - used,
			 "; %s %s by the loop at line %d is used here from %s%s: its first touch "
			 "in each iteration hits there (data touched between the two uses: %s)",
			 sib->array, how, sib->producer_line,
			 lc->levels[sib->level].name, more, bytes);
	else if (sib->level == -1)
		snprintf(buf + used, len - used,
			 "; %s %s by the loop at line %d is loaded again here%s: the data touched "
			 "between the two uses (%s) fits no cache",
			 sib->array, how, sib->producer_line, more, bytes);
	else
		snprintf(buf + used, len - used,
			 "; %s %s by the loop at line %d is loaded again here%s: whether the data "
			 "between the two uses fits a cache depends on sizes not known",
			 sib->array, how, sib->producer_line, more);
}

void rl_diag_sibling_reuse_note(const rl_lc_report *lc, int branch_line, int nsiblings,
				char *buf, size_t len)
{
	const rl_lc_siblings *sib = &lc->sib;
	if (!sib->nsiblings) {
		snprintf(buf, len,
			 "roofline: one of %d loops inside the loop at line %d: the others are not "
			 "modelled, no reuse with them is assumed; this loop's data traffic is "
			 "computed as if it ran alone inside the enclosing loops",
			 nsiblings, branch_line);
		return;
	}
	if (!sib->modelled) {
		snprintf(buf, len,
			 "roofline: one of %d loops inside the loop at line %d: no reuse between "
			 "them is modelled (%s); this loop's data traffic is computed as if it ran "
			 "alone inside the enclosing loops",
			 nsiblings, branch_line, sib->why);
		return;
	}
	char extra[32];
	rl_format_size(sib->extra_bytes, extra, sizeof(extra));
	if (!sib->counted)
		snprintf(buf, len,
			 "roofline: one of %d loops inside the loop at line %d: this loop reuses "
			 "nothing across the iterations of the loops around, so the data of the "
			 "others does not change its traffic",
			 nsiblings, branch_line);
	else if (sib->extra_bytes > 0)
		snprintf(buf, len,
			 "roofline: one of %d loops inside the loop at line %d: the layer conditions "
			 "of the loops around count the data of all of them per iteration (union "
			 "of their accesses: the others add %s not touched here)",
			 nsiblings, branch_line, extra);
	else
		snprintf(buf, len,
			 "roofline: one of %d loops inside the loop at line %d: the layer conditions "
			 "of the loops around count the data of all of them per iteration (union "
			 "of their accesses: the others touch nothing this loop does not)",
			 nsiblings, branch_line);
	if (sib->nreuse)
		sibling_reuse_text(sib, lc, buf, len);
}

void rl_diag_unknown_outer_note(int line, const char *reason, int ndropped,
				char *buf, size_t len)
{
	char around[64] = "";
	if (ndropped == 2)
		snprintf(around, sizeof(around), " (nor the loop around it)");
	else if (ndropped > 2)
		snprintf(around, sizeof(around), " (nor the %d loops around it)", ndropped - 1);
	snprintf(buf, len,
		 "roofline: the loop at line %d around this nest (%s) is repeated an "
		 "unknown number of times: it is not part of the model%s, the prediction "
		 "is for the nest inside it",
		 line, reason && reason[0] ? reason : "not modelled", around);
}

/* A timer or a print in the body of a repetition loop around the nest: the
 * nest inside is modelled without the statements around it. */
void rl_diag_outside_statements_note(int line, const char *reason, char *buf, size_t len)
{
	snprintf(buf, len,
		 "roofline: the statements of the loop at line %d outside its inner loops "
		 "are not part of the model (%s)",
		 line, reason && reason[0] ? reason : "not modelled");
}

/* GCC turns copy and zeroing loops into library calls; the model treats the
 * call as the loop it replaces, with the vector loads and stores glibc's AVX2
 * routines use for large blocks.  The non-temporal stores glibc switches to
 * for blocks larger than about the shared cache are not modelled. */
void rl_diag_block_move_note(const char *function, int bytes, char *buf, size_t len)
{
	snprintf(buf, len,
		 "roofline: call to %s modelled as a loop over its block: one %d-byte "
		 "load and/or store per %d bytes (the library's vector code); "
		 "non-temporal stores for very large blocks are not modelled",
		 function, bytes, bytes);
}

void rl_diag_omp_static_note(int threads, int from_option, char *buf, size_t len)
{
	snprintf(buf, len,
		 "roofline: OpenMP worksharing loop (static schedule) over the original "
		 "iteration space; each of %d threads (%s) runs one contiguous block of "
		 "1/%d of the parallel loop's iterations: the ECM figures are those of one core, the "
		 "multicore scaling shares the memory bandwidth among the threads",
		 threads, from_option ? "cores=" : "the machine's cores, without cores=",
		 threads);
}
