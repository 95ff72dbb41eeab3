/* Layer conditions and data traffic per cache boundary.
 *
 * From an rl_nest the analysis builds, with ISL, the iteration domain (size
 * parameters as ISL parameters), the access relations and the schedule (loop
 * order), and uses them to find which loop carries the reuse between the
 * references of each array.  The reuse model is a loop-level footprint model of
 * a fully associative LRU cache (docs/layer-conditions.md):
 *
 *   regime l (0 <= l <= L, L = loop depth): the data touched by one iteration of
 *   loop l-1 (i.e. by loops l..L-1 run to completion) fits in the cache, so every
 *   reuse carried by loops l-1..L-1 hits.  The condition of regime l is
 *   footprint(l) <= factor * C_k / threads (threads only for shared caches:
 *   Stengel, Treibig, Hager, Wellein, "Quantifying performance bottlenecks of stencil
 *   computations using the Execution-Cache-Memory model", ICS 2015, eq. 11).
 *   footprint(l) is a polynomial of the size parameters in bytes; with factor < 1
 *   (the paper's rule of thumb: half the cache for layers)
 *   it counts only the reused layers, leading terms (3*n*8 B for the 2D
 *   Jacobi); with factor >= 1 (Kerncraft) every array's lines count.
 *
 * Ownership: everything here is plain data in caller storage, except the opaque
 * rl_lc_analysis (rl_lc_analyse / rl_lc_analysis_free); ISL objects are created and
 * freed inside rl_lc_analyse (one isl_ctx per analysis).  No global state but the
 * count of analyses (rl_lc_analysis_count).
 *
 * Cost: rl_lc_analyse does everything that does not depend on the cache capacities
 * (ISL model and reuse, polynomials, footprints, lines per group and regime); an
 * evaluation (rl_lc_eval for a thread count, rl_lc_eval_regimes for given regimes)
 * only compares footprints with capacities and solves the thresholds.
 * rl_traffic_lc* = one analysis + one evaluation.  The model (model/report.c) analyses
 * each nest once and evaluates it for every thread count of the scaling table and the
 * advice (docs/layer-conditions.md, "Analysis time").
 */
#ifndef RL_LC_H
#define RL_LC_H

#include "polyhedral/nest.h"
#include "polyhedral/traffic.h"
#include "machines/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_POLY_TERMS 24
#define RL_LC_TEXT 192
#define RL_LC_PROBE 10000.0   /* value of an unknown size parameter in comparisons */

/* Polynomial in the size parameters: sum coef * prod par[p]^exp[p] */
typedef struct rl_lc_poly_term {
	double coef;
	unsigned char exp[RL_MAX_PARAMS];
} rl_lc_poly_term;

typedef struct rl_lc_poly {
	int nterms;
	rl_lc_poly_term t[RL_POLY_TERMS];
	int overflow;             /* 1: a term was dropped (too many terms) */
} rl_lc_poly;

void rl_lc_poly_zero(rl_lc_poly *p);
void rl_lc_poly_const(rl_lc_poly *p, double c);
void rl_lc_poly_add(rl_lc_poly *dst, const rl_lc_poly *a, double scale);   /* dst += scale * a */
void rl_lc_poly_mul(rl_lc_poly *dst, const rl_lc_poly *a, const rl_lc_poly *b);
double rl_lc_poly_eval(const rl_lc_poly *p, const double *vals);
int rl_lc_poly_degree(const rl_lc_poly *p, int param);                  /* -1: total degree */
void rl_lc_poly_leading(rl_lc_poly *dst, const rl_lc_poly *p);             /* terms of top total degree */
void rl_lc_poly_print(const rl_nest *nest, const rl_lc_poly *p, char *buf, size_t len);

typedef enum rl_lc_mode {
	RL_LC_LAYERS,   /* Stengel et al.: reused layers only, leading terms (factor < 1) */
	RL_LC_LRU       /* Kerncraft: every array's lines, exact polynomial (factor >= 1) */
} rl_lc_mode;

/* One regime: data of loops LOOP..L-1 fits (LOOP == L: nothing beyond one iteration;
 * LOOP == 0: the whole nest fits). */
