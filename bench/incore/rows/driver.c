/* rows driver: cycles per row of the kernels in kernel.c against the row's interior length
 * (t = n - 2 points), data in L1 (rows x n doubles x 2 arrays <= 24 KiB).  Core cycles from the
 * add-chain clock (../clock.h), best of ROUNDS timings of CALLS calls each.
 * Usage: rows KERNEL TMIN TMAX [STEP]   (KERNEL row3 or j3d7; j3d7 runs rows of m = 6, l = 6)
 * Output: t, cycles per row, cycles per row / (t / 8) ("per unit" of 8 doubles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clock.h"

void row3(long n, long rows, double *restrict a, double *restrict b, double s);
void j3d7(long n, long m, long l, double *restrict a, double *restrict b, double s);

#define ROUNDS 15

static double best_ns(const char *k, long n, long rows, double *a, double *b, int calls)
{
	double best = 1e30;
	for (int r = 0; r < ROUNDS; r++) {
		double t0 = now_ns();
		for (int c = 0; c < calls; c++) {
			if (k[0] == 'r')
				row3(n, rows, a, b, 1.0 / 3);
			else
				j3d7(n, 6, 6, a, b, 1.0 / 7);
			__asm__ volatile("" ::: "memory");
		}
		double t = (now_ns() - t0) / calls;
		if (t < best)
			best = t;
	}
	return best;
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 1;
	const char *k = argv[1];
	long tmin = atol(argv[2]), tmax = atol(argv[3]), step = argc > 4 ? atol(argv[4]) : 1;
	double *a = aligned_alloc(64, 1 << 16), *b = aligned_alloc(64, 1 << 16);
	memset(a, 0, 1 << 16);
	memset(b, 0, 1 << 16);
	double ghz = clock_ghz_of(30);
	printf("# clock %.3f GHz (add chain)\n# t  cy/row  cy/unit\n", ghz);
	for (long t = tmin; t <= tmax; t += step) {
		long n = t + 2;
		long rows = k[0] == 'r' ? 12288 / 8 / n : 16;    /* j3d7: 4 x 4 rows of 6 x 6 x n */
		if (k[0] == 'j' && 36 * n * 8 > 24576)
			break;
		int calls = (int)(200000 / (rows * n)) + 1;
		double ns = best_ns(k, n, rows, a, b, calls);
		double cy = ns * ghz / rows;
		printf("%3ld %8.2f %8.3f\n", t, cy, cy / (t / 8.0));
	}
	ghz = clock_ghz_of(30);
	printf("# clock after %.3f GHz\n", ghz);
	return 0;
}
