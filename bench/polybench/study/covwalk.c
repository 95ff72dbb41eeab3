/* covariance's (and correlation's) main nest alone, rows i0..i0+ni-1 of the triangle:
 *   for i, for j >= i, for k < N: cov[i][j] += d[k][i] * d[k][j]   (rows of M doubles)
 * two column walks per iteration (d[k][i], d[k][j]) and a strict sum.  Prints core cycles per
 * iteration, best of ROUNDS; the clock is the dependency chain of bench/incore/clock.h.
 *   covwalk M N i0 ni 4k|2m MODE [offset-of-cov-bytes [rounds]]
 * MODE 0: PolyBench's code (cov[i][j] stored every iteration, as GCC builds it when cov may
 * alias d); 1: the sum in a register; 2: one column only (s += d[k][j]); 3: both columns in
 * two separate sums (no multiply).  Built with gcc-12 -O3 -march=native (GCC vectorises none
 * of these loops: the same code as PolyBench's vector and scalar builds). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "../../incore/clock.h"

static double *alloc(size_t bytes, int huge, size_t off)
{
	const size_t h = 2u << 20;
	size_t len = (bytes + off + h - 1) & ~(h - 1);
	char *m = mmap(NULL, len + h, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		exit(1);
	m = (char *)(((size_t)m + h - 1) & ~(h - 1));
	madvise(m, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	memset(m, 0, len);
	return (double *)(m + off);
}

__attribute__((noinline)) static void nest_store(int M, int N, int i0, int ni,
						  double *cov, double *d)
{
	for (int i = i0; i < i0 + ni; i++)
		for (int j = i; j < M; j++) {
			cov[i * M + j] = 0;
			for (int k = 0; k < N; k++)
				cov[i * M + j] += d[k * M + i] * d[k * M + j];
		}
}

__attribute__((noinline)) static void nest_reg(int M, int N, int i0, int ni,
						  double *restrict cov, double *restrict d)
{
	for (int i = i0; i < i0 + ni; i++)
		for (int j = i; j < M; j++) {
			double s = 0;
			for (int k = 0; k < N; k++)
				s += d[k * M + i] * d[k * M + j];
			cov[i * M + j] = s;
		}
}

__attribute__((noinline)) static void nest_one(int M, int N, int i0, int ni,
						  double *restrict cov, double *restrict d)
{
	for (int i = i0; i < i0 + ni; i++)
		for (int j = i; j < M; j++) {
			double s = 0;
			for (int k = 0; k < N; k++)
				s += d[k * M + j];
			cov[i * M + j] = s;
		}
}

__attribute__((noinline)) static void nest_two(int M, int N, int i0, int ni,
						  double *restrict cov, double *restrict d)
{
	for (int i = i0; i < i0 + ni; i++)
		for (int j = i; j < M; j++) {
			double s = 0, t = 0;
			for (int k = 0; k < N; k++) {
				s += d[k * M + j];
				t += d[k * M + i];
			}
			cov[i * M + j] = s + t;
		}
}

int main(int argc, char **argv)
{
	if (argc < 7)
		return 2;
	int M = atoi(argv[1]), N = atoi(argv[2]), i0 = atoi(argv[3]), ni = atoi(argv[4]);
	int huge = !strcmp(argv[5], "2m"), mode = atoi(argv[6]);
	size_t off = argc > 7 ? atol(argv[7]) : 0;
	int rounds = argc > 8 ? atoi(argv[8]) : 3;
	double *d = alloc((size_t)N * M * 8, huge, 0), *cov = alloc((size_t)M * M * 8, huge, off);
	for (long x = 0; x < (long)N * M; x++)
		d[x] = 1e-3 * (x % 1000);
	double ghz = clock_ghz_of(50), best = 1e30;
	for (int r = 0; r < rounds; r++) {
		double t0 = now_ns();
		if (mode == 1)
			nest_reg(M, N, i0, ni, cov, d);
		else if (mode == 2)
			nest_one(M, N, i0, ni, cov, d);
		else if (mode == 3)
			nest_two(M, N, i0, ni, cov, d);
		else
			nest_store(M, N, i0, ni, cov, d);
		double t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	double its = 0;
	for (int i = i0; i < i0 + ni; i++)
		its += (double)(M - i) * N;
	printf("M %d N %d i %d+%d %s mode %d off %zu: %.3f cy/it (%.2f GHz) %g\n", M, N, i0, ni,
	       argv[5], mode, off, best * ghz / its, ghz, cov[i0 * M + i0 + 1]);
	return 0;
}

