/* portmodel.c - the class-table in-core model (see portmodel.h), used when the
 * machine has no port table, and the instruction queries both models share.
 *
 * Every instruction costs the reciprocal throughput of its table row(s) on the
 * row's unit; cycles add up per unit:
 *   pure load            LOAD row at mem_width
 *   store                STORE row at mem_width (+ the operation row when the
 *                        stored value is computed by the same instruction,
 *                        e.g. a read-modify-write "add %eax, (mem)"; the read
 *                        of such an instruction is not costed)
 *   load-op              LOAD row at mem_width + the operation row at width
 *   other                the operation row at width
 * Operation rows are looked up with the FP element width, so SP and DP rows
 * (dividers) are told apart.  IALU and BRANCH cost their rows if the machine
 * has them and nothing otherwise: loop overhead is not an unknown instruction.
 * Any other class without a row counts in out->unknown and costs 1 cycle on
 * unit "other".  A cache-line-split load (rl_split_hint) is a second access of
 * the load unit: one more LOAD row at the widest load width per split.
 *
 * T_nOL = sum over the non-overlapping units (rl_machine_unit_is_nol),
 * T_OL  = the largest sum over the other units (one instruction stream per
 *         unit, no port balancing: that is the port model, ports.c).
 */
#include "portmodel/portmodel.h"

#include <stdio.h>
#include <string.h>

/* Add CYCLES to UNIT; units beyond RL_MAX_UNITS share the last slot, renamed
 * "other" (never happens with the shipped machine files). */
static void add_cycles(rl_incore *out, const char *unit, double cycles)
{
	int i;
	for (i = 0; i < out->nunits; i++)
		if (!strcmp(out->unit[i], unit))
			break;
	if (i == out->nunits) {
		if (out->nunits < RL_MAX_UNITS) {
			out->nunits++;
			snprintf(out->unit[i], sizeof(out->unit[i]), "%s", unit);
			out->unit_cycles[i] = 0;
		} else {
			i = RL_MAX_UNITS - 1;
			snprintf(out->unit[i], sizeof(out->unit[i]), "%s", "other");
		}
	}
	out->unit_cycles[i] += cycles;
}

int rl_body_ninsns(const rl_body *body)
{
	int n = body->ninsns;
	if (n < 0)
		return 0;
	return n > RL_MAX_INSNS ? RL_MAX_INSNS : n;
}

int rl_body_memory_recurrences(const rl_body *body)
{
	int n = rl_body_ninsns(body), k = 0;
	for (int i = 0; i < n; i++)
		k += body->insns[i].mem_dep > 0 && body->insns[i].mem_dep_dist == 1;
	return k;
}

rl_mem_kind rl_insn_mem_kind(const rl_insn *in)
{
	if (in->cls == RL_IC_LOAD && in->mem == RL_MEM_NONE)
		return RL_MEM_LOAD;
	if (in->cls == RL_IC_STORE && in->mem == RL_MEM_NONE)
		return RL_MEM_STORE;
	return in->mem;
}

int rl_insn_mem_width(const rl_insn *in)
{
	return in->mem_width > 0 ? in->mem_width : in->width;
}

int rl_iclass_is_flop(rl_iclass cls)
{
	return cls == RL_IC_FADD || cls == RL_IC_FMUL || cls == RL_IC_FMA || cls == RL_IC_FDIV ||
	       cls == RL_IC_FSQRT;
}

/* Cost one row of class CLS; returns 0 if the machine has no row for it. */
static int cost_row(const rl_machine *m, rl_iclass cls, int width, int elem_bits,
		    rl_incore *out)
{
	const rl_iclass_cost *k = rl_machine_cost_prec(m, cls, width, elem_bits);
	if (!k)
		return 0;
	add_cycles(out, k->unit, k->cycles);
	return 1;
}

/* The operation part of an instruction (not its load or store). */
static int cost_op(const rl_machine *m, const rl_insn *in, rl_incore *out)
{
	if (cost_row(m, in->cls, in->width, in->elem_bits, out))
		return 1;
	/* loop overhead: free when the table does not model it */
	return in->cls == RL_IC_IALU || in->cls == RL_IC_BRANCH;
}

void rl_incore_class_table(const rl_machine *m, const rl_body *body, rl_incore *out)
{
	memset(out, 0, sizeof(*out));
	if (!body)
		return;
	int n = rl_body_ninsns(body), widest = 0;

	for (int i = 0; i < n; i++) {
		const rl_insn *in = &body->insns[i];
		int mw = rl_insn_mem_width(in);
		int has_op = in->cls != RL_IC_LOAD && in->cls != RL_IC_STORE;
		int ok = 1;

		switch (rl_insn_mem_kind(in)) {
		case RL_MEM_LOAD:
		case RL_MEM_LOAD_OP:
			out->nloads++;
			widest = mw > widest ? mw : widest;
			ok = cost_row(m, RL_IC_LOAD, mw, 0, out);
			if (has_op)
				ok &= cost_op(m, in, out);   /* load-op */
			break;
		case RL_MEM_STORE:
			out->nstores++;
			ok = cost_row(m, RL_IC_STORE, mw, 0, out);
			if (has_op)
				ok &= cost_op(m, in, out);   /* read-modify-write */
			break;
		case RL_MEM_NONE:
		default:
			ok = cost_op(m, in, out);
			break;
		}
		if (!ok) {
			out->unknown++;
			add_cycles(out, "other", 1.0);
		}
		if (rl_iclass_is_flop(in->cls))
			out->nflops_insns++;
	}
	if (body->have_split_hint && body->split_loads_hint > 0) {
		const rl_iclass_cost *k = rl_machine_cost_prec(m, RL_IC_LOAD, widest, 0);
		if (k) {
			add_cycles(out, k->unit, body->split_loads_hint * k->cycles);
			out->split_loads = body->split_loads_hint;
		}
	}

	for (int u = 0; u < out->nunits; u++) {
		if (rl_machine_unit_is_nol(m, out->unit[u]))
			out->t_nol += out->unit_cycles[u];
		else if (out->unit_cycles[u] > out->t_ol)
			out->t_ol = out->unit_cycles[u];
	}
}
