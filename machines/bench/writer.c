/* roofline-bench: machine-file writer (used by the measurement and by convert-kerncraft). */
#include "machines/bench/writer.h"

#include <string.h>

static void qstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void size_str(char *buf, size_t len, long long b)
{
	if (b % (1LL << 30) == 0)
		snprintf(buf, len, "%lld GiB", b >> 30);
	else if (b % (1LL << 20) == 0)
		snprintf(buf, len, "%lld MiB", b >> 20);
	else if (b % 1024 == 0)
		snprintf(buf, len, "%lld KiB", b >> 10);
	else
		snprintf(buf, len, "%lld B", b);
}

static const char *const cls_unit[RL_IC_COUNT] = {
	"load", "store", "fp", "fp", "fp", "fp_div", "fp_div", "alu", "branch", "other" };

/* "KEY: "TEXT"" on a line of its own (KEY with its indentation); nothing for an empty text */
static void put_text(FILE *f, const char *key, const char *text)
{
	if (!text[0])
		return;
	fprintf(f, "%s: ", key);
	qstr(f, text);
	fputc('\n', f);
}

/* HEADER as comment lines */
static void put_comment(FILE *f, const char *header)
{
	const char *p = header;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		fprintf(f, "#%s%.*s\n", l ? " " : "", (int)l, p);
		p += l + (e ? 1 : 0);
	}
}

static void put_ecm(FILE *f, const rl_machine *m)
{
	fprintf(f, "  overlap: %s\n", m->overlap == RL_OVERLAP_ZEN ? "zen"
		: m->overlap == RL_OVERLAP_PARTIAL ? "partial" : "serial");
	if (m->overlap == RL_OVERLAP_PARTIAL)
		fprintf(f, "  serial_links: %d\n", m->serial_links);
	fputs("  nonoverlapping: [", f);
	for (int i = 0; i < m->n_nonoverlapping; i++)
		fprintf(f, "%s%s", i ? ", " : "", m->nonoverlapping[i]);
	fprintf(f, "]\n  lc_safety_factor: %g\n", m->lc_safety_factor);
	put_text(f, "  source", m->ecm_source);
	if (m->n_serial_fraction > 0 && m->overlap != RL_OVERLAP_SERIAL) {
		fputs("  serial_fraction: [", f);
		for (int i = 0; i < m->n_serial_fraction; i++)
			fprintf(f, "%s%.3g", i ? ", " : "", m->serial_fraction[i]);
		fputs("]\n", f);
		put_text(f, "  serial_fraction_source", m->serial_fraction_source);
	}
	if (m->mem_load_factor > 0 && m->overlap != RL_OVERLAP_SERIAL) {
		fprintf(f, "  memory_load_factor: %.3g\n", m->mem_load_factor);
		put_text(f, "  memory_load_factor_source", m->mem_load_factor_source);
	}
}

static void put_caches(FILE *f, const rl_machine *m)
{
	char b1[64];
	for (int i = 0; i < m->nlevels; i++) {
		const rl_cache_level *c = &m->levels[i];
		size_str(b1, sizeof b1, c->size);
		fprintf(f, "  - name: %s\n    size: \"%s\"\n    line: \"%d B\"\n    ways: %d\n"
			"    shared_by: %d\n    write_allocate: %s\n    victim: %s\n", c->name, b1,
			c->line, c->ways, c->shared_by, c->write_allocate ? "true" : "false",
			c->victim ? "true" : "false");
		if (i < m->nlevels - 1)
			fprintf(f, "    transfer: \"%.4g cy/CL\"\n", c->cycles_per_line);
		if (i < m->nlevels - 1 && c->fill_cycles > 0 && c->evict_cycles > 0)
			fprintf(f, "    fill: \"%.4g cy/CL\"\n    evict: \"%.4g cy/CL\"\n",
				c->fill_cycles, c->evict_cycles);
		if (c->lc_factor > 0)
			fprintf(f, "    lc_factor: %.3g\n", c->lc_factor);
		if (i < m->nlevels - 1 && c->small_factor > 0) {
			size_str(b1, sizeof b1, (long long)c->small_below);
			fprintf(f, "    small_working_sets: { below: \"%s\", factor: %.3g", b1,
				c->small_factor);
			if (c->small_write_only > 0)
				fprintf(f, ", write_only: %.3g", c->small_write_only);
			fprintf(f, " }\n");
		}
		rlb_write_memory_share(f, c, "    ");
		put_text(f, "    source", c->source);
	}
}

