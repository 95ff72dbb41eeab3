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

int rlb_write_machine(FILE *f, const rl_machine *m, const char *header)
{
	char b1[64];
	if (header && *header) {
		const char *p = header;
		while (*p) {
			const char *e = strchr(p, '\n');
			size_t l = e ? (size_t)(e - p) : strlen(p);
			fprintf(f, "#%s%.*s\n", l ? " " : "", (int)l, p);
			p += l + (e ? 1 : 0);
		}
	}
	fprintf(f, "schema: roofline-machine/1\n");
	if (m->long_name[0]) { fputs("name: ", f); qstr(f, m->long_name); fputc('\n', f); }
	if (m->description[0]) { fputs("description: ", f); qstr(f, m->description); fputc('\n', f); }
	if (m->source[0]) { fputs("source: ", f); qstr(f, m->source); fputc('\n', f); }
	fprintf(f, "clock: \"%.4g GHz\"\ncores: %d\n\necm:\n", m->clock_ghz, m->cores);
	fprintf(f, "  overlap: %s\n  nonoverlapping: [", m->overlap == RL_OVERLAP_ZEN ? "zen" : "serial");
	for (int i = 0; i < m->n_nonoverlapping; i++)
		fprintf(f, "%s%s", i ? ", " : "", m->nonoverlapping[i]);
	fprintf(f, "]\n  lc_safety_factor: %g\n", m->lc_safety_factor);
	if (m->ecm_source[0]) { fputs("  source: ", f); qstr(f, m->ecm_source); fputc('\n', f); }
	fputs("\ncaches:\n", f);
	for (int i = 0; i < m->nlevels; i++) {
		const rl_cache_level *c = &m->levels[i];
		size_str(b1, sizeof b1, c->size);
		fprintf(f, "  - name: %s\n    size: \"%s\"\n    line: \"%d B\"\n    ways: %d\n"
			"    shared_by: %d\n    write_allocate: %s\n    victim: %s\n", c->name, b1,
			c->line, c->ways, c->shared_by, c->write_allocate ? "true" : "false",
			c->victim ? "true" : "false");
		if (i < m->nlevels - 1)
			fprintf(f, "    transfer: \"%.4g cy/CL\"\n", c->cycles_per_line);
		if (c->source[0]) { fputs("    source: ", f); qstr(f, c->source); fputc('\n', f); }
	}
	fprintf(f, "\nmemory:\n  bandwidth: \"%.4g GB/s\"\n  benchmark: %s\n", m->mem_bandwidth_gbs,
		m->mem_benchmark[0] ? m->mem_benchmark : "load");
	if (m->mem_bandwidth_1core_gbs > 0)
		fprintf(f, "  single_core_bandwidth: \"%.4g GB/s\"\n", m->mem_bandwidth_1core_gbs);
	if (m->mem_source[0]) { fputs("  source: ", f); qstr(f, m->mem_source); fputc('\n', f); }
	fputs("\nincore:\n", f);
	if (m->port_table[0]) fprintf(f, "  port_table: %s\n", m->port_table);
	if (m->incore_source[0]) { fputs("  source: ", f); qstr(f, m->incore_source); fputc('\n', f); }
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
	if (m->nbw) {
		fputs("\nbandwidths:\n", f);
		if (m->bw_source[0]) { fputs("  source: ", f); qstr(f, m->bw_source); fputc('\n', f); }
		fputs("  rows:\n", f);
		for (int i = 0; i < m->nbw; i++) {
			const rl_bw_row *b = &m->bw[i];
			fprintf(f, "    - { level: %s, width: %d, mix: %s, cores: %d, bandwidth: \"%.4g GB/s\"",
				b->level, b->width, rl_mix_name(b->mix), b->cores, b->gbs);
			if (b->spread_pct >= 0)
				fprintf(f, ", spread: \"%.2f %%\"", b->spread_pct);
			if (b->unstable)
				fputs(", unstable: true", f);
			fputs(" }\n", f);
		}
	}
	if (m->nflops) {
		fputs("\npeak_flops:\n", f);
		if (m->flops_source[0]) { fputs("  source: ", f); qstr(f, m->flops_source); fputc('\n', f); }
		fputs("  rows:\n", f);
		for (int i = 0; i < m->nflops; i++) {
			const rl_flops_row *p = &m->flops[i];
			fprintf(f, "    - { op: %s, width: %d, precision: %s, cores: %d, flops: \"%.5g GFLOP/s\"",
				rl_fpop_name(p->op), p->width, p->precision == 32 ? "sp" : "dp", p->cores,
				p->gflops);
			if (p->spread_pct >= 0)
				fprintf(f, ", spread: \"%.2f %%\"", p->spread_pct);
			if (p->unstable)
				fputs(", unstable: true", f);
			fputs(" }\n", f);
		}
	}
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
