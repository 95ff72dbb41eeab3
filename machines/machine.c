/* machine.c - load and validate YAML machine files (schema roofline-machine/1).
 *
 * The whole file is read with libyaml's document API; every node keeps its start mark,
 * so every message names FILE:LINE:COL (1-based) of the offending node and what was
 * expected.  Errors are values: the loader never aborts and keeps no global state.
 * The schema is documented in docs/machine-files.md.
 */
#include "machines/machine.h"

#include <ctype.h>
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
	static const keyspec spec[] = { { "instructions", 1 }, { "source", 0 },
					{ "port_table", 0 } };
	static const keyspec rspec[] = {
		{ "class", 1 }, { "width", 0 }, { "unit", 1 }, { "cycles", 1 }, { "latency", 0 },
		{ "source", 0 }, { "precision", 0 },
	};
	yaml_node_t *v[3];
	char gotbuf[64];
	if (check_mapping(c, n, "incore", spec, 3, v))
		return -1;
	if (v[1] && get_text(c, v[1], "source", m->incore_source, sizeof m->incore_source, 1))
		return -1;
	if (v[2]) {
		const char *pt = scalar(v[2]);
		size_t len = pt ? strlen(pt) : 0;
		int ok = pt && !is_empty(v[2]) && len < sizeof m->port_table;
		for (size_t i = 0; ok && i < len; i++)
			if (!(isalnum((unsigned char)pt[i]) || pt[i] == '_' || pt[i] == '-' ||
			      pt[i] == '.'))
				ok = 0;
		if (!ok)
			return fail_at(c, v[2], "expected a port table name (letters, digits, '_', "
				       "'-', '.', up to %zu chars; a file machines/ports/NAME.yml) "
				       "for 'port_table', got %s", sizeof m->port_table - 1, GOT(v[2]));
		memcpy(m->port_table, pt, len + 1);
	}
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

/* ------------------------------------------------------------------ figure tables (issue 5) */

static const char *const mix_names[RL_MIX_COUNT] = { "load", "2load_1store", "load_store", "store" };
static const char *const fpop_names[RL_FP_COUNT] = { "fma", "add", "mul", "div", "sqrt", "peak" };

const char *rl_mix_name(rl_mix mix)
{
	return (unsigned)mix < RL_MIX_COUNT ? mix_names[mix] : "?";
}

const char *rl_fpop_name(rl_fpop op)
{
	return (unsigned)op < RL_FP_COUNT ? fpop_names[op] : "?";
}

/* spread: a plain number or "N %", 0..1000 */
static int get_percent(ld_ctx *c, yaml_node_t *n, const char *key, double *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (!s || is_empty(n) || parse_number(s, &v, &e))
		goto bad;
	while (*e == ' ') e++;
	if (*e && strcmp(e, "%"))
		goto bad;
	if (v < 0 || v > 1000)
		return fail_at(c, n, "expected a percentage in 0..1000 for '%s', got %s", key, GOT(n));
	*out = v;
	return 0;
bad:
	return fail_at(c, n, "expected a percentage (a number, optionally with '%%') for '%s', "
		       "got %s", key, GOT(n));
}

/* a quantity in one of UNITS, or one of the per-cycle units (converted with the clock) */
static int get_rate(ld_ctx *c, yaml_node_t *n, const char *key, const char *kind,
		    const unit_def *units, int nunits, const char *percy, const char *unitlist,
		    double clock_ghz, double lo, double hi, double *out)
{
	char gotbuf[64];
	const char *s = scalar(n), *e;
	double v;
	if (s && !is_empty(n) && !parse_number(s, &v, &e)) {
		while (*e == ' ') e++;
		if (!strcmp(e, percy)) {
			if (!(v > 0))
				return fail_at(c, n, "expected a positive %s for '%s', got %s", kind,
					       key, GOT(n));
			v *= clock_ghz;
			goto range;
		}
	}
	if (get_quantity(c, n, key, kind, units, nunits, unitlist, &v))
		return -1;
range:
	if (v < lo || v > hi)
		return fail_at(c, n, "expected a %s between %g and %g (G-units/s) for '%s', got %s",
			       kind, lo, hi, key, GOT(n));
	*out = v;
	return 0;
}

