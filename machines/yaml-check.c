/* yaml-check.c - checked reading of YAML documents for the machine and port-table loaders
 * (see yaml-check.h).
 */
#include "machines/yaml-check.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define GOT RL_YAML_GOT

/* ------------------------------------------------------------------ messages */

static void set_err(rl_yaml_ctx *c, size_t line, size_t col, const char *fmt, va_list ap)
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

int rl_yaml_fail(rl_yaml_ctx *c, const yaml_node_t *node, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t line = node ? node->start_mark.line + 1 : 1;
	size_t col = node ? node->start_mark.column + 1 : 1;
	set_err(c, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

int rl_yaml_fail_mark(rl_yaml_ctx *c, yaml_mark_t mark, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	set_err(c, mark.line + 1, mark.column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

const char *rl_yaml_describe(const yaml_node_t *n, char *buf, size_t len)
{
	if (!n)
		return "nothing";
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_SCALAR_NODE:
		if (rl_yaml_is_empty(n))
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

/* ------------------------------------------------------------------ the document */

static int parse_error(rl_yaml_ctx *c, const yaml_parser_t *parser)
{
	const char *prob = parser->problem ? parser->problem : "syntax error";
	yaml_mark_t start = { 0, 0, 0 };
	if (parser->error == YAML_MEMORY_ERROR)
		return rl_yaml_fail_mark(c, start, "out of memory reading the file");
	if (parser->error == YAML_READER_ERROR)
		return rl_yaml_fail_mark(c, parser->problem_mark, "expected UTF-8 YAML text, got %s "
					 "(byte offset %zu)", prob, parser->problem_offset);
	if (parser->context)
		return rl_yaml_fail_mark(c, parser->problem_mark, "expected valid YAML: %s (%s at "
					 "line %zu)", prob, parser->context,
					 (size_t)parser->context_mark.line + 1);
	return rl_yaml_fail_mark(c, parser->problem_mark, "expected valid YAML: %s", prob);
}

/* a second document is a mistake (e.g. two files glued together) */
static int check_single_document(rl_yaml_ctx *c, yaml_parser_t *parser)
{
	yaml_document_t doc2;
	if (!yaml_parser_load(parser, &doc2))
		return rl_yaml_fail_mark(c, parser->problem_mark, "expected valid YAML: %s",
					 parser->problem ? parser->problem : "syntax error");
	yaml_node_t *r2 = yaml_document_get_root_node(&doc2);
	int rc = r2 ? rl_yaml_fail(c, r2, "expected a single YAML document, got a second one") : 0;
	yaml_document_delete(&doc2);
	return rc;
}

int rl_yaml_read(rl_yaml_ctx *c, FILE *f, yaml_document_t *doc)
{
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser)) {
		c->failed = 1;
		if (c->err && c->errlen)
			snprintf(c->err, c->errlen, "%s: out of memory initialising the YAML parser",
				 c->file);
		return -1;
	}
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, doc)) {
		parse_error(c, &parser);
		yaml_parser_delete(&parser);
		return -1;
	}
	c->doc = doc;
	int rc = 0;
	if (yaml_document_get_root_node(doc) && check_single_document(c, &parser)) {
		yaml_document_delete(doc);
		c->doc = NULL;
		rc = -1;
	}
	yaml_parser_delete(&parser);
	return rc;
}

yaml_node_t *rl_yaml_node(rl_yaml_ctx *c, int idx)
{
	return yaml_document_get_node(c->doc, idx);
}

const char *rl_yaml_scalar(const yaml_node_t *n)
{
	return (n && n->type == YAML_SCALAR_NODE) ? (const char *)n->data.scalar.value : NULL;
}

int rl_yaml_is_empty(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE && n->data.scalar.length == 0 &&
	       n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

yaml_node_t *rl_yaml_map_get(rl_yaml_ctx *c, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	     p++) {
		const char *k = rl_yaml_scalar(rl_yaml_node(c, p->key));
		if (k && !strcmp(k, key))
			return rl_yaml_node(c, p->value);
	}
	return NULL;
}

int rl_yaml_list_len(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return 0;
	return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

yaml_node_t *rl_yaml_list_item(rl_yaml_ctx *c, const yaml_node_t *n, int i)
{
	return rl_yaml_node(c, n->data.sequence.items.start[i]);
}

/* ------------------------------------------------------------------ mapping keys */

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

/* "unknown key" message at K: the valid keys and the nearest one (at most 2 edits away) */
static int fail_unknown_key(rl_yaml_ctx *c, yaml_node_t *k, const char *ks, const char *what,
			    const rl_yaml_key *spec, int nspec)
{
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
	return rl_yaml_fail(c, k, "unknown key '%s' in '%s'%s; expected one of: %s", ks, what,
			    hint, list);
}

int rl_yaml_check_mapping(rl_yaml_ctx *c, yaml_node_t *node, const char *what,
			  const rl_yaml_key *spec, int nspec, yaml_node_t **val)
{
	char gotbuf[64];
	for (int i = 0; i < nspec; i++) val[i] = NULL;
	if (!node || node->type != YAML_MAPPING_NODE)
		return rl_yaml_fail(c, node, "expected a mapping for '%s', got %s", what, GOT(node));
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = rl_yaml_node(c, p->key), *v = rl_yaml_node(c, p->value);
		const char *ks = rl_yaml_scalar(k);
		if (!ks)
			return rl_yaml_fail(c, k, "expected a key name (a plain word) in '%s', got %s",
					    what, GOT(k));
		int found = -1;
		for (int i = 0; i < nspec; i++)
			if (strcmp(ks, spec[i].name) == 0) found = i;
		if (found < 0)
			return fail_unknown_key(c, k, ks, what, spec, nspec);
		if (val[found])
			return rl_yaml_fail(c, k, "duplicate key '%s' in '%s' (first given at line %zu)",
					    ks, what, (size_t)val[found]->start_mark.line + 1);
		val[found] = v;
	}
	for (int i = 0; i < nspec; i++)
		if (spec[i].required && !val[i])
			return rl_yaml_fail(c, node, "expected required key '%s' in '%s'",
					    spec[i].name, what);
	return 0;
}

/* ------------------------------------------------------------------ scalar values */

int rl_yaml_get_text(rl_yaml_ctx *c, yaml_node_t *n, const char *key, char *buf, size_t len,
		     int truncate_ok)
{
	char gotbuf[64];
	if (!n || n->type != YAML_SCALAR_NODE || rl_yaml_is_empty(n))
		return rl_yaml_fail(c, n, "expected a text for '%s', got %s", key, GOT(n));
	size_t l = n->data.scalar.length;
	if (strlen(rl_yaml_scalar(n)) != l)
		return rl_yaml_fail(c, n, "expected a text without NUL characters for '%s'", key);
	if (l >= len && !truncate_ok)
		return rl_yaml_fail(c, n, "expected at most %zu characters for '%s', got %zu",
				    len - 1, key, l);
	snprintf(buf, len, "%s", rl_yaml_scalar(n));
	return 0;
}

int rl_yaml_parse_number(const char *s, double *out, const char **end)
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

int rl_yaml_number_unit(const yaml_node_t *n, double *v, const char **unit)
{
	const char *s = rl_yaml_scalar(n), *e;
	if (!s || rl_yaml_is_empty(n) || rl_yaml_parse_number(s, v, &e))
		return -1;
	while (*e == ' ') e++;
	*unit = e;
	return 0;
}

void rl_yaml_file_stem(const char *path, char *out, size_t len)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t l = strlen(b);
	if (l > 4 && !strcmp(b + l - 4, ".yml"))
		l -= 4;
	else if (l > 5 && !strcmp(b + l - 5, ".yaml"))
		l -= 5;
	snprintf(out, len, "%.*s", (int)l, b);
}

