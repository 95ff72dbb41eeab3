/* loop-exit.c - the cost of leaving a loop of a fixed trip count: a called function whose loop
 * runs N iterations (4 independent vector adds, ~2 cy per iteration on two FP add pipes, the
 * counter's dec + jnz), called back to back with the same N, cycles per call for N = 8 ... 1024.
 * While the branch predictor foresees the loop's exit, a call costs a + b x N; beyond the trip
 * count it foresees, each exit is mispredicted and every call costs the penalty more.  Prints
 * per N the cycles per call and the excess over the line fitted at N <= 64, then the two lines
 * (N <= 64 and N >= 384) and the difference of their intercepts: the exit penalty.
 * Core clock from an add chain (clock.h), not the TSC; best of 31 samples per N.
 * Build and run (bench/incore/loop-exit.sh does both, under the lock):
 *   gcc-12 -O2 -o loop-exit loop-exit.c
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 ./loop-exit
 */
#include <stdio.h>

#include "clock.h"

static double src[1024 * 2] __attribute__((aligned(64)));
static double dst[1024 * 4] __attribute__((aligned(64)));

/* adds: registers only, the exit branch resolves long before the adds retire */
__attribute__((noinline)) static void run_adds(long n)
{
	__asm__ volatile("1:\n\t"
			 "vaddpd %%ymm1, %%ymm2, %%ymm3\n\t"
			 "vaddpd %%ymm1, %%ymm2, %%ymm4\n\t"
			 "vaddpd %%ymm1, %%ymm2, %%ymm5\n\t"
			 "vaddpd %%ymm1, %%ymm2, %%ymm6\n\t"
			 "decq %0\n\t"
			 "jnz 1b"
			 : "+r"(n) : : "xmm3", "xmm4", "xmm5", "xmm6", "cc");
}

/* copy: as GCC compiles dst[i] = src[i] (16 B per iteration, both arrays in L1):
 * load, store, add to the index, compare with the end, branch; dst 17 lines further modulo
 * 4 KiB than src, no 4 KiB aliasing */
__attribute__((noinline)) static void run_copy(long n)
{
	long i = 0;
	n *= 16;
	__asm__ volatile("1:\n\t"
			 "vmovupd (%2,%0), %%xmm0\n\t"
			 "vmovupd %%xmm0, (%3,%0)\n\t"
			 "addq $16, %0\n\t"
			 "cmpq %1, %0\n\t"
			 "jne 1b"
			 : "+r"(i) : "r"(n), "r"(src), "r"(dst + 136) : "xmm0", "cc", "memory");
}

/* init: dst[i] = 0 (32 B per iteration): store, add, compare, branch */
__attribute__((noinline)) static void run_init(long n)
{
	long i = 0;
	n *= 32;
	__asm__ volatile("vxorpd %%xmm0, %%xmm0, %%xmm0\n"
			 "1:\n\t"
			 "vmovupd %%ymm0, (%2,%0)\n\t"
			 "addq $32, %0\n\t"
			 "cmpq %1, %0\n\t"
			 "jne 1b"
			 : "+r"(i) : "r"(n), "r"(dst) : "xmm0", "cc", "memory");
}

/* load: two loads per pass into registers, nothing depends on them (16 B per pass) */
__attribute__((noinline)) static void run_load(long n)
{
	long i = 0;
	n *= 16;
	__asm__ volatile("1:\n\t"
			 "vmovupd (%2,%0), %%xmm0\n\t"
			 "vmovupd 8(%2,%0), %%xmm1\n\t"
			 "addq $16, %0\n\t"
			 "cmpq %1, %0\n\t"
			 "jne 1b"
			 : "+r"(i) : "r"(n), "r"(src) : "xmm0", "xmm1", "cc", "memory");
}

/* chain: a scalar sum of the loads (one add chain, 3 cy per pass, latency-bound) */
__attribute__((noinline)) static void run_chain(long n)
{
	long i = 0;
	n *= 8;
	__asm__ volatile("vxorpd %%xmm0, %%xmm0, %%xmm0\n"
			 "1:\n\t"
			 "vaddsd (%2,%0), %%xmm0, %%xmm0\n\t"
			 "addq $8, %0\n\t"
			 "cmpq %1, %0\n\t"
			 "jne 1b"
			 : "+r"(i) : "r"(n), "r"(src) : "xmm0", "cc", "memory");
}

