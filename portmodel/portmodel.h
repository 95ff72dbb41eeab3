/* portmodel: in-core cycles of the instructions GCC generated for an innermost loop.
 *
 * Input: the instructions of one pass through the loop body (late RTL, after
 * register allocation and scheduling), as plain rl_insn records.  Output: cycles
 * per pass on each execution unit of the machine's table, split into the
 * overlapping (T_OL) and non-overlapping (T_nOL) parts of the ECM model.
 *
 * Two models fill the same rl_incore: the class-table model (portmodel.c,
 * rl_incore_class_table) costs each class of instruction a fixed number of
 * cycles on one unit group of the machine file's per-class table; T_nOL = sum
 * over the machine's non-overlapping units, T_OL = the largest sum over the
 * other units.  The port model (ports.h, rl_incore_ports) costs the uops of
 * each instruction on the ports of a port table.
 */
#ifndef RL_PORTMODEL_H
#define RL_PORTMODEL_H

#include "machines/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_MAX_INSNS 512
#define RL_MAX_UNITS 16
#define RL_MAX_DEFS 4
#define RL_MAX_USES 6
#define RL_MAX_CALLEES 4

typedef enum rl_mem_kind { RL_MEM_NONE, RL_MEM_LOAD, RL_MEM_STORE, RL_MEM_LOAD_OP } rl_mem_kind;

typedef struct rl_insn {
	char mnemonic[32];   /* assembler mnemonic if known, else RTL type name */
	rl_iclass cls;       /* operation class (FADD for "vaddpd mem, reg": the load is in mem) */
	int width;           /* operation width in bits: 32/64 scalar, 128, 256, 512 */
	int elem_bits;       /* FP element width 32/64, 0 for integer/other */
	rl_mem_kind mem;     /* memory operand */
	int mem_width;       /* bits moved by the memory operand */
	/* register dependencies: hard register numbers after register allocation;
	 * flags count as a register.  Uses that occur only inside a memory
	 * address have their bit set in use_addr. */
	int ndefs, nuses;
	int defs[RL_MAX_DEFS];
	int uses[RL_MAX_USES];
	unsigned use_addr;   /* bit k: uses[k] feeds only an address */
	int mem_align;       /* known alignment of the memory operand in bits (MEM_ALIGN), 0 unknown */
	long mem_disp;       /* constant displacement of the address, bytes */
	int mem_base;        /* base register number, -1 none */
	int nontemporal;     /* 1: a non-temporal store (x86 movnt*: no write-allocate) */
	char callee[32];     /* a call: the symbol it calls ("" for an indirect call) */
	int spill_slot;      /* 1: the memory operand is a spill slot in the stack frame */
	/* memory location: instructions of one body with the same mem_loc > 0 access
	 * the same address expression (equal registers and displacement) and width;
	 * 0 = no memory operand or not compared */
	int mem_loc;
	int mem_rmw;         /* 1: a store that reads its location first (add to memory) */
	/* a load reading what a store of the body wrote at an address that moves with
	 * the loop: mem_dep = the store's index + 1 (0 none), mem_dep_dist = 0 (the
	 * store earlier in the same pass) or 1 (the store of the previous pass) */
	int mem_dep, mem_dep_dist;
} rl_insn;

typedef struct rl_body {
	int ninsns;
	rl_insn insns[RL_MAX_INSNS];
	int iters_per_pass;  /* source iterations one pass of the body performs (VF x unroll) */
	int vector_factor;
	int unroll;
	/* expected cache-line-split loads per pass from the source accesses
	 * (rl_split_hint), used when have_split_hint */
	int have_split_hint;
	double split_loads_hint;
	/* the code GCC runs around the loop once per execution (model/rows.h), read by the
	 * plugin; NULL when not read.  Only the model's rl_rows_overhead looks at it. */
	const struct rl_row_code *row_code;
} rl_body;

typedef struct rl_incore {
	int nunits;
	char unit[RL_MAX_UNITS][16];
	double unit_cycles[RL_MAX_UNITS]; /* per pass of the body */
	double t_ol, t_nol;               /* per pass of the body */
	int unknown;                      /* instructions without a table row (costed 1 cy on "other") */
	int nloads, nstores, nflops_insns;
	/* port model (rl_incore_ports); all per pass of the body */
	int port_model;                   /* 1: port table used, units are its ports */
	char table[64];                   /* port table name */
	int unit_nol[RL_MAX_UNITS];       /* unit counts towards T_nOL */
	double t_throughput;              /* optimal max port load of the non-load uops */
	double t_frontend;                /* fused slots / dispatch width */
	double t_latency;                 /* loop-carried dependency bound */
	double t_loop_shape;              /* the table's figure for a loop of this shape
					     (rl_loop_shape), 0 if none matches */
	/* the port table's loop exit (rl_ports.exit_*): passes per entry up to which the exit
	 * is foreseen, cycles per entry beyond at full_at cy per pass or faster, none from
	 * hidden_from cy per pass on; exit_predicted 0 = no figure */
	int exit_predicted;
	double exit_penalty, exit_full_at, exit_hidden_from;
	/* dependencies through memory (store-to-load forwarding, latency.c) */
	double t_latency_nofwd;           /* the bound with each forwarding replaced by a
					     register move: the value kept in a register */
	double fwd_latency;               /* forwarding cycles on the binding memory chain
					     per pass (0: the bound has none) */
	double split_loads;               /* expected cache-line-split loads */
	char bottleneck[64];              /* binding ports ("p0 p1") or "latency" / "front end" */
	char unknown_names[128];          /* mnemonics costed by their class row */
	/* calls costed from the port table's call table (ports.c); per pass */
	double t_calls;                   /* sum of the calls' cycles: a throughput term of T_OL */
	int ncallees;                     /* distinct callees costed, at most RL_MAX_CALLEES */
	struct rl_callee_cost {
		char symbol[32];
		int count;                /* calls per pass */
		double cycles;            /* per call, from the table row */
		int elements;             /* results per call */
		int line;                 /* the row's line in the call table */
	} callees[RL_MAX_CALLEES];
	char calls_table[64];             /* call table name (file stem) */
	char calls_cpu[96];               /* CPU the table was measured on */
	int calls_estimate;               /* 1: the table was measured on another core */
} rl_incore;

/* Cost BODY with the per-class unit table of machine M (its incore.instructions
 * rows).  Never fails: unknown instructions are counted in out->unknown and
 * costed one cycle on unit "other". */
void rl_incore_class_table(const rl_machine *m, const rl_body *body, rl_incore *out);

/* Instructions of BODY that are costed: ninsns clamped to 0..RL_MAX_INSNS. */
int rl_body_ninsns(const rl_body *body);

/* Loads of BODY that read what a store wrote in the previous pass at an address
 * that moves with the loop (mem_dep_dist 1: a recurrence kept in memory). */
int rl_body_memory_recurrences(const rl_body *body);

/* The memory kind of IN, tolerating records whose class and memory kind
 * disagree: a LOAD (STORE) class without a memory operand is a load (store). */
rl_mem_kind rl_insn_mem_kind(const rl_insn *in);

/* Bits moved by the memory operand of IN: mem_width, else the operation width. */
int rl_insn_mem_width(const rl_insn *in);

/* CLS is a floating-point operation (add, mul, fma, div, sqrt). */
int rl_iclass_is_flop(rl_iclass cls);

#ifdef __cplusplus
}
#endif
#endif
