/* Reciprocal throughput of math-library calls (glibc libm and libmvec), in core cycles per
 * call, for the call-cost tables machines/calls/NAME.yml (docs/port-tables.md, "Call costs").
 *
 * Each figure: a loop y[i] = f(x[i]) (f(x[i], z[i]) for two arguments; sincos(x[i], &y[i],
 * &w[i]) for sincos, which GCC makes of a sin and a cos of one argument) over N independent
 * elements in L1 (the calls do not depend on each other: throughput, not latency), compiled
 * as GCC compiles such a loop (one load per argument, the call, one store per result, the
 * loop counter), timed best of REPS passes; cycles = ns x clock, the clock from a dependent
 * chain of 1-cycle register adds measured before every figure (the TSC is not the core
 * clock).  A vector variant (_ZGVdN4v_exp: 4 doubles per call) is timed per call.
 * The arguments are uniformly spread over the range of each function's row (libm cost
 * depends on the argument: large sin/cos arguments need a slower reduction).
 *
 * Then the overlap check of the model's rule for calls: a loop with exp and other work in
 * one loop against the two loops alone: a triad (in L1 and in memory) and 8 dependent FMAs
 * per element (in L1).
 *
 * Usage: calls [reps] > rows   (lines "symbol elements cycles_per_call range" and
 * "overlap ..." and "clock_ghz X"; calls.sh turns them into a table).  Build: calls.sh.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef double v2d __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef double v8d __attribute__((vector_size(64)));
typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));
typedef float v16f __attribute__((vector_size(64)));

#define N 1024
static double xd[N] __attribute__((aligned(64))), zd[N] __attribute__((aligned(64)));
static double yd[N] __attribute__((aligned(64)));
static float xf[N] __attribute__((aligned(64))), zf[N] __attribute__((aligned(64)));
static float yf[N] __attribute__((aligned(64)));

#include "clock.h"

static double clock_ghz(void)
{
	return clock_ghz_of(100);
}

/* the functions: X(name, nargs, lo, hi) with a double and a float scalar form and, when
 * VEC, libmvec forms b (SSE, 128 bit), d (AVX2, 256 bit), e (AVX-512, 512 bit) */
#define FUNCS(X)                                        \
	X(exp, 1, -10, 10, 1) X(log, 1, 0.01, 100, 1)   \
	X(pow, 2, 0.5, 2, 1) X(sin, 1, -3.14, 3.14, 1)  \
	X(cos, 1, -3.14, 3.14, 1) X(tan, 1, -1.5, 1.5, 1) \
	X(exp2, 1, -10, 10, 1) X(log2, 1, 0.01, 100, 1) \
	X(log10, 1, 0.01, 100, 1) X(cbrt, 1, 0.001, 1000, 1) \
	X(atan, 1, -10, 10, 1) X(atan2, 2, -1, 1, 1)    \
	X(tanh, 1, -5, 5, 1) X(erf, 1, -3, 3, 1)        \
	X(fmin, 2, -100, 100, 0) X(fmax, 2, -100, 100, 0) \
	X(round, 1, -100, 100, 0)

/* pow's second argument: -3..3 */
static double zlo(const char *name, double lo)
{
	return strcmp(name, "pow") ? lo : -3;
}
static double zhi(const char *name, double hi)
{
	return strcmp(name, "pow") ? hi : 3;
}

static void fill(const char *name, double lo, double hi)
{
	srand(12345);
	for (int i = 0; i < N; i++) {
		double r = rand() / (double)RAND_MAX, s = rand() / (double)RAND_MAX;
		xd[i] = lo + (hi - lo) * r;
		zd[i] = zlo(name, lo) + (zhi(name, hi) - zlo(name, lo)) * s;
		xf[i] = (float)xd[i];
		zf[i] = (float)zd[i];
	}
}

#define ARGS1(a, z, i) a[i]
#define ARGS2(a, z, i) a[i], z[i]
#define ARGS(n) ARGS##n

/* scalar loops */
#define SCALAR(fn, n, lo, hi, vec)                                                   \
	static __attribute__((noinline)) void loop_##fn(void)                        \
	{                                                                           \
		for (int i = 0; i < N; i++)                                         \
			yd[i] = fn(ARGS(n)(xd, zd, i));                              \
	}                                                                           \
	static __attribute__((noinline)) void loop_##fn##f(void)                     \
	{                                                                           \
		for (int i = 0; i < N; i++)                                         \
			yf[i] = fn##f(ARGS(n)(xf, zf, i));                           \
	}
