/* The sentences of the optimisation advice (diag/advice-text.h). */
#include "diag/advice-text.h"
#include "diag/diag.h"
#include "diag/format.h"
#include "portmodel/ports.h"

#include <stdio.h>
#include <string.h>

/* "1.5x", "2x", "1.23x" */
static void gain_text(double g, char *buf, size_t len)
{
	snprintf(buf, len, "%.2fx", g);
	/* 1.50x -> 1.5x, 2.00x -> 2x */
	char *x = strchr(buf, 'x');
	if (x && x - buf >= 3 && x[-1] == '0') {
		memmove(x - 1, x, strlen(x) + 1);
		x--;
		if (x[-1] == '0' && x[-2] == '.')
			memmove(x - 2, x, strlen(x) + 1);
	}
}

/* "{8 ] 14 ] 20 ] 33}" */
static void pred_text(const rl_ecm *e, char *buf, size_t len)
{
	snprintf(buf, len, "{");
	for (int l = 0; l <= e->ntransfers; l++) {
		char n[32];
		rl_format_number(e->prediction[l], n, sizeof(n));
		rl_appendf(buf, len, "%s%s", l ? " ] " : "", n);
	}
	rl_appendf(buf, len, "}");
}

/* ", 1.2x on 8 cores" after a 1-core gain: nothing for a 1-core chip (the same figure) */
static void append_chip_gain(char *buf, size_t len, const char *gain, int chip_cores)
{
	char nc[32];
	if (chip_cores <= 1)
		return;
	rl_format_cores(chip_cores, nc, sizeof(nc));
	rl_appendf(buf, len, ", %s on %s", gain, nc);
}

/* "1.5x on 1 core, 1.2x on 8 cores[, 1.1x on 4 cores]" */
static void append_gains(char *buf, size_t len, const rl_advice *a)
{
	char g1[32], gc[32];
	gain_text(a->gain_1core, g1, sizeof(g1));
	gain_text(a->gain_chip, gc, sizeof(gc));
	rl_appendf(buf, len, "%s on 1 core", g1);
	append_chip_gain(buf, len, gc, a->chip_cores);
	if (a->cores > 1 && a->cores != a->chip_cores) {
		char gn[32], nc[32];
		gain_text(a->gain, gn, sizeof(gn));
		rl_format_cores(a->cores, nc, sizeof(nc));
		rl_appendf(buf, len, ", %s on %s", gn, nc);
	}
}

/* " -> {..} cy/CL, 1.5x on 1 core, 1.2x on 8 cores" */
static void append_after(char *buf, size_t len, const rl_advice *a)
{
	char pt[128];
	pred_text(&a->after, pt, sizeof(pt));
	rl_appendf(buf, len, " -> %s cy/CL, ", pt);
	append_gains(buf, len, a);
}

static const char *data_where(const rl_perf *p)
{
	return p->data_level >= 0 ? p->data_level_name : "MEM";
}

static const char *level_name(const rl_report *r, int c)
{
	return r->machine->levels[c].name;
}

static void spatial_blocking(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char pt[128];
	pred_text(&a->after, pt, sizeof(pt));
	if (a->block_threads > 1 && a->block_size_chip != a->block_size)
		snprintf(buf, len, "block loop i%d to <= %lld for %s (%lld with %d threads: shared cache, "
			 "n-thread rule) -> %s cy/CL, ", a->loop, a->block_size, level_name(r, a->level),
			 a->block_size_chip, a->block_threads, pt);
	else
		snprintf(buf, len, "block loop i%d to <= %lld for %s -> %s cy/CL, ", a->loop, a->block_size,
			 level_name(r, a->level), pt);
	append_gains(buf, len, a);
	if (a->n_s_after > 0 && (r->perf.data_level < 0 || r->perf.data_level >= r->machine->nlevels)) {
		char nc[32];
		rl_format_cores(a->n_s_after, nc, sizeof(nc));
		rl_appendf(buf, len, "; saturates at %s", nc);
	}
	if (a->block_size < RL_ADVICE_MIN_BLOCK)
		rl_appendf(buf, len, " (short block: loop overhead and prefetching beyond the block end "
			   "are not modelled)");
}

/* A condition that holds for one thread and breaks for the chip's (shared cache). */
static void shared_blocking(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char pt[128], g[32], nc[32];
	const char *name = level_name(r, a->level);
	pred_text(&a->after, pt, sizeof(pt));
	gain_text(a->gain_chip, g, sizeof(g));
	snprintf(buf, len, "with %d threads the %s layer condition breaks (shared cache, n-thread rule "
		 "%s / n): block loop i%d to <= %lld for %s -> %s cy/CL on every core, 1x on 1 core",
		 a->block_threads, name, name, a->loop, a->block_size_chip, name, pt);
	append_chip_gain(buf, len, g, a->chip_cores);
	if (a->cores > 1 && a->cores != a->chip_cores) {
		gain_text(a->gain, g, sizeof(g));
		rl_format_cores(a->cores, nc, sizeof(nc));
		rl_appendf(buf, len, ", %s on %s", g, nc);
	}
}

