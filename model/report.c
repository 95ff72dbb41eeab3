/* rl_report_build: traffic + in-core + ECM for one nest. */
#include "model/report.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void add_insn(rl_body *body, rl_iclass cls, int width, int elem_bits, rl_mem_kind mem)
{
	if (body->ninsns == RL_MAX_INSNS)
		return;
	rl_insn *in = &body->insns[body->ninsns++];
	memset(in, 0, sizeof(*in));
	snprintf(in->mnemonic, sizeof(in->mnemonic), "%s", rl_iclass_name(cls));
	in->cls = cls;
	in->width = width;
	in->elem_bits = elem_bits;
	in->mem = mem;
	in->mem_width = mem == RL_MEM_NONE ? 0 : width;
}

static void add_flops(rl_body *body, const rl_flops *f, int width, int bits)
{
	for (int i = 0; i < f->add; i++)
		add_insn(body, RL_IC_FADD, width, bits, RL_MEM_NONE);
	for (int i = 0; i < f->mul; i++)
		add_insn(body, RL_IC_FMUL, width, bits, RL_MEM_NONE);
	for (int i = 0; i < f->fma; i++)
		add_insn(body, RL_IC_FMA, width, bits, RL_MEM_NONE);
	for (int i = 0; i < f->div; i++)
		add_insn(body, RL_IC_FDIV, width, bits, RL_MEM_NONE);
	for (int i = 0; i < f->sqrt; i++)
		add_insn(body, RL_IC_FSQRT, width, bits, RL_MEM_NONE);
}

/* When no generated code is available (no RTL loop matched; e.g. GCC unrolled a
 * vectorised loop of few iterations completely): one instruction per source access and
 * operation of one pass, scalar, or of VF lanes when the vectoriser vectorised the loop
 * with vector factor VF (nest->vector_factor). */
static void body_from_source(const rl_nest *nest, rl_body *body)
{
	int vf = nest->vector_factor > 1 ? nest->vector_factor : 1;
	memset(body, 0, sizeof(*body));
	body->iters_per_pass = vf;
	body->vector_factor = vf;
	body->unroll = 1;
	for (int a = 0; a < nest->naccesses; a++) {
		const rl_access *acc = &nest->accesses[a];
		int bits = nest->arrays[acc->array].elem_size * 8 * vf;
		if (acc->is_write)
			add_insn(body, RL_IC_STORE, bits, 0, RL_MEM_STORE);
		else
			add_insn(body, RL_IC_LOAD, bits, 0, RL_MEM_LOAD);
	}
	add_flops(body, &nest->flops[0], 32 * vf, 32);
	add_flops(body, &nest->flops[1], 64 * vf, 64);
}

void rl_report_build(const rl_nest *nest, const rl_body *body, const rl_machine *m,
		     rl_report *out)
{
	rl_report_build_ports(nest, body, m, NULL, out);
}

void rl_report_build_ports(const rl_nest *nest, const rl_body *body, const rl_machine *m,
			   const rl_ports *ports, rl_report *out)
{
	rl_report_build_cores(nest, body, m, ports, 1, out);
}