void rlb_write_memory_share(FILE *f, const rl_cache_level *c, const char *indent)
{
	char b1[64];
	if (c->mshare_n < 1)
		return;
	fprintf(f, "%smemory_share: { sizes: [", indent);
	for (int i = 0; i < c->mshare_n; i++) {
		size_str(b1, sizeof b1, (long long)c->mshare_ws[i]);
		fprintf(f, "%s\"%s\"", i ? ", " : "", b1);
	}
	fprintf(f, "], shares: [");
	for (int i = 0; i < c->mshare_n; i++)
		fprintf(f, "%s%.3g", i ? ", " : "", c->mshare[i]);
	if (c->mshare_has_reuse) {
		fprintf(f, "], reuse_shares: [");
		for (int i = 0; i < c->mshare_n; i++)
			fprintf(f, "%s%.3g", i ? ", " : "", c->mshare_reuse[i]);
	}
	fprintf(f, "] }\n");
}

static void put_tlb(FILE *f, const rl_machine *m)
{
	char b1[64];
	if (m->ntlb < 1)
		return;
	fprintf(f, "\ntlb:\n  measured: %s\n", m->tlb_measured ? "true" : "false");
	put_text(f, "  source", m->tlb_source);
	fputs("  levels:\n", f);
	for (int i = 0; i < m->ntlb; i++) {
		size_str(b1, sizeof b1, m->tlb[i].page);
		fprintf(f, "    - { name: %s, entries: %d, page: \"%s\", miss: \"%.3g cy\" }\n",
			m->tlb[i].name, m->tlb[i].entries, b1, m->tlb[i].miss_cycles);
	}
}

static void put_incore(FILE *f, const rl_machine *m)
{
	if (m->port_table[0]) fprintf(f, "  port_table: %s\n", m->port_table);
	put_text(f, "  source", m->incore_source);
	fputs("  instructions:\n", f);
	for (int i = 0; i < m->ncosts; i++) {
		const rl_iclass_cost *k = &m->costs[i];
		fprintf(f, "    - { class: %s, width: %d, ", rl_iclass_name(k->cls), k->width);
		if (k->precision)
			fprintf(f, "precision: %s, ", k->precision == 32 ? "sp" : "dp");
		fprintf(f, "unit: %s, cycles: %.4g", k->unit[0] ? k->unit : cls_unit[k->cls], k->cycles);
		if (k->latency > 0)
			fprintf(f, ", latency: %.4g", k->latency);
		fputs(" }\n", f);
	}
}

/* the end of a figure row: spread and unstable when given */
static void put_row_end(FILE *f, double spread_pct, int unstable)
{
	if (spread_pct >= 0)
		fprintf(f, ", spread: \"%.2f %%\"", spread_pct);
	if (unstable)
		fputs(", unstable: true", f);
	fputs(" }\n", f);
}

/* the start of a figure table KEY with its SOURCE */
static void put_table_start(FILE *f, const char *key, const char *source)
{
	fprintf(f, "\n%s:\n", key);
	put_text(f, "  source", source);
	fputs("  rows:\n", f);
}

