/* roofline-bench: measurement kernels (x86-64 inline assembly). */
#ifndef RLB_KERNELS_H
#define RLB_KERNELS_H

#include <stddef.h>

/* Access mixes, in the order of rl_mix (machines/machine.h), then the kernels only the ECM
 * calibration uses: update (load a line, store it back), 3 loads 1 store, 4 loads, and in
 * memory only the non-temporal store and copy (widths >= 16 B: movntpd / vmovntpd). */
enum { K_LOAD, K_2LD1ST, K_1LD1ST, K_STORE, K_NMIX, K_UPDATE = K_NMIX, K_3LD1ST, K_SUM4,
       K_NTSTORE, K_NTCOPY, K_NKERN };
/* number of streams (arrays) each kernel sweeps */
extern const int k_streams[K_NKERN];

/* CPU features (filled by k_detect) */
typedef struct k_features {
	int x86, avx, fma, avx512f;
} k_features;
void k_detect(k_features *f);

/* One sweep of kernel MIX over its k_streams[MIX] arrays S[0..] of N bytes each (N a multiple
 * of 512) with accesses of W bytes (8, 16, 32, 64).  Returns 0, or -1 if the combination is
 * not supported. */
int k_bw_sweep(int w, int mix, char *const *s, size_t n);

/* FP throughput kernel: ITERS iterations of 48 independent instructions of OP (0 fma, 1 add,
 * 2 mul, 3 div, 4 sqrt) at WIDTH bits (32/64 = scalar SP/DP, 128, 256, 512), precision
 * PREC (32/64).  -1 if unsupported. */
int k_fp(int op, int width, int prec, long iters);
#define K_FP_PER_ITER 48

/* Dependent chains: ITERS x 1000 register adds (1 cy each) or imuls (3 cy each). */
void k_chain(long iters, int imul);

#endif
