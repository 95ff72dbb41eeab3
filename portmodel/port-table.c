/* port-table.c - the port-table loader: a machines/ports/NAME.yml file -> rl_ports.
 *
 * Schema: docs/port-tables.md.  Errors are values: "FILE:LINE:COL: expected ..., got ...".
 */
#include "portmodel/ports.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define RL_PORTS_SCHEMA "roofline-ports/1"

/* ------------------------------------------------------------ loader helpers */

typedef struct pctx {
	const char *file;
	yaml_document_t *doc;
	char *err;
	size_t errlen;
	int failed;
	rl_ports *p;
} pctx;

static int pfail(pctx *c, const yaml_node_t *n, const char *fmt, ...)
{
	if (c->failed)
		return -1;
	c->failed = 1;
	if (!c->err || !c->errlen)
		return -1;
	size_t line = n ? n->start_mark.line + 1 : 1, col = n ? n->start_mark.column + 1 : 1;
	int k = snprintf(c->err, c->errlen, "%s:%zu:%zu: ", c->file, line, col);
	if (k < 0 || (size_t)k >= c->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err + k, c->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *pdescribe(const yaml_node_t *n, char *buf, size_t len)
{
	if (!n)
		return "nothing";
	if (n->type == YAML_MAPPING_NODE)
		return "a mapping";
	if (n->type == YAML_SEQUENCE_NODE)
		return "a list";
	const char *v = (const char *)n->data.scalar.value;
	if (n->type != YAML_SCALAR_NODE || n->data.scalar.length == 0 || !v)
		return "nothing";
	snprintf(buf, len, "'%.40s'", v);
	return buf;
}
#define PGOT(n) pdescribe((n), gotbuf, sizeof gotbuf)

static yaml_node_t *pnode(pctx *c, int i)
{
	return yaml_document_get_node(c->doc, i);
}

static const char *pscalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* Look up keys of mapping N: VAL[i] = value of NAMES[i] or NULL; unknown keys
 * and missing required keys (REQ bit i) are errors. */
static int pmap(pctx *c, yaml_node_t *n, const char *what, const char *const *names, int nn,
		unsigned req, yaml_node_t **val)
{
	char gotbuf[64];
	if (!n || n->type != YAML_MAPPING_NODE)
		return pfail(c, n, "expected a mapping for %s, got %s", what, PGOT(n));
	for (int i = 0; i < nn; i++)
		val[i] = NULL;
	for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
		yaml_node_t *k = pnode(c, q->key);
		const char *ks = pscalar(k);
		int i;
		for (i = 0; ks && i < nn; i++)
			if (!strcmp(ks, names[i]))
				break;
		if (!ks || i == nn) {
			char list[256] = "";
			for (int j = 0; j < nn; j++) {
				size_t l = strlen(list);
				snprintf(list + l, sizeof list - l, "%s%s", j ? ", " : "", names[j]);
			}
			return pfail(c, k, "expected one of the keys %s in %s, got %s", list, what,
				     PGOT(k));
		}
		if (val[i])
			return pfail(c, k, "expected key '%s' once in %s, got it twice", ks, what);
		val[i] = pnode(c, q->value);
	}
	for (int i = 0; i < nn; i++)
		if ((req >> i & 1) && !val[i])
			return pfail(c, n, "expected key '%s' in %s", names[i], what);
	return 0;
}

static int ptext(pctx *c, yaml_node_t *n, const char *key, char *buf, size_t len)
{
	char gotbuf[64];
	const char *s = pscalar(n);
	if (!s)
		return pfail(c, n, "expected a text for '%s', got %s", key, PGOT(n));
	snprintf(buf, len, "%s", s);
	return 0;
}

static int pnumber(pctx *c, yaml_node_t *n, const char *key, double lo, double hi, double *out)
{
	char gotbuf[64];
	const char *s = pscalar(n);
	char *end = NULL;
	double v = s ? strtod(s, &end) : 0;
	if (!s || end == s || *end || !(v >= lo && v <= hi))
		return pfail(c, n, "expected a number from %g to %g for '%s', got %s", lo, hi, key,
			     PGOT(n));
	*out = v;
	return 0;
}

static int pwidth(pctx *c, yaml_node_t *n, int *out)
{
	char gotbuf[64];
	double v;
	if (pnumber(c, n, "width", 0, 512, &v))
		return -1;
	int w = (int)v;
	if (w != v || (w != 0 && w != 8 && w != 16 && w != 32 && w != 64 && w != 128 && w != 256 &&
		       w != 512))
		return pfail(c, n, "expected a width in bits (8 ... 512, or 0 = any) for 'width', "
			     "got %s", PGOT(n));
	*out = w;
	return 0;
}

static int port_index(const rl_ports *p, const char *name, size_t len)
{
	for (int i = 0; i < p->nports; i++)
		if (strlen(p->port[i]) == len && !strncmp(p->port[i], name, len))
			return i;
	return -1;
}

/* "p0|p1 + 2*p5" -> uops; "none" or "" -> no uops. */
static int puops(pctx *c, yaml_node_t *n, rl_uops *out)
{
	char gotbuf[64];
	const char *s = pscalar(n);
	memset(out, 0, sizeof(*out));
	if (!s)
		return pfail(c, n, "expected a uop list like \"p0|p1 + 2*p5\" for 'uops', got %s",
			     PGOT(n));
	if (!strcmp(s, "none") || !*s)
		return 0;
	const char *q = s;
	while (*q) {
		while (*q == ' ')
			q++;
		double cyc = 1.0;
		char *end;
		double v = strtod(q, &end);
		if (end != q) {
			while (*end == ' ')
				end++;
			if (*end != '*' || !(v > 0) || v > 1000)
				return pfail(c, n, "expected CYCLES*PORTS (e.g. 2*p0|p1) in 'uops', "
					     "got %s", PGOT(n));
			cyc = v;
			q = end + 1;
			while (*q == ' ')
				q++;
		}
		unsigned mask = 0;
		for (;;) {
			size_t l = 0;
			while (q[l] && q[l] != '|' && q[l] != '+' && q[l] != ' ')
				l++;
			int pi = port_index(c->p, q, l);
			if (pi < 0)
				return pfail(c, n, "expected port names of 'ports' in 'uops', got '%.*s' "
					     "in %s", (int)l, q, PGOT(n));
			mask |= 1u << pi;
			q += l;
			while (*q == ' ')
				q++;
			if (*q != '|')
				break;
			q++;
			while (*q == ' ')
				q++;
		}
		if (out->n == RL_MAX_UOPS)
			return pfail(c, n, "expected at most %d uops in 'uops', got %s", RL_MAX_UOPS,
				     PGOT(n));
		out->u[out->n].ports = mask;
		out->u[out->n].cycles = cyc;
		out->n++;
		if (*q == '+')
			q++;
		else if (*q)
			return pfail(c, n, "expected '+' between uops in 'uops', got %s", PGOT(n));
	}
	return 0;
}

static int pmemrows(pctx *c, yaml_node_t *n, const char *what, rl_memrow *rows, int *nrows)
{
	static const char *const names[] = { "width", "uops", "latency", "source" };
	char gotbuf[64];
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return pfail(c, n, "expected a list of rows for '%s', got %s", what, PGOT(n));
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++) {
		yaml_node_t *row = pnode(c, *it), *v[4];
		if (*nrows == RL_MAX_MEMROWS)
			return pfail(c, row, "expected at most %d rows in '%s'", RL_MAX_MEMROWS, what);
		rl_memrow *r = &rows[*nrows];
		memset(r, 0, sizeof(*r));
		r->line = (int)row->start_mark.line + 1;
		if (pmap(c, row, what, names, 4, 0xB, v) || pwidth(c, v[0], &r->width) ||
		    puops(c, v[1], &r->uops))
			return -1;
		if (v[2] && pnumber(c, v[2], "latency", 0, 1000, &r->latency))
			return -1;
		(*nrows)++;
	}
	return 0;
}