static void (*run)(long);

/* cycles per call of run(N), best of SAMPLES samples of CALLS calls */
static double per_call(long n, double ghz)
{
	long calls = 400000 / (n + 20) + 200;
	double best = 1e30;
	for (int s = 0; s < 31; s++) {
		double t0 = now_ns();
		for (long c = 0; c < calls; c++)
			run(n);
		double t = (now_ns() - t0) / calls;
		if (t < best)
			best = t;
	}
	return best * ghz;
}

static void fit(const long *ns, const double *cy, int k, long lo, long hi, double *a, double *b)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0;
	for (int i = 0; i < k; i++)
		if (ns[i] >= lo && ns[i] <= hi) {
			sx += ns[i];
			sy += cy[i];
			sxx += (double)ns[i] * ns[i];
			sxy += ns[i] * cy[i];
			m++;
		}
	*b = (m * sxy - sx * sy) / (m * sxx - sx * sx);
	*a = (sy - *b * sx) / m;
}

/* ---- when the penalty shows: 'lag' mode ------------------------------------------------
 * ./loop-exit lag KERNEL LEVEL: the same loop (bodies as GCC -O3 -march=native emits them for
 * bench/accuracy's kernels, zmm where the host has AVX-512, else ymm) run N passes per call in
 * two ways: 'long', one loop of N passes (its exit mispredicted beyond the trip count the branch
 * predictor foresees), and 'chunked', an outer loop over chunks of 64 passes (every inner exit
 * foreseen: the same work, the same addresses).  long - chunked = the exit penalty the loop
 * shows; the chunks' own cost is estimated from chunked at 64 vs 32 passes per chunk and taken
 * off.  LEVEL puts the data: L1 (the same addresses every call, N limited to 40 KiB), or L2 / L3
 * / MEM (each call the next N passes of a buffer of 256 KiB / 4 MiB / 64 MiB per stream, as the
 * rows of a nest walk their arrays).  Kernels:
 *   load   s += a[i] (vaddpd chain; the sum carried from call to call, as bench/accuracy's
 *          harness makes each call wait for the previous result)
 *   init   a[i] = s            copy  a[i] = b[i]          update  a[i] = s * a[i]
 *   add    a[i] = b[i] + c[i]  (2 loads, 1 store)
 *   chain  s = s * c + a[i] (scalar FMA chain, 4 cy per pass, carried from call to call)
 *   chainr the same chain started afresh each call (calls independent: a row's reduction)
 *   fma    8 independent FMAs on each loaded vector (FP-throughput bound, ~4 cy per pass)
 *   adds   4 register adds (no memory, FP-add bound, 2 cy per pass)
 */
#include <stdlib.h>
#include <string.h>

#ifdef __AVX512F__
#define VR "zmm"
#define VB 64
#else
#define VR "ymm"
#define VB 32
#endif

static char *lag_a, *lag_b, *lag_c;
static double lag_acc[4] = { 0, 0.5, 0, 0 };
static long lag_buf, lag_off;   /* bytes of each stream's buffer (0: L1, fixed addresses) */

#define STR2(x) #x
#define STR(x) STR2(x)
/* N passes at A, B, C in chunks of CHUNK passes (%0 = byte index, %1 = the chunk's end, %2 = end,
 * %3..%5 = A, B, C, %6 = acc, %7 = chunk bytes): an outer loop around the loop of the body;
 * PRE and POST once per call.  CHUNK = N: one loop of N passes (the outer loop runs once). */
