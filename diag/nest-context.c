/* Sentences about what surrounds a modelled loop nest (see nest-context.h). */
#include "diag/nest-context.h"

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
