/* ECM composition: in-core terms + data transfers -> per-level predictions.
 * All figures in core cycles per unit of work (one cache line of iterations). */
#ifndef RL_ECM_H
#define RL_ECM_H

#include "machines/machine.h"
#include "polyhedral/traffic.h"
#include "portmodel/portmodel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rl_ecm {
	double t_ol, t_nol;                 /* cy per unit of work */
	int ntransfers;                     /* machine levels: L1-L2, L2-L3, L3-MEM */
	double t_transfer[RL_MAX_LEVELS];   /* cy per unit of work at each boundary */
	double prediction[RL_MAX_LEVELS + 1];/* data in L1, L2, L3, MEM */
	rl_overlap overlap;
	int serial_links;                   /* RL_OVERLAP_PARTIAL: transfers adding to T_nOL */
	double serial_fraction[RL_MAX_LEVELS]; /* per link: the machine's ecm.serial_fraction */
	double t_tlb;                       /* page walks (model/tlb.h), cy per unit of work: added
					       to every level's prediction (docs/model.md) */
	double t_restart;                   /* streams that restart from memory (model/restart.h),
					       cy per unit of work: with the data in memory the
					       prediction is at least max(T_OL, T_nOL) + t_restart */
	int restart_binds;                  /* 1: t_restart raised the memory prediction (by at
					       least 0.05 cy, what the notes show) */
	double reuse_share;                 /* the share of T_nOL beyond one load per line read from
					       memory (rl_ecm_reuse_share) x the lines read from
					       memory per unit up to one: with the machine's
					       ecm.memory_load_factor, the memory term (docs/model.md
					       section 4) */
	double mem_load_factor;             /* the machine's ecm.memory_load_factor; 0 = none */
	double ws;                          /* the working set (bytes) the link costs were taken
					       at (rl_ecm_compose_ws); < 0: none */
	double ws_factor[RL_MAX_LEVELS];    /* per link: the machine's small-working-set factor
					       applied at WS (1: none) */
	double mem_sat_factor;              /* the saturation term of scaling (memory lines per
					       unit x the chip's cycles per line, memory.bandwidth)
					       / the memory transfer term; 0 = 1 (they are equal) */
} rl_ecm;

/* Compose the ECM model from per-pass in-core cycles (scaled to the unit of work
 * with body->iters_per_pass) and the traffic per unit of work. */
void rl_ecm_compose(const rl_machine *m, const rl_incore *core, const rl_body *body,
		    const rl_traffic *traffic, rl_ecm *out);

/* rl_ecm_compose for a loop whose working set is WS bytes (< 0: unknown): every link's term
 * from rl_ecm_boundary_cycles_ws (the machine's cost of that link at that working set). */
void rl_ecm_compose_ws(const rl_machine *m, const rl_incore *core, const rl_body *body,
		       const rl_traffic *traffic, double ws, rl_ecm *out);

/* Predictions from given terms (used by tests and by compose): the overlap rule at every level
 * plus the page-walk term t_tlb, which overlaps with nothing; in memory at least the in-core
 * time plus the restart term t_restart (docs/model.md, "Streams that restart"). */
void rl_ecm_predict(const rl_machine *m, rl_ecm *ecm);

/* The overlap rule, its one home: cycles with the data in level K (0 = L1) from the in-core
 * terms and the transfers T[0..K-1].  Serial (Intel): max(T_OL, T_nOL + T[0] + ... + T[K-1]);
 * zen (fully overlapping): max(T_OL, T_nOL, T[0], ..., T[K-1]); partial: the first
 * SERIAL_LINKS transfers add to T_nOL, the others overlap:
 * max(T_OL, T_nOL + T[0] + ... + T[s-1], T[s], ..., T[K-1]).  FRAC (NULL: all 0): per link b
 * the fraction of an overlapping transfer that also adds to T_nOL (ecm.serial_fraction):
 * max(T_OL, T_nOL + [serial links] + sum of FRAC[b] x T[b], T[b] of every overlapping link).
 * FRAC 1 for every link is the serial rule, 0 the rule without fractions. */
double rl_ecm_level_cycles_frac(rl_overlap overlap, int serial_links, const double *frac,
				double t_ol, double t_nol, const double *t, int k);