#define LAG_ASM(pre, body, post)                                                           \
	long i = 0, end = n * VB, e;                                                       \
	__asm__ volatile(pre "2:\n\tleaq (%0,%7), %1\n"                                    \
			 "1:\n\t" body "addq $" STR(VB) ", %0\n\t"                          \
			 "cmpq %1, %0\n\t"                                                 \
			 "jne 1b\n\t"                                                      \
			 "cmpq %2, %0\n\t"                                                 \
			 "jne 2b\n\t" post                                                 \
			 : "+r"(i), "=&r"(e) : "r"(end), "r"(a), "r"(b), "r"(c), "r"(lag_acc),  \
			   "r"(chunk * VB)                                                 \
			 : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",     \
			   "xmm8", "xmm9", "xmm10", "cc", "memory")

/* per kernel: N passes in one loop ('long') or in an outer loop of chunks ('chunked') */
#define LAG_KERNEL(name, pre, body, post)                                                  \
	static inline __attribute__((always_inline)) void                                  \
	loop_##name(char *a, char *b, char *c, long n, long chunk) { LAG_ASM(pre, body, post); } \
	__attribute__((noinline)) static void long_##name(long n)                          \
	{                                                                                  \
		loop_##name(lag_a + lag_off, lag_b + lag_off, lag_c + lag_off, n, n);      \
		lag_advance(n);                                                            \
	}                                                                                  \
	__attribute__((noinline)) static void chunked_##name(long n, long chunk)           \
	{                                                                                  \
		loop_##name(lag_a + lag_off, lag_b + lag_off, lag_c + lag_off, n, chunk);  \
		lag_advance(n);                                                            \
	}

static inline void lag_advance(long n)
{
	if (lag_buf) {
		lag_off += n * VB;
		if (lag_off + n * VB > lag_buf)
			lag_off = 0;
	}
}

#define V(r) "%%" VR #r
LAG_KERNEL(load, "vbroadcastsd (%6), " V(1) "\n", "vaddpd (%3,%0), " V(1) ", " V(1) "\n\t",
	   "vmovsd %%xmm1, (%6)\n")
LAG_KERNEL(init, "vbroadcastsd 16(%6), " V(1) "\n", "vmovupd " V(1) ", (%3,%0)\n\t", "")
LAG_KERNEL(copy, "", "vmovupd (%4,%0), " V(1) "\n\tvmovupd " V(1) ", (%3,%0)\n\t", "")
LAG_KERNEL(update, "vbroadcastsd 8(%6), " V(2) "\n",
	   "vmulpd (%3,%0), " V(2) ", " V(1) "\n\tvmovupd " V(1) ", (%3,%0)\n\t", "")
LAG_KERNEL(add, "", "vmovupd (%4,%0), " V(1) "\n\tvaddpd (%5,%0), " V(1) ", " V(1) "\n\t"
	   "vmovupd " V(1) ", (%3,%0)\n\t", "")
/* s = c * s + a[i]: one FMA chain, carried from call to call through lag_acc[0] */
LAG_KERNEL(chain, "vmovsd (%6), %%xmm1\n\tvmovsd 8(%6), %%xmm2\n",
	   "vfmadd213sd (%3,%0), %%xmm2, %%xmm1\n\t", "vmovsd %%xmm1, (%6)\n")
/* the same chain started afresh each call (the result stored, nothing waits for it) */
LAG_KERNEL(chainr, "vxorpd %%xmm1, %%xmm1, %%xmm1\n\tvmovsd 8(%6), %%xmm2\n",
	   "vfmadd213sd (%3,%0), %%xmm2, %%xmm1\n\t", "vmovsd %%xmm1, 24(%6)\n")
/* 8 independent multiplies of each loaded vector (FP-throughput bound) */
LAG_KERNEL(fma, "vbroadcastsd 8(%6), " V(2) "\n",
	   "vmovupd (%3,%0), " V(1) "\n\t"
	   "vmulpd " V(2) ", " V(1) ", " V(3) "\n\tvmulpd " V(2) ", " V(1) ", " V(4) "\n\t"
	   "vmulpd " V(2) ", " V(1) ", " V(5) "\n\tvmulpd " V(2) ", " V(1) ", " V(6) "\n\t"
	   "vmulpd " V(2) ", " V(1) ", " V(7) "\n\tvmulpd " V(2) ", " V(1) ", " V(8) "\n\t"
	   "vmulpd " V(2) ", " V(1) ", " V(9) "\n\tvmulpd " V(2) ", " V(1) ", " V(10) "\n\t", "")
LAG_KERNEL(adds, "", "vaddpd " V(1) ", " V(2) ", " V(3) "\n\tvaddpd " V(1) ", " V(2) ", " V(4) "\n\t"
	   "vaddpd " V(1) ", " V(2) ", " V(5) "\n\tvaddpd " V(1) ", " V(2) ", " V(6) "\n\t", "")

/* copy plus K multiplies of the loaded vector (results unused): the FP pipes set the pace */
#define MULS1 "vmulpd " V(2) ", " V(1) ", " V(3) "\n\t"
#define MULS2 MULS1 "vmulpd " V(2) ", " V(1) ", " V(4) "\n\t"
#define MULS3 MULS2 "vmulpd " V(2) ", " V(1) ", " V(5) "\n\t"
#define MULS4 MULS3 "vmulpd " V(2) ", " V(1) ", " V(6) "\n\t"
#define MULS6 MULS4 "vmulpd " V(2) ", " V(1) ", " V(7) "\n\tvmulpd " V(2) ", " V(1) ", " V(8) "\n\t"
#define COPYM(k) LAG_KERNEL(copym##k, "vbroadcastsd 8(%6), " V(2) "\n",                    \
			    "vmovupd (%4,%0), " V(1) "\n\t" MULS##k "vmovupd " V(1) ", (%3,%0)\n\t", "")
COPYM(2)
COPYM(3)
COPYM(4)
COPYM(6)

static const struct {
	const char *name;
	int streams;            /* arrays it walks (0: none) */
	void (*lng)(long);
	void (*chk)(long, long);
} lag_kernels[] = {
	{ "load", 1, long_load, chunked_load },     { "init", 1, long_init, chunked_init },
	{ "copy", 2, long_copy, chunked_copy },     { "update", 1, long_update, chunked_update },
	{ "add", 3, long_add, chunked_add },        { "chain", 1, long_chain, chunked_chain },
	{ "chainr", 1, long_chainr, chunked_chainr }, { "fma", 1, long_fma, chunked_fma },
	{ "adds", 0, long_adds, chunked_adds },
	{ "copym2", 2, long_copym2, chunked_copym2 }, { "copym3", 2, long_copym3, chunked_copym3 },
	{ "copym4", 2, long_copym4, chunked_copym4 }, { "copym6", 2, long_copym6, chunked_copym6 },
};

/* ns per call of the three ways, best of SAMPLES rounds (the ways interleaved) */
static void lag_time(int k, long n, double ns[3])
{
	long calls = 300000 / (n + 20) + 50;
	ns[0] = ns[1] = ns[2] = 1e30;
	for (int s = 0; s < 15; s++)
		for (int w = 0; w < 3; w++) {
			double t0 = now_ns();
			if (w == 0)
				for (long c = 0; c < calls; c++)
					lag_kernels[k].lng(n);
			else
				for (long c = 0; c < calls; c++)
					lag_kernels[k].chk(n, w == 1 ? 64 : 32);
			double t = (now_ns() - t0) / calls;
			if (t < ns[w])
				ns[w] = t;
		}
}

static double median(const double *v, int n)
{
	double s[16];
	memcpy(s, v, n * sizeof *s);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && s[j] < s[j - 1]; j--) {
			double x = s[j];
			s[j] = s[j - 1];
			s[j - 1] = x;
		}
	return n ? (n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2])) : 0;
}

