/* Times the loops of kernels.c on L1-resident data (1024 elements per array) and prints
 * cycles per 64 B line of the output (best of 51 passes; core clock from a dependent add
 * chain).  Arguments as in calls.c: exp [-10, 10], log (0.01, 100], sin [-3.14, 3.14],
 * powf x in [0.5, 2], y in [-3, 3]; rotate: angles in [-3.14, 3.14] (sincos, or sin and cos). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void k_exp(long, double *restrict, const double *restrict);
void k_sin(long, double *restrict, const double *restrict, const double *restrict);
void k_explog(long, double *restrict, const double *restrict, const double *restrict);
void k_powf(long, float *restrict, const float *restrict, const float *restrict);
void k_rotate(long, double *restrict, double *restrict, const double *restrict);

#define N 1024
static double a[N] __attribute__((aligned(64))), b[N] __attribute__((aligned(64))),
	c[N] __attribute__((aligned(64)));
static float af[N] __attribute__((aligned(64))), bf[N] __attribute__((aligned(64))),
	cf[N] __attribute__((aligned(64)));

#include "../clock.h"

static double clock_ghz(void)
{
	return clock_ghz_of(100);
}

#define TIME(name, call, per_line)                                              \
	do {                                                                    \
		double ghz = clock_ghz(), best = 1e30;                          \
		for (int r = 0; r < 51; r++) {                                  \
			double t0 = now_ns();                                   \
			call;                                                   \
			double t = now_ns() - t0;                               \
			if (t < best)                                           \
				best = t;                                       \
		}                                                               \
		printf("%s %.1f\n", name, best * ghz / (N / per_line));        \
	} while (0)

int main(void)
{
	srand(7);
	for (int i = 0; i < N; i++) {
		double r = rand() / (double)RAND_MAX, s = rand() / (double)RAND_MAX;
		a[i] = 1;
		b[i] = -3.14 + 6.28 * r;
		c[i] = 0.01 + 99.99 * s;
		bf[i] = (float)(0.5 + 1.5 * r);
		cf[i] = (float)(-3 + 6 * s);
	}
	for (int w = 0; w < 20; w++)
		clock_ghz();
	TIME("k_exp", k_exp(N, a, b), 8);
	TIME("k_sin", k_sin(N, a, b, b), 8);
	TIME("k_explog", k_explog(N, a, b, c), 8);
	TIME("k_powf", k_powf(N, af, bf, cf), 16);
	TIME("k_rotate", k_rotate(N, a, c, b), 8);
	return 0;
}
