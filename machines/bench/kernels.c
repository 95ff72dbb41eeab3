/* roofline-bench kernels.  Every kernel is inline assembly so that the instruction stream is
 * exactly what is measured (width, mix, unrolling), whatever the compiler does. */
#include "machines/bench/kernels.h"

const int k_streams[K_NKERN] = { 1, 3, 2, 1, 1, 4, 4, 1, 2 };

#if defined(__x86_64__)
#include <cpuid.h>

void k_detect(k_features *f)
{
	unsigned a, b, c, d;
	f->x86 = 1;
	f->avx = f->fma = f->avx512f = 0;
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return;
	int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, fma = (c >> 12) & 1;
	unsigned long long xcr0 = 0;
	if (osxsave) {
		unsigned lo, hi;
		__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
		xcr0 = ((unsigned long long)hi << 32) | lo;
	}
	f->avx = avx && (xcr0 & 6) == 6;
	f->fma = f->avx && fma;
	if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
		f->avx512f = f->avx && ((b >> 16) & 1) && (xcr0 & 0xe6) == 0xe6;
}

/* 8 accesses per stream per block; %0 %1 %2 = stream pointers */
#define IRP ".irp o,0,1,2,3,4,5,6,7\n\t"
#define LD(ins, reg, W)  IRP ins " \\o*" #W "(%0), %%" reg "0\n\t.endr\n\t"
#define ST(ins, reg, W)  IRP ins " %%" reg "2, \\o*" #W "(%0)\n\t.endr\n\t"
#define L2S(ins, reg, W) IRP ins " \\o*" #W "(%0), %%" reg "0\n\t" ins " \\o*" #W "(%1), %%" \
	reg "1\n\t" ins " %%" reg "2, \\o*" #W "(%2)\n\t.endr\n\t"
#define L1S(ins, reg, W) IRP ins " \\o*" #W "(%0), %%" reg "0\n\t" ins " %%" reg "2, \\o*" \
	#W "(%1)\n\t.endr\n\t"
/* copy with the load LDI and the (non-temporal) store STI */
#define L1NT(ldi, sti, reg, W) IRP ldi " \\o*" #W "(%0), %%" reg "0\n\t" sti " %%" reg "0, \\o*" \
	#W "(%1)\n\t.endr\n\t"
/* update: load a line and store it back (1 fill, 1 eviction) */
#define UPD(ins, reg, W) IRP ins " \\o*" #W "(%0), %%" reg "0\n\t" ins " %%" reg "0, \\o*" \
	#W "(%0)\n\t.endr\n\t"
/* 3 loads 1 store (a, b, c -> d) and 4 loads (a, b, c, d) */
#define L3S(ins, reg, W) IRP ins " \\o*" #W "(%0), %%" reg "0\n\t" ins " \\o*" #W "(%1), %%" \
	reg "1\n\t" ins " \\o*" #W "(%2), %%" reg "0\n\t" ins " %%" reg "2, \\o*" #W \
	"(%3)\n\t.endr\n\t"
#define L4(ins, reg, W) IRP ins " \\o*" #W "(%0), %%" reg "0\n\t" ins " \\o*" #W "(%1), %%" \
	reg "1\n\t" ins " \\o*" #W "(%2), %%" reg "0\n\t" ins " \\o*" #W "(%3), %%" reg \
	"1\n\t.endr\n\t"

#define SWEEP(BODY, W, TAIL)                                                              \
	for (size_t off = 0; off < n; off += 8 * (W))                                      \
		__asm__ volatile(BODY : : "r"(a + off), "r"(b + off), "r"(c + off),         \
				 "r"(d + off) : "xmm0", "xmm1", "xmm2", "memory");          \
	__asm__ volatile(TAIL ::: "memory");                                               \
	return 0

