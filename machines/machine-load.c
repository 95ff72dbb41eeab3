/* machine-load.c - load and validate YAML machine files (schema roofline-machine/1), and the
 * entry rl_machine_load, which also reads Kerncraft machine files (kerncraft.c).
 *
 * Every value is checked with yaml-check.c, so every message names FILE:LINE:COL of the
 * offending node and what was expected.  The schema is documented in docs/machine-files.md.
 */
#include "machines/machine.h"
#include "machines/machine-load.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RL_SCHEMA_ID "roofline-machine/1"

#define GOT RL_YAML_GOT

/* ------------------------------------------------------------------ values of machine files */

static const rl_yaml_unit size_units[] = {
	{ "B", 1.0 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 }, { "GiB", 1073741824.0 },
};
static const rl_yaml_unit clock_units[] = { { "GHz", 1.0 }, { "MHz", 1e-3 } };
static const rl_yaml_unit bw_units[] = { { "GB/s", 1.0 }, { "MB/s", 1e-3 } };
static const rl_yaml_unit cycle_units[] = { { "cy", 1.0 } };
static const rl_yaml_unit flops_units[] = { { "GFLOP/s", 1.0 }, { "TFLOP/s", 1000.0 },
					{ "MFLOP/s", 1e-3 } };

static int get_size(rl_yaml_ctx *c, yaml_node_t *n, const char *key, double *bytes)
{
	char gotbuf[64];
	if (rl_yaml_get_quantity(c, n, key, "size", size_units, 4, "B, KiB, MiB, GiB", bytes))
		return -1;
	if (*bytes != floor(*bytes) || *bytes > 1e15)
		return rl_yaml_fail(c, n, "expected a whole number of bytes for '%s', got %s", key,
				    GOT(n));
	return 0;
}

/* cycles: a plain number or "N cy" */
static int get_cycles(rl_yaml_ctx *c, yaml_node_t *n, const char *key, double *out)
{
	char gotbuf[64];
	const char *s = rl_yaml_scalar(n), *e;
	double v;
	if (s && !rl_yaml_is_empty(n) && !rl_yaml_parse_number(s, &v, &e) && *e == '\0') {
		if (!(v > 0) || v > 1e4)
			return rl_yaml_fail(c, n, "expected a number of cycles in (0..10000] for "
					    "'%s', got %s", key, GOT(n));
		*out = v;
		return 0;
	}
	if (rl_yaml_get_quantity(c, n, key, "number of cycles", cycle_units, 1, "cy, or none", &v))
		return -1;
	if (v > 1e4)
		return rl_yaml_fail(c, n, "expected a number of cycles in (0..10000] for '%s', got %s",
				    key, GOT(n));
	*out = v;
	return 0;
}

/* spread: a plain number or "N %", 0..1000 */
static int get_percent(rl_yaml_ctx *c, yaml_node_t *n, const char *key, double *out)
{
	char gotbuf[64];
	const char *e;
	double v;
	if (rl_yaml_number_unit(n, &v, &e) || (*e && strcmp(e, "%")))
		goto bad;
	if (v < 0 || v > 1000)
		return rl_yaml_fail(c, n, "expected a percentage in 0..1000 for '%s', got %s", key,
				    GOT(n));
	*out = v;
	return 0;
bad:
	return rl_yaml_fail(c, n, "expected a percentage (a number, optionally with '%%') for "
			    "'%s', got %s", key, GOT(n));
}

/* a quantity in one of UNITS, or in the per-cycle unit PERCY (converted with the clock) */
static int get_rate(rl_yaml_ctx *c, yaml_node_t *n, const char *key, const char *kind,
		    const rl_yaml_unit *units, int nunits, const char *percy, const char *unitlist,
		    double clock_ghz, double lo, double hi, double *out)
{
	char gotbuf[64];
	const char *e;
	double v;
	if (!rl_yaml_number_unit(n, &v, &e) && !strcmp(e, percy)) {
		if (!(v > 0))
			return rl_yaml_fail(c, n, "expected a positive %s for '%s', got %s", kind, key,
					    GOT(n));
		v *= clock_ghz;
	} else if (rl_yaml_get_quantity(c, n, key, kind, units, nunits, unitlist, &v)) {
		return -1;
	}
	if (v < lo || v > hi)
		return rl_yaml_fail(c, n, "expected a %s between %g and %g (G-units/s) for '%s', "
				    "got %s", kind, lo, hi, key, GOT(n));
	*out = v;
	return 0;
}

/* the provenance text of a table row: checked, not kept */
static int check_row_source(rl_yaml_ctx *c, yaml_node_t *n)
{
	char tmp[8];
	return n ? rl_yaml_get_text(c, n, "source", tmp, sizeof tmp, 1) : 0;
}

/* ------------------------------------------------------------------ ecm */

/* ecm.overlap (and serial_links, which only the partial rule takes) */
static int load_overlap(rl_yaml_ctx *c, yaml_node_t *ov, yaml_node_t *links, rl_machine *m)
{
	static const char *const names[] = { "serial", "zen", "overlapping", "partial" };
	static const rl_overlap rule[] = { RL_OVERLAP_SERIAL, RL_OVERLAP_ZEN, RL_OVERLAP_ZEN,
					   RL_OVERLAP_PARTIAL };
	int k;
	if (rl_yaml_get_enum(c, ov, "overlap", names, 4, "serial, zen, overlapping, partial", &k))
		return -1;
	m->overlap = rule[k];
	m->serial_links = 1;
	if (links && m->overlap != RL_OVERLAP_PARTIAL)
		return rl_yaml_fail(c, links, "expected no 'serial_links' with overlap '%s' (only "
				    "the partial rule takes it)", names[k]);
	if (links && rl_yaml_get_int(c, links, "serial_links", 1, RL_MAX_LEVELS - 1,
				     &m->serial_links))
		return -1;
	return 0;
}

/* ecm.serial_fraction: per link, innermost first, the fraction of an overlapping transfer that
 * adds to T_nOL (model/ecm.c); the serial rule adds every transfer in full and takes none */
static int load_serial_fraction(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	char gotbuf[64];
	if (m->overlap == RL_OVERLAP_SERIAL)
		return rl_yaml_fail(c, n, "expected no 'serial_fraction' with overlap 'serial' (its "
				    "transfers add to T_nOL in full)");
	if (n->type != YAML_SEQUENCE_NODE || rl_yaml_list_len(n) < 1 ||
	    rl_yaml_list_len(n) > RL_MAX_LEVELS)
		return rl_yaml_fail(c, n, "expected a list of 1 to %d fractions (one per cache link, "
				    "L1-L2 first) for 'serial_fraction', got %s", RL_MAX_LEVELS,
				    GOT(n));
	m->n_serial_fraction = rl_yaml_list_len(n);
	for (int i = 0; i < m->n_serial_fraction; i++)
		if (rl_yaml_get_real(c, rl_yaml_list_item(c, n, i), "serial_fraction", 0.0, 1, 1.0,
				     &m->serial_fraction[i]))
			return -1;
	return 0;
}

