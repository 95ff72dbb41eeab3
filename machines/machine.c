/* machine.c - load and validate YAML machine files (schema roofline-machine/1).
 *
 * The whole file is read with libyaml's document API; every node keeps its start mark,
 * so every message names FILE:LINE:COL (1-based) of the offending node and what was
 * expected.  Errors are values: the loader never aborts and keeps no global state.
 * The schema is documented in docs/machine-files.md.
 */
#include "machines/machine.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#define RL_SCHEMA_ID "roofline-machine/1"

/* ------------------------------------------------------------------ context, errors */

typedef struct ld_ctx {
	const char *file;
	yaml_document_t *doc;
	char *err;
	size_t errlen;
	int failed;
} ld_ctx;

static void set_err(ld_ctx *c, size_t line, size_t col, const char *fmt, va_list ap)
{
	if (c->failed)
		return;                 /* keep the first message */
	c->failed = 1;
	if (!c->err || c->errlen == 0)
		return;
	int n = snprintf(c->err, c->errlen, "%s:%zu:%zu: ", c->file, line, col);
	if (n < 0 || (size_t)n >= c->errlen)
		return;
	vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
}

/* Error at NODE's start position (1-based line and column). Returns -1. */
static int fail_at(ld_ctx *c, const yaml_node_t *node, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t line = node ? node->start_mark.line + 1 : 1;
	size_t col = node ? node->start_mark.column + 1 : 1;
	set_err(c, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

static int fail_mark(ld_ctx *c, yaml_mark_t mark, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	set_err(c, mark.line + 1, mark.column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* "'text'" for scalars (shortened), "a mapping" / "a sequence", "nothing" for empty */
static const char *describe(const yaml_node_t *n, char *buf, size_t len)
{
	if (!n)
		return "nothing";
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_SCALAR_NODE:
		if (n->data.scalar.length == 0 && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
			return "nothing";
		if (n->data.scalar.length > 40)
			snprintf(buf, len, "'%.37s...'", (const char *)n->data.scalar.value);
		else
			snprintf(buf, len, "'%s'", (const char *)n->data.scalar.value);
		return buf;
	default:
		return "nothing";
	}
}

#define GOT(n) describe((n), gotbuf, sizeof gotbuf)

static yaml_node_t *node_at(ld_ctx *c, int idx)
{
	return yaml_document_get_node(c->doc, idx);
}

static const char *scalar(const yaml_node_t *n)
{
	return (n && n->type == YAML_SCALAR_NODE) ? (const char *)n->data.scalar.value : NULL;
}

/* ------------------------------------------------------------------ mapping keys */

typedef struct keyspec {
	const char *name;
	int required;
} keyspec;

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 40 || lb > 40)
		return 99;
	size_t d[41][41];
	for (size_t i = 0; i <= la; i++) d[i][0] = i;
	for (size_t j = 0; j <= lb; j++) d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
			d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
	return d[la][lb];
}

/* Check that NODE is a mapping whose keys are all in SPEC (no duplicates) and that
 * every required key is present; store the value node of each key in VAL[]. */
static int check_mapping(ld_ctx *c, yaml_node_t *node, const char *what,
			 const keyspec *spec, int nspec, yaml_node_t **val)
{
	char gotbuf[64];
	for (int i = 0; i < nspec; i++) val[i] = NULL;
	if (!node || node->type != YAML_MAPPING_NODE)
		return fail_at(c, node, "expected a mapping for '%s', got %s", what, GOT(node));
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(c, p->key), *v = node_at(c, p->value);
		const char *ks = scalar(k);
		if (!ks)
			return fail_at(c, k, "expected a key name (a plain word) in '%s', got %s",
				       what, GOT(k));
		int found = -1;
		for (int i = 0; i < nspec; i++)
			if (strcmp(ks, spec[i].name) == 0) found = i;
		if (found < 0) {
			char list[512] = "", hint[80] = "";
			size_t best = 3;
			for (int i = 0; i < nspec; i++) {
				size_t l = strlen(list);
				snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", spec[i].name);
				size_t d = edit_distance(ks, spec[i].name);
				if (d < best) {
					best = d;
					snprintf(hint, sizeof hint, " (did you mean '%s'?)", spec[i].name);
				}
			}
			return fail_at(c, k, "unknown key '%s' in '%s'%s; expected one of: %s",
				       ks, what, hint, list);
		}
		if (val[found])
			return fail_at(c, k, "duplicate key '%s' in '%s' (first given at line %zu)",
				       ks, what, (size_t)val[found]->start_mark.line + 1);
		val[found] = v;
	}
	for (int i = 0; i < nspec; i++)
		if (spec[i].required && !val[i])
			return fail_at(c, node, "expected required key '%s' in '%s'",
				       spec[i].name, what);
	return 0;
}

/* ------------------------------------------------------------------ scalar values */

static int is_empty(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE && n->data.scalar.length == 0 &&
	       n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static int get_text(ld_ctx *c, yaml_node_t *n, const char *key, char *buf, size_t len,
		    int truncate_ok)
{
	char gotbuf[64];
	if (n->type != YAML_SCALAR_NODE || is_empty(n))
		return fail_at(c, n, "expected a text for '%s', got %s", key, GOT(n));
	size_t l = n->data.scalar.length;
	if (strlen(scalar(n)) != l)
		return fail_at(c, n, "expected a text without NUL characters for '%s'", key);
	if (l >= len && !truncate_ok)
		return fail_at(c, n, "expected at most %zu characters for '%s', got %zu",
			       len - 1, key, l);
	snprintf(buf, len, "%s", scalar(n));
	return 0;
}

/* A finite number at the start of S; *END after it.  No hex, inf, nan. */
static int parse_number(const char *s, double *out, const char **end)
{
	const char *p = s;
	while (*p == ' ') p++;
	const char *q = p;
	if (*q == '+' || *q == '-') q++;
	if (!((*q >= '0' && *q <= '9') || (*q == '.' && q[1] >= '0' && q[1] <= '9')))
		return -1;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		return -1;
	char *e;
	errno = 0;
	double v = strtod(p, &e);
	if (e == p || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	*end = e;
	return 0;
}

static int get_int(ld_ctx *c, yaml_node_t *n, const char *key, long lo, long hi, int *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (!s || is_empty(n) || parse_number(s, &v, &e) || *e != '\0' || v != floor(v) ||
	    strchr(s, '.') || strchr(s, 'e') || strchr(s, 'E'))
		return fail_at(c, n, "expected an integer for '%s', got %s", key, GOT(n));
	if (v < (double)lo || v > (double)hi)
		return fail_at(c, n, "expected an integer in %ld..%ld for '%s', got %s",
			       lo, hi, key, GOT(n));
	*out = (int)v;
	return 0;
}

static int get_bool(ld_ctx *c, yaml_node_t *n, const char *key, int *out)
{
	char gotbuf[64];
	const char *s = scalar(n);
	if (s && (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))) {
		*out = 1;
		return 0;
	}
	if (s && (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))) {
		*out = 0;
		return 0;
	}
	return fail_at(c, n, "expected true or false for '%s', got %s", key, GOT(n));
}

/* A plain number (no unit), LO < v <= HI (or LO <= v when LO_INCL). */
static int get_real(ld_ctx *c, yaml_node_t *n, const char *key, double lo, int lo_incl,
		    double hi, double *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (!s || is_empty(n) || parse_number(s, &v, &e) || *e != '\0')
		return fail_at(c, n, "expected a number for '%s', got %s", key, GOT(n));
	if ((lo_incl ? v < lo : v <= lo) || v > hi)
		return fail_at(c, n, "expected a number in %s%g..%g] for '%s', got %s",
			       lo_incl ? "[" : "(", lo, hi, key, GOT(n));
	*out = v;
	return 0;
}

typedef struct unit_def {
	const char *name;
	double factor;
} unit_def;

/* "NUMBER UNIT" where UNIT is one of UNITS (exact, case-sensitive); the value times
 * the unit's factor goes to *OUT.  KIND names the quantity for messages, UNITLIST
 * lists the units. */
static int get_quantity(ld_ctx *c, yaml_node_t *n, const char *key, const char *kind,
			const unit_def *units, int nunits, const char *unitlist, double *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (!s || is_empty(n) || parse_number(s, &v, &e))
		goto bad;
	while (*e == ' ') e++;
	for (int i = 0; i < nunits; i++)
		if (strcmp(e, units[i].name) == 0) {
			if (!(v > 0))
				return fail_at(c, n, "expected a positive %s for '%s', got %s",
					       kind, key, GOT(n));
			*out = v * units[i].factor;
			return 0;
		}
bad:
	return fail_at(c, n, "expected a %s with unit (%s) for '%s', got %s",
		       kind, unitlist, key, GOT(n));
}

static const unit_def size_units[] = {
	{ "B", 1.0 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 }, { "GiB", 1073741824.0 },
};
static const unit_def clock_units[] = { { "GHz", 1.0 }, { "MHz", 1e-3 } };
static const unit_def bw_units[] = { { "GB/s", 1.0 }, { "MB/s", 1e-3 } };
static const unit_def cycle_units[] = { { "cy", 1.0 } };

static int get_size(ld_ctx *c, yaml_node_t *n, const char *key, double *bytes)
{
	char gotbuf[64];
	if (get_quantity(c, n, key, "size", size_units, 4, "B, KiB, MiB, GiB", bytes))
		return -1;
	if (*bytes != floor(*bytes) || *bytes > 1e15)
		return fail_at(c, n, "expected a whole number of bytes for '%s', got %s", key,
			       GOT(n));
	return 0;
}

/* cycles: a plain number or "N cy" */
static int get_cycles(ld_ctx *c, yaml_node_t *n, const char *key, double *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (s && !is_empty(n) && !parse_number(s, &v, &e) && *e == '\0') {
		if (!(v > 0) || v > 1e4)
			return fail_at(c, n, "expected a number of cycles in (0..10000] for '%s', got %s",
				       key, GOT(n));
		*out = v;
		return 0;
	}
	if (get_quantity(c, n, key, "number of cycles", cycle_units, 1, "cy, or none", &v))
		return -1;
	if (v > 1e4)
		return fail_at(c, n, "expected a number of cycles in (0..10000] for '%s', got %s",
			       key, GOT(n));
	*out = v;
	return 0;
}

/* ------------------------------------------------------------------ sections */

static const char *const iclass_names[RL_IC_COUNT] = {
	"load", "store", "fadd", "fmul", "fma", "fdiv", "fsqrt", "ialu", "branch", "other",
};

const char *rl_iclass_name(rl_iclass cls)
{
	if ((int)cls < 0 || cls >= RL_IC_COUNT)
		return "?";
	return iclass_names[cls];
}

static int load_ecm(ld_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const keyspec spec[] = {
		{ "overlap", 1 }, { "nonoverlapping", 1 }, { "lc_safety_factor", 1 }, { "source", 0 },
	};
	yaml_node_t *v[4];
	char gotbuf[64];
	if (check_mapping(c, n, "ecm", spec, 4, v))
		return -1;
	const char *ov = scalar(v[0]);
	if (ov && !strcmp(ov, "serial"))
		m->overlap = RL_OVERLAP_SERIAL;
	else if (ov && !strcmp(ov, "zen"))
		m->overlap = RL_OVERLAP_ZEN;
	else
		return fail_at(c, v[0], "expected 'serial' or 'zen' for 'overlap', got %s",
			       GOT(v[0]));
	if (v[1]->type != YAML_SEQUENCE_NODE)
		return fail_at(c, v[1], "expected a list of unit names for 'nonoverlapping', got %s",
			       GOT(v[1]));
	m->n_nonoverlapping = 0;
	for (yaml_node_item_t *it = v[1]->data.sequence.items.start;
	     it < v[1]->data.sequence.items.top; it++) {
		yaml_node_t *u = node_at(c, *it);
		if (m->n_nonoverlapping >= 4)
			return fail_at(c, u, "expected at most 4 units in 'nonoverlapping'");
		if (get_text(c, u, "nonoverlapping", m->nonoverlapping[m->n_nonoverlapping],
			     sizeof m->nonoverlapping[0], 0))
			return -1;
		m->n_nonoverlapping++;
	}
	if (get_real(c, v[2], "lc_safety_factor", 0.0, 0, 1.0, &m->lc_safety_factor))
		return -1;
	if (v[3] && get_text(c, v[3], "source", m->ecm_source, sizeof m->ecm_source, 1))
		return -1;
	return 0;
}

/* cache V[] values indexed as in the spec of load_caches */
enum { CK_NAME, CK_SIZE, CK_LINE, CK_WAYS, CK_SHARED, CK_WA, CK_VICTIM, CK_TRANSFER,
       CK_SOURCE, CK_COUNT };

static int load_caches(ld_ctx *c, yaml_node_t *n, rl_machine *m, yaml_node_t **transfer_nodes)
{
	static const keyspec spec[CK_COUNT] = {
		{ "name", 1 }, { "size", 1 }, { "line", 1 }, { "ways", 0 }, { "shared_by", 0 },
		{ "write_allocate", 0 }, { "victim", 0 }, { "transfer", 0 }, { "source", 0 },
	};
	char gotbuf[64];
	if (n->type != YAML_SEQUENCE_NODE)
		return fail_at(c, n, "expected a list of cache levels (L1 first) for 'caches', got %s",
			       GOT(n));
	int count = (int)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (count < 1 || count > RL_MAX_LEVELS)
		return fail_at(c, n, "expected 1..%d cache levels in 'caches', got %d",
			       RL_MAX_LEVELS, count);
	m->nlevels = 0;
	for (int i = 0; i < count; i++) {
		yaml_node_t *item = node_at(c, n->data.sequence.items.start[i]);
		yaml_node_t *v[CK_COUNT];
		rl_cache_level *L = &m->levels[i];
		char what[32];
		snprintf(what, sizeof what, "caches[%d]", i);
		if (check_mapping(c, item, what, spec, CK_COUNT, v))
			return -1;
		if (get_text(c, v[CK_NAME], "name", L->name, sizeof L->name, 0))
			return -1;
		for (int j = 0; j < i; j++)
			if (!strcmp(m->levels[j].name, L->name))
				return fail_at(c, v[CK_NAME], "expected a unique cache name, '%s' is "
					       "already caches[%d]", L->name, j);
		double size, line;
		if (get_size(c, v[CK_SIZE], "size", &size) || get_size(c, v[CK_LINE], "line", &line))
			return -1;
		long long li = (long long)line;
		if (li < 8 || li > 4096 || (li & (li - 1)))
			return fail_at(c, v[CK_LINE], "expected a power of 2 between 8 B and 4 KiB "
				       "for 'line', got %s", GOT(v[CK_LINE]));
		if (i > 0 && li != m->levels[0].line)
			return fail_at(c, v[CK_LINE], "expected the same line size as %s (%d B) for "
				       "'line', got %s", m->levels[0].name, m->levels[0].line,
				       GOT(v[CK_LINE]));
		if ((long long)size % li != 0)
			return fail_at(c, v[CK_SIZE], "expected a size that is a multiple of the "
				       "line (%lld B) for 'size', got %s", li, GOT(v[CK_SIZE]));
		L->size = (long long)size;
		L->line = (int)li;
		L->ways = 0;
		if (v[CK_WAYS] && get_int(c, v[CK_WAYS], "ways", 0, 1024, &L->ways))
			return -1;
		if (L->ways > 0 && L->size % ((long long)L->ways * li) != 0)
			return fail_at(c, v[CK_WAYS], "expected ways dividing size/line (%lld lines) "
				       "for 'ways', got %s", L->size / li, GOT(v[CK_WAYS]));
		L->shared_by = 1;
		if (v[CK_SHARED] && get_int(c, v[CK_SHARED], "shared_by", 1, 4096, &L->shared_by))
			return -1;
		L->write_allocate = 1;
		if (v[CK_WA] && get_bool(c, v[CK_WA], "write_allocate", &L->write_allocate))
			return -1;
		L->victim = 0;
		if (v[CK_VICTIM] && get_bool(c, v[CK_VICTIM], "victim", &L->victim))
			return -1;
		L->cycles_per_line = 0;
		transfer_nodes[i] = v[CK_TRANSFER];
		if (i < count - 1) {
			if (!v[CK_TRANSFER])
				return fail_at(c, item, "expected required key 'transfer' in '%s' "
					       "(every level but the last)", what);
			/* "N cy/CL" or "N B/cy" */
			const char *s = scalar(v[CK_TRANSFER]), *e;
			double x;
			if (!s || parse_number(s, &x, &e))
				goto bad_transfer;
			while (*e == ' ') e++;
			if (!strcmp(e, "cy/CL"))
				L->cycles_per_line = x;
			else if (!strcmp(e, "B/cy"))
				L->cycles_per_line = x > 0 ? (double)li / x : 0;
			else
				goto bad_transfer;
			if (!(L->cycles_per_line > 0) || L->cycles_per_line > 1e4)
				return fail_at(c, v[CK_TRANSFER], "expected a positive transfer time "
					       "for 'transfer', got %s", GOT(v[CK_TRANSFER]));
		} else if (v[CK_TRANSFER]) {
			return fail_at(c, v[CK_TRANSFER], "expected no 'transfer' on the last cache "
				       "level: its transfer to memory is derived from memory.bandwidth");
		}
		if (v[CK_SOURCE] && get_text(c, v[CK_SOURCE], "source", L->source, sizeof L->source, 1))
			return -1;
		m->nlevels++;
		continue;
bad_transfer:
		return fail_at(c, v[CK_TRANSFER], "expected a transfer time with unit (cy/CL, B/cy) "
			       "for 'transfer', got %s", GOT(v[CK_TRANSFER]));
	}
	return 0;
}

static int load_memory(ld_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const keyspec spec[] = {
		{ "bandwidth", 1 }, { "benchmark", 1 }, { "single_core_bandwidth", 0 }, { "source", 0 },
	};
	static const char *const benches[] = { "update", "load", "copy", "triad", "stream" };
	yaml_node_t *v[4];
	char gotbuf[64];
	if (check_mapping(c, n, "memory", spec, 4, v))
		return -1;
	if (get_quantity(c, v[0], "bandwidth", "bandwidth", bw_units, 2, "GB/s, MB/s",
			 &m->mem_bandwidth_gbs))
		return -1;
	const char *b = scalar(v[1]);
	int ok = 0;
	for (size_t i = 0; b && i < sizeof benches / sizeof benches[0]; i++)
		if (!strcmp(b, benches[i])) ok = 1;
	if (!ok)
		return fail_at(c, v[1], "expected one of update, load, copy, triad, stream for "
			       "'benchmark', got %s", GOT(v[1]));
	snprintf(m->mem_benchmark, sizeof m->mem_benchmark, "%s", b);
	if (v[2] && get_quantity(c, v[2], "single_core_bandwidth", "bandwidth", bw_units, 2,
				 "GB/s, MB/s", &m->mem_bandwidth_1core_gbs))
		return -1;
	if (v[3] && get_text(c, v[3], "source", m->mem_source, sizeof m->mem_source, 1))
		return -1;
	return 0;
}

static int load_incore(ld_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const keyspec spec[] = { { "instructions", 1 }, { "source", 0 } };
	static const keyspec rspec[] = {
		{ "class", 1 }, { "width", 0 }, { "unit", 1 }, { "cycles", 1 }, { "latency", 0 },
		{ "source", 0 }, { "precision", 0 },
	};
	yaml_node_t *v[2];
	char gotbuf[64];
	if (check_mapping(c, n, "incore", spec, 2, v))
		return -1;
	if (v[1] && get_text(c, v[1], "source", m->incore_source, sizeof m->incore_source, 1))
		return -1;
	yaml_node_t *seq = v[0];
	if (seq->type != YAML_SEQUENCE_NODE)
		return fail_at(c, seq, "expected a list of instruction rows for 'instructions', got %s",
			       GOT(seq));
	m->ncosts = 0;
	for (yaml_node_item_t *it = seq->data.sequence.items.start;
	     it < seq->data.sequence.items.top; it++) {
		yaml_node_t *row = node_at(c, *it), *r[7];
		char what[48];
		snprintf(what, sizeof what, "instructions[%d]", m->ncosts);
		if (m->ncosts >= RL_MAX_ICLASSES)
			return fail_at(c, row, "expected at most %d rows in 'instructions'",
				       RL_MAX_ICLASSES);
		if (check_mapping(c, row, what, rspec, 7, r))
			return -1;
		rl_iclass_cost *k = &m->costs[m->ncosts];
		const char *cls = scalar(r[0]);
		int found = -1;
		for (int i = 0; cls && i < RL_IC_COUNT; i++)
			if (!strcmp(cls, iclass_names[i])) found = i;
		if (found < 0)
			return fail_at(c, r[0], "expected an instruction class (load, store, fadd, fmul, "
				       "fma, fdiv, fsqrt, ialu, branch, other) for 'class', got %s",
				       GOT(r[0]));
		k->cls = (rl_iclass)found;
		k->width = 0;
		if (r[1]) {
			if (get_int(c, r[1], "width", 0, 512, &k->width))
				return -1;
			if (k->width != 0 && k->width != 8 && k->width != 16 && k->width != 32 &&
			    k->width != 64 && k->width != 128 && k->width != 256 && k->width != 512)
				return fail_at(c, r[1], "expected a width in bits (8, 16, 32, 64, 128, "
					       "256, 512, or 0 = any) for 'width', got %s", GOT(r[1]));
		}
		if (get_text(c, r[2], "unit", k->unit, sizeof k->unit, 0))
			return -1;
		if (get_cycles(c, r[3], "cycles", &k->cycles))
			return -1;
		k->latency = 0;
		if (r[4] && get_cycles(c, r[4], "latency", &k->latency))
			return -1;
		if (r[5]) {
			char tmp[8];
			if (get_text(c, r[5], "source", tmp, sizeof tmp, 1))
				return -1;
		}
		k->precision = 0;
		if (r[6]) {
			const char *p = scalar(r[6]);
			if (p && !strcmp(p, "sp"))
				k->precision = 32;
			else if (p && !strcmp(p, "dp"))
				k->precision = 64;
			else
				return fail_at(c, r[6], "expected 'sp' or 'dp' for 'precision', got %s",
					       GOT(r[6]));
		}
		for (int j = 0; j < m->ncosts; j++)
			if (m->costs[j].cls == k->cls && m->costs[j].width == k->width &&
			    m->costs[j].precision == k->precision)
				return fail_at(c, row, "expected one row per class, width and precision; "
					       "%s width %d is already instructions[%d]", cls, k->width, j);
		m->ncosts++;
	}
	return 0;
}

/* ------------------------------------------------------------------ top level */

enum { TK_SCHEMA, TK_NAME, TK_DESC, TK_SOURCE, TK_CLOCK, TK_CORES, TK_ECM, TK_CACHES,
       TK_MEMORY, TK_INCORE, TK_COUNT };

static int load_root(ld_ctx *c, yaml_node_t *root, rl_machine *m)
{
	static const keyspec spec[TK_COUNT] = {
		{ "schema", 1 }, { "name", 0 }, { "description", 0 }, { "source", 0 },
		{ "clock", 1 }, { "cores", 1 }, { "ecm", 1 }, { "caches", 1 }, { "memory", 1 },
		{ "incore", 1 },
	};
	yaml_node_t *v[TK_COUNT], *transfer_nodes[RL_MAX_LEVELS] = { 0 };
	char gotbuf[64];
	if (!root || root->type != YAML_MAPPING_NODE)
		return fail_at(c, root, "expected a mapping of machine keys (starting with "
			       "'schema: " RL_SCHEMA_ID "'), got %s", GOT(root));
	if (check_mapping(c, root, "machine", spec, TK_COUNT, v))
		return -1;
	if (!scalar(v[TK_SCHEMA]) || strcmp(scalar(v[TK_SCHEMA]), RL_SCHEMA_ID))
		return fail_at(c, v[TK_SCHEMA], "expected '" RL_SCHEMA_ID "' for 'schema', got %s",
			       GOT(v[TK_SCHEMA]));
	if (v[TK_NAME] && get_text(c, v[TK_NAME], "name", m->long_name, sizeof m->long_name, 1))
		return -1;
	if (v[TK_DESC] && get_text(c, v[TK_DESC], "description", m->description,
				   sizeof m->description, 1))
		return -1;
	if (v[TK_SOURCE] && get_text(c, v[TK_SOURCE], "source", m->source, sizeof m->source, 1))
		return -1;
	if (get_quantity(c, v[TK_CLOCK], "clock", "clock frequency", clock_units, 2, "GHz, MHz",
			 &m->clock_ghz))
		return -1;
	if (m->clock_ghz < 0.01 || m->clock_ghz > 100)
		return fail_at(c, v[TK_CLOCK], "expected a clock between 10 MHz and 100 GHz for "
			       "'clock', got %s", GOT(v[TK_CLOCK]));
	if (get_int(c, v[TK_CORES], "cores", 1, 65536, &m->cores))
		return -1;
	if (load_ecm(c, v[TK_ECM], m) || load_caches(c, v[TK_CACHES], m, transfer_nodes) ||
	    load_memory(c, v[TK_MEMORY], m) || load_incore(c, v[TK_INCORE], m))
		return -1;

	/* cross checks */
	for (int i = 0; i < m->nlevels; i++)
		if (m->levels[i].shared_by > m->cores) {
			yaml_node_t *item = node_at(c, v[TK_CACHES]->data.sequence.items.start[i]);
			return fail_at(c, item, "expected shared_by <= cores (%d) in caches[%d], got %d",
				       m->cores, i, m->levels[i].shared_by);
		}
	for (int i = 0; i < m->n_nonoverlapping; i++) {
		int used = 0;
		for (int j = 0; j < m->ncosts; j++)
			if (!strcmp(m->costs[j].unit, m->nonoverlapping[i])) used = 1;
		if (!used) {
			yaml_node_t *ecm = v[TK_ECM];
			return fail_at(c, ecm, "expected every unit in ecm.nonoverlapping to be the "
				       "unit of some incore instruction; '%s' is not",
				       m->nonoverlapping[i]);
		}
	}
	/* derived */
	int line = m->levels[0].line;
	m->mem_cycles_per_line = line * m->clock_ghz / m->mem_bandwidth_gbs;
	m->levels[m->nlevels - 1].cycles_per_line = m->mem_cycles_per_line;
	return 0;
}

static void set_name(rl_machine *m, const char *path)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t l = strlen(b);
	if (l > 4 && !strcmp(b + l - 4, ".yml"))
		l -= 4;
	else if (l > 5 && !strcmp(b + l - 5, ".yaml"))
		l -= 5;
	if (l >= sizeof m->name)
		l = sizeof m->name - 1;
	memcpy(m->name, b, l);
	m->name[l] = '\0';
}

