/* roofline-bench: timing a stencil sweep over a grid (the capacity and the serial-fraction
 * steps).  Header-only: both steps include it. */
#ifndef RLB_GRID_SWEEP_H
#define RLB_GRID_SWEEP_H

#include <time.h>

/* one sweep over ROWS x N of A into B with the kernel for AVX (0 SSE2, 1 AVX2, 2 AVX-512) */
typedef void rlb_grid_sweep_fn(double *b, const double *a, long rows, long n, int avx);

static inline double rlb_now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* ns per lattice update (interior points) of SWEEP over the grid ROWS x N: 1 ms of warm-up (at
 * least one sweep), then the best of REPS timings of the number of sweeps that took 0.3 of the
 * warm-up (at least one) */
static inline double rlb_grid_best_ns(rlb_grid_sweep_fn *sweep, double *b, const double *a,
				      long rows, long n, int avx, int reps)
{
	long sweeps = 0;
	double best = 0, w0 = rlb_now_ns();
	while (rlb_now_ns() - w0 < 1e6 || sweeps < 1) {
		sweep(b, a, rows, n, avx);
		sweeps++;
	}
	sweeps = sweeps * 3 / 10 + 1;
	for (int r = 0; r < reps; r++) {
		double t0 = rlb_now_ns();
		for (long s = 0; s < sweeps; s++)
			sweep(b, a, rows, n, avx);
		double ns = (rlb_now_ns() - t0) / ((double)sweeps * (rows - 2) * (n - 2));
		if (best == 0 || ns < best)
			best = ns;
	}
	__asm__ volatile("" : : "r"(b) : "memory");
	return best;
}

#endif
