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

int main(int argc, char **argv)
{
	const char *which = argc > 1 ? argv[1] : "copy";
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
