/* Memory level of loops with more loads than lines (docs/model.md section 4, "Memory: loads that
 * re-read lines"): a zmm copy a -> b plus 2..24 aligned zmm loads per line from an L1-resident
 * table, or 4..32 FP multiplies on registers, with the copy's arrays (2 MiB pages) in L2 (256
 * KiB), L3 (6 MiB) and memory (256 MiB); cy per line, best of 40 (memory 7) sweeps, core clock
 * from a dependent add chain.  AVX-512 hosts only.
 *   gcc-12 -O2 -mavx512f -o /tmp/cpl copy-plus-loads.c
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 /tmp/cpl */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static double ghz(void){ long n=200000000; double best=1e30; for(int r=0;r<5;r++){ long x=0; double t0=now();
 __asm__ volatile("1: add $1,%0\n add $1,%0\n add $1,%0\n add $1,%0\n sub $4,%1\n jnz 1b":"+r"(x),"+r"(n)); n=200000000; double t=now()-t0; if(t<best)best=t;} return 400000000.0/best*0+ (200000000.0)/best; }
#define L1(o) "vmovupd " #o "(%[c]), %%zmm" 
typedef void kfn(double*,const double*,const double*,long);
#define MK(NAME, EXTRA) static void NAME(double*b,const double*a,const double*c,long n){ long i=0; __asm__ volatile( \
 "1: vmovupd (%[a],%[i],8), %%zmm0\n" EXTRA "vmovupd %%zmm0, (%[b],%[i],8)\n add $8, %[i]\n cmp %[n], %[i]\n jb 1b" \
 : [i]"+r"(i) : [a]"r"(a),[b]"r"(b),[c]"r"(c),[n]"r"(n) : "memory","xmm1","xmm2","xmm3","xmm4","xmm5","xmm6","xmm7","xmm8","xmm9","xmm10","xmm11","xmm12","xmm13","xmm14","xmm15","xmm16","xmm17","xmm18","xmm19","xmm20","xmm21","xmm22","xmm23","xmm24","xmm25"); }
#define LD2 "vmovupd 0(%[c]), %%zmm1\n vmovupd 64(%[c]), %%zmm2\n"
#define LD4 LD2 "vmovupd 128(%[c]), %%zmm3\n vmovupd 192(%[c]), %%zmm4\n"
#define LD8 LD4 "vmovupd 256(%[c]), %%zmm5\n vmovupd 320(%[c]), %%zmm6\n vmovupd 384(%[c]), %%zmm7\n vmovupd 448(%[c]), %%zmm8\n"
#define LD16 LD8 "vmovupd 512(%[c]), %%zmm9\n vmovupd 576(%[c]), %%zmm10\n vmovupd 640(%[c]), %%zmm11\n vmovupd 704(%[c]), %%zmm12\n vmovupd 768(%[c]), %%zmm13\n vmovupd 832(%[c]), %%zmm14\n vmovupd 896(%[c]), %%zmm15\n vmovupd 960(%[c]), %%zmm16\n"
#define LD24 LD16 "vmovupd 1024(%[c]), %%zmm17\n vmovupd 1088(%[c]), %%zmm18\n vmovupd 1152(%[c]), %%zmm19\n vmovupd 1216(%[c]), %%zmm20\n vmovupd 1280(%[c]), %%zmm21\n vmovupd 1344(%[c]), %%zmm22\n vmovupd 1408(%[c]), %%zmm23\n vmovupd 1472(%[c]), %%zmm24\n"
#define F4 "vmulpd %%zmm25, %%zmm1, %%zmm1\n vmulpd %%zmm25, %%zmm2, %%zmm2\n vmulpd %%zmm25, %%zmm3, %%zmm3\n vmulpd %%zmm25, %%zmm4, %%zmm4\n"
#define F8 F4 "vmulpd %%zmm25, %%zmm5, %%zmm5\n vmulpd %%zmm25, %%zmm6, %%zmm6\n vmulpd %%zmm25, %%zmm7, %%zmm7\n vmulpd %%zmm25, %%zmm8, %%zmm8\n"
#define F16 F8 "vmulpd %%zmm25, %%zmm9, %%zmm9\n vmulpd %%zmm25, %%zmm10, %%zmm10\n vmulpd %%zmm25, %%zmm11, %%zmm11\n vmulpd %%zmm25, %%zmm12, %%zmm12\n vmulpd %%zmm25, %%zmm13, %%zmm13\n vmulpd %%zmm25, %%zmm14, %%zmm14\n vmulpd %%zmm25, %%zmm15, %%zmm15\n vmulpd %%zmm25, %%zmm16, %%zmm16\n"
MK(k0, "")
MK(l2, LD2) MK(l4, LD4) MK(l8, LD8) MK(l16, LD16) MK(l24, LD24)
MK(f4, F4) MK(f8, F8) MK(f16, F16) MK(f32, F16 F16)
static struct { const char *name; kfn *f; } K[] = {{"copy",k0},{"+2ld",l2},{"+4ld",l4},{"+8ld",l8},{"+16ld",l16},{"+24ld",l24},{"+4fp",f4},{"+8fp",f8},{"+16fp",f16},{"+32fp",f32}};
int main(void)
{
	double g = ghz();
	long kib[] = {256, 6144, 262144};
	const char *lv[] = {"L2", "L3", "MEM"};
	printf("# clock %.3f GHz\n%-7s", g, "kernel");
	for (int l = 0; l < 3; l++) printf(" %8s", lv[l]);
	printf("\n");
	double *c = aligned_alloc(64, 4096); for (int i = 0; i < 512; i++) c[i] = 1.0;
	double res[10][3];
	for (int l = 0; l < 3; l++) {
		size_t bytes = kib[l] * 512; /* per array: half the working set */
		size_t len = 2 * bytes + (4u << 20);
		char *raw = mmap(NULL, len, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0);
		char *base = (char*)(((size_t)raw + (2u<<20)-1) & ~(size_t)((2u<<20)-1));
		madvise(base, len - (2u<<20), MADV_HUGEPAGE);
		double *a = (double*)base, *b = (double*)(base + bytes + (2u<<20) - 0 + 17*64);
		long n = bytes / 8;
		for (long i = 0; i < n; i++) a[i] = b[i] = 1;
		for (int k = 0; k < 10; k++) {
			double best = 1e30; int reps = l == 2 ? 7 : 40;
			K[k].f(b, a, c, n);
			for (int r = 0; r < reps; r++) { double t0 = now(); K[k].f(b, a, c, n); double t = now() - t0; if (t < best) best = t; }
			res[k][l] = best * g / (n / 8);
		}
		munmap(raw, len);
	}
	for (int k = 0; k < 10; k++) { printf("%-7s", K[k].name); for (int l = 0; l < 3; l++) printf(" %8.2f", res[k][l]); printf("\n"); }
	return 0;
}