static void put_bandwidths(FILE *f, const rl_machine *m)
{
	put_table_start(f, "bandwidths", m->bw_source);
	for (int i = 0; i < m->nbw; i++) {
		const rl_bw_row *b = &m->bw[i];
		fprintf(f, "    - { level: %s, width: %d, mix: %s, cores: %d, bandwidth: \"%.4g GB/s\"",
			b->level, b->width, rl_mix_name(b->mix), b->cores, b->gbs);
		put_row_end(f, b->spread_pct, b->unstable);
	}
}

static void put_peak_flops(FILE *f, const rl_machine *m)
{
	put_table_start(f, "peak_flops", m->flops_source);
	for (int i = 0; i < m->nflops; i++) {
		const rl_flops_row *p = &m->flops[i];
		fprintf(f, "    - { op: %s, width: %d, precision: %s, cores: %d, flops: \"%.5g GFLOP/s\"",
			rl_fpop_name(p->op), p->width, p->precision == 32 ? "sp" : "dp", p->cores,
			p->gflops);
		put_row_end(f, p->spread_pct, p->unstable);
	}
}

int rlb_write_machine(FILE *f, const rl_machine *m, const char *header)
{
	if (header && *header)
		put_comment(f, header);
	fprintf(f, "schema: roofline-machine/1\n");
	put_text(f, "name", m->long_name);
	put_text(f, "description", m->description);
	put_text(f, "source", m->source);
	if (m->host_vendor[0])
		fprintf(f, "host: { vendor: %s, family: %d, model: %d }\n", m->host_vendor,
			m->host_family, m->host_model);
	fprintf(f, "clock: \"%.4g GHz\"\ncores: %d\n\necm:\n", m->clock_ghz, m->cores);
	put_ecm(f, m);
	fputs("\ncaches:\n", f);
	put_caches(f, m);
	fprintf(f, "\nmemory:\n  bandwidth: \"%.4g GB/s\"\n  benchmark: %s\n", m->mem_bandwidth_gbs,
		m->mem_benchmark[0] ? m->mem_benchmark : "load");
	if (m->mem_bandwidth_1core_gbs > 0)
		fprintf(f, "  single_core_bandwidth: \"%.4g GB/s\"\n", m->mem_bandwidth_1core_gbs);
	if (m->mem_fill_cycles > 0 && m->mem_evict_cycles > 0)
		fprintf(f, "  fill: \"%.4g cy/CL\"\n  evict: \"%.4g cy/CL\"\n", m->mem_fill_cycles,
			m->mem_evict_cycles);
	if (m->mem_nt_cycles > 0)
		fprintf(f, "  nt_store: \"%.4g cy/CL\"\n", m->mem_nt_cycles);
	if (m->mem_nt_cycles > 0 && m->mem_nt_mixed_cycles > 0)
		fprintf(f, "  nt_mixed: \"%.4g cy/CL\"\n", m->mem_nt_mixed_cycles);
	put_text(f, "  source", m->mem_source);
	put_tlb(f, m);
	fputs("\nincore:\n", f);
	put_incore(f, m);
	if (m->nbw)
		put_bandwidths(f, m);
	if (m->nflops)
		put_peak_flops(f, m);
	return ferror(f) ? -1 : 0;
}

int rlb_convert_kerncraft(const char *in, FILE *out, char *err, size_t errlen)
{
	rl_machine *m = rl_machine_load(in, err, errlen);
	if (!m)
		return -1;
	char hdr[1024];
	snprintf(hdr, sizeof hdr,
		 "Converted by `roofline-bench convert-kerncraft %s`.\n"
		 "Cache geometry, clock, cores, FLOPs per cycle and the benchmark measurements come\n"
		 "from the Kerncraft file; the in-core rows are ESTIMATES synthesised from its\n"
		 "'FLOPs per cycle' (Kerncraft itself uses OSACA/IACA/LLVM-MCA for the in-core part).",
		 in);
	int r = rlb_write_machine(out, m, hdr);
	if (r && err && errlen)
		snprintf(err, errlen, "%s: write error", in);
	rl_machine_free(m);
	return r;
}
