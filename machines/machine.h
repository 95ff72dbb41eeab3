/* rl_machine: a machine model, loaded from a YAML machine file (docs/machine-files.md).
 *
 * rl_machine_load parses and validates a file; on any problem it returns NULL and
 * writes one message "FILE:LINE:COL: expected ..., got ..." into ERR.  The returned
 * machine is owned by the caller and released with rl_machine_free.
 */
#ifndef RL_MACHINE_H
#define RL_MACHINE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RL_MAX_LEVELS 4     /* cache levels, innermost (L1) first */
#define RL_MAX_ICLASSES 96  /* rows of the machine's class table (incore.instructions) */
#define RL_MACHINE_NAME_MAX 64
#define RL_MAX_MSHARE 12    /* points of a level's measured memory share (memory_share) */

typedef enum rl_overlap {
	RL_OVERLAP_SERIAL,  /* Intel: T = max(T_OL, T_nOL + sum of all transfers) */
	RL_OVERLAP_ZEN,     /* fully overlapping (AMD Zen 2+): T = max(T_OL, T_nOL, T_L1L2, T_L2L3,
			       T_L3Mem); the file says `zen` or `overlapping` */
	RL_OVERLAP_PARTIAL  /* partial: the innermost serial_links transfers add to T_nOL, the
			       outer ones overlap: T = max(T_OL, T_nOL + T_L1L2 [+ ...], T_outer...) */
} rl_overlap;

typedef struct rl_cache_level {
	char name[8];            /* "L1", "L2", "L3" */
	long long size;          /* bytes (whole cache; shared_by cores share it) */
	int line;                /* cache line in bytes */
	int ways;                /* associativity, 0 = fully associative / unknown */
	int shared_by;           /* number of cores sharing one instance */
	int write_allocate;      /* a store miss loads the line first */
	int victim;              /* filled only by evictions from the level above (AMD Zen L3) */
	double cycles_per_line;  /* transfer of one line between this level and the next
				    outer one (L1: L1<->L2), in core cycles */
	char source[320];        /* provenance text of the figures (may be truncated) */
	/* optional, measured per direction (roofline-bench); 0 = not given: cycles_per_line for
	   both.  Cycles per line filled into this level from the next outer one / evicted from
	   this level to the next outer one. */
	double fill_cycles, evict_cycles;
	double lc_factor;        /* layer conditions: usable fraction of this level (effective /
				    nominal capacity); 0 = the machine's lc_safety_factor */
	/* optional, measured (roofline-bench, small_working_sets): a loop whose working set is
	   larger than this level but below small_below bytes pays small_factor x the cost of this
	   level's link (fills and evictions), small_write_only x instead when no line it moves
	   across the link is read (only write-allocates and evictions: a loop that only stores);
	   0 = not given (factor 1 at every size) */
	double small_below, small_factor, small_write_only;
	/* optional, measured (roofline-bench, memory_share; the last level only): the share of
	   a working set swept again and again that the level does not keep from one sweep to the
	   next, at mshare_n working sets mshare_ws[] (bytes, increasing; the first share 0, the
	   shares non-decreasing, in 0..1): rl_machine_memory_share; 0 points = not given.
	   mshare_reuse: the same for loops whose loads re-read the lines they bring (a stencil's
	   rows: reuse_shares; mshare_has_reuse 0 = not given, mshare for them too) */
	int mshare_n, mshare_has_reuse;
	double mshare_ws[RL_MAX_MSHARE], mshare[RL_MAX_MSHARE], mshare_reuse[RL_MAX_MSHARE];
} rl_cache_level;

/* Instruction classes: the rows of the machine's class table (incore.instructions); port
 * tables key their class rows by them too */
typedef enum rl_iclass {
	RL_IC_LOAD, RL_IC_STORE, RL_IC_FADD, RL_IC_FMUL, RL_IC_FMA, RL_IC_FDIV,
	RL_IC_FSQRT, RL_IC_IALU, RL_IC_BRANCH, RL_IC_OTHER, RL_IC_COUNT
} rl_iclass;

/* One row of the in-core table: instructions of class CLS and width WIDTH bits
 * occupy unit UNIT for CYCLES cycles (reciprocal throughput). */
typedef struct rl_iclass_cost {
	rl_iclass cls;
	int width;               /* 32, 64 (scalar), 128, 256, 512; 0 = any width */
	char unit[16];           /* execution resource group, e.g. "load", "fp_add" */
	double cycles;
	double latency;          /* result latency in cycles (for loop-carried chains); 0 = not given */
	int precision;           /* element bits the row is for: 32 (SP), 64 (DP); 0 = any */
} rl_iclass_cost;

/* Load/store mixes of the bandwidth table (as adCARM measures them): loads only, 2 loads +
 * 1 store, 1 load + 1 store, stores only. */
typedef enum rl_mix { RL_MIX_LOAD, RL_MIX_2LD1ST, RL_MIX_1LD1ST, RL_MIX_STORE, RL_MIX_COUNT } rl_mix;

