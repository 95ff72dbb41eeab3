/* kerncraft.c - read a Kerncraft machine file (RRZE-HPC/kerncraft, examples/machine-files)
 * into an rl_machine.
 *
 * Such a file is recognised by a top-level 'memory hierarchy' key and no 'schema' key.
 * Mapping (docs/machine-files.md, "Kerncraft machine files"): clock, cores per socket, cache
 * geometry (sets x ways x cl_size), cores per group -> shared_by, upstream throughput of level
 * k+1 -> transfer of level k, 'transfers overlap: true' anywhere -> zen overlap, memory
 * bandwidth = the best 'update' measurement over 1..min(cores per group of MEM, cores per NUMA
 * domain) cores (1 thread per core), as Kerncraft's ECM model selects it; benchmark
 * measurements -> bandwidths table; FLOPs per cycle -> peak_flops table and (estimated)
 * in-core rows.
 */
#include "machines/machine.h"
#include "machines/machine-load.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define GOT RL_YAML_GOT

/* The parts of the file the phases below share */
typedef struct kc_file {
	yaml_node_t *root;
	yaml_node_t *level[RL_MAX_LEVELS];  /* the cache levels of 'memory hierarchy' */
	yaml_node_t *mem;                   /* its MEM level */
	int numa_cores;                     /* cores per NUMA domain */
} kc_file;

static yaml_node_t *get(rl_yaml_ctx *c, yaml_node_t *map, const char *key)
{
	return rl_yaml_map_get(c, map, key);
}

int rl_machine_is_kerncraft(rl_yaml_ctx *c, yaml_node_t *root)
{
	return root->type == YAML_MAPPING_NODE && !get(c, root, "schema") &&
	       get(c, root, "memory hierarchy");
}

/* ------------------------------------------------------------------ values */

static int kc_require(rl_yaml_ctx *c, yaml_node_t *map, const char *key, const char *what,
		      yaml_node_t **out)
{
	*out = get(c, map, key);
	if (!*out)
		return rl_yaml_fail(c, map, "expected key '%s' in %s (Kerncraft machine file)", key,
				    what);
	return 0;
}

static int kc_int(rl_yaml_ctx *c, yaml_node_t *map, const char *key, const char *what, long lo,
		  long hi, int *out)
{
	yaml_node_t *n;
	if (kc_require(c, map, key, what, &n))
		return -1;
	return rl_yaml_get_int(c, n, key, lo, hi, out);
}

/* an optional flag: DFLT unless N is true/True or false/False */
static int kc_bool(yaml_node_t *n, int dflt)
{
	const char *s = rl_yaml_scalar(n);
	if (!s) return dflt;
	if (!strcmp(s, "true") || !strcmp(s, "True")) return 1;
	if (!strcmp(s, "false") || !strcmp(s, "False")) return 0;
	return dflt;
}

