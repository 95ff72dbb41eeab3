/* rl_report: everything known about one loop nest, handed to diag/. */
#ifndef RL_REPORT_H
#define RL_REPORT_H

#include "model/ecm.h"
#include "model/roofline.h"
#include "model/perf.h"
#include "model/advice.h"
#include "model/tlb.h"
#include "model/restart.h"
#include "model/rows.h"
#include "model/versions.h"
#include "polyhedral/lc.h"
#include "portmodel/ports.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The two versions GCC made of a vectorised loop it could not prove free of aliasing
 * (model/versions.h): each copy's prediction and what the run-time check decides. */
typedef struct rl_report_versions {
	int present;            /* 1: the loop was versioned (the other fields are set) */
	double vectorised_cy;   /* each copy's ECM prediction at its data level, cy per unit */
	double scalar_cy;       /* -1: the scalar copy's code was not found */
	rl_alias_check check;
	int scalar_reported;    /* 1: the report is the scalar copy's (the check always fails) */
} rl_report_versions;

/* Copies GCC made of one source loop before the plugin saw it (unroll-and-jam's main and
 * remainder copies, two surviving versions): the report of one copy stands for all of them
 * and names the others with their predictions. */
#define RL_MAX_COPIES 4
typedef struct rl_report_copies {
	int count;              /* copies of the source loop, this one included (0: no copies) */
	int factor;             /* this copy's body repeats each source statement FACTOR times
				   (unroll-and-jam by FACTOR; 1: the statements once) */
	int nothers;            /* the other copies listed (at most RL_MAX_COPIES) */
	struct {
		int line, column;   /* where GCC put the copy (its outermost loop) */
		double cy;          /* its prediction at its data level, cy per unit; -1 not analysed */
	} other[RL_MAX_COPIES];
} rl_report_copies;

/* Unknown sizes (rl_perf_assume_sizes): the traffic assumes the layer conditions that hold
 * for LO < PARAM <= HI, HI the largest threshold of the conditions (the last level's
 * condition holds up to it); the data stays assumed in memory. */
typedef struct rl_report_sizes {
	int applied;            /* 1: sizes unknown and the regime below assumed */
	char param[RL_NAME_MAX];
	long long lo, hi;       /* the range of PARAM (lo -1: from 0) */
	int level;              /* the level whose condition is the deepest assumed, -1 none */
	char why[128];          /* applied 0, sizes unknown: why the no-LC regime is used */
	int conditions;         /* layer conditions that depend on a size parameter (0: nothing
				   to assume, the nest has no reuse to gain from a size) */
} rl_report_sizes;

typedef struct rl_report {
	int analysed;           /* 0: not analysed, see reason */
	char reason[256];
	char file[256];
	int line, column;
	char function[RL_NAME_MAX];
	const rl_nest *nest;    /* borrowed; NULL when the nest could not be built */
	const rl_machine *machine;  /* borrowed */
	rl_body body;           /* generated instructions of the innermost loop */
	int have_body;          /* 0: no RTL body found (in-core terms from GIMPLE) */
	rl_incore incore;
	rl_traffic traffic;
	rl_ecm ecm;
	rl_tlb_term tlb;        /* page walks (model/tlb.h): ecm.t_tlb = tlb.cycles */
	rl_restart_term restart;/* streams that restart (model/restart.h): ecm.t_restart */
	rl_row_overhead rows;   /* the code around the innermost loop per execution (model/rows.h):
				   added to perf.time */
	/* layer conditions; have_lc 0: the stream traffic without reuse (polyhedral/traffic.c),
	 * lc_why says why */
	int have_lc;
	char lc_why[256];
	rl_lc_report lc;
	rl_report_sizes sizes;  /* what is assumed when a size is unknown */
	/* the roofline family (model/roofline.h) */
	rl_rooflines rooflines;
	/* performance, data level, regimes, scaling (model/perf.h) and
	 * advice with gains (model/advice.h), for perf.cores active cores */
	rl_perf perf;
	rl_advice_list advice;
	/* loop versions (present 0: none) */
	rl_report_versions versions;
	/* copies of the same source loop reported here (count 0: none) */
	rl_report_copies copies;
	/* an innermost loop of a loop tree: the line of the loop whose body holds it and its
	 * siblings, and how many innermost loops that body holds (0: a perfect nest); the
	 * layer conditions' view of the siblings is lc.sib */
	int branch_line, branch_loops;
	/* the nest's layer-condition analysis while rl_report_build* and
	 * rl_report_set_cores run (perf and advice evaluate it per thread count instead of
	 * redoing it); NULL otherwise: not owned by the report, never valid after a call */
	rl_lc_analysis *lc_analysis;
} rl_report;

/* Analyse NEST with BODY (may be NULL) on M into OUT.  Never fails: problems
 * become out->analysed = 0 with a reason. */
void rl_report_build(const rl_nest *nest, const rl_body *body, const rl_machine *m,
		     rl_report *out);

/* As rl_report_build with port table PORTS (NULL: the machine's class rows). */
void rl_report_build_ports(const rl_nest *nest, const rl_body *body, const rl_machine *m,
			   const rl_ports *ports, rl_report *out);

/* As rl_report_build_ports with performance, scaling and advice for CORES active cores
 * (option cores=N): the same as rl_report_build_ports then rl_report_set_cores(CORES), with
 * the layer conditions analysed once. */
void rl_report_build_cores(const rl_nest *nest, const rl_body *body, const rl_machine *m,
			   const rl_ports *ports, int cores, rl_report *out);

/* Recompute R's performance, scaling and advice for CORES active cores (option cores=N;
 * rl_report_build_ports uses 1).  Analyses the layer conditions again (once). */
void rl_report_set_cores(rl_report *r, int cores);

/* R's data level as an index of the ECM predictions: perf.data_level, the memory
 * (ecm.ntransfers) when it is unknown. */
int rl_report_data_level(const rl_report *r);

/* R's prediction at its data level in cy per unit of work (the figure of the notes): the
 * ECM prediction at perf.data_level, in memory when the level is unknown. */
double rl_report_cycles_per_unit(const rl_report *r);

/* The versions of a versioned loop into OUT: VEC and SCALAR the reports of the vectorised
 * and the scalar copy (SCALAR NULL: its code not found), CHK the alias check's outcome;
 * the scalar copy is reported when the check always fails (RL_ALIAS_ALWAYS). */
void rl_report_versions_fill(const rl_report *vec, const rl_report *scalar,
			     const rl_alias_check *chk, rl_report_versions *out);

/* Record in R that OTHER (NULL: not analysed, at LINE:COLUMN) is another copy of R's source
 * loop; R's body repeats each source statement FACTOR times. */
void rl_report_add_copy(rl_report *r, const rl_report *other, int line, int column, int factor);

/* Append printf-formatted text to the NUL-terminated BUF of LEN bytes (truncating; a full
 * buffer is left as it is).  Shared by the note and roofline texts. */
void rl_appendf(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif
#endif