static int get_width(ld_ctx *c, yaml_node_t *n, int *out)
{
	char gotbuf[64];
	if (get_int(c, n, "width", 0, 512, out))
		return -1;
	int w = *out;
	if (w != 0 && w != 32 && w != 64 && w != 128 && w != 256 && w != 512)
		return fail_at(c, n, "expected a width in bits (32, 64, 128, 256, 512, or 0 = not "
			       "known) for 'width', got %s", GOT(n));
	return 0;
}

static int get_enum(ld_ctx *c, yaml_node_t *n, const char *key, const char *const *names,
		    int count, const char *list, int *out)
{
	char gotbuf[64];
	const char *s = scalar(n);
	for (int i = 0; s && i < count; i++)
		if (!strcmp(s, names[i])) {
			*out = i;
			return 0;
		}
	return fail_at(c, n, "expected one of %s for '%s', got %s", list, key, GOT(n));
}

static const unit_def flops_units[] = { { "GFLOP/s", 1.0 }, { "TFLOP/s", 1000.0 },
					{ "MFLOP/s", 1e-3 } };

static int load_bandwidths(ld_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const keyspec spec[] = { { "rows", 1 }, { "source", 0 } };
	static const keyspec rspec[] = {
		{ "level", 1 }, { "width", 1 }, { "mix", 1 }, { "cores", 1 }, { "bandwidth", 1 },
		{ "spread", 0 }, { "unstable", 0 }, { "source", 0 },
	};
	yaml_node_t *v[2];
	char gotbuf[64];
	if (check_mapping(c, n, "bandwidths", spec, 2, v))
		return -1;
	if (v[1] && get_text(c, v[1], "source", m->bw_source, sizeof m->bw_source, 1))
		return -1;
	if (v[0]->type != YAML_SEQUENCE_NODE)
		return fail_at(c, v[0], "expected a list of bandwidth rows for 'rows', got %s",
			       GOT(v[0]));
	for (yaml_node_item_t *it = v[0]->data.sequence.items.start;
	     it < v[0]->data.sequence.items.top; it++) {
		yaml_node_t *row = node_at(c, *it), *r[8];
		char what[48];
		snprintf(what, sizeof what, "bandwidths.rows[%d]", m->nbw);
		if (m->nbw >= RL_MAX_BW)
			return fail_at(c, row, "expected at most %d rows in 'bandwidths'", RL_MAX_BW);
		if (check_mapping(c, row, what, rspec, 8, r))
			return -1;
		rl_bw_row *b = &m->bw[m->nbw];
		if (get_text(c, r[0], "level", b->level, sizeof b->level, 0))
			return -1;
		int ok = !strcmp(b->level, "MEM");
		for (int i = 0; i < m->nlevels; i++)
			if (!strcmp(b->level, m->levels[i].name)) ok = 1;
		if (!ok)
			return fail_at(c, r[0], "expected a cache level name of 'caches' or MEM for "
				       "'level', got %s", GOT(r[0]));
		int mix;
		if (get_width(c, r[1], &b->width) ||
		    get_enum(c, r[2], "mix", mix_names, RL_MIX_COUNT,
			     "load, 2load_1store, load_store, store", &mix) ||
		    get_int(c, r[3], "cores", 1, m->cores, &b->cores) ||
		    get_rate(c, r[4], "bandwidth", "bandwidth", bw_units, 2, "B/cy",
			     "GB/s, MB/s, or B/cy", m->clock_ghz, 1e-3, 1e6, &b->gbs))
			return -1;
		b->mix = (rl_mix)mix;
		b->spread_pct = -1;
		if (r[5] && get_percent(c, r[5], "spread", &b->spread_pct))
			return -1;
		if (r[6] && get_bool(c, r[6], "unstable", &b->unstable))
			return -1;
		if (r[7]) {
			char tmp[8];
			if (get_text(c, r[7], "source", tmp, sizeof tmp, 1))
				return -1;
		}
		for (int j = 0; j < m->nbw; j++)
			if (!strcmp(m->bw[j].level, b->level) && m->bw[j].width == b->width &&
			    m->bw[j].mix == b->mix && m->bw[j].cores == b->cores)
				return fail_at(c, row, "expected one row per level, width, mix and "
					       "cores; this is a repeat of bandwidths.rows[%d]", j);
		m->nbw++;
	}
	return 0;
}