static int pform_one(pctx *c, yaml_node_t *row, const char *mnem, int cls, yaml_node_t **v)
{
	char gotbuf[64];
	if (c->p->nforms == RL_MAX_FORMS)
		return pfail(c, row, "expected at most %d instruction forms", RL_MAX_FORMS);
	rl_form *f = &c->p->forms[c->p->nforms];
	memset(f, 0, sizeof(*f));
	f->line = (int)row->start_mark.line + 1;
	f->cls = cls;
	if (mnem)
		snprintf(f->mnemonic, sizeof f->mnemonic, "%s", mnem);
	if (v[2] && pwidth(c, v[2], &f->width))
		return -1;
	f->mem = -1;
	if (v[8]) {
		const char *s = pscalar(v[8]);
		if (s && !strcmp(s, "none"))
			f->mem = RL_MEM_NONE;
		else if (s && !strcmp(s, "load"))
			f->mem = RL_MEM_LOAD_OP;
		else if (s && !strcmp(s, "store"))
			f->mem = RL_MEM_STORE;
		else
			return pfail(c, v[8], "expected none, load or store for 'mem', got %s", PGOT(v[8]));
	}
	if (v[3]) {
		const char *s = pscalar(v[3]);
		if (s && (!strcmp(s, "sp") || !strcmp(s, "32")))
			f->precision = 32;
		else if (s && (!strcmp(s, "dp") || !strcmp(s, "64")))
			f->precision = 64;
		else
			return pfail(c, v[3], "expected sp or dp for 'precision', got %s", PGOT(v[3]));
	}
	if (puops(c, v[4], &f->uops))
		return -1;
	f->latency = 1;
	if (v[5] && pnumber(c, v[5], "latency", 0, 1000, &f->latency))
		return -1;
	f->fused = 1;
	if (v[6] && pnumber(c, v[6], "fused", 0, 16, &f->fused))
		return -1;
	c->p->nforms++;
	return 0;
}