static int kc_gbs(rl_yaml_ctx *c, yaml_node_t *n, double *out)
{
	char gotbuf[64];
	double v;
	const char *u;
	if (rl_yaml_number_unit(n, &v, &u) || !(v > 0))
		goto bad;
	if (!strcmp(u, "GB/s")) *out = v;
	else if (!strcmp(u, "MB/s")) *out = v * 1e-3;
	else if (!strcmp(u, "kB/s")) *out = v * 1e-6;
	else if (!strcmp(u, "B/s")) *out = v * 1e-9;
	else goto bad;
	return 0;
bad:
	return rl_yaml_fail(c, n, "expected a bandwidth like '40.1 GB/s' in a Kerncraft "
			    "measurement, got %s", GOT(n));
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

/* ------------------------------------------------------------------ the machine */

/* clock, cores, names; the conventions of Kerncraft's ECM model */
static int kc_identity(rl_yaml_ctx *c, kc_file *k, rl_machine *m)
{
	char gotbuf[64];
	yaml_node_t *n;
	double v;
	const char *u;
	if (kc_require(c, k->root, "clock", "the machine", &n))
		return -1;
	if (rl_yaml_number_unit(n, &v, &u) || !(v > 0) ||
	    !(!strcmp(u, "GHz") || !strcmp(u, "MHz") || !strcmp(u, "Hz")))
		return rl_yaml_fail(c, n, "expected a clock like '2.7 GHz' for 'clock', got %s",
				    GOT(n));
	m->clock_ghz = !strcmp(u, "GHz") ? v : !strcmp(u, "MHz") ? v * 1e-3 : v * 1e-9;
	if (m->clock_ghz < 0.01 || m->clock_ghz > 100)
		return rl_yaml_fail(c, n, "expected a clock between 10 MHz and 100 GHz, got %s",
				    GOT(n));
	if (kc_int(c, k->root, "cores per socket", "the machine", 1, 65536, &m->cores))
		return -1;
	k->numa_cores = m->cores;
	if ((n = get(c, k->root, "cores per NUMA domain")) &&
	    rl_yaml_get_int(c, n, "cores per NUMA domain", 1, 65536, &k->numa_cores))
		return -1;
	if ((n = get(c, k->root, "model name")) && rl_yaml_scalar(n))
		snprintf(m->long_name, sizeof m->long_name, "%s", rl_yaml_scalar(n));
	if ((n = get(c, k->root, "model type")) && rl_yaml_scalar(n))
		snprintf(m->description, sizeof m->description, "%s (from a Kerncraft machine file)",
			 rl_yaml_scalar(n));
	snprintf(m->source, sizeof m->source, "Kerncraft machine file %s", c->file);
	m->overlap = RL_OVERLAP_SERIAL;
	m->lc_safety_factor = 1.0; /* Kerncraft uses the full capacity */
	snprintf(m->ecm_source, sizeof m->ecm_source, "Kerncraft file: 'transfers overlap' flags; "
		 "full cache capacity for layer conditions (Kerncraft convention)");
	return 0;
}

/* the cache levels and the MEM level of 'memory hierarchy' */
static int kc_hierarchy(rl_yaml_ctx *c, kc_file *k, rl_machine *m)
{
	char gotbuf[64];
	yaml_node_t *hier;
	if (kc_require(c, k->root, "memory hierarchy", "the machine", &hier))
		return -1;
	if (hier->type != YAML_SEQUENCE_NODE)
		return rl_yaml_fail(c, hier, "expected a list of levels for 'memory hierarchy', "
				    "got %s", GOT(hier));
	int nl = 0;
	k->mem = NULL;
	for (int i = 0; i < rl_yaml_list_len(hier) && !k->mem; i++) {
		yaml_node_t *l = rl_yaml_list_item(c, hier, i), *nm;
		if (kc_require(c, l, "level", "a memory hierarchy level", &nm))
			return -1;
		if (rl_yaml_scalar(nm) && !strcmp(rl_yaml_scalar(nm), "MEM"))
			k->mem = l;
		else if (nl >= RL_MAX_LEVELS)
			return rl_yaml_fail(c, l, "expected at most %d cache levels", RL_MAX_LEVELS);
		else
			k->level[nl++] = l;
	}
	if (!k->mem || nl == 0)
		return rl_yaml_fail(c, hier, "expected cache levels followed by a 'MEM' level in "
				    "'memory hierarchy'");
	m->nlevels = nl;
	return 0;
}

/* cache level I: geometry, sharing, victim and overlap flags */
static int kc_cache_level(rl_yaml_ctx *c, const kc_file *k, int i, rl_machine *m)
{
	rl_cache_level *L = &m->levels[i];
	yaml_node_t *lv = k->level[i], *cpg = get(c, lv, "cache per group");
	if (rl_yaml_get_text(c, get(c, lv, "level"), "level", L->name, sizeof L->name, 0))
		return -1;
	if (!cpg)
		return rl_yaml_fail(c, lv, "expected 'cache per group' in level %s", L->name);
	int sets, ways, cl;
	if (kc_int(c, cpg, "sets", "'cache per group'", 1, 1 << 30, &sets) ||
	    kc_int(c, cpg, "ways", "'cache per group'", 1, 1024, &ways) ||
	    kc_int(c, cpg, "cl_size", "'cache per group'", 8, 4096, &cl))
		return -1;
	L->size = (long long)sets * ways * cl;
	L->line = cl;
	L->ways = ways;
	L->write_allocate = kc_bool(get(c, cpg, "write_allocate"), 1);
	if (kc_int(c, lv, "cores per group", "a cache level", 1, 65536, &L->shared_by))
		return -1;
	if (L->shared_by > m->cores)
		L->shared_by = m->cores;
	if (i > 0) {
		const char *vt = rl_yaml_scalar(get(c, get(c, k->level[i - 1], "cache per group"),
						    "victims_to"));
		L->victim = vt && !strcmp(vt, L->name);
	}
	if (kc_bool(get(c, lv, "transfers overlap"), 0))
		m->overlap = RL_OVERLAP_ZEN;
	snprintf(L->source, sizeof L->source, "Kerncraft: %d sets x %d ways x %d B, %d cores "
		 "per group", sets, ways, cl, L->shared_by);
	return 0;
}

/* transfer of level I from the upstream throughput of level I+1 */
static int kc_transfer(rl_yaml_ctx *c, const kc_file *k, int i, rl_machine *m)
{
	char gotbuf[64];
	yaml_node_t *up = get(c, k->level[i + 1], "upstream throughput"), *t0;
	double v;
	const char *u;
	if (rl_yaml_list_len(up) == 0)
		return rl_yaml_fail(c, k->level[i + 1], "expected 'upstream throughput: [N B/cy, "
				    "half-duplex]' in level %s", m->levels[i + 1].name);
	t0 = rl_yaml_list_item(c, up, 0);
	if (rl_yaml_number_unit(t0, &v, &u) || strcmp(u, "B/cy") || !(v > 0))
		return rl_yaml_fail(c, t0, "expected a throughput like '32 B/cy', got %s", GOT(t0));
	m->levels[i].cycles_per_line = m->levels[i].line / v;
	char tr[64];
	snprintf(tr, sizeof tr, "; transfer: %s upstream %g B/cy", m->levels[i + 1].name, v);
	size_t l = strlen(m->levels[i].source);
	if (l + strlen(tr) < sizeof m->levels[i].source)
		memcpy(m->levels[i].source + l, tr, strlen(tr) + 1);
	return 0;
}

/* ------------------------------------------------------------------ measurements */

/* Kerncraft benchmark kernels and the load/store mix each measures */
static const struct {
	const char *kernel;
	rl_mix mix;
} kc_kernels[] = {
	{ "load", RL_MIX_LOAD }, { "daxpy", RL_MIX_2LD1ST }, { "copy", RL_MIX_1LD1ST },
};

/* bandwidths rows of level LNAME from its measurements with 1 thread per core (TP) */
static int kc_level_rows(rl_yaml_ctx *c, const kc_file *k, const char *lname, yaml_node_t *tp,
			 rl_machine *m)
{
	yaml_node_t *kern = get(c, get(c, k->root, "benchmarks"), "kernels");
	yaml_node_t *res = get(c, tp, "results"), *cores = get(c, tp, "cores");
	int nc = rl_yaml_list_len(cores);
	for (size_t j = 0; j < sizeof kc_kernels / sizeof kc_kernels[0]; j++) {
		yaml_node_t *r = get(c, res, kc_kernels[j].kernel);
		if (!r || r->type != YAML_SEQUENCE_NODE)
			continue;
		int width = kc_width(rl_yaml_scalar(get(c, get(c, kern, kc_kernels[j].kernel),
							"fastest bench kernel")));
		int nr = rl_yaml_list_len(r);
		for (int i = 0; i < nr && i < nc && m->nbw < RL_MAX_BW; i++) {
			rl_bw_row *b = &m->bw[m->nbw];
			int cc;
			if (rl_yaml_get_int(c, rl_yaml_list_item(c, cores, i), "cores", 1, 65536, &cc) ||
			    kc_gbs(c, rl_yaml_list_item(c, r, i), &b->gbs))
				return -1;
			if (cc > m->cores)
				continue;
			snprintf(b->level, sizeof b->level, "%s", lname);
			b->width = width;
			b->mix = kc_kernels[j].mix;
			b->cores = cc;
			b->spread_pct = -1;
			m->nbw++;
		}
	}
	return 0;
}

/* memory bandwidth as Kerncraft's ECM model picks it: the best 'update' (else 'load')
 * result over 1..MAXC cores; RES: the MEM results with 1 thread per core */
static int kc_memory_bandwidth(rl_yaml_ctx *c, yaml_node_t *res, int maxc, rl_machine *m)
{
	const char *bench = get(c, res, "update") ? "update" : "load";
	yaml_node_t *r = get(c, res, bench);
	if (rl_yaml_list_len(r) == 0)
		return rl_yaml_fail(c, res, "expected 'update' or 'load' results for MEM");
	double best = 0, one = 0;
	for (int i = 0; i < rl_yaml_list_len(r) && i < maxc; i++) {
		double g;
		if (kc_gbs(c, rl_yaml_list_item(c, r, i), &g))
			return -1;
		if (i == 0) one = g;
		if (g > best) best = g;
	}
	m->mem_bandwidth_gbs = best;
	m->mem_bandwidth_1core_gbs = one;
	snprintf(m->mem_benchmark, sizeof m->mem_benchmark, "%s", bench);
	snprintf(m->mem_source, sizeof m->mem_source, "Kerncraft measurement MEM, %s, best "
		 "over 1..%d cores, 1 thread per core (Kerncraft ECM rule)", bench, maxc);
	return 0;
}

/* 'benchmarks.measurements' with 1 thread per core -> bandwidths rows and memory bandwidth */
static int kc_measurements(rl_yaml_ctx *c, const kc_file *k, rl_machine *m)
{
	yaml_node_t *meas = get(c, get(c, k->root, "benchmarks"), "measurements"), *n;
	int mem_cpg = m->cores;
	if ((n = get(c, k->mem, "cores per group")) &&
	    rl_yaml_get_int(c, n, "cores per group", 1, 65536, &mem_cpg))
		return -1;
	int maxc = mem_cpg < k->numa_cores ? mem_cpg : k->numa_cores;
	for (int li = 0; li <= m->nlevels; li++) {
		const char *lname = li < m->nlevels ? m->levels[li].name : "MEM";
		yaml_node_t *tp = get(c, get(c, meas, lname), "1");
		yaml_node_t *res = get(c, tp, "results"), *cores = get(c, tp, "cores");
		if (!res || !cores || cores->type != YAML_SEQUENCE_NODE)
			continue;
		if (kc_level_rows(c, k, lname, tp, m))
			return -1;
		if (li == m->nlevels && kc_memory_bandwidth(c, res, maxc, m))
			return -1;
	}
	if (m->mem_bandwidth_gbs <= 0)
		return rl_yaml_fail(c, k->root, "expected benchmarks.measurements.MEM with 1 thread "
				    "per core");
	snprintf(m->bw_source, sizeof m->bw_source, "Kerncraft benchmark measurements "
		 "(likwid-bench), 1 thread per core: load -> load, daxpy -> 2load_1store, copy -> "
		 "load_store");
	return 0;
}

/* ------------------------------------------------------------------ in-core figures */

/* DP FLOPs per cycle of one core, indexed as kc_fp_keys */
enum { KC_FMA, KC_ADD, KC_MUL, KC_TOTAL, KC_NFP };
static const char *const kc_fp_keys[KC_NFP] = { "FMA", "ADD", "MUL", "total" };

/* 'FLOPs per cycle' -> peak_flops rows (1 core and all cores); DP[] the DP figures */
static void kc_peak_flops(rl_yaml_ctx *c, const kc_file *k, rl_machine *m, double *dp)
{
	static const rl_fpop fo[KC_NFP] = { RL_FP_FMA, RL_FP_ADD, RL_FP_MUL, RL_FP_PEAK };
	yaml_node_t *fpc = get(c, k->root, "FLOPs per cycle");
	for (int p = 0; p < 2; p++) {
		yaml_node_t *pm = get(c, fpc, p ? "DP" : "SP");
		for (int j = 0; j < KC_NFP; j++) {
			yaml_node_t *x = get(c, pm, kc_fp_keys[j]);
			double f;
			const char *e;
			if (!rl_yaml_scalar(x) || rl_yaml_parse_number(rl_yaml_scalar(x), &f, &e) ||
			    !(f > 0))
				continue;
			if (p)
				dp[j] = f;
			for (int ci = 0; ci < 2 && m->nflops + 1 < RL_MAX_FLOPS; ci++) {
				int cc = ci ? m->cores : 1;
				if (ci && cc == 1) break;
				m->flops[m->nflops++] = (rl_flops_row){ fo[j], 0, p ? 64 : 32, cc,
									 f * m->clock_ghz * cc, -1, 0 };
			}
		}
	}
	snprintf(m->flops_source, sizeof m->flops_source, "Kerncraft 'FLOPs per cycle' x clock "
		 "(theoretical, per core and x cores)");
}

/* in-core rows: estimates from the DP FLOPs per cycle */
static void kc_incore_rows(const double *dp, rl_machine *m)
{
	int maxw = dp[KC_TOTAL] >= 32 ? 512 : dp[KC_TOTAL] >= 8 ? 256 : 128;
	double lanes = maxw / 64.0;
	m->ncosts = 0;
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_LOAD, 0, "load", 0.5, 0, 0 };
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_STORE, 0, "store", 1, 0, 0 };
	if (dp[KC_ADD] > 0)
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FADD, 0, "fp", lanes / dp[KC_ADD],
							  0, 0 };
	if (dp[KC_MUL] > 0)
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FMUL, 0, "fp", lanes / dp[KC_MUL],
							  0, 0 };
	if (dp[KC_FMA] > 0) {
		double ipc = dp[KC_FMA] == dp[KC_TOTAL] ? dp[KC_FMA] / (2 * lanes)
							: dp[KC_FMA] / lanes;
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_FMA, 0, "fp", 1 / ipc, 0, 0 };
	}
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_IALU, 0, "alu", 0.25, 0, 0 };
	snprintf(m->incore_source, sizeof m->incore_source, "ESTIMATE synthesised from Kerncraft "
		 "'FLOPs per cycle' (%d-bit vectors assumed); loads 2/cy, stores 1/cy assumed", maxw);
	snprintf(m->nonoverlapping[0], sizeof m->nonoverlapping[0], "load");
	m->n_nonoverlapping = 1;
}