static int load_peak_flops(ld_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const keyspec spec[] = { { "rows", 1 }, { "source", 0 } };
	static const keyspec rspec[] = {
		{ "op", 1 }, { "width", 1 }, { "precision", 1 }, { "cores", 1 }, { "flops", 1 },
		{ "spread", 0 }, { "unstable", 0 }, { "source", 0 },
	};
	static const char *const precs[] = { "sp", "dp" };
	yaml_node_t *v[2];
	char gotbuf[64];
	if (check_mapping(c, n, "peak_flops", spec, 2, v))
		return -1;
	if (v[1] && get_text(c, v[1], "source", m->flops_source, sizeof m->flops_source, 1))
		return -1;
	if (v[0]->type != YAML_SEQUENCE_NODE)
		return fail_at(c, v[0], "expected a list of peak rows for 'rows', got %s", GOT(v[0]));
	for (yaml_node_item_t *it = v[0]->data.sequence.items.start;
	     it < v[0]->data.sequence.items.top; it++) {
		yaml_node_t *row = node_at(c, *it), *r[8];
		char what[48];
		snprintf(what, sizeof what, "peak_flops.rows[%d]", m->nflops);
		if (m->nflops >= RL_MAX_FLOPS)
			return fail_at(c, row, "expected at most %d rows in 'peak_flops'", RL_MAX_FLOPS);
		if (check_mapping(c, row, what, rspec, 8, r))
			return -1;
		rl_flops_row *f = &m->flops[m->nflops];
		int op, prec;
		if (get_enum(c, r[0], "op", fpop_names, RL_FP_COUNT, "fma, add, mul, div, sqrt, peak",
			     &op) ||
		    get_width(c, r[1], &f->width) ||
		    get_enum(c, r[2], "precision", precs, 2, "sp, dp", &prec) ||
		    get_int(c, r[3], "cores", 1, m->cores, &f->cores) ||
		    get_rate(c, r[4], "flops", "FP throughput", flops_units, 3, "flop/cy",
			     "GFLOP/s, TFLOP/s, MFLOP/s, or flop/cy", m->clock_ghz, 1e-4, 1e7,
			     &f->gflops))
			return -1;
		f->op = (rl_fpop)op;
		f->precision = prec ? 64 : 32;
		if ((f->width == 32 && f->precision != 32))
			return fail_at(c, r[1], "expected width 64 or more for dp rows, got %s",
				       GOT(r[1]));
		f->spread_pct = -1;
		if (r[5] && get_percent(c, r[5], "spread", &f->spread_pct))
			return -1;
		if (r[6] && get_bool(c, r[6], "unstable", &f->unstable))
			return -1;
		if (r[7]) {
			char tmp[8];
			if (get_text(c, r[7], "source", tmp, sizeof tmp, 1))
				return -1;
		}
		for (int j = 0; j < m->nflops; j++)
			if (m->flops[j].op == f->op && m->flops[j].width == f->width &&
			    m->flops[j].precision == f->precision && m->flops[j].cores == f->cores)
				return fail_at(c, row, "expected one row per op, width, precision and "
					       "cores; this is a repeat of peak_flops.rows[%d]", j);
		m->nflops++;
	}
	return 0;
}

