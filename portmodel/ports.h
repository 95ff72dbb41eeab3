/* Port tables (machines/ports/NAME.yml, schema in docs/port-tables.md) and the
 * port-level in-core model.
 *
 * rl_ports_load parses a table (port-table.c); on a problem it returns NULL with
 * one message "FILE:LINE:COL: expected ..., got ..." in ERR.  rl_incore_ports
 * (ports.c) costs a loop body with a table: exact min-max assignment of uops
 * to ports (pressure.c), loop-carried register dependency cycles (latency.c),
 * front-end width and line-split loads (hints from the source: body-prep.c).
 */
#ifndef RL_PORTS_H
#define RL_PORTS_H

#include "portmodel/calls.h"
#include "portmodel/portmodel.h"

#include "polyhedral/nest.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_MAX_PORTS 16
#define RL_MAX_FORMS 256
#define RL_MAX_UOPS 4
#define RL_MAX_MEMROWS 8
#define RL_MAX_SHAPES 8

/* One execution uop: occupies one port out of PORTS (bit mask) for CYCLES. */
typedef struct rl_uop {
	unsigned ports;
	double cycles;
} rl_uop;

typedef struct rl_uops {
	int n;
	rl_uop u[RL_MAX_UOPS];
} rl_uops;

/* An instruction form: the operation part of an instruction (no load/store). */
typedef struct rl_form {
	char mnemonic[32];   /* "" = keyed by class */
	int cls;             /* rl_iclass, -1 = keyed by mnemonic */
	int width;           /* operation width in bits, 0 = any */
	int precision;       /* 32 / 64, 0 = any */
	int mem;             /* -1 any, else the rl_mem_kind the form is for */
	rl_uops uops;
	double latency;      /* result latency without a load, cycles */
	double fused;        /* front-end (dispatch) slots */
	int line;            /* line in the table file */
} rl_form;

/* Load or store of WIDTH bits. */
typedef struct rl_memrow {
	int width;
	rl_uops uops;
	double latency;      /* load-to-use latency (loads) */
	double load_slots;   /* stores: cycles on the load ports, counted with the loads */
	int line;
} rl_memrow;

/* A loop shape measured slower than its ports and front end say (docs/port-tables.md, "Loop
 * shapes"): a body of exactly SLOTS front-end slots, LOADS loads (load-ops included) and
 * STORES stores, every memory operand WIDTH bits, takes at least CYCLES per pass. */
typedef struct rl_loop_shape {
	int slots, loads, stores, width;
	double cycles;
	int line;
} rl_loop_shape;

typedef struct rl_ports {
	char name[64];
	char path[512];
	char description[256];
	char source[256];
	int nports;
	char port[RL_MAX_PORTS][12];
	unsigned load_ports;     /* mask of the load ports: load uops there form T_nOL */
	double dispatch;         /* front-end / rename width, slots per cycle */
	int macro_fusion;        /* compare + branch = one slot */
	rl_uops split_load;      /* extra occupancy of a load spanning two lines */
	unsigned zmm_disables;   /* ports whose vector ALU is off while 512-bit uops run */
	/* store-to-load forwarding: cycles from a store's data being ready to the result
	 * of a load of the same address (FP / vector data; general-purpose data);
	 * -1 = not in the table (memory dependencies not modelled) */
	double fwd_fp, fwd_gpr;
	/* leaving a loop ('loop_exit'): the exit of a loop of up to exit_predicted passes per
	 * entry is foreseen by the branch predictor; a longer loop's exit costs exit_penalty
	 * cycles per entry when it runs at exit_full_at cycles per pass or faster, nothing from
	 * exit_hidden_from on, linearly less between; exit_predicted 0 = not in the table */
	int exit_predicted;
	double exit_penalty, exit_full_at, exit_hidden_from;
	int nloads, nstores;
	rl_memrow loads[RL_MAX_MEMROWS], stores[RL_MAX_MEMROWS];
	int nforms;
	rl_form forms[RL_MAX_FORMS];
	int nshapes;
	rl_loop_shape shapes[RL_MAX_SHAPES];
	rl_calls *calls;         /* call costs ('calls: NAME'), NULL without */
	int calls_estimate;      /* 1: the call table was measured on another core */
} rl_ports;

/* Expected line-split vector loads per pass of BODY from NEST's accesses: each
 * distinct unit-stride read whose first address ((lower bound + offset) x element
 * size) is not a multiple of the vector load width splits once per 64 B line.
 * Sets body->split_loads_hint / have_split_hint (only for vector bodies). */
void rl_split_hint(const rl_nest *nest, rl_body *body);

/* Iterations per pass from the stores: when the body stores an integer multiple
 * k > 1 of the bytes one source iteration stores (GIMPLE-level unrolling, e.g.
 * predictive commoning, that VF x loop2 unroll does not see), multiply
 * iters_per_pass and unroll by k. */
void rl_fix_iterations(const rl_nest *nest, rl_body *body);

/* Arrays of NEST (indices into ARRAYS, at most MAX, returns how many) that the
 * innermost loop reads and writes at one element that does not change with it:
 * accumulators in memory, s[i] += ... in a loop over j. */
int rl_memory_accumulators(const rl_nest *nest, int *arrays, int max);

rl_ports *rl_ports_load(const char *path, char *err, size_t errlen);
void rl_ports_free(rl_ports *p);

/* Table name for machine M: M->port_table if given, else a small built-in map
 * of machine names; NULL if none. */
const char *rl_ports_name_for(const rl_machine *m);

/* DIR/ports/NAME.yml into OUT; 0 if it does not exist. */
int rl_ports_resolve(const char *machine_dir, const char *name, char *out, size_t outlen);

/* Minimal max port pressure of N uop groups (port mask, total cycles) over
 * the ports they use: max over port subsets S of (demand inside S) / |S|.
 * Exact (Hall / max-flow min-cut).  *BOTTLENECK gets the binding subset. */
double rl_ports_minmax(const unsigned *mask, const double *cycles, int n, unsigned *bottleneck);

/* Max cycle mean of the loop-carried dependencies of BODY, per pass, with
 * per-instruction latencies LAT (op) and LOADLAT (address-to-data).  FWD (NULL:
 * registers only) adds dependencies through memory: a store I with FWD[I] >= 0
 * to an address that does not change in the loop (same mem_loc, no address
 * register defined in the body) feeds the later loads of that address, whose
 * data is ready FWD[I] cycles after the store's data (store-to-load forwarding). */
double rl_loop_carried_latency(const rl_body *body, const double *lat, const double *loadlat,
			       const double *fwd);

/* FWD[i] of rl_loop_carried_latency for the first N instructions of BODY with table P
 * (-1 for non-stores and when P has no forwarding figure). */
void rl_forwarding_latencies(const rl_ports *p, const rl_body *body, int n, double *fwd);

/* Cost BODY on machine M with table P (NULL: the machine's class rows, i.e.
 * rl_incore_class_table, plus latencies from those rows).  Fills OUT (t_ol
 * includes the latency and front-end bounds); units are the table's ports. */
void rl_incore_ports(const rl_machine *m, const rl_ports *p, const rl_body *body,
		     rl_incore *out);

#ifdef __cplusplus
}
#endif
#endif
