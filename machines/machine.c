/* machine.c - queries of a loaded machine model: in-core cost rows, the bandwidth and FP peak
 * tables, the cache line, names of the enumerations; finding a machine file by name.
 *
 * The loaders are machine-load.c (native files, the entry rl_machine_load) and kerncraft.c
 * (Kerncraft machine files); both check their YAML with yaml-check.c.
 */
#include "machines/machine.h"
#include "machines/machine-load.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ names */

static const char *const iclass_names[RL_IC_COUNT] = {
	"load", "store", "fadd", "fmul", "fma", "fdiv", "fsqrt", "ialu", "branch", "other",
};
const char *const rl_mix_names[RL_MIX_COUNT] = { "load", "2load_1store", "load_store", "store" };
const char *const rl_fpop_names[RL_FP_COUNT] = { "fma", "add", "mul", "div", "sqrt", "peak" };

const char *rl_iclass_name(rl_iclass cls)
{
	if ((int)cls < 0 || cls >= RL_IC_COUNT)
		return "?";
	return iclass_names[cls];
}

const char *rl_mix_name(rl_mix mix)
{
	return (unsigned)mix < RL_MIX_COUNT ? rl_mix_names[mix] : "?";
}

const char *rl_fpop_name(rl_fpop op)
{
	return (unsigned)op < RL_FP_COUNT ? rl_fpop_names[op] : "?";
}

/* ------------------------------------------------------------------ derived figures */

void rl_machine_derive(rl_machine *m)
{
	int line = m->levels[m->nlevels - 1].line;
	m->mem_cycles_per_line = line * m->clock_ghz / m->mem_bandwidth_gbs;
	m->levels[m->nlevels - 1].cycles_per_line = m->mem_cycles_per_line;
}

double rl_machine_link_ws_factor(const rl_machine *m, int b, double ws, int write_only)
{
	if (b < 0 || b >= m->nlevels - 1 || !(ws >= 0))
		return 1;
	const rl_cache_level *L = &m->levels[b];
	if (!(L->small_factor > 0) || ws <= (double)L->size || ws >= L->small_below)
		return 1;
	return write_only && L->small_write_only > 0 ? L->small_write_only : L->small_factor;
}

double rl_machine_memory_share(const rl_machine *m, int level, double ws, int reuse)
{
	if (level < 0 || level >= m->nlevels || !(ws >= 0))
		return -1;
	const rl_cache_level *L = &m->levels[level];
	const double *h = reuse && L->mshare_has_reuse ? L->mshare_reuse : L->mshare;
	int n = L->mshare_n;
	if (n < 1)
		return -1;
	if (ws <= L->mshare_ws[0])
		return 0;   /* the first share is 0 (the level's plateau) */
	for (int i = 1; i < n; i++)
		if (ws <= L->mshare_ws[i]) {
			double x = log(ws / L->mshare_ws[i - 1]) / log(L->mshare_ws[i] / L->mshare_ws[i - 1]);
			return h[i - 1] + x * (h[i] - h[i - 1]);
		}
	double last = L->mshare_ws[n - 1], s = h[n - 1], x = (ws - last) / last;
	return x >= 1 ? 1 : s + x * (1 - s);
}

int rl_machine_has_small_working_sets(const rl_machine *m)
{
	for (int b = 0; b < m->nlevels - 1; b++)
		if (m->levels[b].small_factor > 0)
			return 1;
	return 0;
}

void rl_machine_free(rl_machine *m)
{
	free(m);
}

/* ------------------------------------------------------------------ finding a machine file */

static int ends_with(const char *s, const char *suf)
{
	size_t l = strlen(s), k = strlen(suf);
	return l >= k && !strcmp(s + l - k, suf);
}

int rl_machine_resolve(const char *dir, const char *name_or_path, char *out, size_t outlen)
{
	if (!name_or_path || !*name_or_path || !out || outlen == 0)
		return 0;
	int n;
	if (strchr(name_or_path, '/') || ends_with(name_or_path, ".yml") ||
	    ends_with(name_or_path, ".yaml"))
		n = snprintf(out, outlen, "%s", name_or_path);
	else if (dir && *dir)
		n = snprintf(out, outlen, "%s%s%s.yml", dir, ends_with(dir, "/") ? "" : "/",
			     name_or_path);
	else
		n = snprintf(out, outlen, "%s.yml", name_or_path);
	if (n < 0 || (size_t)n >= outlen)
		return 0;
	struct stat st;
	return stat(out, &st) == 0 && S_ISREG(st.st_mode);
}