/* ecm.memory_load_factor (model/ecm.c: the memory level of a loop whose loads re-read lines)
 * and its source; not with the serial rule, which adds everything in full already */
static int load_memory_load_factor(rl_yaml_ctx *c, yaml_node_t *f, yaml_node_t *src,
				   rl_machine *m)
{
	if (src && !f)
		return rl_yaml_fail(c, src, "expected 'memory_load_factor_source' only beside "
				    "'memory_load_factor'");
	if (!f)
		return 0;
	if (m->overlap == RL_OVERLAP_SERIAL)
		return rl_yaml_fail(c, f, "expected no 'memory_load_factor' with overlap 'serial' "
				    "(its transfers add to T_nOL in full)");
	if (rl_yaml_get_real(c, f, "memory_load_factor", 0.0, 1, 10.0, &m->mem_load_factor))
		return -1;
	if (src && rl_yaml_get_text(c, src, "memory_load_factor_source", m->mem_load_factor_source,
				    sizeof m->mem_load_factor_source, 1))
		return -1;
	return 0;
}

/* The layer-condition factor when a file gives none: the C/2 of Stengel et al., "Quantifying
 * performance bottlenecks of stencil computations using the Execution-Cache-Memory model"
 * (ICS 2015), measured on Sandy Bridge. */
#define RL_LC_FACTOR_DEFAULT 0.5