static const char *last_cache(const rl_report *r, const char *none)
{
	return r->machine->nlevels ? r->machine->levels[r->machine->nlevels - 1].name : none;
}

static void temporal_blocking(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char t1[32], t2[32], g[32];
	rl_format_number(a->t_bound, t1, sizeof(t1));
	rl_format_number(a->after.prediction[a->after.ntransfers], t2, sizeof(t2));
	gain_text(a->gain_chip, g, sizeof(g));
	snprintf(buf, len, "temporal blocking (upper bound: T_%sMem = %s cy removed) -> %s cy/CL in "
		 "memory, +%.0f %% on 1 core", last_cache(r, ""), t1, t2, (a->gain_1core - 1) * 100);
	if (a->chip_cores > 1) {
		append_chip_gain(buf, len, g, a->chip_cores);
		rl_appendf(buf, len, " (no memory bottleneck: %d x the %s-resident core)",
			   a->chip_cores, last_cache(r, "cache"));
	}
}

static void reassociate(const rl_report *r __attribute__((unused)), const rl_advice *a, char *buf,
			 size_t len)
{
	char t1[32], t2[32];
	rl_format_number(a->t_bound, t1, sizeof(t1));
	rl_format_number(a->after.t_ol, t2, sizeof(t2));
	snprintf(buf, len, "loop-carried dependency chain binds T_OL (%s cy/CL; e.g. a strict FP "
		 "reduction): more accumulators or reassociation (-fassociative-math, part of "
		 "-ffast-math) -> T_OL %s,", t1, t2);
	append_after(buf, len, a);
}

/* "q[i]" style names of the nest's accumulators in memory into BUF ("" none). */
static void accumulator_names(const rl_report *r, char *buf, size_t len)
{
	int arrays[4];
	int n = r->nest ? rl_memory_accumulators(r->nest, arrays, 4) : 0;
	buf[0] = 0;
	for (int k = 0; k < n; k++)
		rl_appendf(buf, len, "%s%s", k ? (k == n - 1 ? " and " : ", ") : "",
			   r->nest->arrays[arrays[k]].name);
}

static void local_accumulator(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char t1[32], tf[32], t2[32], names[160];
	rl_format_number(a->t_bound, t1, sizeof(t1));
	rl_format_number(a->t_forward, tf, sizeof(tf));
	rl_format_number(a->after.t_ol, t2, sizeof(t2));
	accumulator_names(r, names, sizeof(names));
	snprintf(buf, len, "loop-carried chain through memory binds T_OL (%s cy/CL, %s of it "
		 "store-to-load forwarding): ", t1, tf);
	if (names[0])
		rl_appendf(buf, len, "the accumulator%s %s %s kept in memory, stored and loaded "
			   "back every iteration, because the loop's other accesses may alias %s; "
			   "accumulate in a local variable (or declare the pointers restrict)",
			   strchr(names, ' ') ? "s" : "", names, strchr(names, ' ') ? "are" : "is",
			   strchr(names, ' ') ? "them" : "it");
	else if (rl_body_memory_recurrences(&r->body))
		rl_appendf(buf, len, "a value stored in one iteration is loaded back in the next "
			   "(a recurrence such as p[j] = f(p[j-1]) kept in memory, because the loop's "
			   "other accesses may alias it); carry the previous value in a local variable "
			   "(or declare the pointers restrict)");
	else
		rl_appendf(buf, len, "a value is stored and loaded back every iteration at the same "
			   "address; keep it in a local variable");
	rl_appendf(buf, len, " -> T_OL %s,", t2);
	append_after(buf, len, a);
}

static void divider(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char t1[32], t2[32];
	rl_format_number(a->t_bound, t1, sizeof(t1));
	rl_format_number(a->after.t_ol, t2, sizeof(t2));
	if (!(a->gain_1core < RL_ADVICE_WORTH)) {
		snprintf(buf, len, "divider-bound core (T_OL %s cy/CL): replace the divide (multiply by a "
			 "reciprocal) -> T_OL %s,", t1, t2);
		append_after(buf, len, a);
		return;
	}
	char tl[32], l1_before[32], l1_after[32];
	rl_format_number(a->t_data, tl, sizeof(tl));
	rl_format_number(r->ecm.prediction[0], l1_before, sizeof(l1_before));
	rl_format_number(a->after.prediction[0], l1_after, sizeof(l1_after));
	snprintf(buf, len, "divider-bound core (T_OL %s cy/CL) but with data in %s the transfers hide "
		 "it: removing the divide (T_OL %s) is not worth it, prediction stays %s cy/CL", t1,
		 data_where(&r->perf), t2, tl);
	rl_appendf(buf, len, " (in L1: %s -> %s cy/CL)", l1_before, l1_after);
}