void rl_report_build_cores(const rl_nest *nest, const rl_body *body, const rl_machine *m,
			   const rl_ports *ports, int cores, rl_report *out)
{
	memset(out, 0, sizeof(*out));
	out->nest = nest;
	out->machine = m;
	snprintf(out->file, sizeof(out->file), "%s", nest->file);
	snprintf(out->function, sizeof(out->function), "%s", nest->function);
	out->line = nest->line;
	out->column = nest->column;

	/* layer conditions (polyhedral/lc.c); the stream model when ISL analysis fails.  The
	 * analysis is done once; one thread here, the thread counts of the scaling and the
	 * advice in rl_report_set_cores are evaluations of it. */
	rl_lc_analysis *lca = rl_lc_analyse(nest, m, out->lc_why, sizeof(out->lc_why));
	if (lca) {
		rl_lc_options opt;
		rl_lc_options_default(m, 1, &opt);
		rl_lc_eval(lca, &opt, &out->traffic, &out->lc);
		out->have_lc = 1;
		/* sizes unknown: the regime of the sizes up to the largest threshold */
		out->lc_analysis = lca;
		rl_perf_assume_sizes(out);
		out->lc_analysis = NULL;
	} else if (!rl_traffic_streams(nest, m, &out->traffic, out->reason, sizeof(out->reason)))
		return;
	if (body && body->ninsns > 0) {
		out->body = *body;
		out->have_body = 1;
	} else {
		body_from_source(nest, &out->body);
	}
	if (out->have_body) {
		rl_fix_iterations(nest, &out->body);
		rl_split_hint(nest, &out->body);
	}
	rl_incore_ports(m, ports, &out->body, &out->incore);
	/* the code around the loop per execution; the body keeps no pointer to the plugin's data */
	rl_rows_overhead(out->have_body ? out->body.row_code : NULL, nest, out->body.iters_per_pass,
			 m, ports, &out->rows);
	out->body.row_code = NULL;
	/* the links' costs at the loop's working set (the machines' small_working_sets) */
	rl_ecm_compose_ws(m, &out->incore, &out->body, &out->traffic,
			  rl_machine_has_small_working_sets(m)
				  ? rl_perf_working_set_lines(nest, rl_machine_line_bytes(m)) : -1,
			  &out->ecm);
	rl_tlb_analyse(nest, m, &out->traffic, &out->tlb);
	rl_restart_analyse(nest, m, &out->traffic, &out->restart);
	if (out->tlb.cycles > 0 || out->restart.cycles > 0) {
		out->ecm.t_tlb = out->tlb.cycles;
		out->ecm.t_restart = out->restart.cycles;
		rl_ecm_predict(m, &out->ecm);
	}
	out->analysed = 1;
	out->lc_analysis = lca;
	rl_report_set_cores(out, cores);   /* performance and advice (model/perf.c, model/advice.c) */
	out->lc_analysis = NULL;
	rl_lc_analysis_free(lca);
	rl_rf_input rf = { m, nest->flops, &out->body, &out->incore, &out->traffic, &out->ecm,
			   out->perf.valid ? out->perf.data_level : -1 };
	rl_rooflines_compute(&rf, &out->rooflines);
}

void rl_report_set_cores(rl_report *r, int cores)
{
	rl_lc_analysis *tmp = NULL;
	if (!r->lc_analysis && r->analysed && r->have_lc && r->nest && r->machine) {
		char why[256];
		tmp = rl_lc_analyse(r->nest, r->machine, why, sizeof(why));
		r->lc_analysis = tmp;  /* NULL (out of memory): perf and advice analyse per call */
	}
	rl_perf_compute(r, cores);
	rl_advice_compute(r);
	if (tmp) {
		r->lc_analysis = NULL;
		rl_lc_analysis_free(tmp);
	}
}

int rl_report_data_level(const rl_report *r)
{
	return r->perf.data_level >= 0 ? r->perf.data_level : r->ecm.ntransfers;
}

double rl_report_cycles_per_unit(const rl_report *r)
{
	return r->ecm.prediction[rl_report_data_level(r)];
}

void rl_report_versions_fill(const rl_report *vec, const rl_report *scalar,
			     const rl_alias_check *chk, rl_report_versions *out)
{
	out->present = 1;
	out->vectorised_cy = rl_report_cycles_per_unit(vec);
	out->scalar_cy = scalar ? rl_report_cycles_per_unit(scalar) : -1;
	out->check = *chk;
	out->scalar_reported = scalar && chk->outcome == RL_ALIAS_ALWAYS;
}

void rl_report_add_copy(rl_report *r, const rl_report *other, int line, int column, int factor)
{
	rl_report_copies *c = &r->copies;
	c->count = c->count ? c->count + 1 : 2;
	c->factor = factor;
	if (c->nothers >= RL_MAX_COPIES)
		return;
	c->other[c->nothers].line = line;
	c->other[c->nothers].column = column;
	c->other[c->nothers].cy = other && other->analysed ? rl_report_cycles_per_unit(other) : -1;
	c->nothers++;
}

void rl_appendf(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}