static int load_ecm(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const rl_yaml_key spec[] = {
		{ "overlap", 1 }, { "nonoverlapping", 1 }, { "lc_safety_factor", 0 }, { "source", 0 },
		{ "serial_links", 0 }, { "serial_fraction", 0 }, { "serial_fraction_source", 0 },
		{ "memory_load_factor", 0 }, { "memory_load_factor_source", 0 },
	};
	yaml_node_t *v[9];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, "ecm", spec, 9, v) || load_overlap(c, v[0], v[4], m) ||
	    (v[5] && load_serial_fraction(c, v[5], m)) || load_memory_load_factor(c, v[7], v[8], m))
		return -1;
	if (v[6] && !v[5])
		return rl_yaml_fail(c, v[6], "expected 'serial_fraction_source' only beside "
				    "'serial_fraction'");
	if (v[6] && rl_yaml_get_text(c, v[6], "serial_fraction_source", m->serial_fraction_source,
				     sizeof m->serial_fraction_source, 1))
		return -1;
	if (v[1]->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(c, v[1], "expected a list of unit names for 'nonoverlapping', "
				    "got %s", GOT(v[1]));
	m->n_nonoverlapping = 0;
	for (int i = 0; i < rl_yaml_list_len(v[1]); i++) {
		yaml_node_t *u = rl_yaml_list_item(c, v[1], i);
		if (m->n_nonoverlapping >= 4)
			return rl_yaml_fail(c, u, "expected at most 4 units in 'nonoverlapping'");
		if (rl_yaml_get_text(c, u, "nonoverlapping", m->nonoverlapping[m->n_nonoverlapping],
				     sizeof m->nonoverlapping[0], 0))
			return -1;
		m->n_nonoverlapping++;
	}
	m->lc_safety_factor = RL_LC_FACTOR_DEFAULT;
	if (v[2] && rl_yaml_get_real(c, v[2], "lc_safety_factor", 0.0, 0, 1.0, &m->lc_safety_factor))
		return -1;
	if (v[3] && rl_yaml_get_text(c, v[3], "source", m->ecm_source, sizeof m->ecm_source, 1))
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ caches */

/* values of one cache level, indexed as in the spec of load_cache_level */
enum { CK_NAME, CK_SIZE, CK_LINE, CK_WAYS, CK_SHARED, CK_WA, CK_VICTIM, CK_TRANSFER,
       CK_SOURCE, CK_FILL, CK_EVICT, CK_LCF, CK_SMALL, CK_MSHARE, CK_COUNT };

/* size, line and ways of level I (V: its values) */
static int load_cache_geometry(rl_yaml_ctx *c, yaml_node_t **v, int i, rl_machine *m)
{
	char gotbuf[64];
	rl_cache_level *L = &m->levels[i];
	double size, line;
	if (get_size(c, v[CK_SIZE], "size", &size) || get_size(c, v[CK_LINE], "line", &line))
		return -1;
	long long li = (long long)line;
	if (li < 8 || li > 4096 || (li & (li - 1)))
		return rl_yaml_fail(c, v[CK_LINE], "expected a power of 2 between 8 B and 4 KiB "
				    "for 'line', got %s", GOT(v[CK_LINE]));
	if (i > 0 && li != m->levels[0].line)
		return rl_yaml_fail(c, v[CK_LINE], "expected the same line size as %s (%d B) for "
				    "'line', got %s", m->levels[0].name, m->levels[0].line,
				    GOT(v[CK_LINE]));
	if ((long long)size % li != 0)
		return rl_yaml_fail(c, v[CK_SIZE], "expected a size that is a multiple of the "
				    "line (%lld B) for 'size', got %s", li, GOT(v[CK_SIZE]));
	L->size = (long long)size;
	L->line = (int)li;
	L->ways = 0;
	if (v[CK_WAYS] && rl_yaml_get_int(c, v[CK_WAYS], "ways", 0, 1024, &L->ways))
		return -1;
	if (L->ways > 0 && L->size % ((long long)L->ways * li) != 0)
		return rl_yaml_fail(c, v[CK_WAYS], "expected ways dividing size/line (%lld lines) "
				    "for 'ways', got %s", L->size / li, GOT(v[CK_WAYS]));
	return 0;
}

/* a transfer time "N cy/CL" or "N B/cy" (LINE bytes per line) for KEY -> cycles per line */
static int get_transfer(rl_yaml_ctx *c, yaml_node_t *n, const char *key, int line, double *out)
{
	char gotbuf[64];
	const char *e;
	double x;
	if (rl_yaml_number_unit(n, &x, &e))
		goto bad;
	if (!strcmp(e, "cy/CL"))
		*out = x;
	else if (!strcmp(e, "B/cy"))
		*out = x > 0 ? (double)line / x : 0;
	else
		goto bad;
	if (!(*out > 0) || *out > 1e4)
		return rl_yaml_fail(c, n, "expected a positive transfer time for '%s', got %s", key,
				    GOT(n));
	return 0;
bad:
	return rl_yaml_fail(c, n, "expected a transfer time with unit (cy/CL, B/cy) for "
			    "'%s', got %s", key, GOT(n));
}

static int load_cache_transfer(rl_yaml_ctx *c, yaml_node_t *n, rl_cache_level *L)
{
	return get_transfer(c, n, "transfer", L->line, &L->cycles_per_line);
}

/* optional 'small_working_sets: { below: SIZE, factor: F, write_only: W }' of level I (of
 * COUNT; N: the value): the link's cost x F (W for loops that read no line across it; W
 * optional, default F) for working sets beyond this level and below SIZE; not on the last
 * level (memory has none), SIZE beyond the level's own size, 0 < F, W <= 10 */
static int load_cache_small(rl_yaml_ctx *c, yaml_node_t *n, int i, int count, rl_cache_level *L)
{
	static const rl_yaml_key spec[] = { { "below", 1 }, { "factor", 1 }, { "write_only", 0 } };
	yaml_node_t *v[3];
	char gotbuf[64];
	L->small_below = L->small_factor = L->small_write_only = 0;
	if (!n)
		return 0;
	if (i == count - 1)
		return rl_yaml_fail(c, n, "expected no 'small_working_sets' on the last cache level: "
				    "it has no link to a further cache level");
	if (rl_yaml_check_mapping(c, n, "small_working_sets", spec, 3, v) ||
	    get_size(c, v[0], "below", &L->small_below) ||
	    rl_yaml_get_real(c, v[1], "factor", 0.0, 0, 10.0, &L->small_factor) ||
	    (v[2] && rl_yaml_get_real(c, v[2], "write_only", 0.0, 0, 10.0, &L->small_write_only)))
		return -1;
	if (L->small_below <= (double)L->size)
		return rl_yaml_fail(c, v[0], "expected a working set larger than the level (%lld "
				    "B) for 'below', got %s", L->size, GOT(v[0]));
	return 0;
}

/* the list N of 2..RL_MAX_MSHARE working sets of memory_share into L: increasing sizes */
static int load_mshare_sizes(rl_yaml_ctx *c, yaml_node_t *n, rl_cache_level *L)
{
	char gotbuf[64];
	int k = n && n->type == YAML_SEQUENCE_NODE ? rl_yaml_list_len(n) : -1;
	if (k < 2 || k > RL_MAX_MSHARE)
		return rl_yaml_fail(c, n, "expected a list of 2..%d working sets (increasing) for "
				    "'sizes', got %s", RL_MAX_MSHARE, GOT(n));
	for (int j = 0; j < k; j++) {
		yaml_node_t *it = rl_yaml_list_item(c, n, j);
		if (get_size(c, it, "sizes", &L->mshare_ws[j]))
			return -1;
		if (!(L->mshare_ws[j] > 0) || (j && L->mshare_ws[j] <= L->mshare_ws[j - 1]))
			return rl_yaml_fail(c, it, "expected a working set larger than the one before "
					    "it in 'sizes', got %s", GOT(it));
	}
	L->mshare_n = k;
	return 0;
}

/* the list N (key KEY) of memory_share's shares into H, one per size of L: 0 first,
 * non-decreasing, <= 1 */
static int load_mshare_shares(rl_yaml_ctx *c, yaml_node_t *n, const char *key,
			      const rl_cache_level *L, double *h)
{
	char gotbuf[64];
	int k = n && n->type == YAML_SEQUENCE_NODE ? rl_yaml_list_len(n) : -1;
	if (k != L->mshare_n && k >= 0)
		return rl_yaml_fail(c, n, "expected a list of %d shares (one per size) for '%s', "
				    "got %d", L->mshare_n, key, k);
	if (k != L->mshare_n)
		return rl_yaml_fail(c, n, "expected a list of %d shares (one per size) for '%s', "
				    "got %s", L->mshare_n, key, GOT(n));
	for (int j = 0; j < k; j++) {
		yaml_node_t *it = rl_yaml_list_item(c, n, j);
		if (rl_yaml_get_real(c, it, key, 0.0, 1, 1.0, &h[j]))
			return -1;
		if (j == 0 && h[0] != 0)
			return rl_yaml_fail(c, it, "expected 0 as the first share in '%s' (the first "
					    "size is the level's plateau), got %s", key, GOT(it));
		if (j && h[j] < h[j - 1])
			return rl_yaml_fail(c, it, "expected a share not smaller than the one before "
					    "it in '%s', got %s", key, GOT(it));
	}
	return 0;
}

/* optional 'memory_share: { sizes: [SIZE, ...], shares: [S, ...], reuse_shares: [S, ...] }' of
 * level I (of COUNT; N: the value): the measured share of a repeatedly swept working set the
 * level does not keep, per size (rl_machine_memory_share; reuse_shares, optional: for loops
 * whose loads re-read lines); only on the last cache level */
static int load_cache_mshare(rl_yaml_ctx *c, yaml_node_t *n, int i, int count, rl_cache_level *L)
{
	static const rl_yaml_key spec[] = { { "sizes", 1 }, { "shares", 1 }, { "reuse_shares", 0 } };
	yaml_node_t *v[3];
	L->mshare_n = L->mshare_has_reuse = 0;
	if (!n)
		return 0;
	if (i != count - 1)
		return rl_yaml_fail(c, n, "expected 'memory_share' only on the last cache level: "
				    "the share of a working set that comes from memory");
	if (rl_yaml_check_mapping(c, n, "memory_share", spec, 3, v) ||
	    load_mshare_sizes(c, v[0], L) ||
	    load_mshare_shares(c, v[1], "shares", L, L->mshare) ||
	    (v[2] && load_mshare_shares(c, v[2], "reuse_shares", L, L->mshare_reuse))) {
		L->mshare_n = 0;
		return -1;
	}
	L->mshare_has_reuse = v[2] != NULL;
	return 0;
}

/* optional 'fill' and 'evict' (both or neither; not on the last level) and 'lc_factor' of
 * level I (of COUNT; V: its values; ITEM: its mapping) */
static int load_cache_directions(rl_yaml_ctx *c, yaml_node_t *item, yaml_node_t **v, int i,
				 int count, rl_cache_level *L)
{
	L->fill_cycles = L->evict_cycles = L->lc_factor = 0;
	if (v[CK_LCF] && rl_yaml_get_real(c, v[CK_LCF], "lc_factor", 0.0, 0, 1.0, &L->lc_factor))
		return -1;
	if (!v[CK_FILL] && !v[CK_EVICT])
		return 0;
	yaml_node_t *given = v[CK_FILL] ? v[CK_FILL] : v[CK_EVICT];
	if (i == count - 1)
		return rl_yaml_fail(c, given, "expected no 'fill' / 'evict' on the last cache level: "
				    "its link to memory is memory.fill / memory.evict");
	if (!v[CK_FILL] || !v[CK_EVICT])
		return rl_yaml_fail(c, item, "expected required key '%s' in 'caches[%d]' (fill and "
				    "evict come together)", v[CK_FILL] ? "evict" : "fill", i);
	return get_transfer(c, v[CK_FILL], "fill", L->line, &L->fill_cycles) ||
	       get_transfer(c, v[CK_EVICT], "evict", L->line, &L->evict_cycles) ? -1 : 0;
}

/* caches[I] (of COUNT) from ITEM */
static int load_cache_level(rl_yaml_ctx *c, yaml_node_t *item, int i, int count, rl_machine *m)
{
	static const rl_yaml_key spec[CK_COUNT] = {
		{ "name", 1 }, { "size", 1 }, { "line", 1 }, { "ways", 0 }, { "shared_by", 0 },
		{ "write_allocate", 0 }, { "victim", 0 }, { "transfer", 0 }, { "source", 0 },
		{ "fill", 0 }, { "evict", 0 }, { "lc_factor", 0 }, { "small_working_sets", 0 },
		{ "memory_share", 0 },
	};
	yaml_node_t *v[CK_COUNT];
	rl_cache_level *L = &m->levels[i];
	char what[32];
	snprintf(what, sizeof what, "caches[%d]", i);
	if (rl_yaml_check_mapping(c, item, what, spec, CK_COUNT, v) ||
	    rl_yaml_get_text(c, v[CK_NAME], "name", L->name, sizeof L->name, 0))
		return -1;
	for (int j = 0; j < i; j++)
		if (!strcmp(m->levels[j].name, L->name))
			return rl_yaml_fail(c, v[CK_NAME], "expected a unique cache name, '%s' is "
					    "already caches[%d]", L->name, j);
	if (load_cache_geometry(c, v, i, m))
		return -1;
	L->shared_by = 1;
	if (v[CK_SHARED] && rl_yaml_get_int(c, v[CK_SHARED], "shared_by", 1, 4096, &L->shared_by))
		return -1;
	L->write_allocate = 1;
	if (v[CK_WA] && rl_yaml_get_bool(c, v[CK_WA], "write_allocate", &L->write_allocate))
		return -1;
	L->victim = 0;
	if (v[CK_VICTIM] && rl_yaml_get_bool(c, v[CK_VICTIM], "victim", &L->victim))
		return -1;
	L->cycles_per_line = 0;
	if (i < count - 1) {
		if (!v[CK_TRANSFER])
			return rl_yaml_fail(c, item, "expected required key 'transfer' in '%s' "
					    "(every level but the last)", what);
		if (load_cache_transfer(c, v[CK_TRANSFER], L))
			return -1;
	} else if (v[CK_TRANSFER]) {
		return rl_yaml_fail(c, v[CK_TRANSFER], "expected no 'transfer' on the last cache "
				    "level: its transfer to memory is derived from memory.bandwidth");
	}
	if (v[CK_SOURCE] &&
	    rl_yaml_get_text(c, v[CK_SOURCE], "source", L->source, sizeof L->source, 1))
		return -1;
	return load_cache_directions(c, item, v, i, count, L) ||
	       load_cache_small(c, v[CK_SMALL], i, count, L) ||
	       load_cache_mshare(c, v[CK_MSHARE], i, count, L) ? -1 : 0;
}

static int load_caches(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	char gotbuf[64];
	if (n->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(c, n, "expected a list of cache levels (L1 first) for 'caches', "
				    "got %s", GOT(n));
	int count = rl_yaml_list_len(n);
	if (count < 1 || count > RL_MAX_LEVELS)
		return rl_yaml_fail(c, n, "expected 1..%d cache levels in 'caches', got %d",
				    RL_MAX_LEVELS, count);
	m->nlevels = 0;
	for (int i = 0; i < count; i++) {
		if (load_cache_level(c, rl_yaml_list_item(c, n, i), i, count, m))
			return -1;
		m->nlevels++;
	}
	return 0;
}

/* ------------------------------------------------------------------ memory */

/* memory.restart (cy/CL), restart_lines and restart_source: V[0..2]; all or none */
static int load_memory_restart(rl_yaml_ctx *c, yaml_node_t *n, yaml_node_t **v, rl_machine *m)
{
	static const char *const keys[] = { "restart", "restart_lines", "restart_source" };
	m->mem_restart_cycles = 0;
	m->mem_restart_lines = 0;
	m->mem_restart_source[0] = 0;
	if (!v[0] && !v[1] && !v[2])
		return 0;
	for (int k = 0; k < 3; k++)
		if (!v[k])
			return rl_yaml_fail(c, n, "expected required key '%s' in 'memory' (restart, "
					    "restart_lines and restart_source come together)", keys[k]);
	int line = m->nlevels > 0 ? m->levels[0].line : 64;
	if (get_transfer(c, v[0], "restart", line, &m->mem_restart_cycles) ||
	    rl_yaml_get_int(c, v[1], "restart_lines", 1, 1 << 24, &m->mem_restart_lines))
		return -1;
	return rl_yaml_get_text(c, v[2], "restart_source", m->mem_restart_source,
				sizeof m->mem_restart_source, 1);
}

static int load_memory(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const rl_yaml_key spec[] = {
		{ "bandwidth", 1 }, { "benchmark", 1 }, { "single_core_bandwidth", 0 }, { "source", 0 },
		{ "fill", 0 }, { "evict", 0 }, { "nt_store", 0 }, { "nt_mixed", 0 },
		{ "restart", 0 }, { "restart_lines", 0 }, { "restart_source", 0 },
	};
	static const char *const benches[] = { "update", "load", "copy", "triad", "stream" };
	yaml_node_t *v[11];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, "memory", spec, 11, v))
		return -1;
	if (load_memory_restart(c, n, v + 8, m))
		return -1;
	int line = m->nlevels > 0 ? m->levels[0].line : 64;
	m->mem_fill_cycles = m->mem_evict_cycles = m->mem_nt_cycles = m->mem_nt_mixed_cycles = 0;
	if (v[7] && !v[6])
		return rl_yaml_fail(c, n, "expected required key 'nt_store' in 'memory' (with "
				    "'nt_mixed')");
	if (v[6] && get_transfer(c, v[6], "nt_store", line, &m->mem_nt_cycles))
		return -1;
	if (v[7] && get_transfer(c, v[7], "nt_mixed", line, &m->mem_nt_mixed_cycles))
		return -1;
	if ((v[4] != NULL) != (v[5] != NULL))
		return rl_yaml_fail(c, n, "expected required key '%s' in 'memory' (fill and evict "
				    "come together)", v[4] ? "evict" : "fill");
	if (v[4] && (get_transfer(c, v[4], "fill", line, &m->mem_fill_cycles) ||
		     get_transfer(c, v[5], "evict", line, &m->mem_evict_cycles)))
		return -1;
	if (rl_yaml_get_quantity(c, v[0], "bandwidth", "bandwidth", bw_units, 2, "GB/s, MB/s",
				 &m->mem_bandwidth_gbs))
		return -1;
	const char *b = rl_yaml_scalar(v[1]);
	int ok = 0;
	for (size_t i = 0; b && i < sizeof benches / sizeof benches[0]; i++)
		if (!strcmp(b, benches[i])) ok = 1;
	if (!ok)
		return rl_yaml_fail(c, v[1], "expected one of update, load, copy, triad, stream for "
				    "'benchmark', got %s", GOT(v[1]));
	snprintf(m->mem_benchmark, sizeof m->mem_benchmark, "%s", b);
	if (v[2] && rl_yaml_get_quantity(c, v[2], "single_core_bandwidth", "bandwidth", bw_units,
					 2, "GB/s, MB/s", &m->mem_bandwidth_1core_gbs))
		return -1;
	if (v[3] && rl_yaml_get_text(c, v[3], "source", m->mem_source, sizeof m->mem_source, 1))
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ incore */

/* incore.port_table: the name of a file machines/ports/NAME.yml */
static int load_port_table_name(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	char gotbuf[64];
	const char *pt = rl_yaml_scalar(n);
	size_t len = pt ? strlen(pt) : 0;
	int ok = pt && !rl_yaml_is_empty(n) && len < sizeof m->port_table;
	for (size_t i = 0; ok && i < len; i++)
		if (!(isalnum((unsigned char)pt[i]) || pt[i] == '_' || pt[i] == '-' || pt[i] == '.'))
			ok = 0;
	if (!ok)
		return rl_yaml_fail(c, n, "expected a port table name (letters, digits, '_', '-', "
				    "'.', up to %zu chars; a file machines/ports/NAME.yml) for "
				    "'port_table', got %s", sizeof m->port_table - 1, GOT(n));
	memcpy(m->port_table, pt, len + 1);
	return 0;
}

/* instructions[m->ncosts] from ROW */
static int load_incore_row(rl_yaml_ctx *c, yaml_node_t *row, rl_machine *m)
{
	static const rl_yaml_key rspec[] = {
		{ "class", 1 }, { "width", 0 }, { "unit", 1 }, { "cycles", 1 }, { "latency", 0 },
		{ "source", 0 }, { "precision", 0 },
	};
	yaml_node_t *r[7];
	char what[48];
	snprintf(what, sizeof what, "instructions[%d]", m->ncosts);
	if (m->ncosts >= RL_MAX_ICLASSES)
		return rl_yaml_fail(c, row, "expected at most %d rows in 'instructions'",
				    RL_MAX_ICLASSES);
	rl_iclass_cost *k = &m->costs[m->ncosts];
	if (rl_yaml_check_mapping(c, row, what, rspec, 7, r) ||
	    rl_yaml_get_iclass(c, r[0], &k->cls))
		return -1;
	k->width = 0;
	if (r[1] && rl_yaml_get_width(c, r[1], 8, "any", &k->width))
		return -1;
	if (rl_yaml_get_text(c, r[2], "unit", k->unit, sizeof k->unit, 0) ||
	    get_cycles(c, r[3], "cycles", &k->cycles))
		return -1;
	k->latency = 0;
	if ((r[4] && get_cycles(c, r[4], "latency", &k->latency)) || check_row_source(c, r[5]))
		return -1;
	k->precision = 0;
	if (r[6] && rl_yaml_get_precision(c, r[6], &k->precision))
		return -1;
	for (int j = 0; j < m->ncosts; j++)
		if (m->costs[j].cls == k->cls && m->costs[j].width == k->width &&
		    m->costs[j].precision == k->precision)
			return rl_yaml_fail(c, row, "expected one row per class, width and precision; "
					    "%s width %d is already instructions[%d]",
					    rl_iclass_name(k->cls), k->width, j);
	m->ncosts++;
	return 0;
}

static int load_incore(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const rl_yaml_key spec[] = { { "instructions", 1 }, { "source", 0 },
					{ "port_table", 0 } };
	yaml_node_t *v[3];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, "incore", spec, 3, v))
		return -1;
	if (v[1] && rl_yaml_get_text(c, v[1], "source", m->incore_source,
				     sizeof m->incore_source, 1))
		return -1;
	if (v[2] && load_port_table_name(c, v[2], m))
		return -1;
	yaml_node_t *seq = v[0];
	if (seq->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(c, seq, "expected a list of instruction rows for 'instructions', "
				    "got %s", GOT(seq));
	m->ncosts = 0;
	for (int i = 0; i < rl_yaml_list_len(seq); i++)
		if (load_incore_row(c, rl_yaml_list_item(c, seq, i), m))
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ figure tables */

/* A table of measured or published figures: `KEY: { rows: [...], source: TEXT }`.  Every
 * row has 8 keys, the last three spread, unstable, source (optional). */
typedef struct figure_table {
	const char *key;            /* "bandwidths" */
	const char *row_kind;       /* for "expected a list of ROW_KIND rows" */
	int max;                    /* capacity of the machine's table */
	const rl_yaml_key *rspec;
	/* the row-specific values of R[0..4] into row *COUNT of M; checks for repeats */
	int (*load_row)(rl_yaml_ctx *c, yaml_node_t *row, yaml_node_t **r, rl_machine *m);
} figure_table;

/* spread, unstable and source of a figure row */
static int load_row_quality(rl_yaml_ctx *c, yaml_node_t **r, double *spread_pct, int *unstable)
{
	*spread_pct = -1;
	if (r[5] && get_percent(c, r[5], "spread", spread_pct))
		return -1;
	if (r[6] && rl_yaml_get_bool(c, r[6], "unstable", unstable))
		return -1;
	return check_row_source(c, r[7]);
}

static int load_figure_table(rl_yaml_ctx *c, yaml_node_t *n, const figure_table *t, int *count,
			     char *source, size_t source_len, rl_machine *m)
{
	static const rl_yaml_key spec[] = { { "rows", 1 }, { "source", 0 } };
	yaml_node_t *v[2];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, t->key, spec, 2, v))
		return -1;
	if (v[1] && rl_yaml_get_text(c, v[1], "source", source, source_len, 1))
		return -1;
	if (v[0]->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(c, v[0], "expected a list of %s rows for 'rows', got %s",
				    t->row_kind, GOT(v[0]));
	for (int i = 0; i < rl_yaml_list_len(v[0]); i++) {
		yaml_node_t *row = rl_yaml_list_item(c, v[0], i), *r[8];
		char what[48];
		snprintf(what, sizeof what, "%s.rows[%d]", t->key, *count);
		if (*count >= t->max)
			return rl_yaml_fail(c, row, "expected at most %d rows in '%s'", t->max, t->key);
		if (rl_yaml_check_mapping(c, row, what, t->rspec, 8, r) || t->load_row(c, row, r, m))
			return -1;
		(*count)++;
	}
	return 0;
}

