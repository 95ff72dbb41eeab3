/* roofline-bench: effective cache capacities (machines/bench/capacity.h). */
#include "machines/bench/grid-sweep.h"
#include "machines/bench/capacity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

double rlb_capacity_breakpoint(const double *n, const double *t, int np, double min_step)
{
	if (np < 6)
		return 0;
	double lo = t[0], last[3] = { t[np - 3], t[np - 2], t[np - 1] };
	for (int i = 1; i < 3; i++)
		if (t[i] < lo)
			lo = t[i];
	qsort(last, 3, sizeof last[0], cmp_double);
	double hi = last[1];
	if (!(hi >= min_step * lo))
		return 0;
	double mid = 0.5 * (lo + hi);
	/* the last upward crossing: a noisy point below the step does not count */
	for (int i = np - 1; i >= 1; i--)
		if (t[i] > mid && t[i - 1] <= mid) {
			double x = (mid - t[i - 1]) / (t[i] - t[i - 1]);
			return exp(log(n[i - 1]) + x * (log(n[i]) - log(n[i - 1])));
		}
	return 0;
}

/* one sweep over ROWS x N (interior points) of the rows a 2D 5-point Jacobi keeps in cache
 * (rows j-1, j, j+1 of A, row j of B) with the 5-point's in-row neighbours left out: the same
 * cache footprint and layer condition, but fewer loads per line, so that the extra transfers
 * when the rows fall out of a level show in the time even where transfers overlap the core */
#define JACOBI_BODY                                                                    \
	for (long j = 1; j < rows - 1; j++)                                             \
		for (long i = 1; i < n - 1; i++)                                        \
			b[j * n + i] = a[(j - 1) * n + i] + a[(j + 1) * n + i] + a[j * n + i];

__attribute__((optimize("O3"), target("avx2,fma")))
static void jacobi_avx2(double *restrict b, const double *restrict a, long rows, long n)
{
	JACOBI_BODY
}

__attribute__((optimize("O3"), target("avx512f,avx2,fma,prefer-vector-width=512")))
static void jacobi_avx512(double *restrict b, const double *restrict a, long rows, long n)
{
	JACOBI_BODY
}

__attribute__((optimize("O3")))
static void jacobi_sse(double *restrict b, const double *restrict a, long rows, long n)
{
	JACOBI_BODY
}

/* AVX: 0 SSE2, 1 AVX2, 2 AVX-512 (the fastest kernel shows the transfers best) */
static void sweep(double *b, const double *a, long rows, long n, int avx)
{
	if (avx == 2)
		jacobi_avx512(b, a, rows, n);
	else if (avx == 1)
		jacobi_avx2(b, a, rows, n);
	else
		jacobi_sse(b, a, rows, n);
}

/* ns per lattice update at row length N in a grid of ROWS rows: best of 9 timings */
static double time_point(long rows, long n, int avx)
{
	double *a = malloc(sizeof(double) * rows * n), *b = malloc(sizeof(double) * rows * n);
	if (!a || !b) {
		free(a);
		free(b);
		return 0;
	}
	for (long i = 0; i < rows * n; i++)
		a[i] = b[i] = 1.0 + (double)(i % 7);
	double best = rlb_grid_best_ns(sweep, b, a, rows, n, avx, 9);
	free(a);
	free(b);
	return best;
}

double rlb_capacity_grid_bytes(const rl_machine *m, int L, int *grid_level)
{
	/* the level that holds the grid: two levels out when that is a cache with room for
	   twice the next level (the layer condition of L then changes with the data coming from
	   beyond L + 1), else the next level */
	int G = L + 1;
	if (L + 2 < m->nlevels) {
		const rl_cache_level *g = &m->levels[L + 2];
		double room2 = 0.25 * (double)g->size / (g->shared_by > 0 ? g->shared_by : 1);
		if (room2 >= 2.0 * (double)m->levels[L + 1].size)
			G = L + 2;
	}
	const rl_cache_level *g = &m->levels[G];
	double room = 0.25 * (double)g->size / (g->shared_by > 0 ? g->shared_by : 1);
	if (room > 8e6)
		room = 8e6;
	if (grid_level)
		*grid_level = G;
	return room;
}