int rl_yaml_get_int(rl_yaml_ctx *c, yaml_node_t *n, const char *key, long lo, long hi,
		    int *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n), *e;
	double v;
	if (!s || rl_yaml_is_empty(n) || rl_yaml_parse_number(s, &v, &e) || *e != '\0' ||
	    v != floor(v) || strchr(s, '.') || strchr(s, 'e') || strchr(s, 'E'))
		return rl_yaml_fail(c, n, "expected an integer for '%s', got %s", key, GOT(n));
	if (v < (double)lo || v > (double)hi)
		return rl_yaml_fail(c, n, "expected an integer in %ld..%ld for '%s', got %s",
				    lo, hi, key, GOT(n));
	*out = (int)v;
	return 0;
}

int rl_yaml_get_bool(rl_yaml_ctx *c, yaml_node_t *n, const char *key, int *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n);
	if (s && (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))) {
		*out = 1;
		return 0;
	}
	if (s && (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))) {
		*out = 0;
		return 0;
	}
	return rl_yaml_fail(c, n, "expected true or false for '%s', got %s", key, GOT(n));
}

int rl_yaml_get_real(rl_yaml_ctx *c, yaml_node_t *n, const char *key, double lo, int lo_incl,
		     double hi, double *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n), *e;
	double v;
	if (!s || rl_yaml_is_empty(n) || rl_yaml_parse_number(s, &v, &e) || *e != '\0')
		return rl_yaml_fail(c, n, "expected a number for '%s', got %s", key, GOT(n));
	if ((lo_incl ? v < lo : v <= lo) || v > hi)
		return rl_yaml_fail(c, n, "expected a number in %s%g..%g] for '%s', got %s",
				    lo_incl ? "[" : "(", lo, hi, key, GOT(n));
	*out = v;
	return 0;
}