static int load_bw_row(rl_yaml_ctx *c, yaml_node_t *row, yaml_node_t **r, rl_machine *m)
{
	char gotbuf[64];
	rl_bw_row *b = &m->bw[m->nbw];
	if (rl_yaml_get_text(c, r[0], "level", b->level, sizeof b->level, 0))
		return -1;
	int ok = !strcmp(b->level, "MEM");
	for (int i = 0; i < m->nlevels; i++)
		if (!strcmp(b->level, m->levels[i].name)) ok = 1;
	if (!ok)
		return rl_yaml_fail(c, r[0], "expected a cache level name of 'caches' or MEM for "
				    "'level', got %s", GOT(r[0]));
	int mix;
	if (rl_yaml_get_width(c, r[1], 32, "not known", &b->width) ||
	    rl_yaml_get_enum(c, r[2], "mix", rl_mix_names, RL_MIX_COUNT,
			     "load, 2load_1store, load_store, store", &mix) ||
	    rl_yaml_get_int(c, r[3], "cores", 1, m->cores, &b->cores) ||
	    get_rate(c, r[4], "bandwidth", "bandwidth", bw_units, 2, "B/cy",
		     "GB/s, MB/s, or B/cy", m->clock_ghz, 1e-3, 1e6, &b->gbs))
		return -1;
	b->mix = (rl_mix)mix;
	if (load_row_quality(c, r, &b->spread_pct, &b->unstable))
		return -1;
	for (int j = 0; j < m->nbw; j++)
		if (!strcmp(m->bw[j].level, b->level) && m->bw[j].width == b->width &&
		    m->bw[j].mix == b->mix && m->bw[j].cores == b->cores)
			return rl_yaml_fail(c, row, "expected one row per level, width, mix and "
					    "cores; this is a repeat of bandwidths.rows[%d]", j);
	return 0;
}