#define WIDTH_FNS(W, LDI, STI, REG, TAIL, NTI)                                            \
	static int bw##W(int mix, char *a, char *b, char *c, char *d, size_t n)            \
	{                                                                                  \
		switch (mix) {                                                             \
		case K_LOAD: { SWEEP(LD(LDI, REG, W), W, TAIL); }                          \
		case K_UPDATE: { SWEEP(UPD(STI, REG, W), W, TAIL); }                       \
		case K_3LD1ST: { SWEEP(L3S(STI, REG, W), W, TAIL); }                       \
		case K_SUM4: { SWEEP(L4(LDI, REG, W), W, TAIL); }                          \
		case K_NTSTORE: { SWEEP(ST(NTI, REG, W), W, "sfence\n\t" TAIL); }         \
		case K_NTCOPY: { SWEEP(L1NT(LDI, NTI, REG, W), W, "sfence\n\t" TAIL); }  \
		case K_2LD1ST: { SWEEP(L2S(STI, REG, W), W, TAIL); }                       \
		case K_1LD1ST: { SWEEP(L1S(STI, REG, W), W, TAIL); }                       \
		default: { SWEEP(ST(STI, REG, W), W, TAIL); }                              \
		}                                                                          \
	}

/* 8 B has no SSE2 non-temporal store of an xmm register: its K_NTSTORE is a plain store
 * (never measured: the calibration uses the widest access) */
WIDTH_FNS(8, "movsd", "movsd", "xmm", "", "movsd")
WIDTH_FNS(16, "movapd", "movapd", "xmm", "", "movntpd")
WIDTH_FNS(32, "vmovapd", "vmovapd", "ymm", "vzeroupper", "vmovntpd")
WIDTH_FNS(64, "vmovapd", "vmovapd", "zmm", "vzeroupper", "vmovntpd")

int k_bw_sweep(int w, int mix, char *const *s, size_t n)
{
	switch (w) {
	case 8: return bw8(mix, s[0], s[1], s[2], s[3], n);
	case 16: return bw16(mix, s[0], s[1], s[2], s[3], n);
	case 32: return bw32(mix, s[0], s[1], s[2], s[3], n);
	case 64: return bw64(mix, s[0], s[1], s[2], s[3], n);
	}
	return -1;
}

/* 12 independent destinations; sources %%r14, %%r15 are constants */
#define D3(ins, r, d) ins " %%" r "14, %%" r "15, %%" r #d "\n\t"
#define D2(ins, r, d) ins " %%" r "14, %%" r #d "\n\t"
#define B12(M, ins, r) M(ins, r, 0) M(ins, r, 1) M(ins, r, 2) M(ins, r, 3) M(ins, r, 4) \
	M(ins, r, 5) M(ins, r, 6) M(ins, r, 7) M(ins, r, 8) M(ins, r, 9) M(ins, r, 10) M(ins, r, 11)

static const double kconst[16] __attribute__((aligned(64))) = {
	1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.7, 1.7, 1.7, 1.7, 1.7, 1.7, 1.7, 1.7 };
static const float kconstf[32] __attribute__((aligned(64))) = {
	1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f, 1.3f,
	1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f, 1.7f };