/* FP operation of the peak table; RL_FP_PEAK = the machine's peak with the best mix (F_p). */
typedef enum rl_fpop { RL_FP_FMA, RL_FP_ADD, RL_FP_MUL, RL_FP_DIV, RL_FP_SQRT, RL_FP_PEAK,
		       RL_FP_COUNT } rl_fpop;

#define RL_MAX_BW 1024
#define RL_MAX_FLOPS 256

/* One row of `bandwidths:` - sustained bandwidth at LEVEL for accesses of WIDTH bits with MIX,
 * summed over CORES cores (each working in its own data). */
typedef struct rl_bw_row {
	char level[8];           /* a cache level name, or "MEM" */
	int width;               /* access width in bits: 64, 128, 256, 512; 0 = not known */
	rl_mix mix;
	int cores;
	double gbs;              /* best (highest) of the repetitions, GB/s */
	double spread_pct;       /* (best - median) / best in percent; < 0 = not given */
	int unstable;            /* flagged by the measurement (spread above its threshold) */
} rl_bw_row;

/* One row of `peak_flops:` - FP throughput of OP at WIDTH bits, PRECISION, on CORES cores. */
typedef struct rl_flops_row {
	rl_fpop op;
	int width;               /* bits: 32/64 scalar, 128, 256, 512; 0 = best width / not known */
	int precision;           /* 32 (SP) or 64 (DP) */
	int cores;
	double gflops;           /* GFLOP/s (best of the repetitions) */
	double spread_pct;       /* < 0 = not given */
	int unstable;
} rl_flops_row;

/* One row of `tlb:` - a level of the data TLB for pages of PAGE bytes: ENTRIES entries, and
 * MISS_CYCLES core cycles added to an access that misses this level (and hits the next one, or
 * walks the page table after the last level).  docs/machine-files.md, docs/model.md. */
#define RL_MAX_TLB 8
typedef struct rl_tlb_level {
	char name[8];            /* "L1", "L2" (the TLB's level, not a cache) */
	int entries;
	long long page;          /* page size in bytes: 4096, 2097152, ... */
	double miss_cycles;
} rl_tlb_level;

typedef struct rl_machine {
	char name[RL_MACHINE_NAME_MAX];   /* basename of the file without .yml */
	char path[512];
	char description[256];
	double clock_ghz;
	int cores;                  /* cores of one chip (socket) */
	rl_overlap overlap;
	int serial_links;           /* RL_OVERLAP_PARTIAL: innermost transfers adding to T_nOL */
	/* ecm.serial_fraction: per link (0 = L1-L2, ..., nlevels-1 = memory) the measured fraction
	   of an overlapping link's transfer that adds to T_nOL (model/ecm.c); 0 = not given */
	double serial_fraction[RL_MAX_LEVELS];
	int n_serial_fraction;      /* entries the file gave */
	char serial_fraction_source[384]; /* how they were measured */
	/* ecm.memory_load_factor: cycles a loop with data in memory adds per cycle of its loads
	   beyond one load per line read from memory (model/ecm.c); 0 = not given */
	double mem_load_factor;
	char mem_load_factor_source[384];
	double lc_safety_factor;    /* fraction of a cache usable for layer conditions */
	int nlevels;
	rl_cache_level levels[RL_MAX_LEVELS];
	double mem_bandwidth_gbs;   /* sustained memory bandwidth of the chip, GB/s */
	double mem_cycles_per_line; /* derived: line * clock / bandwidth */
	char nonoverlapping[4][16]; /* units whose cycles form T_nOL (e.g. "load") */
	int n_nonoverlapping;
	int ncosts;
	rl_iclass_cost costs[RL_MAX_ICLASSES];
	/* provenance and optional figures (texts may be truncated) */
	char long_name[128];        /* the file's `name:` (e.g. "Intel Xeon E5-2680") */
	char source[256];           /* top-level provenance */
	char ecm_source[256];
	char mem_source[512];
	char incore_source[256];
	char mem_benchmark[16];     /* memory.benchmark: "update", "load", "copy", "triad", "stream" */
	double mem_bandwidth_1core_gbs; /* memory.single_core_bandwidth, GB/s; 0 = not given */
	/* memory.fill / memory.evict: one core's cycles per line read from / written to memory
	   (limited by the core's outstanding misses, not the memory interface); 0 = not given:
	   the ECM model uses mem_cycles_per_line (the chip's bandwidth) for both */
	double mem_fill_cycles, mem_evict_cycles;
	/* memory.nt_store: one core's cycles per line of a stream of non-temporal stores alone;
	   memory.nt_mixed: cycles per line, read or stored non-temporally, of a loop doing both
	   (default 0: no such bound); 0 = not given: these lines cost mem_evict_cycles (or
	   mem_cycles_per_line) like evictions (model/ecm.c) */
	double mem_nt_cycles, mem_nt_mixed_cycles;
	/* memory.restart: cycles per line a stream read from memory pays, beyond the in-core
	   time, in the first memory.restart_lines lines of each run that starts at an address
	   jump (rows shorter than their stride: the prefetcher starts again; model/restart.c);
	   0 = not given: no such term */
	double mem_restart_cycles;
	int mem_restart_lines;
	char mem_restart_source[384];
	int ncalib;                 /* rows of the optional `calibration` block (checked) */
	char port_table[64];        /* incore.port_table: name of a table in machines/ports/
				       (e.g. "snb", "glc", "zen4"); "" = not given */
	/* tables of measured / published figures; empty when not given */
	int nbw;
	rl_bw_row bw[RL_MAX_BW];
	int nflops;
	rl_flops_row flops[RL_MAX_FLOPS];
	char bw_source[512];
	char flops_source[256];
	int from_kerncraft;         /* 1: read from a Kerncraft machine file (format detected) */
	/* host: the CPU a measured file describes (written by roofline-bench), by cpuid;
	   host_vendor "" = not given (a file of estimates or of a published machine) */
	char host_vendor[16];       /* "GenuineIntel", "AuthenticAMD" */
	int host_family, host_model;
	/* tlb: data-TLB levels, innermost first per page size; ntlb 0 = no TLB term */
	int ntlb;
	rl_tlb_level tlb[RL_MAX_TLB];
	int tlb_measured;           /* 1: measured (roofline-bench), 0: an estimate */
	char tlb_source[384];
} rl_machine;