static int load_flops_row(rl_yaml_ctx *c, yaml_node_t *row, yaml_node_t **r, rl_machine *m)
{
	char gotbuf[64];
	rl_flops_row *f = &m->flops[m->nflops];
	int op;
	if (rl_yaml_get_enum(c, r[0], "op", rl_fpop_names, RL_FP_COUNT,
			     "fma, add, mul, div, sqrt, peak", &op) ||
	    rl_yaml_get_width(c, r[1], 32, "not known", &f->width) ||
	    rl_yaml_get_precision(c, r[2], &f->precision) ||
	    rl_yaml_get_int(c, r[3], "cores", 1, m->cores, &f->cores) ||
	    get_rate(c, r[4], "flops", "FP throughput", flops_units, 3, "flop/cy",
		     "GFLOP/s, TFLOP/s, MFLOP/s, or flop/cy", m->clock_ghz, 1e-4, 1e7, &f->gflops))
		return -1;
	f->op = (rl_fpop)op;
	if (f->width == 32 && f->precision != 32)
		return rl_yaml_fail(c, r[1], "expected width 64 or more for dp rows, got %s",
				    GOT(r[1]));
	if (load_row_quality(c, r, &f->spread_pct, &f->unstable))
		return -1;
	for (int j = 0; j < m->nflops; j++)
		if (m->flops[j].op == f->op && m->flops[j].width == f->width &&
		    m->flops[j].precision == f->precision && m->flops[j].cores == f->cores)
			return rl_yaml_fail(c, row, "expected one row per op, width, precision and "
					    "cores; this is a repeat of peak_flops.rows[%d]", j);
	return 0;
}

