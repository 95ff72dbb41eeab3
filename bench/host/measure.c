/* measure.c - small, honest host characterisation for machines/emr-host.yml.
 *
 * Build:  gcc -O2 -std=gnu11 -mavx2 -mavx512f -o build/measure bench/host/measure.c -lpthread -lm
 * Run:    build/measure [reps]          (default 15 repetitions per figure)
 *
 * What it measures (every figure: REPS repetitions, best and median and worst reported):
 *  1. core clock: a dependent chain of 1-cycle `add` instructions (inline asm, 1000 adds per
 *     loop iteration), timed with clock_gettime(CLOCK_MONOTONIC).  cycles = adds, so
 *     GHz = adds / ns.  (The TSC runs at a fixed nominal rate and is NOT the core clock.)
 *  2. sustained bandwidth of one core at working sets resident in L1, L2, L3 and memory
 *     (sizes chosen from /sys/devices/system/cpu/cpu0/cache), for
 *       load   : x |= a[i]        (no stores; AVX2 ymm and AVX-512 zmm, integer OR so that
 *                                  the ALUs never limit the load rate)
 *       update : a[i] = s * a[i]  (one load + one store per element; AVX2 and AVX-512)
 *     and the update kernel in memory with every core of the machine (threads pinned).
 *  2b. in-core checks: independent L1 loads and stores by width, FMA throughput, and
 *     vaddsd / vfmadd latency chains (operations per cycle at the measured clock).
 *     Bandwidths are printed as bytes of the array swept per second (GB/s); for update the
 *     memory traffic is twice that (read + write, the likwid-bench convention used by the
 *     ECM papers for b_S); the all-core lines print that traffic too.
 *  3. converts them to core cycles per 64-B cache line (cy/CL) with the measured clock, and
 *     derives the ECM transfer terms the usual way (Stengel et al. 2015, Hofmann et al.):
 *        T_L1L2  = T(load, L2) - T(load, L1)          per line loaded into L1
 *        T_L2L3  = T(load, L3) - T(load, L2)
 *        T_L3Mem = T(load, Mem) - T(load, L3)         (single core, latency-limited)
 *     and the same from the update kernel divided by 2 (one line in + one line out).
 */
#define _GNU_SOURCE
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

typedef struct stats { double best, median, worst; } stats;

/* v[] are rates (higher is better) */
static stats summarise(double *v, int n)
{
	qsort(v, n, sizeof *v, cmp_d);
	stats s = { v[n - 1], v[n / 2], v[0] };
	return s;
}

/* ---- 1. clock ---- */
/* Note: `add $imm, %reg` chains are NOT usable on Golden Cove and later: the renamer folds
 * small immediate additions (measured here: ~17 "GHz").  A register-register add is a true
 * 1-cycle dependency.  KIND 0: add reg,reg (1 cy); KIND 1: imul reg,reg (3 cy, cross-check). */
static double clock_once(long iters, int kind)
{
	uint64_t x = 0, one = 1;
	double t0 = now_ns();
	if (kind == 0) {
		for (long i = 0; i < iters; i++)
			__asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
	} else {
		for (long i = 0; i < iters; i++)
			__asm__ volatile(".rept 1000\n\timulq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
	}
	double t1 = now_ns();
	if (kind == 0 && x != (uint64_t)iters * 1000) abort();
	return (double)iters * 1000.0 * (kind ? 3.0 : 1.0) / (t1 - t0); /* cycles per ns = GHz */
}

/* ---- 1b. in-core throughput checks (L1-resident, independent operations) ----
 * Each returns operations per core cycle given the clock F (GHz). */
static char *ic_buf;
#define IC_LOOP(body, nops, clobbers...) do { \
	long it = 400000; double t0 = now_ns(); \
	for (long i = 0; i < it; i++) __asm__ volatile(".rept 25\n" body ".endr" :: "r"(ic_buf) : clobbers); \
	return it * (double)(nops) * 25.0 / (now_ns() - t0) / f; } while (0)