/* Load and validate PATH.  NULL on error with a one-line message in ERR. */
rl_machine *rl_machine_load(const char *path, char *err, size_t errlen);
void rl_machine_free(rl_machine *m);

/* Resolve NAME_OR_PATH: a string containing '/' or ending in .yml/.yaml is a path;
 * otherwise DIR/NAME.yml.  Writes the path into OUT; returns 0 if it does not exist. */
int rl_machine_resolve(const char *dir, const char *name_or_path, char *out, size_t outlen);

/* Cost row for class CLS at WIDTH bits (exact width first, then width 0); NULL if none.
 * Where a width has rows per precision (e.g. fdiv 256-bit SP and DP) the slowest one is
 * returned (conservative); use rl_machine_cost_prec when the element type is known. */
const rl_iclass_cost *rl_machine_cost(const rl_machine *m, rl_iclass cls, int width);

/* As rl_machine_cost for elements of ELEM_BITS (32 = SP, 64 = DP; 0 = unknown).  Order:
 * exact width and precision, exact width any-precision row, exact width slowest row,
 * then the same for width 0. */
const rl_iclass_cost *rl_machine_cost_prec(const rl_machine *m, rl_iclass cls, int width,
					   int elem_bits);

/* Cache-line size in bytes: the L1 line (64 when the machine has no cache levels). */
int rl_machine_line_bytes(const rl_machine *m);

/* The factor on the cost of link B (0 = L1-L2; B < nlevels - 1) for a loop whose working set
 * is WS bytes (for a private level: per core): caches[B].small_factor (small_write_only when
 * WRITE_ONLY: no line the loop moves across the link is read) when the level's
 * small_working_sets are given and size(B) < WS < small_below, else 1 (also for WS < 0,
 * unknown, and for the memory link). */
double rl_machine_link_ws_factor(const rl_machine *m, int b, double ws, int write_only);

/* The share of a working set of WS bytes swept again and again that cache level LEVEL of M does
 * not keep from one sweep to the next, from the level's measured points (memory_share; REUSE:
 * for a loop whose loads re-read the lines they bring, its reuse_shares when given): 0 up to
 * the first size, linear in log(WS) between two points, beyond the last one rising linearly in
 * WS from the last share to 1 at twice the last size; -1 when the level has no points (or WS
 * < 0, LEVEL out of range) */
double rl_machine_memory_share(const rl_machine *m, int level, double ws, int reuse);

/* 1 if any link of M has small_working_sets (rl_machine_link_ws_factor can differ from 1) */
int rl_machine_has_small_working_sets(const rl_machine *m);

/* 1 if UNIT is one of the machine's non-overlapping units */
int rl_machine_unit_is_nol(const rl_machine *m, const char *unit);

const char *rl_iclass_name(rl_iclass cls);

/* Row of the bandwidth table for LEVEL ("L1".., "MEM"), WIDTH bits, MIX and CORES: exact width
 * first, then a width-0 row; with WIDTH 0 the best row of any width.  NULL if none. */
const rl_bw_row *rl_machine_bw(const rl_machine *m, const char *level, int width, rl_mix mix,
			       int cores);
/* Row of the FP peak table (same width rule).  NULL if none. */
const rl_flops_row *rl_machine_flops(const rl_machine *m, rl_fpop op, int width, int precision,
				     int cores);
const char *rl_mix_name(rl_mix mix);       /* "load", "2load_1store", "load_store", "store" */
const char *rl_fpop_name(rl_fpop op);      /* "fma", "add", "mul", "div", "sqrt", "peak" */

#ifdef __cplusplus
}
#endif
#endif