/* grid rows for row length N in ROOM bytes (2 arrays), at least RLB_CAP_MIN_ROWS: the L2 step
 * of a short grid is not the steady state of a tall one (on the Zen 5 guest of
 * docs/roofline-bench.md the 2D Jacobi's L2 step in its L3 lay at N ~ 32000 with 8 rows and
 * ~48000 with 12, none up to 46000 with 16) */
static long grid_rows(double room, long n)
{
	long rows = (long)(room / (16.0 * n));
	if (rows > 4096)
		rows = 4096;
	return rows < RLB_CAP_MIN_ROWS ? RLB_CAP_MIN_ROWS : rows;
}

double rlb_capacity_tall_bytes(const rl_machine *m, int grid_level)
{
	double b = 0.375 * (double)m->levels[grid_level].size;
	return b > 32.0 * 1048576 ? 32.0 * 1048576 : b;
}

/* TT[p] (0: not measured yet) = the best of its time and RLB_CAP_PASSES new timings of row
 * length NN[p], the passes over all points interleaved: a burst of other work on a shared
 * host slows one timing of many points rather than every timing of one (a run at load average
 * 7.5 put a false step at N = 1265 in the L1 sweep of the Zen 5 guest, found at 1530-1570 in
 * three quieter runs) */
static void time_points(const double *nn, double *tt, int np, double room, int avx)
{
	for (int pass = 0; pass < RLB_CAP_PASSES; pass++)
		for (int p = 0; p < np; p++) {
			double t = time_point(grid_rows(room, (long)nn[p]), (long)nn[p], avx);
			if (t > 0 && (tt[p] == 0 || t < tt[p]))
				tt[p] = t;
		}
}

/* a row length near X: a multiple of 8 doubles (rows start on a line), not a power of two
 * (rows a power of two apart fall into the same sets and break a condition by conflicts) */
static long row_length(double x)
{
	long n = (long)x / 8 * 8;
	if (n < 16)
		n = 16;
	return (n & (n - 1)) == 0 ? n - 8 : n;
}

/* A sharp step falls between two points of the coarse sweep (10-12 % apart) and the half-way
 * interpolation puts it anywhere between them (on the Zen 5 guest the L2 step came out at
 * N = 29633 or 33292 for the same curve shifted by noise at one point): RLB_CAP_REFINE more
 * row lengths between the two points around the coarse step NB, the breakpoint found again on
 * all points (sorted by N; *NP becomes their number). */
static double refine(double *nn, double *tt, int *np, double room, int avx, double nb)
{
	int i = 1;
	while (i < *np - 1 && nn[i] < nb)
		i++;
	double a = nn[i - 1], b = nn[i];
	for (int k = 1; k <= RLB_CAP_REFINE; k++) {
		long n = row_length(a * pow(b / a, (double)k / (RLB_CAP_REFINE + 1)));
		int j = (*np)++;
		for (; j > 0 && nn[j - 1] > (double)n; j--) {
			nn[j] = nn[j - 1];
			tt[j] = tt[j - 1];
		}
		nn[j] = (double)n;
		tt[j] = 0;
	}
	time_points(nn, tt, *np, room, avx);
	double r = rlb_capacity_breakpoint(nn, tt, *np, 1.1);
	return r > 0 ? r : nb;
}