typedef struct rl_lc_regime {
	int loop;
	rl_lc_poly footprint;          /* bytes, as used in the condition */
	char footprint_text[RL_LC_TEXT];   /* "3*n*8 B" */
	double footprint_bytes;     /* at the known values (unknown: RL_LC_PROBE) */
	int hits, misses;           /* references per iteration hitting / missing */
	double lines_per_unit;      /* lines loaded or allocated per unit of work in this regime */
	int reuse_temporal;         /* LOOP > 0: 1 when ISL finds a group whose reuse is carried
				       by loop LOOP-1 (temporal), 0 when only spatial */
} rl_lc_regime;

/* One condition of a cache level: the footprint of regime REGIME against the capacity.
 * (diag/lc-text.h writes it: "3*n*8 B <= 16 KiB (n <= 682)") */
typedef struct rl_lc_cond {
	int regime;
	char param[RL_NAME_MAX];    /* leading parameter ("" if none) */
	long long threshold;        /* largest value of PARAM satisfying it; -1 none */
	char equal[RL_NAME_MAX];    /* the other parameters without a value that the threshold
				       sets equal to PARAM (", "-separated), "" none */
	int holds;                  /* 1 holds, 0 violated, -1 unknown */
	/* blocking candidate when violated at known sizes: block loop BLOCK_LOOP (the
	 * outermost loop of the regime's window) to at most BLOCK_SIZE iterations so that
	 * the condition holds; -1 when none */
	int block_loop;
	long long block_size;
} rl_lc_cond;

/* One cache level: its capacity for layer conditions and which regime applies. */
typedef struct rl_lc_level {
	char name[8];
	double capacity;            /* factor * size / (shared ? threads : 1), bytes */
	int regime;                 /* index into regimes[] applying at the known sizes,
				       or the "no LC" regime when sizes are unknown */
	int known;                  /* 1: all sizes known, regime decided by the values */
	int ncond;                  /* one per non-trivial regime (0 < loop < L) */
	rl_lc_cond cond[RL_MAX_LOOPS + 1];
} rl_lc_level;

/* What the layer conditions assume about the sibling loops of the nest (the other innermost
 * loops of an imperfect nest, rl_nest.siblings; polyhedral/lc-siblings.c,
 * docs/layer-conditions.md section 7). */
typedef struct rl_lc_siblings {
	int nsiblings;              /* siblings of the nest (0: a perfect nest) */
	int modelled;               /* 1: their data counts in the conditions of the shared loops */
	char why[128];              /* modelled 0: why not ("the loop at line 12: ...") */
	int shared;                 /* loops 0..shared-1 are shared with the nearest sibling */
	double extra_bytes;         /* the siblings' data per iteration of loop shared-1 that
				       this nest does not touch (LRU count, at the values) */
	int extra_groups;           /* groups of references of the siblings that add to it */
	int counted;                /* 1: it counts (this nest reuses data across loop shared-1) */
	/* reuse of data an earlier sibling touched in the same iteration of loop shared-1
	 * (producer-consumer): the first such group, and how many */
	int nreuse;
	int reuse_shared;           /* the earlier sibling shares loops 0..reuse_shared-1 */
	char array[RL_NAME_MAX];
	int written;                /* 1: the earlier sibling writes it */
	int producer_line;          /* the earlier sibling (its location) */
	double between_bytes;       /* data touched between the two uses (union of both loops') */
	int level;                  /* eval: first cache level holding it, -1 none,
				       -2 sizes unknown (no reuse credited) */
} rl_lc_siblings;

typedef struct rl_lc_report {
	rl_lc_mode mode;
	double factor;
	int threads;
	int all_known;
	int nloops;
	int nregimes;
	rl_lc_regime regimes[RL_MAX_LOOPS + 1];   /* index r <-> loop L - r (r = 0: no LC) */
	int nlevels;
	rl_lc_level levels[RL_MAX_LEVELS];
	int isl_ok;                 /* ISL model built and non-empty */
	char isl_domain[512];       /* the ISL iteration domain as text (possibly truncated) */
	int ngroups;                /* uniformly generated reference groups */
	rl_lc_siblings sib;         /* the sibling loops (nsiblings 0: none) */
} rl_lc_report;