static int pforms(pctx *c, yaml_node_t *n)
{
	static const char *const names[] = { "mnemonic", "class", "width", "precision", "uops",
					     "latency", "fused", "source", "mem" };
	char gotbuf[64];
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return pfail(c, n, "expected a list of forms for 'instructions', got %s", PGOT(n));
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++) {
		yaml_node_t *row = pnode(c, *it), *v[9];
		if (pmap(c, row, "an instruction form", names, 9, 0x10, v))
			return -1;
		if (!!v[0] == !!v[1])
			return pfail(c, row, "expected exactly one of 'mnemonic' or 'class' in an "
				     "instruction form");
		if (v[1]) {
			const char *s = pscalar(v[1]);
			int cls = -1;
			for (int k = 0; s && k < RL_IC_COUNT; k++)
				if (!strcmp(s, rl_iclass_name((rl_iclass)k)))
					cls = k;
			if (cls < 0)
				return pfail(c, v[1], "expected a class (load store fadd fmul fma fdiv "
					     "fsqrt ialu branch other) for 'class', got %s", PGOT(v[1]));
			if (pform_one(c, row, NULL, cls, v))
				return -1;
		} else if (v[0]->type == YAML_SEQUENCE_NODE) {
			for (yaml_node_item_t *m = v[0]->data.sequence.items.start;
			     m < v[0]->data.sequence.items.top; m++) {
				const char *s = pscalar(pnode(c, *m));
				if (!s || !*s || strlen(s) >= 32)
					return pfail(c, pnode(c, *m), "expected a mnemonic, got %s",
						     PGOT(pnode(c, *m)));
				if (pform_one(c, row, s, -1, v))
					return -1;
			}
		} else {
			const char *s = pscalar(v[0]);
			if (!s || !*s || strlen(s) >= 32)
				return pfail(c, v[0], "expected a mnemonic or a list of mnemonics for "
					     "'mnemonic', got %s", PGOT(v[0]));
			if (pform_one(c, row, s, -1, v))
				return -1;
		}
	}
	return 0;
}

enum { K_SCHEMA, K_NAME, K_DESC, K_SOURCE, K_PORTS, K_LOADP, K_DISPATCH, K_FUSION, K_SPLIT,
       K_LOADS, K_STORES, K_INSNS, K_WIDE, K_N };

