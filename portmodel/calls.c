/* calls.c - the call-cost table loader: a machines/calls/NAME.yml file -> rl_calls.
 *
 * Schema: docs/port-tables.md, "Call costs".  Errors are values: "FILE:LINE:COL: expected ...,
 * got ..." (machines/yaml-check.c does the checking).
 */
#include "portmodel/calls.h"

#include "machines/yaml-check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RL_CALLS_SCHEMA "roofline-calls/1"

#define GOT RL_YAML_GOT

/* a symbol: letters, digits, '_' and '.', 1..31 characters */
static int csymbol(rl_yaml_ctx *y, yaml_node_t *n, char *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n);
	size_t l = s ? strlen(s) : 0;
	int ok = l > 0 && l < RL_CALL_SYMBOL_MAX && strspn(s, "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") == l;
	if (!ok)
		return rl_yaml_fail(y, n, "expected a function symbol (letters, digits, '_', at most "
				    "%d characters) for 'symbol', got %s", RL_CALL_SYMBOL_MAX - 1,
				    GOT(n));
	memcpy(out, s, l + 1);
	return 0;
}

/* calls[I]: { symbol, cycles, elements, arguments } */
static int crow(rl_yaml_ctx *y, rl_calls *c, yaml_node_t *row, int i)
{
	static const rl_yaml_key spec[] = { { "symbol", 1 }, { "cycles", 1 }, { "elements", 0 },
					    { "arguments", 1 } };
	yaml_node_t *v[4];
	char what[32];
	snprintf(what, sizeof what, "calls[%d]", i);
	if (c->nrows == RL_MAX_CALL_ROWS)
		return rl_yaml_fail(y, row, "expected at most %d rows in 'calls'", RL_MAX_CALL_ROWS);
	rl_call_row *r = &c->rows[c->nrows];
	memset(r, 0, sizeof(*r));
	r->line = (int)row->start_mark.line + 1;
	r->elements = 1;
	if (rl_yaml_check_mapping(y, row, what, spec, 4, v) || csymbol(y, v[0], r->symbol) ||
	    rl_yaml_get_real(y, v[1], "cycles", 0, 0, 100000, &r->cycles) ||
	    (v[2] && rl_yaml_get_int(y, v[2], "elements", 1, 64, &r->elements)) ||
	    rl_yaml_get_text(y, v[3], "arguments", r->arguments, sizeof r->arguments, 1))
		return -1;
	if (rl_calls_find(c, r->symbol))
		return rl_yaml_fail(y, v[0], "expected distinct symbols in 'calls', got '%s' twice",
				    r->symbol);
	c->nrows++;
	return 0;
}

/* cpu: { vendor, family, model, model_name } */
static int ccpu(rl_yaml_ctx *y, rl_calls *c, yaml_node_t *n)
{
	static const rl_yaml_key spec[] = { { "vendor", 1 }, { "family", 1 }, { "model", 1 },
					    { "model_name", 0 } };
	yaml_node_t *v[4];
	if (rl_yaml_check_mapping(y, n, "cpu", spec, 4, v) ||
	    rl_yaml_get_text(y, v[0], "vendor", c->cpu_vendor, sizeof c->cpu_vendor, 0) ||
	    rl_yaml_get_int(y, v[1], "family", 0, 4095, &c->cpu_family) ||
	    rl_yaml_get_int(y, v[2], "model", 0, 4095, &c->cpu_model))
		return -1;
	return v[3] ? rl_yaml_get_text(y, v[3], "model_name", c->cpu_model_name,
				       sizeof c->cpu_model_name, 1) : 0;
}

static int croot(rl_yaml_ctx *y, rl_calls *c, yaml_node_t *root)
{
	static const rl_yaml_key spec[] = { { "schema", 1 }, { "name", 1 }, { "source", 1 },
					    { "cpu", 1 }, { "library", 0 }, { "calls", 1 } };
	char gotbuf[64];
	yaml_node_t *v[6];
	if (rl_yaml_check_mapping(y, root, "call table", spec, 6, v))
		return -1;
	const char *s = rl_yaml_scalar(v[0]);
	if (!s || strcmp(s, RL_CALLS_SCHEMA))
		return rl_yaml_fail(y, v[0], "expected '" RL_CALLS_SCHEMA "' for 'schema', got %s",
				    GOT(v[0]));
	if (rl_yaml_get_text(y, v[1], "name", c->display, sizeof c->display, 1) ||
	    rl_yaml_get_text(y, v[2], "source", c->source, sizeof c->source, 1) ||
	    ccpu(y, c, v[3]))
		return -1;
	if (v[4] && !rl_yaml_scalar(v[4]))
		return rl_yaml_fail(y, v[4], "expected a text for 'library', got %s", GOT(v[4]));
	if (v[5]->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(y, v[5], "expected a list of rows for 'calls', got %s", GOT(v[5]));
	for (int i = 0; i < rl_yaml_list_len(v[5]); i++)
		if (crow(y, c, rl_yaml_list_item(y, v[5], i), i))
			return -1;
	return 0;
}

rl_calls *rl_calls_load(const char *path, char *err, size_t errlen)
{
	if (err && errlen)
		err[0] = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (err)
			snprintf(err, errlen, "%s:1:1: expected a readable call table file", path);
		return NULL;
	}
	rl_calls *c = calloc(1, sizeof(rl_calls));
	rl_yaml_ctx y = { path, NULL, err, errlen, 0 };
	yaml_document_t doc;
	int rc = c ? rl_yaml_read(&y, f, &doc) : -1;
	fclose(f);
	if (!c) {
		if (err)
			snprintf(err, errlen, "%s:1:1: expected memory to load it", path);
		return NULL;
	}
	if (!rc) {
		yaml_node_t *root = yaml_document_get_root_node(&doc);
		rc = root ? croot(&y, c, root)
			  : rl_yaml_fail(&y, NULL, "expected a call table, got an empty file");
		yaml_document_delete(&doc);
	}
	if (rc) {
		free(c);
		return NULL;
	}
	snprintf(c->path, sizeof c->path, "%s", path);
	rl_yaml_file_stem(path, c->name, sizeof c->name);
	return c;
}

void rl_calls_free(rl_calls *c)
{
	free(c);
}

const rl_call_row *rl_calls_find(const rl_calls *c, const char *symbol)
{
	if (!c || !symbol)
		return NULL;
	const char *at = strchr(symbol, '@');
	size_t l = at ? (size_t)(at - symbol) : strlen(symbol);
	for (int i = 0; i < c->nrows; i++)
		if (strlen(c->rows[i].symbol) == l && !strncmp(c->rows[i].symbol, symbol, l))
			return &c->rows[i];
	return NULL;
}