int rl_yaml_get_enum(rl_yaml_ctx *c, yaml_node_t *n, const char *key, const char *const *names,
		     int count, const char *list, int *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n);
	for (int i = 0; s && i < count; i++)
		if (!strcmp(s, names[i])) {
			*out = i;
			return 0;
		}
	return rl_yaml_fail(c, n, "expected one of %s for '%s', got %s", list, key, GOT(n));
}

int rl_yaml_get_quantity(rl_yaml_ctx *c, yaml_node_t *n, const char *key, const char *kind,
			 const rl_yaml_unit *units, int nunits, const char *unitlist, double *out)
{
	char gotbuf[64];
	const char *e;
	double v;
	if (rl_yaml_number_unit(n, &v, &e))
		goto bad;
	for (int i = 0; i < nunits; i++)
		if (strcmp(e, units[i].name) == 0) {
			if (!(v > 0))
				return rl_yaml_fail(c, n, "expected a positive %s for '%s', got %s",
						    kind, key, GOT(n));
			*out = v * units[i].factor;
			return 0;
		}
bad:
	return rl_yaml_fail(c, n, "expected a %s with unit (%s) for '%s', got %s",
			    kind, unitlist, key, GOT(n));
}

int rl_yaml_get_width(rl_yaml_ctx *c, yaml_node_t *n, int min_bits, const char *zero_means,
		      int *out)
{
	char gotbuf[64], list[64] = "";
	if (rl_yaml_get_int(c, n, "width", 0, 512, out))
		return -1;
	int w = *out;
	int ok = w == 0;
	for (int b = min_bits; b <= 512; b *= 2) {
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%d, ", b);
		ok |= w == b;
	}
	if (!ok)
		return rl_yaml_fail(c, n, "expected a width in bits (%sor 0 = %s) for 'width', got %s",
				    list, zero_means, GOT(n));
	return 0;
}

int rl_yaml_get_iclass(rl_yaml_ctx *c, yaml_node_t *n, rl_iclass *out)
{
	char gotbuf[64];
	const char *cls = rl_yaml_scalar(n);
	for (int i = 0; cls && i < RL_IC_COUNT; i++)
		if (!strcmp(cls, rl_iclass_name((rl_iclass)i))) {
			*out = (rl_iclass)i;
			return 0;
		}
	return rl_yaml_fail(c, n, "expected an instruction class (load, store, fadd, fmul, fma, "
			    "fdiv, fsqrt, ialu, branch, other) for 'class', got %s", GOT(n));
}

int rl_yaml_get_precision(rl_yaml_ctx *c, yaml_node_t *n, int *out)
{
	char gotbuf[64];
	const char *p = rl_yaml_scalar(n);
	if (p && !strcmp(p, "sp"))
		*out = 32;
	else if (p && !strcmp(p, "dp"))
		*out = 64;
	else
		return rl_yaml_fail(c, n, "expected 'sp' or 'dp' for 'precision', got %s", GOT(n));
	return 0;
}