const rl_bw_row *rl_machine_bw(const rl_machine *m, const char *level, int width, rl_mix mix,
			       int cores)
{
	const rl_bw_row *best = NULL, *w0 = NULL;
	if (!m || !level)
		return NULL;
	for (int i = 0; i < m->nbw; i++) {
		const rl_bw_row *b = &m->bw[i];
		if (strcmp(b->level, level) || b->mix != mix || b->cores != cores)
			continue;
		if (width == 0) {
			if (!best || b->gbs > best->gbs) best = b;
		} else if (b->width == width) {
			return b;
		} else if (b->width == 0) {
			w0 = b;
		}
	}
	return best ? best : w0;
}

const rl_flops_row *rl_machine_flops(const rl_machine *m, rl_fpop op, int width, int precision,
				     int cores)
{
	const rl_flops_row *best = NULL, *w0 = NULL;
	if (!m)
		return NULL;
	for (int i = 0; i < m->nflops; i++) {
		const rl_flops_row *f = &m->flops[i];
		if (f->op != op || f->precision != precision || f->cores != cores)
			continue;
		if (width == 0) {
			if (!best || f->gflops > best->gflops) best = f;
		} else if (f->width == width) {
			return f;
		} else if (f->width == 0) {
			w0 = f;
		}
	}
	return best ? best : w0;
}

/* ------------------------------------------------------------------ top level */

enum { TK_SCHEMA, TK_NAME, TK_DESC, TK_SOURCE, TK_CLOCK, TK_CORES, TK_ECM, TK_CACHES,
       TK_MEMORY, TK_INCORE, TK_BW, TK_FLOPS, TK_COUNT };