static void measure_level(rlb_capacity *c, const rl_machine *m, int L, int avx, int quiet)
{
	double size = (double)m->levels[L].size, nn[RLB_CAP_ALL], tt[RLB_CAP_ALL];
	int G;
	/* the grid (2 arrays) fills a quarter of its level, so that only L's layer condition
	   changes across the sweep (on the Zen 5 guest of zen5-host-bench.yml a 16 MB grid fell
	   out of the L3 share and made a step that was not the L2's).  For L1 that level is the
	   L3: with the grid in L2 the L1 step of this kernel was within the noise on a Zen 5
	   (factors 1.62, 1.01, 1.83 in three runs), with the grid in L3 it is 40 % (0.76, 0.77,
	   0.77) - the L1-L2 lines cost when the L2 is filling from L3 (docs/roofline-bench.md).
	   Grids of long rows keep RLB_CAP_MIN_ROWS rows, up to rlb_capacity_tall_bytes: the
	   sweep ends there (N <= 1.5 x the nominal row length for the L2 of that guest), but not
	   before RLB_CAP_NO_STEP_REACH x the nominal row length */
	double room = rlb_capacity_grid_bytes(m, L, &G);
	double n0 = 0.35 * size / 24, n1 = 2.0 * size / 24;
	double tall = rlb_capacity_tall_bytes(m, G) / (16.0 * RLB_CAP_MIN_ROWS);
	if (n1 > tall)
		n1 = tall > RLB_CAP_NO_STEP_REACH * n1 / 2 ? tall : RLB_CAP_NO_STEP_REACH * n1 / 2;
	for (int p = 0; p < RLB_CAP_POINTS; p++) {
		nn[p] = (double)row_length(n0 * pow(n1 / n0, (double)p / (RLB_CAP_POINTS - 1)));
		tt[p] = 0;
	}
	time_points(nn, tt, RLB_CAP_POINTS, room, avx);
	double nb = rlb_capacity_breakpoint(nn, tt, RLB_CAP_POINTS, 1.1);
	int np = RLB_CAP_POINTS;
	if (nb > 0)
		nb = refine(nn, tt, &np, room, avx, nb);
	if (!quiet) {
		fprintf(stderr, "capacity %s: 2D Jacobi rows in a grid of %.1f MiB, >= %d rows (data "
			"in %s), ns per update at row length N:", m->levels[L].name, room / 1048576.0,
			RLB_CAP_MIN_ROWS, m->levels[G].name);
		for (int p = 0; p < np; p++)
			fprintf(stderr, " %.0f:%.3f", nn[p], tt[p]);
		if (nb > 0)
			fprintf(stderr, "\n  -> step at N = %.0f, factor %.2f%s\n", nb, nb * 24 / size,
				nb * 24 > size ? " (recorded as 1)" : "");
		else
			fprintf(stderr, "\n  -> no step of >= 10 %% up to %.2f x size: factor %s\n",
				nn[np - 1] * 24 / size, nn[np - 1] * 24 >= RLB_CAP_NO_STEP_REACH * size ?
				"1" : "not measured");
	}
	double f = rlb_capacity_factor(nb, nn[np - 1], size);
	if (!(f > 0))
		return;
	c->n_break[L] = nb;
	c->factor[L] = f;
	if (nb > 0)
		snprintf(c->method[L], sizeof c->method[L], "lc_factor%s: 3 x N x 8 B / size, 2D "
			 "Jacobi (%s, >= %d rows in %s) step at N = %.0f (%.0f..%.0f)",
			 nb * 24 > size ? " <= 1" : "", avx == 2 ? "AVX-512" : avx ? "AVX2" : "SSE2",
			 RLB_CAP_MIN_ROWS, m->levels[G].name, nb, nn[0], nn[np - 1]);
	else
		snprintf(c->method[L], sizeof c->method[L], "lc_factor 1: 2D Jacobi (%s, >= %d rows "
			 "in %s) no step for N = %.0f..%.0f (%.2f x size)",
			 avx == 2 ? "AVX-512" : avx ? "AVX2" : "SSE2", RLB_CAP_MIN_ROWS,
			 m->levels[G].name, nn[0], nn[np - 1], nn[np - 1] * 24 / size);
}

double rlb_capacity_factor(double n_step, double n_last, double size)
{
	if (n_step > 0)
		return n_step * 24 > size ? 1.0 : n_step * 24 / size;
	return n_last * 24 >= RLB_CAP_NO_STEP_REACH * size ? 1.0 : 0;
}

void rlb_capacity_measure(rlb_capacity *c, const rl_machine *m, int avx, int quiet)
{
	memset(c, 0, sizeof *c);
	for (int L = 0; L + 1 < m->nlevels; L++)
		if (m->levels[L].shared_by <= 1)
			measure_level(c, m, L, avx, quiet);
}

void rlb_capacity_apply(const rlb_capacity *c, rl_machine *m)
{
	for (int L = 0; L < m->nlevels; L++) {
		if (!(c->factor[L] > 0))
			continue;
		rl_cache_level *lv = &m->levels[L];
		lv->lc_factor = c->factor[L];
		size_t k = strlen(lv->source);
		snprintf(lv->source + k, sizeof lv->source - k, "%s%s", k ? "; " : "", c->method[L]);
	}
}