FUNCS(SCALAR)

/* sincos (GCC makes it of a sin and a cos of one argument): two results through pointers */
static double wd[N] __attribute__((aligned(64)));
static float wf[N] __attribute__((aligned(64)));
static __attribute__((noinline)) void loop_sincos(void)
{
	for (int i = 0; i < N; i++)
		sincos(xd[i], &yd[i], &wd[i]);
}
static __attribute__((noinline)) void loop_sincosf(void)
{
	for (int i = 0; i < N; i++)
		sincosf(xf[i], &yf[i], &wf[i]);
}

/* libmvec: _ZGV<isa>N<lanes><v or vv>_<name> */
#define VNAME(isa, lanes, n, fn) _ZGV##isa##N##lanes##n##_##fn
#define VPARAMS1(T) T
#define VPARAMS2(T) T, T
#define VARGS1(T, a, z, i) *(T *)&a[i]
#define VARGS2(T, a, z, i) *(T *)&a[i], *(T *)&z[i]
#define VDECL(isa, lanes, T, n, vn, fn, suf, A, Z, Y)                              \
	extern T VNAME(isa, lanes, vn, fn##suf)(VPARAMS##n(T));                  \
	static __attribute__((noinline)) void loop_##isa##lanes##_##fn##suf(void) \
	{                                                                       \
		for (int i = 0; i < N; i += lanes)                              \
			*(T *)&Y[i] = VNAME(isa, lanes, vn, fn##suf)(VARGS##n(T, A, Z, i)); \
	}
#define VN1 v
#define VN2 vv
#define VEC_D(fn, n, vn)                                    \
	VDECL(b, 2, v2d, n, vn, fn, , xd, zd, yd)           \
	VDECL(d, 4, v4d, n, vn, fn, , xd, zd, yd)           \
	VDECL(e, 8, v8d, n, vn, fn, , xd, zd, yd)           \
	VDECL(b, 4, v4f, n, vn, fn, f, xf, zf, yf)          \
	VDECL(d, 8, v8f, n, vn, fn, f, xf, zf, yf)          \
	VDECL(e, 16, v16f, n, vn, fn, f, xf, zf, yf)
#define VECTOR(fn, n, lo, hi, vec) VECTOR_##vec(fn, n)
#define VECTOR_0(fn, n)
#define VECTOR_1(fn, n) VEC_D(fn, n, VN##n)
FUNCS(VECTOR)

static double time_loop(void (*fn)(void), int reps, double ghz, int calls)
{
	double best = 1e30;
	fn();
	for (int r = 0; r < reps; r++) {
		double t0 = now_ns();
		fn();
		double t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	return best * ghz / calls;
}

static void row(const char *sym, int lanes, void (*fn)(void), const char *name, double lo,
		double hi, int reps)
{
	double ghz = clock_ghz();
	double cy = time_loop(fn, reps, ghz, N / lanes);
	printf("%s %d %.2f [%g, %g]%s\n", sym, lanes, cy, lo, hi,
	       strcmp(name, "pow") ? "" : " y in [-3, 3]");
	fflush(stdout);
}

#define ROW_S(fn, n, lo, hi, vec)                                          \
	fill(#fn, lo, hi);                                                 \
	row(#fn, 1, loop_##fn, #fn, lo, hi, reps);                           \
	row(#fn "f", 1, loop_##fn##f, #fn, lo, hi, reps);
#define ROW_V1(isa, lanes, fn, suf, lo, hi, vn)                                           \
	row("_ZGV" #isa "N" #lanes #vn "_" #fn #suf, lanes, loop_##isa##lanes##_##fn##suf, #fn, \
	    lo, hi, reps);
#define ROW_V_1(fn, n, lo, hi, vn)                               \
	fill(#fn, lo, hi);                                       \
	ROW_V1(b, 2, fn, , lo, hi, vn) ROW_V1(d, 4, fn, , lo, hi, vn) \
	if (avx512) { ROW_V1(e, 8, fn, , lo, hi, vn) }            \
	ROW_V1(b, 4, fn, f, lo, hi, vn) ROW_V1(d, 8, fn, f, lo, hi, vn) \
	if (avx512) { ROW_V1(e, 16, fn, f, lo, hi, vn) }
#define ROW_V_0(fn, n, lo, hi, vn)
#define ROW_V_(vec, fn, n, lo, hi, vn) ROW_V_##vec(fn, n, lo, hi, vn)
#define ROW_VX(vec, fn, n, lo, hi, vn) ROW_V_(vec, fn, n, lo, hi, vn)
#define ROW_V(fn, n, lo, hi, vec) ROW_VX(vec, fn, n, lo, hi, VN##n)

/* ---- overlap check: exp with a triad, in L1 and with the triad's arrays in memory */
#define BIG (8L << 20)   /* doubles per array: 64 MiB */
static double *ba, *bb, *bc;
static long boff;        /* where the memory triad continues (a fresh window each pass) */
static long tn;          /* elements of the triad arrays used */

static __attribute__((noinline)) void ov_exp(void)
{
	for (int i = 0; i < N; i++)
		yd[i] = exp(xd[i]);
}
static __attribute__((noinline)) void ov_triad(void)
{
	double *a = ba + boff, *b = bb + boff, *c = bc + boff;
	for (int i = 0; i < N; i++)
		a[i] = b[i] + 1.5 * c[i];
	boff = (boff + N) % (tn - N);
}
/* a compute companion: 8 dependent FMAs per element (independent across elements) */
#define POLY(c) ((((((((c * 0.5 + 1) * c + 2) * c + 3) * c + 4) * c + 5) * c + 6) * c + 7) * c + 8)
static __attribute__((noinline)) void ov_poly(void)
{
	for (int i = 0; i < N; i++)
		zd[i] = POLY(xd[i]);
}
static __attribute__((noinline)) void ov_exp_poly(void)
{
	for (int i = 0; i < N; i++) {
		yd[i] = exp(xd[i]);
		zd[i] = POLY(xd[i]);
	}
}
static __attribute__((noinline)) void ov_both(void)
{
	double *a = ba + boff, *b = bb + boff, *c = bc + boff;
	for (int i = 0; i < N; i++) {
		yd[i] = exp(xd[i]);
		a[i] = b[i] + 1.5 * c[i];
	}
	boff = (boff + N) % (tn - N);
}

static void overlap(int reps)
{
	ba = aligned_alloc(64, BIG * sizeof(double));
	bb = aligned_alloc(64, BIG * sizeof(double));
	bc = aligned_alloc(64, BIG * sizeof(double));
	if (!ba || !bb || !bc)
		return;
	for (long i = 0; i < BIG; i++)
		ba[i] = bb[i] = bc[i] = 1.0 + (double)(i & 7);
	fill("exp", -10, 10);
	static const struct { const char *where; long n; } lv[] = { { "L1", 2 * N }, { "MEM", BIG } };
	for (int l = 0; l < 2; l++) {
		tn = lv[l].n;
		boff = 0;
		double ghz = clock_ghz();
		/* memory: each pass a new window, so best-of stays a memory figure */
		int r = l ? 3 * reps : reps;
		double e = time_loop(ov_exp, r, ghz, N), t = time_loop(ov_triad, r, ghz, N);
		double b = time_loop(ov_both, r, ghz, N);
		printf("overlap %s-triad exp %.2f other %.2f both %.2f sum %.2f max %.2f cy/element\n",
		       lv[l].where, e, t, b, e + t, e > t ? e : t);
	}
	double ghz = clock_ghz();
	double e = time_loop(ov_exp, reps, ghz, N), t = time_loop(ov_poly, reps, ghz, N);
	double b = time_loop(ov_exp_poly, reps, ghz, N);
	printf("overlap L1-8fma exp %.2f other %.2f both %.2f sum %.2f max %.2f cy/element\n",
	       e, t, b, e + t, e > t ? e : t);
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 31;
	int avx512 = __builtin_cpu_supports("avx512f");
	if (!__builtin_cpu_supports("avx2")) {
		fprintf(stderr, "calls: needs AVX2\n");
		return 1;
	}
	for (int w = 0; w < 20; w++)   /* warm-up: the core leaves its idle clock */
		clock_ghz();
	printf("clock_ghz %.3f\n", clock_ghz());
	FUNCS(ROW_S)
	fill("sincos", -3.14, 3.14);
	row("sincos", 1, loop_sincos, "sincos", -3.14, 3.14, reps);
	row("sincosf", 1, loop_sincosf, "sincos", -3.14, 3.14, reps);
	FUNCS(ROW_V)
	overlap(reps);
	printf("clock_ghz %.3f\n", clock_ghz());
	return 0;
}