/* The share of a loop's load slots beyond those of a stream that reads its memory lines once:
 * max(0, 1 - STREAM_SLOTS / SLOTS), with SLOTS the loop's load slots per unit of work (loads
 * plus line-split loads) and STREAM_SLOTS the loads of the loop's width that read each line
 * crossing the memory boundary once.  0 when SLOTS is not positive. */
double rl_ecm_reuse_share(double slots, double stream_slots);

/* The memory level of an overlapping or partial rule with ecm.memory_load_factor F > 0: with
 * the data in memory a loop whose loads re-read lines (a stencil) pays F cycles per cycle of
 * those loads (REUSE = reuse share x T_nOL) on top of the memory transfer T_MEM, never below
 * the rule's RULE:  max(RULE, T_MEM + F x REUSE).  RULE when F <= 0. */
double rl_ecm_memory_level(double rule, double t_mem, double f, double reuse);

/* Whether link B (0 = L1-L2) adds in full to T_nOL under the rule (serial: every link;
 * partial: the first SERIAL_LINKS; overlapping: none). */
int rl_ecm_link_is_serial(rl_overlap overlap, int serial_links, int b);

/* The share of link B's transfer of E that adds to T_nOL: 1 for a serial link, the machine's
 * serial fraction (0 when it gives none) for an overlapping one. */
double rl_ecm_link_serial_share(const rl_ecm *e, int b);

/* rl_ecm_level_cycles_frac without fractions */
double rl_ecm_level_cycles(rl_overlap overlap, int serial_links, double t_ol, double t_nol,
			   const double *t, int k);

/* The transfer term of boundary B of T on M, cy per unit of work: fills (loads +
 * write-allocates) x the link's fill cost + evictions x its evict cost where the machine gives
 * them per direction (memory: one core's cost), else all lines x the link's cycles per line
 * (memory: the chip's bandwidth).  Where the machine gives memory.nt_store, the lines stored
 * non-temporally (T->nt_lines, at the memory boundary) are taken out of the evictions:
 * max(the other lines' term, NT x nt_store, (fills + NT) x nt_mixed). */
double rl_ecm_boundary_cycles(const rl_machine *m, const rl_traffic *t, int b);

/* rl_ecm_boundary_cycles for a loop whose working set is WS bytes (< 0: unknown): the lines of
 * every kind (fills, evictions; also where the link has one cost per line) at the link's cost
 * x rl_machine_link_ws_factor(M, B, WS, no line read across B) (the link's small-working-set
 * factor, 1 without one);
 * the non-temporal bounds of the memory link are not scaled (that link has no factor). */
double rl_ecm_boundary_cycles_ws(const rl_machine *m, const rl_traffic *t, int b, double ws);

/* The memory term at the chip's bandwidth (saturation, multicore scaling), cy per unit of
 * work: the memory transfer term x mem_sat_factor (which scales with it when advice changes
 * the term). */
double rl_ecm_mem_sat_cycles(const rl_ecm *e);

/* Lines per unit of work crossing boundary B of T (loads + write-allocates + evictions). */
double rl_ecm_boundary_lines(const rl_traffic *t, int b);

/* The term of the ECM model that dominates the prediction with the data in a level. */
typedef enum rl_ecm_term_kind {
	RL_ECM_TERM_CORE,       /* T_OL: the in-core overlapping work */
	RL_ECM_TERM_LOADS,      /* T_nOL: the load (non-overlapping) work */
	RL_ECM_TERM_TRANSFER,   /* a data transfer, at boundary `boundary` */
	RL_ECM_TERM_TLB         /* page walks (t_tlb) */
} rl_ecm_term_kind;

typedef struct rl_ecm_term {
	rl_ecm_term_kind kind;
	int boundary;           /* RL_ECM_TERM_TRANSFER: 0 = L1-L2, ..., ntransfers-1 = memory */
	double cycles;          /* the term, cy per unit of work */
	double total;           /* the prediction at that level, cy per unit of work */
} rl_ecm_term;

/* Which term of E dominates the prediction with the data in LEVEL (0 = L1, ntransfers =
 * memory): T_OL when it is not below the data terms (serial: T_nOL + transfers; zen: the
 * prediction without page walks), else the largest of T_nOL and the transfers up to LEVEL;
 * the page walks t_tlb when they are larger than that term. */
rl_ecm_term rl_ecm_dominant_term(const rl_ecm *e, int level);

#ifdef __cplusplus
}
#endif
#endif