#define FPLOOP(M, ins, r, mov, cst)                                                        \
	do {                                                                               \
		long it = iters;                                                           \
		__asm__ volatile(".irp q,0,1,2,3,4,5,6,7,8,9,10,11\n\t"                     \
				 "vxorpd %%xmm\\q, %%xmm\\q, %%xmm\\q\n\t.endr\n\t"          \
				 mov " (%1), %%" r "14\n\t" mov " 64(%1), %%" r "15\n\t"     \
				 "1:\n\t.rept 4\n\t" B12(M, ins, r) ".endr\n\t"              \
				 "dec %0\n\tjnz 1b\n\tvzeroupper\n\t"                        \
				 : "+r"(it) : "r"(cst)                                      \
				 : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",  \
				   "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm14", "xmm15", \
				   "cc");                                                   \
		return 0;                                                                  \
	} while (0)

#define OPS(sfx, vsfx, cst, mv)                                                             \
	static int fp_##sfx(int op, int width, long iters)                                  \
	{                                                                                   \
		switch (op * 1000 + width) {                                                \
		case 0 * 1000 + 1: FPLOOP(D3, "vfmadd231s" #sfx, "xmm", mv, cst);            \
		case 0 * 1000 + 128: FPLOOP(D3, "vfmadd231p" #sfx, "xmm", mv, cst);          \
		case 0 * 1000 + 256: FPLOOP(D3, "vfmadd231p" #sfx, "ymm", mv, cst);          \
		case 0 * 1000 + 512: FPLOOP(D3, "vfmadd231p" #sfx, "zmm", mv, cst);          \
		case 1 * 1000 + 1: FPLOOP(D3, "vadds" #sfx, "xmm", mv, cst);                 \
		case 1 * 1000 + 128: FPLOOP(D3, "vaddp" #sfx, "xmm", mv, cst);               \
		case 1 * 1000 + 256: FPLOOP(D3, "vaddp" #sfx, "ymm", mv, cst);               \
		case 1 * 1000 + 512: FPLOOP(D3, "vaddp" #sfx, "zmm", mv, cst);               \
		case 2 * 1000 + 1: FPLOOP(D3, "vmuls" #sfx, "xmm", mv, cst);                 \
		case 2 * 1000 + 128: FPLOOP(D3, "vmulp" #sfx, "xmm", mv, cst);               \
		case 2 * 1000 + 256: FPLOOP(D3, "vmulp" #sfx, "ymm", mv, cst);               \
		case 2 * 1000 + 512: FPLOOP(D3, "vmulp" #sfx, "zmm", mv, cst);               \
		case 3 * 1000 + 1: FPLOOP(D3, "vdivs" #sfx, "xmm", mv, cst);                 \
		case 3 * 1000 + 128: FPLOOP(D3, "vdivp" #sfx, "xmm", mv, cst);               \
		case 3 * 1000 + 256: FPLOOP(D3, "vdivp" #sfx, "ymm", mv, cst);               \
		case 3 * 1000 + 512: FPLOOP(D3, "vdivp" #sfx, "zmm", mv, cst);               \
		case 4 * 1000 + 1: FPLOOP(D3, "vsqrts" #sfx, "xmm", mv, cst);                \
		case 4 * 1000 + 128: FPLOOP(D2, "vsqrtp" #sfx, "xmm", mv, cst);              \
		case 4 * 1000 + 256: FPLOOP(D2, "vsqrtp" #sfx, "ymm", mv, cst);              \
		case 4 * 1000 + 512: FPLOOP(D2, "vsqrtp" #sfx, "zmm", mv, cst);              \
		}                                                                           \
		return -1;                                                                  \
	}

OPS(d, pd, kconst, "vmovupd")
OPS(s, ps, kconstf, "vmovups")

int k_fp(int op, int width, int prec, long iters)
{
	int w = (width == 32 || width == 64) ? 1 : width;
	if ((width == 32 && prec != 32) || (width == 64 && prec != 64))
		return -1;
	return prec == 64 ? fp_d(op, w, iters) : fp_s(op, w, iters);
}

void k_chain(long iters, int imul)
{
	unsigned long x = 1, one = 1;
	for (long i = 0; i < iters; i++) {
		if (imul)
			__asm__ volatile(".rept 1000\n\timulq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
		else
			__asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
	}
	__asm__ volatile("" : : "r"(x));
}

#else /* not x86-64: no kernels; roofline-bench reports this and measures nothing */

void k_detect(k_features *f) { f->x86 = f->avx = f->fma = f->avx512f = 0; }
int k_bw_sweep(int w, int mix, char *const *s, size_t n)
{ (void)w; (void)mix; (void)s; (void)n; return -1; }
int k_fp(int op, int width, int prec, long iters) { (void)op; (void)width; (void)prec; (void)iters; return -1; }
void k_chain(long iters, int imul) { (void)iters; (void)imul; }
#endif