static double ic_load64(double f)  { IC_LOOP("movq (%0),%%rax\n movq 64(%0),%%rax\n movq 128(%0),%%rax\n movq 192(%0),%%rax\n", 4, "rax"); }
static double ic_load128(double f) { IC_LOOP("vmovapd (%0),%%xmm1\n vmovapd 64(%0),%%xmm2\n vmovapd 128(%0),%%xmm3\n vmovapd 192(%0),%%xmm4\n", 4, "xmm1", "xmm2", "xmm3", "xmm4"); }
static double ic_load256(double f) { IC_LOOP("vmovapd (%0),%%ymm1\n vmovapd 64(%0),%%ymm2\n vmovapd 128(%0),%%ymm3\n vmovapd 192(%0),%%ymm4\n", 4, "xmm1", "xmm2", "xmm3", "xmm4"); }
static double ic_load512(double f) { IC_LOOP("vmovapd (%0),%%zmm1\n vmovapd 64(%0),%%zmm2\n vmovapd 128(%0),%%zmm3\n vmovapd 192(%0),%%zmm4\n", 4, "xmm1", "xmm2", "xmm3", "xmm4"); }
static double ic_store256(double f) { IC_LOOP("vmovapd %%ymm0,(%0)\n vmovapd %%ymm0,32(%0)\n vmovapd %%ymm0,64(%0)\n vmovapd %%ymm0,96(%0)\n", 4, "memory"); }
static double ic_store512(double f) { IC_LOOP("vmovapd %%zmm0,(%0)\n vmovapd %%zmm0,64(%0)\n vmovapd %%zmm0,128(%0)\n vmovapd %%zmm0,192(%0)\n", 4, "memory"); }
#define FMA8(w) "vfmadd231pd %%" w "0,%%" w "0,%%" w "1\n vfmadd231pd %%" w "0,%%" w "0,%%" w "2\n vfmadd231pd %%" w "0,%%" w "0,%%" w "3\n vfmadd231pd %%" w "0,%%" w "0,%%" w "4\n vfmadd231pd %%" w "0,%%" w "0,%%" w "5\n vfmadd231pd %%" w "0,%%" w "0,%%" w "6\n vfmadd231pd %%" w "0,%%" w "0,%%" w "7\n vfmadd231pd %%" w "0,%%" w "0,%%" w "8\n"
static double ic_fma256(double f) { IC_LOOP(FMA8("ymm"), 8, "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8"); }
static double ic_fma512(double f) { IC_LOOP(FMA8("zmm"), 8, "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8"); }
/* latency (cycles) of a dependent chain: 1 / rate */
static double ic_addsd_lat(double f) { IC_LOOP("vaddsd %%xmm0,%%xmm1,%%xmm1\n vaddsd %%xmm0,%%xmm1,%%xmm1\n vaddsd %%xmm0,%%xmm1,%%xmm1\n vaddsd %%xmm0,%%xmm1,%%xmm1\n", 4, "xmm1"); }
static double ic_fma_lat(double f) { IC_LOOP("vfmadd231pd %%ymm0,%%ymm0,%%ymm1\n vfmadd231pd %%ymm0,%%ymm0,%%ymm1\n vfmadd231pd %%ymm0,%%ymm0,%%ymm1\n vfmadd231pd %%ymm0,%%ymm0,%%ymm1\n", 4, "xmm1"); }

/* ---- 2. kernels ---- */
static volatile uint64_t sink;

static void k_load_avx512(const double *a, size_t n)
{
	__m512i x0 = _mm512_setzero_si512(), x1 = x0, x2 = x0, x3 = x0;
	for (size_t i = 0; i < n; i += 32) {
		x0 = _mm512_or_si512(x0, _mm512_load_si512((const void *)(a + i)));
		x1 = _mm512_or_si512(x1, _mm512_load_si512((const void *)(a + i + 8)));
		x2 = _mm512_or_si512(x2, _mm512_load_si512((const void *)(a + i + 16)));
		x3 = _mm512_or_si512(x3, _mm512_load_si512((const void *)(a + i + 24)));
	}
	x0 = _mm512_or_si512(_mm512_or_si512(x0, x1), _mm512_or_si512(x2, x3));
	sink += (uint64_t)_mm512_reduce_or_epi64(x0);
}