/* Options; rl_lc_options_default fills them from the machine (factor) */
typedef struct rl_lc_options {
	double factor;
	rl_lc_mode mode;
	int threads;                /* active cores sharing the shared caches (n-thread rule) */
} rl_lc_options;

void rl_lc_options_default(const rl_machine *m, int threads, rl_lc_options *opt);

/* Analyse NEST on M with OPT: fills LC (may be NULL) and, for the regime that
 * applies (known sizes) or the "no LC" regime (unknown sizes), OUT.  Returns 0 with
 * a reason in WHY when the nest cannot be analysed (OUT then undefined). */
int rl_traffic_lc_opt(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      rl_traffic *out, rl_lc_report *lc, char *why, size_t whylen);

/* As above with the machine's factor and its mode (factor < 1: layers, else LRU). */
int rl_traffic_lc(const rl_nest *nest, const rl_machine *m, int threads, rl_traffic *out,
		  rl_lc_report *lc, char *why, size_t whylen);

/* The capacity-independent analysis of one nest on one machine (opaque; it borrows NEST
 * and M, which must outlive it).  NULL with a reason in WHY when the nest cannot be
 * analysed (the reasons of rl_traffic_lc). */
typedef struct rl_lc_analysis rl_lc_analysis;
rl_lc_analysis *rl_lc_analyse(const rl_nest *nest, const rl_machine *m, char *why, size_t whylen);
void rl_lc_analysis_free(rl_lc_analysis *a);

/* Number of rl_lc_analyse calls so far in this process (also through rl_traffic_lc*): the
 * tests check that the model analyses each nest once. */
unsigned long rl_lc_analysis_count(void);

/* What rl_traffic_lc_opt(nest, m, OPT, OUT, LC) gives, from the analysis: the same bytes,
 * without redoing the ISL and polynomial work.  LC may be NULL. */
void rl_lc_eval(const rl_lc_analysis *a, const rl_lc_options *opt, rl_traffic *out, rl_lc_report *lc);

/* What rl_lc_traffic_for(nest, m, opt, REGIME_PER_LEVEL, OUT) gives, from the analysis. */
void rl_lc_eval_regimes(const rl_lc_analysis *a, const int *regime_per_level, rl_traffic *out);

/* Fill OUT's per-boundary lines for regime index R at every level (for tests and
 * the blocking advice: "what if the condition held in level k"). */
int rl_lc_traffic_for(const rl_nest *nest, const rl_machine *m, const rl_lc_options *opt,
		      const int *regime_per_level, rl_traffic *out, char *why, size_t whylen);

/* The working set of a nest at its known sizes: for every array the distinct elements its
 * references touch over the iteration domain (the union of the images of the access
 * relations, addresses linearised row-major with the array's extents, counted by ISL),
 * times the element size.  Arrays touched by several references count once. */
typedef struct rl_working_set {
	double bytes;                        /* all arrays */
	double array_bytes[RL_MAX_ARRAYS];   /* per array of the nest (0: not accessed) */
	double array_elems[RL_MAX_ARRAYS];   /* distinct elements per array */
	/* the cache lines holding them (each array assumed to start on a line): what the
	 * footprint occupies in a cache, more than BYTES for strided references */
	double line_bytes;
	double array_line_bytes[RL_MAX_ARRAYS];
} rl_working_set;

/* 1 and WS filled when every size is known and ISL counted every footprint (lines of LINE
 * bytes); 0 with a reason in WHY otherwise (a size unknown, an extent unknown, ISL gave up). */
int rl_lc_working_set(const rl_nest *nest, int line, rl_working_set *ws, char *why, size_t whylen);

/* ISL text of the iteration domain, the access relations and the schedule. */
int rl_lc_isl_text(const rl_nest *nest, char *domain, size_t dlen, char *access, size_t alen,
		   char *schedule, size_t slen);

#ifdef __cplusplus
}
#endif
#endif