static const rl_yaml_key bw_row_spec[] = {
	{ "level", 1 }, { "width", 1 }, { "mix", 1 }, { "cores", 1 }, { "bandwidth", 1 },
	{ "spread", 0 }, { "unstable", 0 }, { "source", 0 },
};
static const rl_yaml_key flops_row_spec[] = {
	{ "op", 1 }, { "width", 1 }, { "precision", 1 }, { "cores", 1 }, { "flops", 1 },
	{ "spread", 0 }, { "unstable", 0 }, { "source", 0 },
};
static const figure_table bw_table = { "bandwidths", "bandwidth", RL_MAX_BW, bw_row_spec,
				       load_bw_row };
static const figure_table flops_table = { "peak_flops", "peak", RL_MAX_FLOPS, flops_row_spec,
					  load_flops_row };

/* ------------------------------------------------------------------ tlb */

/* tlb.levels[I] from ROW: name, entries, page, miss (and a checked source); within one page
 * size the levels come innermost first, each with more entries than the one before */
static int load_tlb_level(rl_yaml_ctx *c, yaml_node_t *row, int i, rl_machine *m)
{
	static const rl_yaml_key spec[] = {
		{ "name", 1 }, { "entries", 1 }, { "page", 1 }, { "miss", 1 }, { "source", 0 },
	};
	yaml_node_t *r[5];
	char what[32], gotbuf[64];
	rl_tlb_level *t = &m->tlb[i];
	double page;
	int entries;
	snprintf(what, sizeof what, "tlb.levels[%d]", i);
	if (rl_yaml_check_mapping(c, row, what, spec, 5, r) ||
	    rl_yaml_get_text(c, r[0], "name", t->name, sizeof t->name, 0) ||
	    rl_yaml_get_int(c, r[1], "entries", 1, 1000000, &entries) ||
	    get_size(c, r[2], "page", &page) || get_cycles(c, r[3], "miss", &t->miss_cycles) ||
	    check_row_source(c, r[4]))
		return -1;
	long long pg = (long long)page;
	if (pg < 4096 || pg > (1LL << 34) || (pg & (pg - 1)))
		return rl_yaml_fail(c, r[2], "expected a power of 2 from 4 KiB to 16 GiB for 'page', "
				    "got %s", GOT(r[2]));
	t->entries = entries;
	t->page = pg;
	for (int j = 0; j < i; j++) {
		if (m->tlb[j].page != pg)
			continue;
		if (!strcmp(m->tlb[j].name, t->name))
			return rl_yaml_fail(c, r[0], "expected one row per level and page size; "
					    "this is a repeat of tlb.levels[%d]", j);
		if (m->tlb[j].entries >= entries)
			return rl_yaml_fail(c, r[1], "expected more entries than tlb.levels[%d] (%d, "
					    "the level before it for this page size) for 'entries', "
					    "got %s", j, m->tlb[j].entries, GOT(r[1]));
	}
	return 0;
}

/* tlb (optional): the data TLB's levels and their miss costs; a file without it has no TLB
 * term */
