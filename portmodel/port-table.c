/* port-table.c - the port-table loader: a machines/ports/NAME.yml file -> rl_ports.
 *
 * Schema: docs/port-tables.md.  Errors are values: "FILE:LINE:COL: expected ..., got ...".
 */
#include "portmodel/ports.h"

#include "machines/yaml-check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RL_PORTS_SCHEMA "roofline-ports/1"

#define GOT RL_YAML_GOT

/* ------------------------------------------------------------ values of port tables */

/* a reading of one table: the YAML context and the table being filled */
typedef struct pctx {
	rl_yaml_ctx y;
	rl_ports *p;
} pctx;

/* a number in LO..HI */
static int pnumber(pctx *c, yaml_node_t *n, const char *key, double lo, double hi, double *out)
{
	return rl_yaml_get_real(&c->y, n, key, lo, 1, hi, out);
}

static int port_index(const rl_ports *p, const char *name, size_t len)
{
	for (int i = 0; i < p->nports; i++)
		if (strlen(p->port[i]) == len && !strncmp(p->port[i], name, len))
			return i;
	return -1;
}

/* "CYCLES*" before a port set at *Q (1 without one); *Q moves past it */
static int puop_cycles(pctx *c, yaml_node_t *n, const char **q, double *cycles)
{
	char gotbuf[64];
	char *end;
	double v = strtod(*q, &end);
	*cycles = 1.0;
	if (end == *q)
		return 0;
	while (*end == ' ')
		end++;
	if (*end != '*' || !(v > 0) || v > 1000)
		return rl_yaml_fail(&c->y, n, "expected CYCLES*PORTS (e.g. 2*p0|p1) in 'uops', got %s",
				    GOT(n));
	*cycles = v;
	*q = end + 1;
	while (**q == ' ')
		(*q)++;
	return 0;
}

/* "p0|p1" at *Q -> port mask; *Q moves past it */
static int puop_ports(pctx *c, yaml_node_t *n, const char **q, unsigned *mask)
{
	char gotbuf[64];
	*mask = 0;
	for (;;) {
		size_t l = 0;
		while ((*q)[l] && (*q)[l] != '|' && (*q)[l] != '+' && (*q)[l] != ' ')
			l++;
		int pi = port_index(c->p, *q, l);
		if (pi < 0)
			return rl_yaml_fail(&c->y, n, "expected port names of 'ports' in 'uops', got "
					    "'%.*s' in %s", (int)l, *q, GOT(n));
		*mask |= 1u << pi;
		*q += l;
		while (**q == ' ')
			(*q)++;
		if (**q != '|')
			return 0;
		(*q)++;
		while (**q == ' ')
			(*q)++;
	}
}

/* "p0|p1 + 2*p5" -> uops; "none" or "" -> no uops. */
static int puops(pctx *c, yaml_node_t *n, rl_uops *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n);
	memset(out, 0, sizeof(*out));
	if (!s)
		return rl_yaml_fail(&c->y, n, "expected a uop list like \"p0|p1 + 2*p5\" for 'uops', "
				    "got %s", GOT(n));
	if (!strcmp(s, "none") || !*s)
		return 0;
	const char *q = s;
	while (*q) {
		while (*q == ' ')
			q++;
		double cyc;
		unsigned mask;
		if (puop_cycles(c, n, &q, &cyc) || puop_ports(c, n, &q, &mask))
			return -1;
		if (out->n == RL_MAX_UOPS)
			return rl_yaml_fail(&c->y, n, "expected at most %d uops in 'uops', got %s",
					    RL_MAX_UOPS, GOT(n));
		out->u[out->n].ports = mask;
		out->u[out->n].cycles = cyc;
		out->n++;
		if (*q == '+')
			q++;
		else if (*q)
			return rl_yaml_fail(&c->y, n, "expected '+' between uops in 'uops', got %s",
					    GOT(n));
	}
	return 0;
}