static int load_root(ld_ctx *c, yaml_node_t *root, rl_machine *m)
{
	static const keyspec spec[TK_COUNT] = {
		{ "schema", 1 }, { "name", 0 }, { "description", 0 }, { "source", 0 },
		{ "clock", 1 }, { "cores", 1 }, { "ecm", 1 }, { "caches", 1 }, { "memory", 1 },
		{ "incore", 1 }, { "bandwidths", 0 }, { "peak_flops", 0 },
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
	if (v[TK_BW] && load_bandwidths(c, v[TK_BW], m))
		return -1;
	if (v[TK_FLOPS] && load_peak_flops(c, v[TK_FLOPS], m))
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

/* ------------------------------------------------------------------ Kerncraft format */
/* A Kerncraft machine file (RRZE-HPC/kerncraft, examples/machine-files) is recognised by a
 * top-level 'memory hierarchy' key and no 'schema' key.  Mapping (docs/machine-files.md,
 * "Kerncraft machine files"): clock, cores per socket, cache geometry (sets x ways x cl_size),
 * cores per group -> shared_by, upstream throughput of level k+1 -> transfer of level k,
 * 'transfers overlap: true' anywhere -> zen overlap, memory bandwidth = the best 'update'
 * measurement over 1..min(cores per group of MEM, cores per NUMA domain) cores (1 thread per
 * core), as Kerncraft's ECM model selects it; benchmark measurements -> bandwidths table;
 * FLOPs per cycle -> peak_flops table and (estimated) in-core rows. */

static yaml_node_t *map_get(ld_ctx *c, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		const char *k = scalar(node_at(c, p->key));
		if (k && !strcmp(k, key))
			return node_at(c, p->value);
	}
	return NULL;
}

/* NUMBER UNIT -> value and unit text */
static int kc_quantity(const yaml_node_t *n, double *v, const char **unit)
{
	const char *s = scalar(n), *e;
	if (!s || parse_number(s, v, &e))
		return -1;
	while (*e == ' ') e++;
	*unit = e;
	return 0;
}

static int kc_require(ld_ctx *c, yaml_node_t *map, const char *key, const char *what,
		      yaml_node_t **out)
{
	*out = map_get(c, map, key);
	if (!*out)
		return fail_at(c, map, "expected key '%s' in %s (Kerncraft machine file)", key, what);
	return 0;
}

static int kc_int(ld_ctx *c, yaml_node_t *map, const char *key, const char *what, long lo,
		  long hi, int *out)
{
	yaml_node_t *n;
	if (kc_require(c, map, key, what, &n))
		return -1;
	return get_int(c, n, key, lo, hi, out);
}

static int kc_bool(yaml_node_t *n, int dflt)
{
	const char *s = scalar(n);
	if (!s) return dflt;
	if (!strcmp(s, "true") || !strcmp(s, "True")) return 1;
	if (!strcmp(s, "false") || !strcmp(s, "False")) return 0;
	return dflt;
}

static int kc_gbs(ld_ctx *c, yaml_node_t *n, double *out)
{
	char gotbuf[64];
	double v;
	const char *u;
	if (kc_quantity(n, &v, &u) || !(v > 0))
		goto bad;
	if (!strcmp(u, "GB/s")) *out = v;
	else if (!strcmp(u, "MB/s")) *out = v * 1e-3;
	else if (!strcmp(u, "kB/s")) *out = v * 1e-6;
	else if (!strcmp(u, "B/s")) *out = v * 1e-9;
	else goto bad;
	return 0;
bad:
	return fail_at(c, n, "expected a bandwidth like '40.1 GB/s' in a Kerncraft measurement, got %s",
		       GOT(n));
}

/* access width (bits) from a Kerncraft bench kernel name like "copy_avx512" */
static int kc_width(const char *k)
{
	const char *u = k ? strrchr(k, '_') : NULL;
	if (!u) return 0;
	if (!strcmp(u, "_avx512")) return 512;
	if (!strcmp(u, "_avx")) return 256;
	if (!strcmp(u, "_sse")) return 128;
	if (!strcmp(u, "_mem") || !strcmp(u, "_scalar")) return 64;
	return 0;
}

static int load_kerncraft(ld_ctx *c, yaml_node_t *root, rl_machine *m)
{
	char gotbuf[64];
	yaml_node_t *n, *hier;
	double v;
	const char *u;
	m->from_kerncraft = 1;
	if (kc_require(c, root, "clock", "the machine", &n))
		return -1;
	if (kc_quantity(n, &v, &u) || !(v > 0) ||
	    !(!strcmp(u, "GHz") || !strcmp(u, "MHz") || !strcmp(u, "Hz")))
		return fail_at(c, n, "expected a clock like '2.7 GHz' for 'clock', got %s", GOT(n));
	m->clock_ghz = !strcmp(u, "GHz") ? v : !strcmp(u, "MHz") ? v * 1e-3 : v * 1e-9;
	if (m->clock_ghz < 0.01 || m->clock_ghz > 100)
		return fail_at(c, n, "expected a clock between 10 MHz and 100 GHz, got %s", GOT(n));
	if (kc_int(c, root, "cores per socket", "the machine", 1, 65536, &m->cores))
		return -1;
	int numa_cores = m->cores;
	if ((n = map_get(c, root, "cores per NUMA domain")) &&
	    get_int(c, n, "cores per NUMA domain", 1, 65536, &numa_cores))
		return -1;
	if ((n = map_get(c, root, "model name")) && scalar(n))
		snprintf(m->long_name, sizeof m->long_name, "%s", scalar(n));
	if ((n = map_get(c, root, "model type")) && scalar(n))
		snprintf(m->description, sizeof m->description, "%s (from a Kerncraft machine file)",
			 scalar(n));
	snprintf(m->source, sizeof m->source, "Kerncraft machine file %s", c->file);
	m->overlap = RL_OVERLAP_SERIAL;
	m->lc_safety_factor = 1.0; /* Kerncraft uses the full capacity */
	snprintf(m->ecm_source, sizeof m->ecm_source, "Kerncraft file: 'transfers overlap' flags; "
		 "full cache capacity for layer conditions (Kerncraft convention)");
	if (kc_require(c, root, "memory hierarchy", "the machine", &hier))
		return -1;
	if (hier->type != YAML_SEQUENCE_NODE)
		return fail_at(c, hier, "expected a list of levels for 'memory hierarchy', got %s",
			       GOT(hier));
	yaml_node_t *lv[8], *mem = NULL;
	int nl = 0;
	for (yaml_node_item_t *it = hier->data.sequence.items.start;
	     it < hier->data.sequence.items.top; it++) {
		yaml_node_t *l = node_at(c, *it), *nm;
		if (kc_require(c, l, "level", "a memory hierarchy level", &nm))
			return -1;
		if (scalar(nm) && !strcmp(scalar(nm), "MEM")) {
			mem = l;
			break;
		}
		if (nl >= RL_MAX_LEVELS)
			return fail_at(c, l, "expected at most %d cache levels", RL_MAX_LEVELS);
		lv[nl++] = l;
	}
	if (!mem || nl == 0)
		return fail_at(c, hier, "expected cache levels followed by a 'MEM' level in "
			       "'memory hierarchy'");
	m->nlevels = nl;
	int line = 64;
	if ((n = map_get(c, root, "cacheline size")) && !kc_quantity(n, &v, &u) && v >= 8)
		line = (int)v;
	for (int i = 0; i < nl; i++) {
		rl_cache_level *L = &m->levels[i];
		yaml_node_t *cpg = map_get(c, lv[i], "cache per group"), *nm = map_get(c, lv[i], "level");
		if (get_text(c, nm, "level", L->name, sizeof L->name, 0))
			return -1;
		if (!cpg)
			return fail_at(c, lv[i], "expected 'cache per group' in level %s", L->name);
		int sets, ways, cl;
		if (kc_int(c, cpg, "sets", "'cache per group'", 1, 1 << 30, &sets) ||
		    kc_int(c, cpg, "ways", "'cache per group'", 1, 1024, &ways) ||
		    kc_int(c, cpg, "cl_size", "'cache per group'", 8, 4096, &cl))
			return -1;
		L->size = (long long)sets * ways * cl;
		L->line = cl;
		line = cl;
		L->ways = ways;
		L->write_allocate = kc_bool(map_get(c, cpg, "write_allocate"), 1);
		if (kc_int(c, lv[i], "cores per group", "a cache level", 1, 65536, &L->shared_by))
			return -1;
		if (L->shared_by > m->cores)
			L->shared_by = m->cores;
		if (i > 0) {
			const char *vt = scalar(map_get(c, map_get(c, lv[i - 1], "cache per group"),
						       "victims_to"));
			L->victim = vt && !strcmp(vt, L->name);
		}
		if (kc_bool(map_get(c, lv[i], "transfers overlap"), 0))
			m->overlap = RL_OVERLAP_ZEN;
		snprintf(L->source, sizeof L->source, "Kerncraft: %d sets x %d ways x %d B, %d cores "
			 "per group", sets, ways, cl, L->shared_by);
	}
	for (int i = 0; i + 1 < nl; i++) {
		yaml_node_t *up = map_get(c, lv[i + 1], "upstream throughput"), *t0;
		if (!up || up->type != YAML_SEQUENCE_NODE || up->data.sequence.items.top ==
		    up->data.sequence.items.start)
			return fail_at(c, lv[i + 1], "expected 'upstream throughput: [N B/cy, "
				       "half-duplex]' in level %s", m->levels[i + 1].name);
		t0 = node_at(c, up->data.sequence.items.start[0]);
		if (kc_quantity(t0, &v, &u) || strcmp(u, "B/cy") || !(v > 0))
			return fail_at(c, t0, "expected a throughput like '32 B/cy', got %s", GOT(t0));
		m->levels[i].cycles_per_line = m->levels[i].line / v;
		char tr[64];
		snprintf(tr, sizeof tr, "; transfer: %s upstream %g B/cy", m->levels[i + 1].name, v);
		size_t l = strlen(m->levels[i].source);
		if (l + strlen(tr) < sizeof m->levels[i].source)
			memcpy(m->levels[i].source + l, tr, strlen(tr) + 1);
	}
	/* benchmark measurements */
	yaml_node_t *meas = map_get(c, map_get(c, root, "benchmarks"), "measurements");
	yaml_node_t *kern = map_get(c, map_get(c, root, "benchmarks"), "kernels");
	int mem_cpg = m->cores;
	if ((n = map_get(c, mem, "cores per group")) && get_int(c, n, "cores per group", 1, 65536, &mem_cpg))
		return -1;
	int maxc = mem_cpg < numa_cores ? mem_cpg : numa_cores;
	static const char *const kmix[][2] = { { "load", "0" }, { "daxpy", "1" }, { "copy", "2" } };
	for (int li = 0; li <= nl; li++) {
		const char *lname = li < nl ? m->levels[li].name : "MEM";
		yaml_node_t *tp = map_get(c, map_get(c, meas, lname), "1");
		yaml_node_t *res = map_get(c, tp, "results"), *cores = map_get(c, tp, "cores");
		if (!res || !cores || cores->type != YAML_SEQUENCE_NODE)
			continue;
		int nc = (int)(cores->data.sequence.items.top - cores->data.sequence.items.start);
		for (int k = 0; k < 3; k++) {
			yaml_node_t *r = map_get(c, res, kmix[k][0]);
			if (!r || r->type != YAML_SEQUENCE_NODE)
				continue;
			int width = kc_width(scalar(map_get(c, map_get(c, kern, kmix[k][0]),
							    "fastest bench kernel")));
			int nr = (int)(r->data.sequence.items.top - r->data.sequence.items.start);
			for (int i = 0; i < nr && i < nc && m->nbw < RL_MAX_BW; i++) {
				rl_bw_row *b = &m->bw[m->nbw];
				int cc;
				if (get_int(c, node_at(c, cores->data.sequence.items.start[i]), "cores", 1,
					    65536, &cc) ||
				    kc_gbs(c, node_at(c, r->data.sequence.items.start[i]), &b->gbs))
					return -1;
				if (cc > m->cores)
					continue;
				snprintf(b->level, sizeof b->level, "%s", lname);
				b->width = width;
				b->mix = (rl_mix)(kmix[k][1][0] - '0');
				b->cores = cc;
				b->spread_pct = -1;
				m->nbw++;
			}
		}
		if (li == nl) { /* memory bandwidth as Kerncraft's ECM model picks it */
			const char *bench = map_get(c, res, "update") ? "update" : "load";
			yaml_node_t *r = map_get(c, res, bench);
			if (!r || r->type != YAML_SEQUENCE_NODE || r->data.sequence.items.top ==
			    r->data.sequence.items.start)
				return fail_at(c, res, "expected 'update' or 'load' results for MEM");
			int nr = (int)(r->data.sequence.items.top - r->data.sequence.items.start);
			double best = 0, one = 0;
			for (int i = 0; i < nr && i < maxc; i++) {
				double g;
				if (kc_gbs(c, node_at(c, r->data.sequence.items.start[i]), &g))
					return -1;
				if (i == 0) one = g;
				if (g > best) best = g;
			}
			m->mem_bandwidth_gbs = best;
			m->mem_bandwidth_1core_gbs = one;
			snprintf(m->mem_benchmark, sizeof m->mem_benchmark, "%s", bench);
			snprintf(m->mem_source, sizeof m->mem_source, "Kerncraft measurement MEM, %s, best "
				 "over 1..%d cores, 1 thread per core (Kerncraft ECM rule)", bench, maxc);
		}
	}
	if (m->mem_bandwidth_gbs <= 0)
		return fail_at(c, root, "expected benchmarks.measurements.MEM with 1 thread per core");
	snprintf(m->bw_source, sizeof m->bw_source, "Kerncraft benchmark measurements (likwid-bench), "
		 "1 thread per core: load -> load, daxpy -> 2load_1store, copy -> load_store");
	/* FLOPs per cycle */
	yaml_node_t *fpc = map_get(c, root, "FLOPs per cycle");
	double dp_add = 0, dp_mul = 0, dp_fma = 0, dp_total = 0;
	static const char *const fk[] = { "FMA", "ADD", "MUL", "total" };
	static const rl_fpop fo[] = { RL_FP_FMA, RL_FP_ADD, RL_FP_MUL, RL_FP_PEAK };
	for (int p = 0; p < 2; p++) {
		yaml_node_t *pm = map_get(c, fpc, p ? "DP" : "SP");
		for (int k = 0; k < 4; k++) {
			yaml_node_t *x = map_get(c, pm, fk[k]);
			double f;
			const char *e;
			if (!x || !scalar(x) || parse_number(scalar(x), &f, &e) || !(f > 0))
				continue;
			if (p) {
				if (k == 0) dp_fma = f;
				if (k == 1) dp_add = f;
				if (k == 2) dp_mul = f;
				if (k == 3) dp_total = f;
			}
			for (int ci = 0; ci < 2 && m->nflops + 1 < RL_MAX_FLOPS; ci++) {
				int cc = ci ? m->cores : 1;
				if (ci && cc == 1) break;
				m->flops[m->nflops++] = (rl_flops_row){ fo[k], 0, p ? 64 : 32, cc,
									 f * m->clock_ghz * cc, -1, 0 };
			}
		}
	}
	snprintf(m->flops_source, sizeof m->flops_source, "Kerncraft 'FLOPs per cycle' x clock "
		 "(theoretical, per core and x cores)");
	/* in-core rows: estimates from FLOPs per cycle */
	int maxw = dp_total >= 32 ? 512 : dp_total >= 8 ? 256 : 128;
	double lanes = maxw / 64.0;
	m->ncosts = 0;
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_LOAD, 0, "load", 0.5, 0, 0 };
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_STORE, 0, "store", 1, 0, 0 };
	if (dp_add > 0)
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FADD, 0, "fp", lanes / dp_add, 0, 0 };
	if (dp_mul > 0)
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FMUL, 0, "fp", lanes / dp_mul, 0, 0 };
	if (dp_fma > 0) {
		double ipc = dp_fma == dp_total ? dp_fma / (2 * lanes) : dp_fma / lanes;
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FMA, 0, "fp", 1 / ipc, 0, 0 };
	}
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_IALU, 0, "alu", 0.25, 0, 0 };
	snprintf(m->incore_source, sizeof m->incore_source, "ESTIMATE synthesised from Kerncraft "
		 "'FLOPs per cycle' (%d-bit vectors assumed); loads 2/cy, stores 1/cy assumed", maxw);
	snprintf(m->nonoverlapping[0], sizeof m->nonoverlapping[0], "load");
	m->n_nonoverlapping = 1;
	/* port table named after Kerncraft's OSACA model (e.g. SNB -> snb) */
	yaml_node_t *icm = map_get(c, root, "in-core model");
	const char *osaca = NULL;
	if (icm && icm->type == YAML_SEQUENCE_NODE) { /* !!omap: list of one-pair mappings */
		for (yaml_node_item_t *it = icm->data.sequence.items.start;
		     it < icm->data.sequence.items.top && !osaca; it++)
			osaca = scalar(map_get(c, node_at(c, *it), "OSACA"));
	} else if (icm)
		osaca = scalar(map_get(c, icm, "OSACA"));
	if (osaca) {
		size_t i = 0;
		for (; osaca[i] && i + 1 < sizeof m->port_table; i++)
			m->port_table[i] = (char)tolower((unsigned char)osaca[i]);
		m->port_table[i] = 0;
	}
	/* derived, as for native files */
	m->mem_cycles_per_line = line * m->clock_ghz / m->mem_bandwidth_gbs;
	m->levels[nl - 1].cycles_per_line = m->mem_cycles_per_line;
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
	if (root->type == YAML_MAPPING_NODE && !map_get(&c, root, "schema") &&
	    map_get(&c, root, "memory hierarchy") ? load_kerncraft(&c, root, m)
						   : load_root(&c, root, m)) {
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
