/* Column walk: the cost of an access whose stride crosses a page, with 4 KiB and 2 MiB pages.
 *
 *   for (j = 0; j < 8; j++) for (i = 0; i < rows; i++) s[k] += a[i * stride + j]
 *
 * Every access of the inner loop is on its own page when STRIDE x 8 B >= the page size; the 8
 * columns share each line, so after the first column the lines come from the cache that holds
 * ROWS lines - the line count alone predicts L1/L2 hits, the TLB decides the rest.  Eight
 * independent accumulators (k = i % 8) keep the FP add latency out.  Core cycles come from a
 * dependent chain of register adds (1 cy each), not the TSC.  The walk and its timing are
 * machines/bench/column-walk.h, shared with roofline-bench's TLB step.
 *
 *   gcc -O2 -fno-tree-vectorize -o column-walk bench/tlb/column-walk.c
 *   ./column-walk [STRIDE_BYTES]      # prints rows, pages, cy/access for 4 KiB and 2 MiB pages
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "../incore/clock.h"   /* core clock: the add chain of the in-core benchmarks */
#include "../../machines/bench/column-walk.h"   /* the walk, shared with roofline-bench */

static double clock_ghz(void)
{
	return clock_ghz_of(3000);
}

int main(int argc, char **argv)
{
	long stride_b = argc > 1 ? atol(argv[1]) : 8192;
	double ghz = clock_ghz();
	printf("# column walk, stride %ld B, clock %.3f GHz (add chain)\n", stride_b, ghz);
	printf("# rows  pages  cy/access(4KiB)  cy/access(2MiB)\n");
	static const long rows_list[] = { 16, 32, 48, 64, 96, 128, 256, 512, 1024, 1536, 2048,
					  3072, 4096, 8192, 16384, 32768 };
	for (size_t k = 0; k < sizeof rows_list / sizeof rows_list[0]; k++) {
		long rows = rows_list[k];
		double cy[2];
		for (int huge = 0; huge < 2; huge++) {
			rlb_colwalk_buf b;
			if (rlb_colwalk_map(&b, rows, stride_b, huge))
				return 1;
			/* ~1-2 ms per timed repetition, the best of 300: the undisturbed slices */
			cy[huge] = rlb_colwalk_cycles(b.a, rows, stride_b, 500000, 300, ghz);
			rlb_colwalk_unmap(&b);
		}
		printf("%6ld %6ld %10.2f %16.2f\n", rows, rows * stride_b / 4096, cy[0], cy[1]);
	}
	return 0;
}