/* one port set like "p2|p3" for KEY */
static int pport_set(pctx *c, yaml_node_t *n, const char *example, const char *key,
		     unsigned *out)
{
	rl_uops u;
	if (puops(c, n, &u))
		return -1;
	if (u.n != 1)
		return rl_yaml_fail(&c->y, n, "expected one port set like \"%s\" for '%s'", example,
				    key);
	*out = u.u[0].ports;
	return 0;
}

/* the rows of 'loads' or 'stores' (STORES: 'load_slots' allowed) */
static int pmemrows(pctx *c, yaml_node_t *n, const char *key, int stores, rl_memrow *rows,
		    int *nrows)
{
	static const rl_yaml_key spec[] = { { "width", 1 }, { "uops", 1 }, { "latency", 0 },
					    { "source", 1 }, { "load_slots", 0 } };
	char gotbuf[64];
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(&c->y, n, "expected a list of rows for '%s', got %s", key, GOT(n));
	for (int i = 0; i < rl_yaml_list_len(n); i++) {
		yaml_node_t *row = rl_yaml_list_item(&c->y, n, i), *v[5];
		char what[32];
		snprintf(what, sizeof what, "%s[%d]", key, i);
		if (*nrows == RL_MAX_MEMROWS)
			return rl_yaml_fail(&c->y, row, "expected at most %d rows in '%s'",
					    RL_MAX_MEMROWS, key);
		rl_memrow *r = &rows[*nrows];
		memset(r, 0, sizeof(*r));
		r->line = (int)row->start_mark.line + 1;
		if (rl_yaml_check_mapping(&c->y, row, what, spec, 5, v) ||
		    rl_yaml_get_width(&c->y, v[0], 8, "any", &r->width) || puops(c, v[1], &r->uops))
			return -1;
		if (v[2] && pnumber(c, v[2], "latency", 0, 1000, &r->latency))
			return -1;
		if (v[4] && !stores)
			return rl_yaml_fail(&c->y, v[4], "expected 'load_slots' only in 'stores' rows "
					    "(a store's cycles on the load ports), got it in '%s'", what);
		if (v[4] && pnumber(c, v[4], "load_slots", 0, 16, &r->load_slots))
			return -1;
		(*nrows)++;
	}
	return 0;
}

/* values of an instruction form, indexed as in the spec of pforms */
enum { F_MNEMONIC, F_CLASS, F_WIDTH, F_PRECISION, F_UOPS, F_LATENCY, F_FUSED, F_SOURCE, F_MEM,
       F_COUNT };

/* the form of mnemonic MNEM (NULL: of class CLS) from the values V of ROW */
static int pform_one(pctx *c, yaml_node_t *row, const char *mnem, int cls, yaml_node_t **v)
{
	static const char *const mem_kinds[] = { "none", "load", "store" };
	static const int mem_kind_of[] = { RL_MEM_NONE, RL_MEM_LOAD_OP, RL_MEM_STORE };
	if (c->p->nforms == RL_MAX_FORMS)
		return rl_yaml_fail(&c->y, row, "expected at most %d instruction forms", RL_MAX_FORMS);
	rl_form *f = &c->p->forms[c->p->nforms];
	memset(f, 0, sizeof(*f));
	f->line = (int)row->start_mark.line + 1;
	f->cls = cls;
	if (mnem)
		snprintf(f->mnemonic, sizeof f->mnemonic, "%s", mnem);
	if (v[F_WIDTH] && rl_yaml_get_width(&c->y, v[F_WIDTH], 8, "any", &f->width))
		return -1;
	f->mem = -1;
	int mem;
	if (v[F_MEM]) {
		if (rl_yaml_get_enum(&c->y, v[F_MEM], "mem", mem_kinds, 3, "none, load, store", &mem))
			return -1;
		f->mem = mem_kind_of[mem];
	}
	if (v[F_PRECISION] && rl_yaml_get_precision(&c->y, v[F_PRECISION], &f->precision))
		return -1;
	if (puops(c, v[F_UOPS], &f->uops))
		return -1;
	f->latency = 1;
	if (v[F_LATENCY] && pnumber(c, v[F_LATENCY], "latency", 0, 1000, &f->latency))
		return -1;
	f->fused = 1;
	if (v[F_FUSED] && pnumber(c, v[F_FUSED], "fused", 0, 16, &f->fused))
		return -1;
	c->p->nforms++;
	return 0;
}