static int lag_main(const char *kname, const char *level)
{
	static const long ns[] = { 64, 128, 192, 256, 320, 384, 512, 768, 1024 };
	int k = -1;
	for (unsigned i = 0; i < sizeof lag_kernels / sizeof lag_kernels[0]; i++)
		if (!strcmp(kname, lag_kernels[i].name))
			k = (int)i;
	long buf = !strcmp(level, "L2") ? 256L << 10 : !strcmp(level, "L3") ? 4L << 20
		: !strcmp(level, "MEM") ? 64L << 20 : 0;
	if (k < 0 || (buf == 0 && strcmp(level, "L1"))) {
		fprintf(stderr, "usage: loop-exit lag load|init|copy|update|add|chain|chainr|fma|adds "
			"L1|L2|L3|MEM\n");
		return 2;
	}
	long alloc = (buf ? buf : 64L << 10) + 4096;
	lag_a = aligned_alloc(4096, alloc);
	lag_b = aligned_alloc(4096, alloc + 4096);
	lag_c = aligned_alloc(4096, alloc + 8192);
	memset(lag_a, 0, alloc);
	memset(lag_b, 0, alloc + 4096);
	memset(lag_c, 0, alloc + 8192);
	lag_b += 17 * 64;       /* no two streams at the same offset within 4 KiB */
	lag_c += 34 * 64;
	lag_buf = buf;
	int streams = lag_kernels[k].streams;
	double ghz = clock_ghz_of(50);
	printf("# lag '%s' data %s (%s, %d B per pass and stream)\n", kname, level,
	       buf ? "each call the next passes of its buffer" : "the same addresses", VB);
	printf("#    N    long   ch64   ch32  cy/pass  chunk  long-ch64 (cy per call; chunk: ch32 - ch64 per boundary)\n");
	double pen[16], bnd[16], nb[16];
	int np = 0;
	for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		long n = ns[i];
		if (!buf && streams * n * VB > (40L << 10))
			continue;
		double t[3];
		for (long w = 0; w < 3 * (buf / (n * VB) + 1); w++)
			lag_kernels[k].lng(n);  /* warm: a sweep of the buffer */
		lag_time(k, n, t);
		double l = t[0] * ghz, c64 = t[1] * ghz, c32 = t[2] * ghz;
		/* a chunk boundary's cost: ch32 has n/64 boundaries more than ch64 */
		double o = (c32 - c64) / (n / 64.0);
		printf("%6ld %7.1f %6.1f %6.1f %7.2f %6.2f %7.1f\n", n, l, c64, c32, l / n, o, l - c64);
		if (n >= 192 && np < 16) {
			pen[np] = l - c64;
			bnd[np] = o;
			nb[np++] = n / 64.0 - 1;
		}
	}
	/* the chunks' own cost: the median boundary cost over N >= 192, times the boundaries
	 * of ch64 beyond the first; taken off each long - ch64 */
	double om = median(bnd, np);
	for (int i = 0; i < np; i++)
		pen[i] += nb[i] * om;
	printf("# clock %.3f / %.3f GHz; chunk boundary %.2f cy; penalty at N >= 192 "
	       "(long - ch64 + boundaries x that): median %.1f cy\n", ghz, clock_ghz_of(50), om,
	       median(pen, np));
	return 0;
}