rl_machine *rl_machine_load(const char *path, char *err, size_t errlen)
{
	ld_ctx c = { path ? path : "(null)", NULL, err, errlen, 0 };
	yaml_mark_t start = { 0, 0, 0 };
	if (err && errlen)
		err[0] = '\0';
	if (!path) {
		fail_mark(&c, start, "expected a machine file path, got none");
		return NULL;
	}
	if (strlen(path) >= sizeof ((rl_machine *)0)->path) {
		fail_mark(&c, start, "expected a path shorter than %zu characters",
			  sizeof ((rl_machine *)0)->path);
		return NULL;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (err && errlen)
			snprintf(err, errlen, "%s: cannot open machine file: %s", path, strerror(errno));
		return NULL;
	}
	yaml_parser_t parser;
	yaml_document_t doc;
	rl_machine *m = NULL;
	if (!yaml_parser_initialize(&parser)) {
		fclose(f);
		if (err && errlen)
			snprintf(err, errlen, "%s: out of memory initialising the YAML parser", path);
		return NULL;
	}
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc)) {
		const char *prob = parser.problem ? parser.problem : "syntax error";
		if (parser.error == YAML_MEMORY_ERROR)
			fail_mark(&c, start, "out of memory reading the file");
		else if (parser.error == YAML_READER_ERROR)
			fail_mark(&c, parser.problem_mark, "expected UTF-8 YAML text, got %s "
				  "(byte offset %zu)", prob, parser.problem_offset);
		else if (parser.context)
			fail_mark(&c, parser.problem_mark, "expected valid YAML: %s (%s at line %zu)",
				  prob, parser.context, (size_t)parser.context_mark.line + 1);
		else
			fail_mark(&c, parser.problem_mark, "expected valid YAML: %s", prob);
		yaml_parser_delete(&parser);
		fclose(f);
		return NULL;
	}
	c.doc = &doc;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (!root) {
		fail_mark(&c, start, "expected a machine description (a mapping starting with "
			  "'schema: " RL_SCHEMA_ID "'), got an empty file");
		goto out;
	}
	/* a second document is a mistake (e.g. two machines glued together) */
	{
		yaml_document_t doc2;
		if (!yaml_parser_load(&parser, &doc2)) {
			fail_mark(&c, parser.problem_mark, "expected valid YAML: %s",
				  parser.problem ? parser.problem : "syntax error");
			goto out;
		}
		yaml_node_t *r2 = yaml_document_get_root_node(&doc2);
		if (r2) {
			fail_at(&c, r2, "expected a single YAML document, got a second one");
			yaml_document_delete(&doc2);
			goto out;
		}
		yaml_document_delete(&doc2);
	}
	m = calloc(1, sizeof *m);
	if (!m) {
		fail_mark(&c, start, "out of memory");
		goto out;
	}
	snprintf(m->path, sizeof m->path, "%s", path);
	set_name(m, path);
	if (load_root(&c, root, m)) {
		free(m);
		m = NULL;
	}
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	return m;
}

void rl_machine_free(rl_machine *m)
{
	free(m);
}

/* ------------------------------------------------------------------ queries */

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

int rl_machine_unit_is_nol(const rl_machine *m, const char *unit)
{
	if (!m || !unit)
		return 0;
	for (int i = 0; i < m->n_nonoverlapping; i++)
		if (!strcmp(m->nonoverlapping[i], unit))
			return 1;
	return 0;
}