/* ------------------------------------------------------------------ in-core rows */

/* best row of class CLS and width WIDTH for ELEM_BITS (see machine.h) */
static const rl_iclass_cost *cost_at(const rl_machine *m, rl_iclass cls, int width, int elem_bits)
{
	const rl_iclass_cost *exact = NULL, *anyprec = NULL, *slowest = NULL;
	for (int i = 0; i < m->ncosts; i++) {
		const rl_iclass_cost *k = &m->costs[i];
		if (k->cls != cls || k->width != width)
			continue;
		if (elem_bits && k->precision == elem_bits && !exact)
			exact = k;
		if (k->precision == 0 && !anyprec)
			anyprec = k;
		if (!slowest || k->cycles > slowest->cycles)
			slowest = k;
	}
	return exact ? exact : anyprec ? anyprec : slowest;
}

const rl_iclass_cost *rl_machine_cost_prec(const rl_machine *m, rl_iclass cls, int width,
					   int elem_bits)
{
	if (!m)
		return NULL;
	const rl_iclass_cost *k = cost_at(m, cls, width, elem_bits);
	if (!k && width != 0)
		k = cost_at(m, cls, 0, elem_bits);
	return k;
}

const rl_iclass_cost *rl_machine_cost(const rl_machine *m, rl_iclass cls, int width)
{
	return rl_machine_cost_prec(m, cls, width, 0);
}

int rl_machine_line_bytes(const rl_machine *m)
{
	return m->nlevels ? m->levels[0].line : 64;
}

int rl_machine_unit_is_nol(const rl_machine *m, const char *unit)
{
	if (!m || !unit)
		return 0;
	for (int i = 0; i < m->n_nonoverlapping; i++)
		if (!strcmp(m->nonoverlapping[i], unit))
			return 1;
	return 0;
}

/* ------------------------------------------------------------------ figure tables */

/* The width rule of the figure tables (machine.h): a row of the asked width is the answer;
 * without one, a width-0 row; a query of width 0 takes the row with the highest figure. */
typedef struct width_choice {
	int best;                /* index of the highest row (query width 0), -1 = none */
	double best_value;
	int any_width;           /* index of a width-0 row, -1 = none */
} width_choice;

#define WIDTH_CHOICE_INIT { -1, 0, -1 }

/* Row I of ROW_WIDTH with figure VALUE for a query of WIDTH: 1 if it is the answer */
static int width_rule(width_choice *w, int i, int row_width, double value, int width)
{
	if (width == 0) {
		if (w->best < 0 || value > w->best_value) {
			w->best = i;
			w->best_value = value;
		}
		return 0;
	}
	if (row_width == width)
		return 1;
	if (row_width == 0)
		w->any_width = i;
	return 0;
}

/* the chosen row when no row had the asked width; -1 = none */
static int width_choice_row(const width_choice *w)
{
	return w->best >= 0 ? w->best : w->any_width;
}

const rl_bw_row *rl_machine_bw(const rl_machine *m, const char *level, int width, rl_mix mix,
			       int cores)
{
	width_choice w = WIDTH_CHOICE_INIT;
	if (!m || !level)
		return NULL;
	for (int i = 0; i < m->nbw; i++) {
		const rl_bw_row *b = &m->bw[i];
		if (strcmp(b->level, level) || b->mix != mix || b->cores != cores)
			continue;
		if (width_rule(&w, i, b->width, b->gbs, width))
			return b;
	}
	int i = width_choice_row(&w);
	return i >= 0 ? &m->bw[i] : NULL;
}

const rl_flops_row *rl_machine_flops(const rl_machine *m, rl_fpop op, int width, int precision,
				     int cores)
{
	width_choice w = WIDTH_CHOICE_INIT;
	if (!m)
		return NULL;
	for (int i = 0; i < m->nflops; i++) {
		const rl_flops_row *f = &m->flops[i];
		if (f->op != op || f->precision != precision || f->cores != cores)
			continue;
		if (width_rule(&w, i, f->width, f->gflops, width))
			return f;
	}
	int i = width_choice_row(&w);
	return i >= 0 ? &m->flops[i] : NULL;
}