/* a mnemonic of 1..31 characters */
static const char *pmnemonic(pctx *c, yaml_node_t *n, const char *expected)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n);
	if (!s || !*s || strlen(s) >= 32) {
		rl_yaml_fail(&c->y, n, "expected %s, got %s", expected, GOT(n));
		return NULL;
	}
	return s;
}

/* the forms of instructions[I] (ROW): of a class, a mnemonic or a list of mnemonics */
static int pform_row(pctx *c, yaml_node_t *row, int i)
{
	static const rl_yaml_key spec[F_COUNT] = {
		{ "mnemonic", 0 }, { "class", 0 }, { "width", 0 }, { "precision", 0 },
		{ "uops", 1 }, { "latency", 0 }, { "fused", 0 }, { "source", 0 }, { "mem", 0 },
	};
	yaml_node_t *v[F_COUNT];
	char what[32];
	snprintf(what, sizeof what, "instructions[%d]", i);
	if (rl_yaml_check_mapping(&c->y, row, what, spec, F_COUNT, v))
		return -1;
	if (!!v[F_MNEMONIC] == !!v[F_CLASS])
		return rl_yaml_fail(&c->y, row, "expected exactly one of 'mnemonic' or 'class' in '%s'",
				    what);
	if (v[F_CLASS]) {
		rl_iclass cls;
		return rl_yaml_get_iclass(&c->y, v[F_CLASS], &cls) ||
		       pform_one(c, row, NULL, (int)cls, v) ? -1 : 0;
	}
	yaml_node_t *mn = v[F_MNEMONIC];
	if (mn->type != YAML_SEQUENCE_NODE) {
		const char *s = pmnemonic(c, mn, "a mnemonic or a list of mnemonics for 'mnemonic'");
		return !s || pform_one(c, row, s, -1, v) ? -1 : 0;
	}
	for (int j = 0; j < rl_yaml_list_len(mn); j++) {
		const char *s = pmnemonic(c, rl_yaml_list_item(&c->y, mn, j), "a mnemonic");
		if (!s || pform_one(c, row, s, -1, v))
			return -1;
	}
	return 0;
}

static int pforms(pctx *c, yaml_node_t *n)
{
	char gotbuf[64];
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(&c->y, n, "expected a list of forms for 'instructions', got %s",
				    GOT(n));
	for (int i = 0; i < rl_yaml_list_len(n); i++)
		if (pform_row(c, rl_yaml_list_item(&c->y, n, i), i))
			return -1;
	return 0;
}