static int load_tlb(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const rl_yaml_key spec[] = { { "levels", 1 }, { "measured", 1 }, { "source", 0 } };
	yaml_node_t *v[3];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, "tlb", spec, 3, v) ||
	    rl_yaml_get_bool(c, v[1], "measured", &m->tlb_measured) ||
	    (v[2] && rl_yaml_get_text(c, v[2], "source", m->tlb_source, sizeof m->tlb_source, 1)))
		return -1;
	int count = rl_yaml_list_len(v[0]);
	if (v[0]->type != YAML_SEQUENCE_NODE || count < 1 || count > RL_MAX_TLB)
		return rl_yaml_fail(c, v[0], "expected a list of 1..%d TLB levels for 'levels', got "
				    "%s", RL_MAX_TLB, GOT(v[0]));
	m->ntlb = 0;
	for (int i = 0; i < count; i++) {
		if (load_tlb_level(c, rl_yaml_list_item(c, v[0], i), i, m))
			return -1;
		m->ntlb++;
	}
	return 0;
}

/* ------------------------------------------------------------------ top level */

enum { TK_SCHEMA, TK_NAME, TK_DESC, TK_SOURCE, TK_CLOCK, TK_CORES, TK_ECM, TK_CACHES,
       TK_MEMORY, TK_INCORE, TK_BW, TK_FLOPS, TK_CALIB, TK_HOST, TK_TLB, TK_COUNT };

/* ------------------------------------------------------------------ calibration */

/* a signed percentage "-4.2 %" (or a plain number) for KEY, |v| <= 1000 */
static int get_signed_percent(rl_yaml_ctx *c, yaml_node_t *n, const char *key)
{
	char gotbuf[64];
	const char *e;
	double v;
	if (rl_yaml_number_unit(n, &v, &e) || (*e && strcmp(e, "%")) || fabs(v) > 1000)
		return rl_yaml_fail(c, n, "expected a percentage in -1000..1000 (a number, "
				    "optionally with '%%') for '%s', got %s", key, GOT(n));
	return 0;
}

/* one row of calibration.rows: a calibration kernel at a level, measured vs predicted */
static int load_calib_row(rl_yaml_ctx *c, yaml_node_t *row, int i, const rl_machine *m)
{
	static const rl_yaml_key spec[] = {
		{ "kernel", 1 }, { "level", 1 }, { "measured", 1 }, { "predicted", 1 },
		{ "residual", 1 }, { "fitted", 0 },
	};
	yaml_node_t *r[6];
	char what[40], text[32], gotbuf[64];
	double x;
	int b;
	snprintf(what, sizeof what, "calibration.rows[%d]", i);
	if (rl_yaml_check_mapping(c, row, what, spec, 6, r) ||
	    rl_yaml_get_text(c, r[0], "kernel", text, sizeof text, 0) ||
	    rl_yaml_get_text(c, r[1], "level", text, sizeof text, 0))
		return -1;
	int known = !strcmp(text, "MEM");
	for (int l = 0; l < m->nlevels; l++)
		known |= !strcmp(text, m->levels[l].name);
	if (!known)
		return rl_yaml_fail(c, r[1], "expected a cache name of 'caches' or MEM for 'level', "
				    "got %s", GOT(r[1]));
	if (get_cycles(c, r[2], "measured", &x) || get_cycles(c, r[3], "predicted", &x) ||
	    get_signed_percent(c, r[4], "residual") ||
	    (r[5] && rl_yaml_get_bool(c, r[5], "fitted", &b)))
		return -1;
	return 0;
}

/* one row of calibration.rules: the residuals of a composition rule over the fitted kernels */
static int load_calib_rule(rl_yaml_ctx *c, yaml_node_t *row, int i)
{
	static const rl_yaml_key spec[] = {
		{ "rule", 1 }, { "rms", 1 }, { "max", 1 }, { "chosen", 0 }, { "source", 0 },
		{ "serial_links", 0 },
	};
	static const char *const names[] = { "serial", "overlapping", "partial" };
	yaml_node_t *r[6];
	char what[40];
	int k, b, links;
	snprintf(what, sizeof what, "calibration.rules[%d]", i);
	return rl_yaml_check_mapping(c, row, what, spec, 6, r) ||
	       (r[5] && rl_yaml_get_int(c, r[5], "serial_links", 1, RL_MAX_LEVELS - 1, &links)) ||
	       rl_yaml_get_enum(c, r[0], "rule", names, 3, "serial, overlapping, partial", &k) ||
	       get_signed_percent(c, r[1], "rms") || get_signed_percent(c, r[2], "max") ||
	       (r[3] && rl_yaml_get_bool(c, r[3], "chosen", &b)) || check_row_source(c, r[4])
		       ? -1 : 0;
}

/* calibration (optional, written by roofline-bench): how well the file's link costs and rule
 * reproduce the kernels they were fitted on (and held-out ones); checked, the rows counted */
static int load_calibration(rl_yaml_ctx *c, yaml_node_t *n, rl_machine *m)
{
	static const rl_yaml_key spec[] = { { "rows", 1 }, { "rules", 0 }, { "source", 0 } };
	yaml_node_t *v[3];
	char gotbuf[64];
	if (rl_yaml_check_mapping(c, n, "calibration", spec, 3, v) || check_row_source(c, v[2]))
		return -1;
	for (int k = 0; k < 2; k++)
		if (v[k] && v[k]->type != YAML_SEQUENCE_NODE)
			return rl_yaml_fail(c, v[k], "expected a list for '%s', got %s",
					    k ? "rules" : "rows", GOT(v[k]));
	for (int i = 0; v[1] && i < rl_yaml_list_len(v[1]); i++)
		if (load_calib_rule(c, rl_yaml_list_item(c, v[1], i), i))
			return -1;
	m->ncalib = 0;
	for (int i = 0; i < rl_yaml_list_len(v[0]); i++) {
		if (load_calib_row(c, rl_yaml_list_item(c, v[0], i), i, m))
			return -1;
		m->ncalib++;
	}
	return 0;
}

/* what the sections cannot check alone (V: the top-level values) */
static int check_across_sections(rl_yaml_ctx *c, yaml_node_t **v, const rl_machine *m)
{
	for (int i = 0; i < m->nlevels; i++)
		if (m->levels[i].shared_by > m->cores)
			return rl_yaml_fail(c, rl_yaml_list_item(c, v[TK_CACHES], i),
					    "expected shared_by <= cores (%d) in caches[%d], got %d",
					    m->cores, i, m->levels[i].shared_by);
	if (m->n_serial_fraction > m->nlevels)
		return rl_yaml_fail(c, v[TK_ECM], "expected at most %d entries in ecm.serial_fraction "
				    "(one per link of the %d cache levels, the last to memory), got %d",
				    m->nlevels, m->nlevels, m->n_serial_fraction);
	for (int i = 0; i < m->n_nonoverlapping; i++) {
		int used = 0;
		for (int j = 0; j < m->ncosts; j++)
			if (!strcmp(m->costs[j].unit, m->nonoverlapping[i])) used = 1;
		if (!used)
			return rl_yaml_fail(c, v[TK_ECM], "expected every unit in ecm.nonoverlapping to "
					    "be the unit of some incore instruction; '%s' is not",
					    m->nonoverlapping[i]);
	}
	return 0;
}

