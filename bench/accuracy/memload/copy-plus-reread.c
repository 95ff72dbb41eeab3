/* As copy-plus-loads.c, the loads added being 0..8 zmm loads 8 B off a line on the copy's own
 * source 32-128 lines behind (re-reads of lines just streamed, each split over two lines; table
 * rows "+Kbacksp"), and 1..3 of them aligned ("+Kbackal").  Same build and run line. */
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

MK(bs0, "")
MK(bs1, "vmovupd -2040(%[a],%[i],8), %%zmm1\n")
MK(bs2, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n")
MK(bs3, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n")
MK(bs4, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n""vmovupd -8184(%[a],%[i],8), %%zmm4\n")
MK(bs5, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n""vmovupd -8184(%[a],%[i],8), %%zmm4\n""vmovupd -10232(%[a],%[i],8), %%zmm5\n")
MK(bs6, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n""vmovupd -8184(%[a],%[i],8), %%zmm4\n""vmovupd -10232(%[a],%[i],8), %%zmm5\n""vmovupd -12280(%[a],%[i],8), %%zmm6\n")
MK(bs7, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n""vmovupd -8184(%[a],%[i],8), %%zmm4\n""vmovupd -10232(%[a],%[i],8), %%zmm5\n""vmovupd -12280(%[a],%[i],8), %%zmm6\n""vmovupd -14328(%[a],%[i],8), %%zmm7\n")
MK(bs8, "vmovupd -2040(%[a],%[i],8), %%zmm1\n""vmovupd -4088(%[a],%[i],8), %%zmm2\n""vmovupd -6136(%[a],%[i],8), %%zmm3\n""vmovupd -8184(%[a],%[i],8), %%zmm4\n""vmovupd -10232(%[a],%[i],8), %%zmm5\n""vmovupd -12280(%[a],%[i],8), %%zmm6\n""vmovupd -14328(%[a],%[i],8), %%zmm7\n""vmovupd -16376(%[a],%[i],8), %%zmm8\n")
MK(ba1, "vmovupd -2048(%[a],%[i],8), %%zmm1\n")
MK(ba2, "vmovupd -2048(%[a],%[i],8), %%zmm1\n""vmovupd -4096(%[a],%[i],8), %%zmm2\n")
MK(ba3, "vmovupd -2048(%[a],%[i],8), %%zmm1\n""vmovupd -4096(%[a],%[i],8), %%zmm2\n""vmovupd -6144(%[a],%[i],8), %%zmm3\n")
static struct { const char *name; kfn *f; } K[] = {{"+0backsp",bs0},{"+1backsp",bs1},{"+2backsp",bs2},{"+3backsp",bs3},{"+4backsp",bs4},{"+5backsp",bs5},{"+6backsp",bs6},{"+7backsp",bs7},{"+8backsp",bs8},{"+1backal",ba1},{"+2backal",ba2},{"+3backal",ba3}};
int main(void)
{
	double g = ghz();
	long kib[] = {256, 6144, 262144};
	const char *lv[] = {"L2", "L3", "MEM"};
	printf("# clock %.3f GHz\n%-7s", g, "kernel");
	for (int l = 0; l < 3; l++) printf(" %8s", lv[l]);
	printf("\n");
	double *c = aligned_alloc(64, 4096); for (int i = 0; i < 512; i++) c[i] = 1.0;
	double res[12][3];
	for (int l = 0; l < 3; l++) {
		size_t bytes = kib[l] * 512; /* per array: half the working set */
		size_t len = 2 * bytes + (4u << 20);
		char *raw = mmap(NULL, len, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0);
		char *base = (char*)(((size_t)raw + (2u<<20)-1) & ~(size_t)((2u<<20)-1));
		madvise(base, len - (2u<<20), MADV_HUGEPAGE);
		double *a = (double*)base, *b = (double*)(base + bytes + (2u<<20) - 0 + 17*64);
		long n = bytes / 8;
		for (long i = 0; i < n; i++) a[i] = b[i] = 1;
		a += 2048; n -= 4096;
		for (int k = 0; k < 12; k++) {
			double best = 1e30; int reps = l == 2 ? 7 : 40;
			K[k].f(b, a, c, n);
			for (int r = 0; r < reps; r++) { double t0 = now(); K[k].f(b, a, c, n); double t = now() - t0; if (t < best) best = t; }
			res[k][l] = best * g / (n / 8);
		}
		munmap(raw, len);
	}
	for (int k = 0; k < 12; k++) { printf("%-7s", K[k].name); for (int l = 0; l < 3; l++) printf(" %8.2f", res[k][l]); printf("\n"); }
	return 0;
}
