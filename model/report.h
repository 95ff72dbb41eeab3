/* rl_report: everything known about one loop nest, handed to diag/. */
#ifndef RL_REPORT_H
#define RL_REPORT_H

#include "model/ecm.h"
#include "model/roofline.h"
#include "model/perf.h"
#include "model/advice.h"
#include "model/tlb.h"
#include "polyhedral/lc.h"
#include "portmodel/ports.h"

#ifdef __cplusplus
extern "C" {
#endif

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
	/* layer conditions; have_lc 0: the stream traffic without reuse (polyhedral/traffic.c),
	 * lc_why says why */
	int have_lc;
	char lc_why[256];
	rl_lc_report lc;
	/* the roofline family (model/roofline.h) */
	rl_rooflines rooflines;
	/* performance, data level, regimes, scaling (model/perf.h) and
	 * advice with gains (model/advice.h), for perf.cores active cores */
	rl_perf perf;
	rl_advice_list advice;
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

/* Append printf-formatted text to the NUL-terminated BUF of LEN bytes (truncating; a full
 * buffer is left as it is).  Shared by the note and roofline texts. */
void rl_appendf(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif
#endif