static int proot(pctx *c, yaml_node_t *root)
{
	static const char *const names[K_N] = { "schema", "name", "description", "source", "ports",
		"load_ports", "dispatch", "macro_fusion", "split_load", "loads", "stores",
		"instructions", "zmm_disables" };
	char gotbuf[64];
	yaml_node_t *v[K_N];
	rl_ports *p = c->p;
	if (pmap(c, root, "a port table", names, K_N, 1u << K_SCHEMA | 1u << K_NAME |
		 1u << K_SOURCE | 1u << K_PORTS | 1u << K_LOADP | 1u << K_DISPATCH |
		 1u << K_LOADS | 1u << K_STORES | 1u << K_INSNS, v))
		return -1;
	const char *s = pscalar(v[K_SCHEMA]);
	if (!s || strcmp(s, RL_PORTS_SCHEMA))
		return pfail(c, v[K_SCHEMA], "expected '" RL_PORTS_SCHEMA "' for 'schema', got %s",
			     PGOT(v[K_SCHEMA]));
	if (ptext(c, v[K_NAME], "name", p->description, sizeof p->description) ||
	    ptext(c, v[K_SOURCE], "source", p->source, sizeof p->source))
		return -1;
	if (v[K_DESC] && ptext(c, v[K_DESC], "description", p->description, sizeof p->description))
		return -1;
	if (v[K_PORTS]->type != YAML_SEQUENCE_NODE)
		return pfail(c, v[K_PORTS], "expected a list of port names for 'ports', got %s",
			     PGOT(v[K_PORTS]));
	for (yaml_node_item_t *it = v[K_PORTS]->data.sequence.items.start;
	     it < v[K_PORTS]->data.sequence.items.top; it++) {
		yaml_node_t *e = pnode(c, *it);
		const char *pn = pscalar(e);
		if (!pn || !*pn || strlen(pn) >= sizeof p->port[0] || strpbrk(pn, "|+* "))
			return pfail(c, e, "expected a port name (no | + * or blanks, at most %zu "
				     "chars), got %s", sizeof p->port[0] - 1, PGOT(e));
		if (p->nports == RL_MAX_PORTS)
			return pfail(c, e, "expected at most %d ports", RL_MAX_PORTS);
		if (port_index(p, pn, strlen(pn)) >= 0)
			return pfail(c, e, "expected distinct port names, got '%s' twice", pn);
		snprintf(p->port[p->nports++], sizeof p->port[0], "%s", pn);
	}
	rl_uops lp;
	if (puops(c, v[K_LOADP], &lp))
		return -1;
	if (lp.n != 1)
		return pfail(c, v[K_LOADP], "expected one port set like \"p2|p3\" for 'load_ports'");
	p->load_ports = lp.u[0].ports;
	if (pnumber(c, v[K_DISPATCH], "dispatch", 1, 16, &p->dispatch))
		return -1;
	if (v[K_FUSION]) {
		const char *b = pscalar(v[K_FUSION]);
		if (b && !strcmp(b, "true"))
			p->macro_fusion = 1;
		else if (!b || strcmp(b, "false"))
			return pfail(c, v[K_FUSION], "expected true or false for 'macro_fusion', got %s",
				     PGOT(v[K_FUSION]));
	}
	if (v[K_SPLIT] && puops(c, v[K_SPLIT], &p->split_load))
		return -1;
	if (v[K_WIDE]) {
		rl_uops w;
		if (puops(c, v[K_WIDE], &w))
			return -1;
		if (w.n != 1)
			return pfail(c, v[K_WIDE], "expected one port set like \"p1\" for 'zmm_disables'");
		p->zmm_disables = w.u[0].ports;
	}
	if (pmemrows(c, v[K_LOADS], "loads", p->loads, &p->nloads) ||
	    pmemrows(c, v[K_STORES], "stores", p->stores, &p->nstores) || pforms(c, v[K_INSNS]))
		return -1;
	if (!p->nloads || !p->nstores)
		return pfail(c, root, "expected at least one row in 'loads' and in 'stores'");
	return 0;
}

rl_ports *rl_ports_load(const char *path, char *err, size_t errlen)
{
	if (err && errlen)
		err[0] = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (err)
			snprintf(err, errlen, "%s:1:1: expected a readable port table file", path);
		return NULL;
	}
	yaml_parser_t parser;
	yaml_document_t doc;
	rl_ports *p = calloc(1, sizeof(*p));
	if (!p || !yaml_parser_initialize(&parser)) {
		free(p);
		fclose(f);
		if (err)
			snprintf(err, errlen, "%s:1:1: expected memory to load it", path);
		return NULL;
	}
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc)) {
		if (err)
			snprintf(err, errlen, "%s:%zu:%zu: expected valid YAML: %s", path,
				 parser.problem_mark.line + 1, parser.problem_mark.column + 1,
				 parser.problem ? parser.problem : "parse error");
		yaml_parser_delete(&parser);
		fclose(f);
		free(p);
		return NULL;
	}
	pctx c = { path, &doc, err, errlen, 0, p };
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	int rc = root ? proot(&c, root) : pfail(&c, NULL, "expected a port table, got an empty file");
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	if (rc) {
		free(p);
		return NULL;
	}
	snprintf(p->path, sizeof p->path, "%s", path);
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t l = strlen(b);
	if (l > 4 && !strcmp(b + l - 4, ".yml"))
		l -= 4;
	snprintf(p->name, sizeof p->name, "%.*s", (int)l, b);
	return p;
}

void rl_ports_free(rl_ports *p)
{
	free(p);
}

/* machine name -> table, for machine files without incore.port_table */
static const struct {
	const char *machine, *table;
} default_tables[] = {
	{ "snb-e5-2680", "snb" }, { "emr-host", "glc" }, { "zen4", "zen4" },
};

const char *rl_ports_name_for(const rl_machine *m)
{
	if (!m)
		return NULL;
	if (m->port_table[0])
		return m->port_table;
	for (size_t i = 0; i < sizeof default_tables / sizeof default_tables[0]; i++)
		if (!strcmp(m->name, default_tables[i].machine))
			return default_tables[i].table;
	return NULL;
}

int rl_ports_resolve(const char *dir, const char *name, char *out, size_t outlen)
{
	if (!name || !*name || strchr(name, '/'))
		return 0;
	snprintf(out, outlen, "%s/ports/%s.yml", dir, name);
	FILE *f = fopen(out, "rb");
	if (!f)
		return 0;
	fclose(f);
	return 1;
}