static void k_load_avx2(const double *a, size_t n)
{
	__m256i x0 = _mm256_setzero_si256(), x1 = x0, x2 = x0, x3 = x0, x4 = x0, x5 = x0, x6 = x0, x7 = x0;
	for (size_t i = 0; i < n; i += 32) {
		x0 = _mm256_or_si256(x0, _mm256_load_si256((const void *)(a + i)));
		x1 = _mm256_or_si256(x1, _mm256_load_si256((const void *)(a + i + 4)));
		x2 = _mm256_or_si256(x2, _mm256_load_si256((const void *)(a + i + 8)));
		x3 = _mm256_or_si256(x3, _mm256_load_si256((const void *)(a + i + 12)));
		x4 = _mm256_or_si256(x4, _mm256_load_si256((const void *)(a + i + 16)));
		x5 = _mm256_or_si256(x5, _mm256_load_si256((const void *)(a + i + 20)));
		x6 = _mm256_or_si256(x6, _mm256_load_si256((const void *)(a + i + 24)));
		x7 = _mm256_or_si256(x7, _mm256_load_si256((const void *)(a + i + 28)));
	}
	x0 = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(x0, x1), _mm256_or_si256(x2, x3)),
			     _mm256_or_si256(_mm256_or_si256(x4, x5), _mm256_or_si256(x6, x7)));
	sink += (uint64_t)_mm256_extract_epi64(x0, 0) | (uint64_t)_mm256_extract_epi64(x0, 3);
}

static void k_update_avx512(double *a, size_t n)
{
	const __m512d s = _mm512_set1_pd(1.0000001);
	for (size_t i = 0; i < n; i += 16) {
		_mm512_store_pd(a + i, _mm512_mul_pd(s, _mm512_load_pd(a + i)));
		_mm512_store_pd(a + i + 8, _mm512_mul_pd(s, _mm512_load_pd(a + i + 8)));
	}
}

static void k_update_avx2(double *a, size_t n)
{
	const __m256d s = _mm256_set1_pd(1.0000001);
	for (size_t i = 0; i < n; i += 16) {
		_mm256_store_pd(a + i, _mm256_mul_pd(s, _mm256_load_pd(a + i)));
		_mm256_store_pd(a + i + 4, _mm256_mul_pd(s, _mm256_load_pd(a + i + 4)));
		_mm256_store_pd(a + i + 8, _mm256_mul_pd(s, _mm256_load_pd(a + i + 8)));
		_mm256_store_pd(a + i + 12, _mm256_mul_pd(s, _mm256_load_pd(a + i + 12)));
	}
}

enum { LOAD512, LOAD256, UPD512, UPD256, NKERN };
static const char *kname[NKERN] = { "load_avx512", "load_avx2", "update_avx512", "update_avx2" };

static void run_kernel(int k, double *a, size_t n)
{
	switch (k) {
	case LOAD512: k_load_avx512(a, n); break;
	case LOAD256: k_load_avx2(a, n); break;
	case UPD512: k_update_avx512(a, n); break;
	case UPD256: k_update_avx2(a, n); break;
	}
}

/* bytes of cache lines touched per sweep (update: counted once, as the work unit) */
static double sweep_gbs(int k, double *a, size_t bytes, double min_ns)
{
	size_t n = bytes / sizeof(double);
	run_kernel(k, a, n); /* warm */
	long sweeps = 0;
	double t0 = now_ns(), t1;
	do {
		run_kernel(k, a, n);
		sweeps++;
		t1 = now_ns();
	} while (t1 - t0 < min_ns);
	return (double)bytes * sweeps / (t1 - t0); /* B/ns = GB/s */
}

