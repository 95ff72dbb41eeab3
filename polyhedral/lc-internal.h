/* Internals of the layer-condition analysis (polyhedral/lc*.c); the interface is lc.h.
 *
 *   lc-poly.c       polynomials in the size parameters (rl_lc_poly_*)
 *   lc-shape.c      the nest as polynomials: trip counts, byte strides, offsets, and the
 *                   groups of uniformly generated references (lc_shape)
 *   lc-isl.c        the ISL model: domain, access relations, schedule; which loop carries
 *                   the reuse of each group
 *   lc-footprint.c  footprints per group and loop level, lines and rates per regime
 *   lc.c            per capacity: regimes, conditions, thresholds, traffic; the analysis
 *                   done once per nest and its evaluations
 */
#ifndef RL_LC_INTERNAL_H
#define RL_LC_INTERNAL_H

#include "polyhedral/lc.h"

/* ---------------------------------------------------------------- polynomials (lc-poly.c) */

void rl_lc_poly_add_term(rl_lc_poly *p, const rl_lc_poly_term *t, double scale); /* p += scale * t */
void rl_lc_poly_scale(rl_lc_poly *p, double s);

/* printf-style append to the string in BUF (LEN bytes in all) */
void rl_lc_appendf(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---------------------------------------------------------------- the nest as polynomials (lc-shape.c) */

typedef struct lc_ref {
	int access;              /* offsets (lc_shape.offset) are indexed by access */
	double off_val;          /* offset at the probe values */
} lc_ref;

typedef struct lc_group {
	int array;
	int elem;
	int reads, writes;
	int nrefs;
	lc_ref refs[RL_MAX_ACCESSES];
	rl_lc_poly stride[RL_MAX_LOOPS]; /* bytes per step of loop k (incl. moved inner bounds) */
	int carried[RL_MAX_LOOPS];    /* ISL: group reuse carried by loop k */
} lc_group;

typedef struct lc_shape {
	const rl_nest *nest;
	int L;
	double vals[RL_MAX_PARAMS];  /* known values, RL_LC_PROBE for unknown ones */
	int all_known;
	rl_lc_poly trip[RL_MAX_LOOPS];  /* average trip count */
	rl_lc_poly mid[RL_MAX_LOOPS];   /* average iterator value */
	rl_lc_poly work[RL_MAX_LOOPS + 1]; /* innermost iterations of loops k..L-1 (work[L] = 1) */
	int ngroups;
	lc_group groups[RL_MAX_ACCESSES];
	int line;
	rl_lc_poly offset[RL_MAX_ACCESSES];    /* per access: constant part of the address, bytes */
	int have_fp;                           /* fp[][] filled (after the ISL reuse) */
	rl_lc_poly fp[2][RL_MAX_LOOPS + 1];    /* footprint of regime l per mode */
	/* values at s->vals of what every evaluation reads (rl_lc_shape_memo, for rl_lc_analysis):
	 * the same expressions as the functions that compute them, so bit-identical */
	int have_memo;
	double fpv[2][RL_MAX_LOOPS + 1];       /* pv(fp[mode][l]) */
	double rate[RL_MAX_ACCESSES][RL_MAX_LOOPS + 1];  /* group_rate(g, l), l = 1..L */
	double lines_all[RL_MAX_ACCESSES][RL_MAX_LOOPS]; /* pv(group_lines(g, l, 0)), l = 0..L-1 */
	double lines_one[RL_MAX_ACCESSES][RL_MAX_LOOPS]; /* pv(group_lines(g, l, 1)) */
	/* sibling loops (lc-siblings.c): what is assumed, and the groups whose first touch
	 * in each iteration of loop sib.shared-1 reuses what an earlier sibling touched in
	 * that iteration: their lines per innermost iteration saved (first[g]) where the data
	 * between the two uses (between[g] bytes) fits */
	rl_lc_siblings sib;
	int reuses[RL_MAX_ACCESSES];
	double first[RL_MAX_ACCESSES];
	double between[RL_MAX_ACCESSES];
} lc_shape;

/* P at the shape's parameter values */
static inline double pv(const lc_shape *s, const rl_lc_poly *p)
{
	return rl_lc_poly_eval(p, s->vals);
}

/* S from NEST on M: loops, groups, strides and offsets (no ISL, no footprints yet).
 * 0 with a reason in WHY when the nest cannot be analysed. */
int rl_lc_shape_build(lc_shape *s, const rl_nest *nest, const rl_machine *m, char *why, size_t whylen);

/* ---------------------------------------------------------------- sibling loops (lc-siblings.c) */

/* With S's footprints computed (before the memo): add to the footprint of every regime
 * whose reuse is carried by a loop shared with sibling loops the siblings' data per
 * iteration of that loop beyond S's own (ISL: union of the element sets), and find the
 * groups whose data an earlier sibling touched in the same iteration (s->reuses).  Where
 * this cannot be modelled, s->sib says why and the footprints stay S's own. */
void rl_lc_siblings_apply(lc_shape *s, const rl_machine *m);

/* ---------------------------------------------------------------- ISL (lc-isl.c) */

/* Build the ISL model of S's nest and set every group's carried[] (the loops carrying its
 * reuse); the iteration domain as ISL prints it into DOMAIN.  0 with a reason in WHY. */
int rl_lc_isl_reuse(lc_shape *s, char *domain, size_t dlen, char *why, size_t whylen);

/* The ISL text of access A of N: "[params] -> { S[i0, ..] -> A<array>[subscripts] }" */
void rl_lc_isl_access_text(const rl_nest *n, int a, char *buf, size_t len);

/* ---------------------------------------------------------------- footprints (lc-footprint.c) */

/* Group G reuses data across iterations of loop K */
int rl_lc_group_reused_across(const lc_shape *s, const lc_group *grp, int k);

/* Distinct lines of group G over loops l..L-1 (SINGLE: one reference only) */
void rl_lc_group_lines(const lc_shape *s, const lc_group *grp, int l, int single, rl_lc_poly *out);

/* Footprint in bytes of regime l (data of loops l..L-1) for the condition */
void rl_lc_regime_footprint(const lc_shape *s, rl_lc_mode mode, int l, rl_lc_poly *out);

/* Compute the footprints of every regime in both modes (s->fp), then the values every
 * evaluation reads (rl_lc_shape_memo) */
void rl_lc_shape_footprints(lc_shape *s);
void rl_lc_shape_memo(lc_shape *s);

/* Bytes of the footprint of regime l at the values */
double rl_lc_footprint_value(const lc_shape *s, rl_lc_mode mode, int l);

/* Regime of group G at capacity CAP (smallest l >= 1 whose reuse hits) */
int rl_lc_group_regime(const lc_shape *s, const lc_group *grp, rl_lc_mode mode, double cap);

/* Lines of group G per innermost iteration in regime l */
double rl_lc_group_rate(const lc_shape *s, const lc_group *grp, int l);

/* The footprint polynomial FP as a symbolic expression: "3*n*8 B", "(4*N - 2)*8 B" */
void rl_lc_footprint_text(const lc_shape *s, const rl_lc_poly *fp, char *buf, size_t len);

#endif