/* port table named after Kerncraft's OSACA model (e.g. SNB -> snb) */
static void kc_port_table(rl_yaml_ctx *c, const kc_file *k, rl_machine *m)
{
	yaml_node_t *icm = get(c, k->root, "in-core model");
	const char *osaca = NULL;
	if (icm && icm->type == YAML_SEQUENCE_NODE) { /* !!omap: list of one-pair mappings */
		for (int i = 0; i < rl_yaml_list_len(icm) && !osaca; i++)
			osaca = rl_yaml_scalar(get(c, rl_yaml_list_item(c, icm, i), "OSACA"));
	} else if (icm) {
		osaca = rl_yaml_scalar(get(c, icm, "OSACA"));
	}
	if (!osaca)
		return;
	size_t i = 0;
	for (; osaca[i] && i + 1 < sizeof m->port_table; i++)
		m->port_table[i] = (char)tolower((unsigned char)osaca[i]);
	m->port_table[i] = 0;
}

int rl_machine_load_kerncraft(rl_yaml_ctx *c, yaml_node_t *root, rl_machine *m)
{
	kc_file k = { .root = root };
	double dp[KC_NFP] = { 0 };
	m->from_kerncraft = 1;
	if (kc_identity(c, &k, m) || kc_hierarchy(c, &k, m))
		return -1;
	for (int i = 0; i < m->nlevels; i++)
		if (kc_cache_level(c, &k, i, m))
			return -1;
	for (int i = 0; i + 1 < m->nlevels; i++)
		if (kc_transfer(c, &k, i, m))
			return -1;
	if (kc_measurements(c, &k, m))
		return -1;
	kc_peak_flops(c, &k, m, dp);
	kc_incore_rows(dp, m);
	kc_port_table(c, &k, m);
	rl_machine_derive(m);
	return 0;
}
