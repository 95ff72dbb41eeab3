/* roofline-bench: effective cache capacities (machines/bench/capacity.h). */
#include "machines/bench/grid-sweep.h"
#include "machines/bench/capacity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* the median of the N values V (N <= RLB_CAP_ALL) */
static double median_of(const double *v, int n)
{
	double w[RLB_CAP_ALL];
	memcpy(w, v, sizeof w[0] * (size_t)n);
	qsort(w, (size_t)n, sizeof w[0], cmp_double);
	return n % 2 ? w[n / 2] : 0.5 * (w[n / 2 - 1] + w[n / 2]);
}

double rlb_capacity_step_fit(const double *n, const double *t, int np, double min_step)
{
	double best = -1, at = 0, lo = 0, hi = 0;
	if (np < 6 || np > RLB_CAP_ALL)
		return 0;
	for (int k = 3; k <= np - 3; k++) {
		double l = median_of(t, k), h = median_of(t + k, np - k), dev = 0;
		for (int i = 0; i < np; i++)
			dev += fabs(t[i] - (i < k ? l : h));
		if (best < 0 || dev < best) {
			best = dev;
			at = sqrt(n[k - 1] * n[k]);
			lo = l;
			hi = h;
		}
	}
	return hi >= min_step * lo ? at : 0;
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

/* one sweep of a 3D 7-point Jacobi (a user's loop: every neighbour) over PLANES planes of
 * N x N points: the layers its L2 plane condition keeps are planes k-1, k, k+1 of A (3 x N x N
 * x 8 B; Stengel et al.), and the 2D sweep's reduced kernel over rows of N x N doubles, the
 * same footprint, does not show where they fall out of a Zen 5 L2 (docs/roofline-bench.md) */
#define JACOBI3D_BODY                                                                  \
	for (long k = 1; k < planes - 1; k++)                                           \
		for (long j = 1; j < n - 1; j++)                                        \
			for (long i = 1; i < n - 1; i++) {                              \
				long x = (k * n + j) * n + i;                           \
				b[x] = 0.125 * (a[x - 1] + a[x + 1] + a[x - n] + a[x + n] \
						+ a[x - n * n] + a[x + n * n]);         \
			}

__attribute__((optimize("O3"), target("avx2,fma")))
static void jacobi3d_avx2(double *restrict b, const double *restrict a, long planes, long n)
{
	JACOBI3D_BODY
}

__attribute__((optimize("O3"), target("avx512f,avx2,fma,prefer-vector-width=512")))
static void jacobi3d_avx512(double *restrict b, const double *restrict a, long planes, long n)
{
	JACOBI3D_BODY
}

__attribute__((optimize("O3")))
static void jacobi3d_sse(double *restrict b, const double *restrict a, long planes, long n)
{
	JACOBI3D_BODY
}

/* AVX: 2 AVX-512, 1 AVX2, 0 SSE2 - the fastest kernel, as for the rows: on the Zen 5 guest the
 * 256-bit kernel (0.34 ns per update) showed no step of 10 % at all over 14400-69696 points per
 * plane in three runs, the 512-bit one (0.30 ns, the speed of bench/accuracy's GCC-compiled
 * j3d7) stepped at 35900-41035, the harness's loop at 33559-34444 (docs/roofline-bench.md) */
static void sweep3d(double *b, const double *a, long planes, long n, int avx)
{
	if (avx == 2)
		jacobi3d_avx512(b, a, planes, n);
	else if (avx == 1)
		jacobi3d_avx2(b, a, planes, n);
	else
		jacobi3d_sse(b, a, planes, n);
}

/* an array of BYTES for the 3D sweep: 2 MiB aligned, transparent huge pages asked for, the
 * start SKEW bytes in (NULL: none); *RAW gets what free() takes */
static double *grid_array(size_t bytes, size_t skew, void **raw)
{
	size_t al = 2u << 20, sz = (bytes + skew + al - 1) / al * al;
	*raw = NULL;
	if (posix_memalign(raw, al, sz))
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(*raw, sz, MADV_HUGEPAGE);
#endif
	return (double *)((char *)*raw + skew);
}

/* ns per lattice update at row length N in a grid of ROWS rows (DIMS 3: N x N points per
 * plane, ROWS planes): best of 9 timings.  The 2D grids are malloc'd (4 KiB pages: on 2 MiB
 * pages the L1 sweep met single slow row lengths); the 3D grid as bench/accuracy's harness
 * maps its arrays: 2 MiB pages, B 17 lines further into its page than A (no 4 KiB aliasing
 * of the store with the loads) */
static double time_point(long rows, long n, int avx, int dims)
{
	long pts = dims == 3 ? rows * n * n : rows * n;
	void *ra = NULL, *rb = NULL;
	double *a, *b;
	if (dims == 3) {
		a = grid_array(sizeof(double) * (size_t)pts, 0, &ra);
		b = grid_array(sizeof(double) * (size_t)pts, 17 * 64, &rb);
	} else {
		a = ra = malloc(sizeof(double) * (size_t)pts);
		b = rb = malloc(sizeof(double) * (size_t)pts);
	}
	if (!a || !b) {
		free(ra);
		free(rb);
		return 0;
	}
	for (long i = 0; i < pts; i++)
		a[i] = b[i] = 1.0 + (double)(i % 7);
	double best;
	if (dims == 3) {
		/* rlb_grid_best_ns counts (rows - 2) x (n - 2) updates per sweep: per plane
		   (n - 2)^2 of them */
		best = rlb_grid_best_ns(sweep3d, b, a, rows, n, avx, 9) / (double)(n - 2);
	} else
		best = rlb_grid_best_ns(sweep, b, a, rows, n, avx, 9);
	free(ra);
	free(rb);
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
static long grid_rows(double room, long n, int dims)
{
	if (dims == 3)   /* as bench/accuracy's 3D sweeps: the step moves with the height */
		return RLB_CAP_MIN_ROWS;
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
static long side(double x);

static void time_points(const double *nn, double *tt, int np, double room, int avx, int dims)
{
	/* the 3D sweep: the median over RLB_CAP_PASSES3 passes of each pass's timing (a point
	   measured already keeps its median) - as bench/accuracy's lc-sweeps.py takes the median
	   over its rounds: the 3D Jacobi near its plane condition runs in two modes by the
	   mapping, and the best of the passes picked the fast one at single points (0.287 ns
	   per update at 14884 points per plane, 0.30-0.33 around it; Zen 5 guest) */
	static double tp[RLB_CAP_ALL][RLB_CAP_PASSES3];
	int passes = dims == 3 ? RLB_CAP_PASSES3 : RLB_CAP_PASSES;
	for (int pass = 0; pass < passes; pass++)
		for (int p = 0; p < np; p++) {
			if (dims == 3 && tt[p] > 0)
				continue;
			long n = dims == 3 ? side(nn[p]) : (long)nn[p];
			double t = time_point(grid_rows(room, n, dims), n, avx, dims);
			if (dims == 3)
				tp[p][pass] = t;
			else if (t > 0 && (tt[p] == 0 || t < tt[p]))
				tt[p] = t;
		}
	for (int p = 0; dims == 3 && p < np; p++)
		if (!(tt[p] > 0)) {
			qsort(tp[p], (size_t)passes, sizeof tp[p][0], cmp_double);
			tt[p] = tp[p][passes / 2];
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

/* the side of a square plane of about X points: even, and a plane's bytes at least 512 B from a
 * multiple of 4 KiB (the nearest such side, up or down): with the planes a multiple of 4 KiB
 * apart (n = 192 on the Zen 5 guest) the loads of planes k - 1, k, k + 1 and the store alias
 * in the L1, and that point ran 15 % slower than its neighbours */
static long side(double x)
{
	long n0 = (long)sqrt(x) / 2 * 2;
	if (n0 < 16)
		n0 = 16;
	for (long d = 0; d < n0 / 2; d += 2)
		for (int sg = 0; sg < 2; sg++) {
			long n = sg ? n0 - d : n0 + d, r = n * n * 8 % 4096;
			if (r >= 512 && r <= 3584)
				return n;
		}
	return n0;
}

/* the point of sweep DIMS near X: a row length (2D) or the points of a plane (3D) */
static double sweep_point(double x, int dims)
{
	if (dims == 3) {
		long n = side(x);
		return (double)(n * n);
	}
	return (double)row_length(x);
}

/* A sharp step falls between two points of the coarse sweep (10-12 % apart) and the half-way
 * interpolation puts it anywhere between them (on the Zen 5 guest the L2 step came out at
 * N = 29633 or 33292 for the same curve shifted by noise at one point): RLB_CAP_REFINE more
 * row lengths between the two points around the coarse step NB, the breakpoint found again on
 * all points (sorted by N; *NP becomes their number). */
static double refine(double *nn, double *tt, int *np, double room, int avx, int dims, double nb)
{
	int i = 1;
	while (i < *np - 1 && nn[i] < nb)
		i++;
	double a = nn[i - 1], b = nn[i];
	for (int k = 1; k <= RLB_CAP_REFINE; k++) {
		double n = sweep_point(a * pow(b / a, (double)k / (RLB_CAP_REFINE + 1)), dims);
		int dup = 0;
		for (int q = 0; q < *np; q++)
			dup |= nn[q] == n;
		if (n <= a || n >= b || dup)
			continue;   /* the 3D planes' sides come in steps of 2 or more */
		int j = (*np)++;
		for (; j > 0 && nn[j - 1] > n; j--) {
			nn[j] = nn[j - 1];
			tt[j] = tt[j - 1];
		}
		nn[j] = n;
		tt[j] = 0;
	}
	time_points(nn, tt, *np, room, avx, dims);
	double r = dims == 3 ? rlb_capacity_step_fit(nn, tt, *np, 1.1) :
		   rlb_capacity_breakpoint(nn, tt, *np, 1.1);
	return r > 0 ? r : nb;
}

/* One sweep (DIMS 2: rows of N doubles; 3: planes of N = n x n points) across level L's layer
 * condition (3 x N x 8 B = size at the nominal point); *NB the step (0: none), *NLAST the
 * last point, *N0 the first, *G the level of the grid.  Returns the factor (0: not measured). */
static double measure_sweep(const rl_machine *m, int L, int avx, int dims, int quiet,
			    double *nb_out, double *n0_out, double *nlast, int *G)
{
	double size = (double)m->levels[L].size, nn[RLB_CAP_ALL], tt[RLB_CAP_ALL];
	/* the grid (2 arrays) fills a quarter of its level, so that only L's layer condition
	   changes across the sweep (on the Zen 5 guest of zen5-host-bench.yml a 16 MB grid fell
	   out of the L3 share and made a step that was not the L2's).  For L1 that level is the
	   L3: with the grid in L2 the L1 step of this kernel was within the noise on a Zen 5
	   (factors 1.62, 1.01, 1.83 in three runs), with the grid in L3 it is 40 % (0.76, 0.77,
	   0.77) - the L1-L2 lines cost when the L2 is filling from L3 (docs/roofline-bench.md).
	   Grids of long rows (large planes) keep RLB_CAP_MIN_ROWS rows (planes), up to
	   rlb_capacity_tall_bytes: the sweep ends there (N <= 1.5 x the nominal row length for
	   the L2 of that guest), but not before RLB_CAP_NO_STEP_REACH x the nominal N */
	double room = rlb_capacity_grid_bytes(m, L, G);
	double n0 = 0.35 * size / 24, n1 = 2.0 * size / 24;
	double tall = rlb_capacity_tall_bytes(m, *G) / (16.0 * RLB_CAP_MIN_ROWS);
	if (n1 > tall)
		n1 = tall > RLB_CAP_NO_STEP_REACH * n1 / 2 ? tall : RLB_CAP_NO_STEP_REACH * n1 / 2;
	/* the 3D Jacobi's time keeps rising beyond its plane condition (0.35 ns per update at
	   1.0 x, 0.42 at 1.6 x the nominal plane on the Zen 5 guest): its high plateau is taken
	   at RLB_CAP_NO_STEP_REACH x the nominal plane, the sweep ends there */
	if (dims == 3)
		n1 = RLB_CAP_NO_STEP_REACH * size / 24;
	int np = 0;
	for (int p = 0; p < RLB_CAP_POINTS; p++) {
		double x = sweep_point(n0 * pow(n1 / n0, (double)p / (RLB_CAP_POINTS - 1)), dims);
		if (np && x <= nn[np - 1])
			continue;   /* the 3D planes' sides come in steps of 2 or more */
		nn[np] = x;
		tt[np++] = 0;
	}
	time_points(nn, tt, np, room, avx, dims);
	/* the 3D Jacobi's time rises over a range (a ramp, not a step): the half-way crossing
	   of two plateaus taken at its ends moved with single points; the step fitted to all
	   points is the middle of the ramp */
	double nb = dims == 3 ? rlb_capacity_step_fit(nn, tt, np, 1.1) :
		    rlb_capacity_breakpoint(nn, tt, np, 1.1);
	if (nb > 0)
		nb = refine(nn, tt, &np, room, avx, dims, nb);
	if (!quiet) {
		fprintf(stderr, "capacity %s: %s in a grid of %.1f MiB, >= %d %s (data in %s), ns per "
			"update at %s:", m->levels[L].name, dims == 3 ? "3D 7-point Jacobi planes" :
			"2D Jacobi rows", room / 1048576.0, RLB_CAP_MIN_ROWS, dims == 3 ? "planes" :
			"rows", m->levels[*G].name, dims == 3 ? "N = n x n points per plane" :
			"row length N");
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
	*nb_out = nb;
	*n0_out = nn[0];
	*nlast = nn[np - 1];
	return rlb_capacity_factor(nb, nn[np - 1], size);
}

/* Level L: the 2D rows' sweep, and for a level beyond the first the 3D planes' too; the
 * factor is the smaller of those measured (the layers that fall out of the level first) */
static void measure_level(rlb_capacity *c, const rl_machine *m, int L, int avx, int quiet)
{
	double size = (double)m->levels[L].size, nb2, n02, nl2, nb3 = 0, n03 = 0, nl3 = 0, f3 = 0;
	int G2, G3 = 0;
	const char *isa = avx == 2 ? "AVX-512" : avx ? "AVX2" : "SSE2";
	double f2 = measure_sweep(m, L, avx, 2, quiet, &nb2, &n02, &nl2, &G2);
	if (L >= 1)
		f3 = measure_sweep(m, L, avx, 3, quiet, &nb3, &n03, &nl3, &G3);
	c->factor2[L] = f2;
	c->factor3[L] = f3;
	c->n_break3[L] = nb3;
	/* the 3D step is recorded, not used: on the Zen 5 guest its half-way point moved from
	   n x m = 35900 to 51949 between runs minutes apart (factor 0.82-1.19; the 3D Jacobi's
	   time rises gradually over the whole range), which would make two runs' files differ
	   more than the 2D rows' factor 1 is off (docs/roofline-bench.md) */
	int use3 = RLB_CAP_USE_3D && f3 > 0 && (!(f2 > 0) || f3 < f2);
	if (!(f2 > 0) && !use3)
		return;
	c->factor[L] = use3 ? f3 : f2;
	c->n_break[L] = use3 ? nb3 : nb2;
	char d2[128], d3[160] = "";
	if (nb2 > 0)
		snprintf(d2, sizeof d2, "2D Jacobi rows (%s, >= %d rows in %s) step at N = %.0f "
			 "(%.0f..%.0f)", isa, RLB_CAP_MIN_ROWS, m->levels[G2].name, nb2, n02, nl2);
	else
		snprintf(d2, sizeof d2, "2D Jacobi rows (%s, >= %d rows in %s) no step for N = "
			 "%.0f..%.0f", isa, RLB_CAP_MIN_ROWS, m->levels[G2].name, n02, nl2);
	const char *used = RLB_CAP_USE_3D ? "" : ", recorded, not used";
	if (L >= 1 && nb3 > 0)
		snprintf(d3, sizeof d3, "; 3D 7-point planes (>= %d in %s%s) step at n x m = %.0f "
			 "(%.0f..%.0f)", RLB_CAP_MIN_ROWS, m->levels[G3].name, used, nb3, n03, nl3);
	else if (L >= 1)
		snprintf(d3, sizeof d3, "; 3D 7-point planes (>= %d in %s%s) no step for n x m = "
			 "%.0f..%.0f", RLB_CAP_MIN_ROWS, m->levels[G3].name, used, n03, nl3);
	double nb = c->n_break[L];
	snprintf(c->method[L], sizeof c->method[L], "lc_factor%s: %s%s%s", nb > 0 ?
		 (nb * 24 <= size ? "" : " <= 1") : " 1", nb > 0 ? (use3 ? "3 x n x m x 8 B / size, " :
		 "3 x N x 8 B / size, ") : "", d2, d3);
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