static void streaming_stores(const rl_report *r __attribute__((unused)), const rl_advice *a,
			     char *buf, size_t len)
{
	char w[32], al[32];
	rl_format_number(a->wa_lines, w, sizeof(w));
	rl_format_number(a->lines, al, sizeof(al));
	snprintf(buf, len, "streaming (non-temporal) stores: %s of %s lines per unit at the memory "
		 "interface are write-allocates (outside the ECM assumptions, Stengel et al. 2015, Sect. 4.4: "
		 "the gain is an estimate)", w, al);
	append_after(buf, len, a);
}

static void saturation(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	const rl_perf *p = &r->perf;
	char pt[48], pn[48], ns[32];
	rl_format_rate(p->perf_sat, p->work, pt, sizeof(pt));
	rl_format_rate(p->perf_cores, p->work, pn, sizeof(pn));
	rl_format_cores(p->n_s, ns, sizeof(ns));
	snprintf(buf, len, "memory bandwidth saturates at %s (%s): more threads do not help; %d "
		 "of the %d cores %s enough", ns, pt, p->n_s, p->chip_cores,
		 p->n_s == 1 ? "is" : "are");
	if (a->peak_cores > 0) {
		const rl_perf_scaling *last = &p->scaling[p->nscaling - 1];
		char pb[48], pe[48], np[32], nl[32];
		rl_format_rate(a->peak_perf, p->work, pb, sizeof(pb));
		rl_format_rate(last->perf, p->work, pe, sizeof(pe));
		rl_format_cores(a->peak_cores, np, sizeof(np));
		rl_format_cores(last->n, nl, sizeof(nl));
		rl_appendf(buf, len, "; more threads hurt: beyond %s the shared-cache layer condition "
			   "breaks (n-thread rule), %s on %s vs %s on %d", np, pe, nl, pb, a->peak_cores);
	}
	if (p->cores > p->n_s)
		rl_appendf(buf, len, " (cores=%d gives %s)", p->cores, pn);
}

static void vectorise(const rl_report *r __attribute__((unused)), const rl_advice *a, char *buf,
		      size_t len)
{
	snprintf(buf, len, "not vectorised (scalar code): %d-lane SIMD (upper bound, in-core terms / %d)",
		 a->lanes, a->lanes);
	append_after(buf, len, a);
}

static void ports(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char t[32];
	rl_format_number(a->t_bound, t, sizeof(t));
	snprintf(buf, len, "port-bound core (%s: T_OL %s cy/CL): fewer uops on those ports (upper "
		 "bound: T_OL down to the next term)", r->incore.bottleneck, t);
	append_after(buf, len, a);
}

static void at_bound(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char t[32];
	rl_format_number(a->t_data, t, sizeof(t));
	snprintf(buf, len, "at its best bound (%s cy/CL with data in %s): no change the model knows "
		 "gains more than %.0f %%", t, data_where(&r->perf), (RL_ADVICE_WORTH - 1) * 100);
}

static void blocking(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	if (a->block_size < 0)
		shared_blocking(r, a, buf, len);
	else
		spatial_blocking(r, a, buf, len);
}

typedef void advice_writer(const rl_report *r, const rl_advice *a, char *buf, size_t len);

void rl_diag_advice_text(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	static advice_writer *const writers[] = {
		[RL_ADV_SPATIAL_BLOCKING] = blocking,
		[RL_ADV_TEMPORAL_BLOCKING] = temporal_blocking,
		[RL_ADV_REASSOCIATE] = reassociate,
		[RL_ADV_VECTORISE] = vectorise,
		[RL_ADV_DIVIDER] = divider,
		[RL_ADV_PORTS] = ports,
		[RL_ADV_STREAMING_STORES] = streaming_stores,
		[RL_ADV_SATURATION] = saturation,
		[RL_ADV_AT_BOUND] = at_bound,
		[RL_ADV_LOCAL_ACCUMULATOR] = local_accumulator,
	};
	if (!len)
		return;
	buf[0] = 0;
	if ((unsigned)a->kind < sizeof(writers) / sizeof(writers[0]) && writers[a->kind])
		writers[a->kind](r, a, buf, len);
}

int rl_diag_advice_brief(const rl_report *r, const rl_advice *a, char *buf, size_t len)
{
	char g1[32], gc[32];
	if (!len)
		return 0;
	buf[0] = 0;
	gain_text(a->gain_1core, g1, sizeof(g1));
	gain_text(a->gain_chip, gc, sizeof(gc));
	if (a->kind == RL_ADV_SPATIAL_BLOCKING && a->block_size >= 0)
		snprintf(buf, len, "blocking i%d for %s at most %s on 1 core", a->loop,
			 level_name(r, a->level), g1);
	else if (a->kind == RL_ADV_TEMPORAL_BLOCKING)
		snprintf(buf, len, "temporal blocking at most +%.0f %% on 1 core",
			 (a->gain_1core - 1) * 100);
	else
		return 0;
	append_chip_gain(buf, len, gc, a->chip_cores);
	return buf[0] != 0;
}