/* 'ports': distinct names usable in uop lists */
static int pports(pctx *c, yaml_node_t *n)
{
	char gotbuf[64];
	rl_ports *p = c->p;
	if (n->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(&c->y, n, "expected a list of port names for 'ports', got %s",
				    GOT(n));
	for (int i = 0; i < rl_yaml_list_len(n); i++) {
		yaml_node_t *e = rl_yaml_list_item(&c->y, n, i);
		const char *pn = rl_yaml_scalar(e);
		if (!pn || !*pn || strlen(pn) >= sizeof p->port[0] || strpbrk(pn, "|+* "))
			return rl_yaml_fail(&c->y, e, "expected a port name (no | + * or blanks, at "
					    "most %zu chars), got %s", sizeof p->port[0] - 1, GOT(e));
		if (p->nports == RL_MAX_PORTS)
			return rl_yaml_fail(&c->y, e, "expected at most %d ports", RL_MAX_PORTS);
		if (port_index(p, pn, strlen(pn)) >= 0)
			return rl_yaml_fail(&c->y, e, "expected distinct port names, got '%s' twice", pn);
		snprintf(p->port[p->nports++], sizeof p->port[0], "%s", pn);
	}
	return 0;
}

/* 'calls: NAME': DIR/../calls/NAME.yml next to the ports/ folder of the table (a table
 * outside such a tree: DIR/NAME.yml) */
static int pcalls(pctx *c, yaml_node_t *n)
{
	char gotbuf[64], dir[512], path[1100];
	const char *s = rl_yaml_scalar(n);
	if (!s || !*s || strchr(s, '/') || strlen(s) > 60)
		return rl_yaml_fail(&c->y, n, "expected a call table name (machines/calls/NAME.yml) "
				    "for 'calls', got %s", GOT(n));
	snprintf(dir, sizeof dir, "%s", c->y.file);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(dir, sizeof dir, ".");
	snprintf(path, sizeof path, "%s/../calls/%s.yml", dir, s);
	FILE *f = fopen(path, "rb");
	if (!f)
		snprintf(path, sizeof path, "%s/%s.yml", dir, s);
	else
		fclose(f);
	f = fopen(path, "rb");
	if (!f)
		return rl_yaml_fail(&c->y, n, "expected a call table %s/../calls/%s.yml for 'calls', "
				    "got %s (no such file)", dir, s, GOT(n));
	fclose(f);
	c->p->calls = rl_calls_load(path, c->y.err, c->y.errlen);
	if (!c->p->calls) {
		c->y.failed = 1;
		return -1;
	}
	return 0;
}

/* 'store_forward': { fp: CY, gpr: CY, source: TEXT } (gpr defaults to fp) */
static int pstore_forward(pctx *c, yaml_node_t *n)
{
	enum { S_FP, S_GPR, S_SOURCE, S_N };
	static const rl_yaml_key spec[S_N] = { { "fp", 1 }, { "gpr", 0 }, { "source", 1 } };
	yaml_node_t *v[S_N];
	char src[256];
	rl_ports *p = c->p;
	if (rl_yaml_check_mapping(&c->y, n, "store_forward", spec, S_N, v) ||
	    pnumber(c, v[S_FP], "fp", 0, 100, &p->fwd_fp) ||
	    rl_yaml_get_text(&c->y, v[S_SOURCE], "source", src, sizeof src, 1))
		return -1;
	p->fwd_gpr = p->fwd_fp;
	return v[S_GPR] ? pnumber(c, v[S_GPR], "gpr", 0, 100, &p->fwd_gpr) : 0;
}

/* 'loop_exit': { predicted: PASSES, penalty: CY, full_at: CY, hidden_from: CY, source: TEXT } */
static int ploop_exit(pctx *c, yaml_node_t *n)
{
	enum { E_PRED, E_PEN, E_FULL, E_HIDDEN, E_SOURCE, E_N };
	static const rl_yaml_key spec[E_N] = { { "predicted", 1 }, { "penalty", 1 },
					       { "full_at", 1 }, { "hidden_from", 1 },
					       { "source", 1 } };
	yaml_node_t *v[E_N];
	char src[256];
	double pred;
	if (rl_yaml_check_mapping(&c->y, n, "loop_exit", spec, E_N, v) ||
	    pnumber(c, v[E_PRED], "predicted", 1, 1000000, &pred) ||
	    pnumber(c, v[E_PEN], "penalty", 0, 1000, &c->p->exit_penalty) ||
	    pnumber(c, v[E_FULL], "full_at", 0, 1000, &c->p->exit_full_at) ||
	    pnumber(c, v[E_HIDDEN], "hidden_from", 0, 1000, &c->p->exit_hidden_from) ||
	    rl_yaml_get_text(&c->y, v[E_SOURCE], "source", src, sizeof src, 1))
		return -1;
	if (pred != (int)pred)
		return rl_yaml_fail(&c->y, v[E_PRED], "expected a whole number of passes for "
				    "'predicted' in 'loop_exit'");
	if (!(c->p->exit_hidden_from > c->p->exit_full_at))
		return rl_yaml_fail(&c->y, v[E_HIDDEN], "expected 'hidden_from' greater than "
				    "'full_at' in 'loop_exit'");
	c->p->exit_predicted = (int)pred;
	return 0;
}

/* 'loop_shapes': rows { slots, loads, stores, width, cycles, source } */
static int pshapes(pctx *c, yaml_node_t *n)
{
	enum { L_SLOTS, L_LOADS, L_STORES, L_WIDTH, L_CYCLES, L_SOURCE, L_N };
	static const rl_yaml_key spec[L_N] = { { "slots", 1 }, { "loads", 1 }, { "stores", 1 },
					       { "width", 1 }, { "cycles", 1 }, { "source", 1 } };
	char gotbuf[64], src[256];
	rl_ports *p = c->p;
	if (n->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(&c->y, n, "expected a list of rows for 'loop_shapes', got %s",
				    GOT(n));
	for (int i = 0; i < rl_yaml_list_len(n); i++) {
		yaml_node_t *row = rl_yaml_list_item(&c->y, n, i), *v[L_N];
		char what[32];
		double slots, loads, stores;
		snprintf(what, sizeof what, "loop_shapes[%d]", i);
		if (p->nshapes == RL_MAX_SHAPES)
			return rl_yaml_fail(&c->y, row, "expected at most %d rows in 'loop_shapes'",
					    RL_MAX_SHAPES);
		rl_loop_shape *r = &p->shapes[p->nshapes];
		r->line = (int)row->start_mark.line + 1;
		if (rl_yaml_check_mapping(&c->y, row, what, spec, L_N, v) ||
		    pnumber(c, v[L_SLOTS], "slots", 1, 64, &slots) ||
		    pnumber(c, v[L_LOADS], "loads", 0, 64, &loads) ||
		    pnumber(c, v[L_STORES], "stores", 0, 64, &stores) ||
		    rl_yaml_get_width(&c->y, v[L_WIDTH], 8, "any", &r->width) ||
		    pnumber(c, v[L_CYCLES], "cycles", 0, 1000, &r->cycles) ||
		    rl_yaml_get_text(&c->y, v[L_SOURCE], "source", src, sizeof src, 1))
			return -1;
		if (slots != (int)slots || loads != (int)loads || stores != (int)stores)
			return rl_yaml_fail(&c->y, row, "expected whole numbers for 'slots', "
					    "'loads' and 'stores' in '%s'", what);
		r->slots = (int)slots;
		r->loads = (int)loads;
		r->stores = (int)stores;
		p->nshapes++;
	}
	return 0;
}

enum { K_SCHEMA, K_NAME, K_DESC, K_SOURCE, K_PORTS, K_LOADP, K_DISPATCH, K_FUSION, K_SPLIT,
       K_LOADS, K_STORES, K_INSNS, K_WIDE, K_CALLS, K_CALLS_EST, K_FWD, K_SHAPES, K_EXIT, K_N };

static int proot(pctx *c, yaml_node_t *root)
{
	static const rl_yaml_key spec[K_N] = {
		{ "schema", 1 }, { "name", 1 }, { "description", 0 }, { "source", 1 },
		{ "ports", 1 }, { "load_ports", 1 }, { "dispatch", 1 }, { "macro_fusion", 0 },
		{ "split_load", 0 }, { "loads", 1 }, { "stores", 1 }, { "instructions", 1 },
		{ "zmm_disables", 0 }, { "calls", 0 }, { "calls_estimate", 0 },
		{ "store_forward", 0 }, { "loop_shapes", 0 }, { "loop_exit", 0 },
	};
	char gotbuf[64];
	yaml_node_t *v[K_N];
	rl_ports *p = c->p;
	if (rl_yaml_check_mapping(&c->y, root, "port table", spec, K_N, v))
		return -1;
	const char *s = rl_yaml_scalar(v[K_SCHEMA]);
	if (!s || strcmp(s, RL_PORTS_SCHEMA))
		return rl_yaml_fail(&c->y, v[K_SCHEMA], "expected '" RL_PORTS_SCHEMA "' for "
				    "'schema', got %s", GOT(v[K_SCHEMA]));
	if (rl_yaml_get_text(&c->y, v[K_NAME], "name", p->description, sizeof p->description, 1) ||
	    rl_yaml_get_text(&c->y, v[K_SOURCE], "source", p->source, sizeof p->source, 1))
		return -1;
	if (v[K_DESC] && rl_yaml_get_text(&c->y, v[K_DESC], "description", p->description,
					  sizeof p->description, 1))
		return -1;
	if (pports(c, v[K_PORTS]) ||
	    pport_set(c, v[K_LOADP], "p2|p3", "load_ports", &p->load_ports) ||
	    pnumber(c, v[K_DISPATCH], "dispatch", 1, 16, &p->dispatch))
		return -1;
	if (v[K_FUSION] && rl_yaml_get_bool(&c->y, v[K_FUSION], "macro_fusion", &p->macro_fusion))
		return -1;
	if (v[K_SPLIT] && puops(c, v[K_SPLIT], &p->split_load))
		return -1;
	if (v[K_WIDE] && pport_set(c, v[K_WIDE], "p1", "zmm_disables", &p->zmm_disables))
		return -1;
	if (v[K_FWD] && pstore_forward(c, v[K_FWD]))
		return -1;
	if (v[K_SHAPES] && pshapes(c, v[K_SHAPES]))
		return -1;
	if (v[K_EXIT] && ploop_exit(c, v[K_EXIT]))
		return -1;
	if (pmemrows(c, v[K_LOADS], "loads", 0, p->loads, &p->nloads) ||
	    pmemrows(c, v[K_STORES], "stores", 1, p->stores, &p->nstores) || pforms(c, v[K_INSNS]))
		return -1;
	if (v[K_CALLS_EST] && rl_yaml_get_bool(&c->y, v[K_CALLS_EST], "calls_estimate",
					       &p->calls_estimate))
		return -1;
	if (v[K_CALLS] && pcalls(c, v[K_CALLS]))
		return -1;
	if (!p->nloads || !p->nstores)
		return rl_yaml_fail(&c->y, root, "expected at least one row in 'loads' and in "
				    "'stores'");
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
	pctx c = { { path, NULL, err, errlen, 0 }, calloc(1, sizeof(rl_ports)) };
	yaml_document_t doc;
	if (!c.p) {
		fclose(f);
		if (err)
			snprintf(err, errlen, "%s:1:1: expected memory to load it", path);
		return NULL;
	}
	c.p->fwd_fp = c.p->fwd_gpr = -1;   /* no store_forward key: not modelled */
	int rc = rl_yaml_read(&c.y, f, &doc);
	fclose(f);
	if (!rc) {
		yaml_node_t *root = yaml_document_get_root_node(&doc);
		rc = root ? proot(&c, root)
			  : rl_yaml_fail(&c.y, NULL, "expected a port table, got an empty file");
		yaml_document_delete(&doc);
	}
	if (rc) {
		rl_ports_free(c.p);
		return NULL;
	}
	snprintf(c.p->path, sizeof c.p->path, "%s", path);
	rl_yaml_file_stem(path, c.p->name, sizeof c.p->name);
	return c.p;
}

void rl_ports_free(rl_ports *p)
{
	if (p)
		rl_calls_free(p->calls);
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