int main(int argc, char **argv)
{
	const char *which = argc > 1 ? argv[1] : "copy";
	if (!strcmp(which, "lag"))
		return argc == 4 ? lag_main(argv[2], argv[3]) : lag_main("", "");
	run = which[0] == 'a' ? run_adds : which[0] == 'i' ? run_init : which[0] == 'l' ? run_load
		: which[0] == 'c' && which[1] == 'h' ? run_chain : run_copy;
	static const long ns[] = { 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 136, 144, 152, 160,
				   168, 176, 192, 224, 256, 320, 384, 512, 640, 768, 1024 };
	enum { K = sizeof ns / sizeof ns[0] };
	double cy[K], a0, b0, a1, b1;
	double ghz = clock_ghz_of(50);
	for (int i = 0; i < K; i++)
		cy[i] = per_call(ns[i], ghz);
	double g1 = clock_ghz_of(50);
	fit(ns, cy, K, 8, 64, &a0, &b0);
	fit(ns, cy, K, 384, 1024, &a1, &b1);
	printf("# loop '%s'\n", which);
	printf("# clock %.3f / %.3f GHz (add chain before / after)\n", ghz, g1);
	printf("#   N   cy/call  excess over the N<=64 line\n");
	for (int i = 0; i < K; i++)
		printf("%5ld %9.1f %8.1f\n", ns[i], cy[i], cy[i] - a0 - b0 * ns[i]);
	printf("line N<=64:   %6.1f cy + %.3f cy x N\n", a0, b0);
	printf("line N>=384:  %6.1f cy + %.3f cy x N\n", a1, b1);
	printf("penalty (intercept at the N>=384 slope minus the N<=64 line at N=384): %.1f cy\n",
	       a1 + b1 * 384 - (a0 + b0 * 384));
	return 0;
}