/* ---- multi-thread memory update ---- */
typedef struct thr {
	int cpu, k;
	size_t bytes;
	double *a;
	pthread_barrier_t *bar;
	double gbs;
} thr;

static void *thr_main(void *p)
{
	thr *t = p;
	cpu_set_t cs;
	CPU_ZERO(&cs);
	CPU_SET(t->cpu, &cs);
	sched_setaffinity(0, sizeof cs, &cs);
	if (!t->a) {
		if (posix_memalign((void **)&t->a, 4096, t->bytes)) abort();
		for (size_t i = 0; i < t->bytes / 8; i++) t->a[i] = 1.0; /* first touch */
	}
	pthread_barrier_wait(t->bar);
	t->gbs = sweep_gbs(t->k, t->a, t->bytes, 4e8);
	return NULL;
}

static long cache_bytes(int index)
{
	char path[128], buf[64];
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
	FILE *f = fopen(path, "r");
	if (!f) return -1;
	long v = -1;
	if (fgets(buf, sizeof buf, f)) {
		char *e;
		v = strtol(buf, &e, 10);
		if (*e == 'K') v <<= 10;
		else if (*e == 'M') v <<= 20;
	}
	fclose(f);
	return v;
}

static void pin(int cpu)
{
	cpu_set_t cs;
	CPU_ZERO(&cs);
	CPU_SET(cpu, &cs);
	sched_setaffinity(0, sizeof cs, &cs);
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 15;
	if (reps < 3) reps = 3;
	double *v = calloc(reps, sizeof *v);
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	pin(0);

	long l1 = cache_bytes(0), l2 = cache_bytes(2), l3 = cache_bytes(3);
	printf("# sysfs: L1d %ld B, L2 %ld B, L3 %ld B, %d online CPUs\n", l1, l2, l3, ncpu);

	/* 1. clock (before) */
	for (int r = 0; r < reps; r++) v[r] = clock_once(100000, 0);
	stats clk = summarise(v, reps);
	printf("clock_ghz (add chain): best %.4f median %.4f worst %.4f\n", clk.best, clk.median, clk.worst);
	for (int r = 0; r < reps; r++) v[r] = clock_once(40000, 1);
	stats clki = summarise(v, reps);
	printf("clock_ghz (imul chain, 3 cy): best %.4f median %.4f worst %.4f\n", clki.best, clki.median, clki.worst);

	/* in-core checks */
	if (posix_memalign((void **)&ic_buf, 4096, 4096)) return 1;
	memset(ic_buf, 0, 4096);
	{
		static const char *icn[] = { "load 64-bit (gpr)", "load 128-bit", "load 256-bit", "load 512-bit",
					     "store 256-bit (2 per line)", "store 512-bit", "fma 256-bit",
					     "fma 512-bit", "vaddsd chain (1/latency)", "vfmadd chain (1/latency)" };
		double (*icf[])(double) = { ic_load64, ic_load128, ic_load256, ic_load512, ic_store256,
					    ic_store512, ic_fma256, ic_fma512, ic_addsd_lat, ic_fma_lat };
		for (int t = 0; t < 10; t++) {
			for (int r = 0; r < reps; r++) v[r] = icf[t](clk.best);
			stats s = summarise(v, reps);
			printf("incore %-28s per cycle: best %.3f median %.3f worst %.3f  (-> %.3f cy each)\n",
			       icn[t], s.best, s.median, s.worst, 1.0 / s.best);
		}
		fflush(stdout);
	}

	/* working sets: half of L1, half of L2 (above L1), 1/8 of L3 but >= 8x L2, 8x L3 (>= 1 GiB) */
	size_t ws[4];
	ws[0] = (size_t)l1 / 2;
	ws[1] = (size_t)l2 / 2;
	ws[2] = (size_t)l3 / 8 > (size_t)l2 * 8 ? (size_t)l3 / 8 : (size_t)l2 * 8;
	ws[3] = (size_t)l3 * 8 > (1ul << 30) ? (size_t)l3 * 8 : (1ul << 30);
	const char *lvl[4] = { "L1", "L2", "L3", "MEM" };
	double *a;
	if (posix_memalign((void **)&a, 4096, ws[3])) return 1;
	for (size_t i = 0; i < ws[3] / 8; i++) a[i] = 1.0;

	double best_gbs[NKERN][4];
	for (int L = 0; L < 4; L++) {
		for (int k = 0; k < NKERN; k++) {
			double min_ns = L == 3 ? 3e8 : 2e7;
			for (int r = 0; r < reps; r++) v[r] = sweep_gbs(k, a, ws[L], min_ns);
			stats s = summarise(v, reps);
			best_gbs[k][L] = s.best;
			printf("bw %-3s ws %10zu B %-14s GB/s best %8.2f median %8.2f worst %8.2f"
			       "  -> cy/CL best %.3f (spread best..median %.1f %%)\n",
			       lvl[L], ws[L], kname[k], s.best, s.median, s.worst,
			       64.0 * clk.best / s.best, 100.0 * (s.best - s.median) / s.best);
			fflush(stdout);
		}
	}

	/* all cores, update and load in memory */
	for (int k = 0; k < NKERN; k++) {
		size_t per = ws[3] / 2;
		thr *t = calloc(ncpu, sizeof *t);
		pthread_t *id = calloc(ncpu, sizeof *id);
		pthread_barrier_t bar;
		double *bufs[64] = { 0 };
		for (int r = 0; r < reps; r++) {
			pthread_barrier_init(&bar, NULL, ncpu);
			for (int c = 0; c < ncpu; c++) {
				t[c] = (thr){ .cpu = c, .k = k, .bytes = per, .a = bufs[c], .bar = &bar };
				pthread_create(&id[c], NULL, thr_main, &t[c]);
			}
			double sum = 0;
			for (int c = 0; c < ncpu; c++) {
				pthread_join(id[c], NULL);
				bufs[c] = t[c].a;
				sum += t[c].gbs;
			}
			pthread_barrier_destroy(&bar);
			v[r] = sum;
		}
		stats s = summarise(v, reps);
		double tf = (k == UPD512 || k == UPD256) ? 2.0 : 1.0; /* read + write traffic */
		printf("bw MEM %d cores ws %zu B each %-14s GB/s best %8.2f median %8.2f worst %8.2f -> cy/CL (chip) %.3f;"
		       " traffic (likwid-bench convention, update = read + write) best %.2f GB/s -> %.3f cy per line moved\n",
		       ncpu, per, kname[k], s.best, s.median, s.worst, 64.0 * clk.best / s.best,
		       tf * s.best, 64.0 * clk.best / (tf * s.best));
		for (int c = 0; c < ncpu; c++) free(bufs[c]);
		free(t);
		free(id);
		fflush(stdout);
	}

	/* clock (after) */
	pin(0);
	for (int r = 0; r < reps; r++) v[r] = clock_once(100000, 0);
	stats clk2 = summarise(v, reps);
	printf("clock_ghz (after): best %.4f median %.4f worst %.4f\n", clk2.best, clk2.median, clk2.worst);

	/* 3. ECM transfer terms (best figures, measured clock) */
	double f = clk.best;
	for (int k = 0; k < NKERN; k++) {
		double c[4];
		for (int L = 0; L < 4; L++) c[L] = 64.0 * f / best_gbs[k][L];
		double div = (k == UPD512 || k == UPD256) ? 2.0 : 1.0;
		printf("ecm %-14s T(L1,L2,L3,MEM) = %.2f %.2f %.2f %.2f cy/CL;"
		       " T_L1L2 %.2f T_L2L3 %.2f T_L3Mem %.2f cy per line transferred\n",
		       kname[k], c[0], c[1], c[2], c[3],
		       (c[1] - c[0]) / div, (c[2] - c[1]) / div, (c[3] - c[2]) / div);
	}
	free(a);
	free(v);
	return 0;
}