/* name, description, source, clock and cores */
static int load_identity(rl_yaml_ctx *c, yaml_node_t **v, rl_machine *m)
{
	char gotbuf[64];
	if (v[TK_NAME] &&
	    rl_yaml_get_text(c, v[TK_NAME], "name", m->long_name, sizeof m->long_name, 1))
		return -1;
	if (v[TK_DESC] && rl_yaml_get_text(c, v[TK_DESC], "description", m->description,
					   sizeof m->description, 1))
		return -1;
	if (v[TK_SOURCE] &&
	    rl_yaml_get_text(c, v[TK_SOURCE], "source", m->source, sizeof m->source, 1))
		return -1;
	if (rl_yaml_get_quantity(c, v[TK_CLOCK], "clock", "clock frequency", clock_units, 2,
				 "GHz, MHz", &m->clock_ghz))
		return -1;
	if (m->clock_ghz < 0.01 || m->clock_ghz > 100)
		return rl_yaml_fail(c, v[TK_CLOCK], "expected a clock between 10 MHz and 100 GHz "
				    "for 'clock', got %s", GOT(v[TK_CLOCK]));
	return rl_yaml_get_int(c, v[TK_CORES], "cores", 1, 65536, &m->cores);
}

/* host: the CPU a measured file describes, by cpuid (vendor, family, model) */
static int load_host(rl_yaml_ctx *c, yaml_node_t *node, rl_machine *m)
{
	enum { HK_VENDOR, HK_FAMILY, HK_MODEL, HK_COUNT };
	static const rl_yaml_key spec[HK_COUNT] = {
		{ "vendor", 1 }, { "family", 1 }, { "model", 1 },
	};
	yaml_node_t *v[HK_COUNT];
	if (rl_yaml_check_mapping(c, node, "host", spec, HK_COUNT, v) ||
	    rl_yaml_get_text(c, v[HK_VENDOR], "vendor", m->host_vendor, sizeof m->host_vendor, 0) ||
	    rl_yaml_get_int(c, v[HK_FAMILY], "family", 0, 255, &m->host_family) ||
	    rl_yaml_get_int(c, v[HK_MODEL], "model", 0, 255, &m->host_model))
		return -1;
	return 0;
}

static int load_root(rl_yaml_ctx *c, yaml_node_t *root, rl_machine *m)
{
	static const rl_yaml_key spec[TK_COUNT] = {
		{ "schema", 1 }, { "name", 0 }, { "description", 0 }, { "source", 0 },
		{ "clock", 1 }, { "cores", 1 }, { "ecm", 1 }, { "caches", 1 }, { "memory", 1 },
		{ "incore", 1 }, { "bandwidths", 0 }, { "peak_flops", 0 }, { "calibration", 0 },
		{ "host", 0 }, { "tlb", 0 },
	};
	yaml_node_t *v[TK_COUNT];
	char gotbuf[64];
	if (!root || root->type != YAML_MAPPING_NODE)
		return rl_yaml_fail(c, root, "expected a mapping of machine keys (starting with "
				    "'schema: " RL_SCHEMA_ID "'), got %s", GOT(root));
	if (rl_yaml_check_mapping(c, root, "machine", spec, TK_COUNT, v))
		return -1;
	const char *schema = rl_yaml_scalar(v[TK_SCHEMA]);
	if (!schema || strcmp(schema, RL_SCHEMA_ID))
		return rl_yaml_fail(c, v[TK_SCHEMA], "expected '" RL_SCHEMA_ID "' for 'schema', "
				    "got %s", GOT(v[TK_SCHEMA]));
	if (load_identity(c, v, m) || load_ecm(c, v[TK_ECM], m) ||
	    load_caches(c, v[TK_CACHES], m) || load_memory(c, v[TK_MEMORY], m) ||
	    load_incore(c, v[TK_INCORE], m))
		return -1;
	if (v[TK_BW] && load_figure_table(c, v[TK_BW], &bw_table, &m->nbw, m->bw_source,
					  sizeof m->bw_source, m))
		return -1;
	if (v[TK_FLOPS] && load_figure_table(c, v[TK_FLOPS], &flops_table, &m->nflops,
					     m->flops_source, sizeof m->flops_source, m))
		return -1;
	if (v[TK_CALIB] && load_calibration(c, v[TK_CALIB], m))
		return -1;
	if (v[TK_HOST] && load_host(c, v[TK_HOST], m))
		return -1;
	if (v[TK_TLB] && load_tlb(c, v[TK_TLB], m))
		return -1;
	if (check_across_sections(c, v, m))
		return -1;
	rl_machine_derive(m);
	return 0;
}

/* ------------------------------------------------------------------ the entry */

/* the machine of document ROOT (native or Kerncraft format), read from PATH */
static rl_machine *load_document(rl_yaml_ctx *c, yaml_node_t *root, const char *path)
{
	yaml_mark_t start = { 0, 0, 0 };
	if (!root) {
		rl_yaml_fail_mark(c, start, "expected a machine description (a mapping starting "
				  "with 'schema: " RL_SCHEMA_ID "'), got an empty file");
		return NULL;
	}
	rl_machine *m = calloc(1, sizeof *m);
	if (!m) {
		rl_yaml_fail_mark(c, start, "out of memory");
		return NULL;
	}
	snprintf(m->path, sizeof m->path, "%s", path);
	rl_yaml_file_stem(path, m->name, sizeof m->name);
	if (rl_machine_is_kerncraft(c, root) ? rl_machine_load_kerncraft(c, root, m)
					     : load_root(c, root, m)) {
		free(m);
		return NULL;
	}
	return m;
}

rl_machine *rl_machine_load(const char *path, char *err, size_t errlen)
{
	rl_yaml_ctx c = { path ? path : "(null)", NULL, err, errlen, 0 };
	yaml_mark_t start = { 0, 0, 0 };
	if (err && errlen)
		err[0] = '\0';
	if (!path) {
		rl_yaml_fail_mark(&c, start, "expected a machine file path, got none");
		return NULL;
	}
	if (strlen(path) >= sizeof ((rl_machine *)0)->path) {
		rl_yaml_fail_mark(&c, start, "expected a path shorter than %zu characters",
				  sizeof ((rl_machine *)0)->path);
		return NULL;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (err && errlen)
			snprintf(err, errlen, "%s: cannot open machine file: %s", path, strerror(errno));
		return NULL;
	}
	yaml_document_t doc;
	rl_machine *m = NULL;
	if (!rl_yaml_read(&c, f, &doc)) {
		m = load_document(&c, yaml_document_get_root_node(&doc), path);
		yaml_document_delete(&doc);
	}
	fclose(f);
	return m;
}
