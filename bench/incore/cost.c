/* Cost of the in-core model per loop.
 * Reads loop bodies as printed by the plugin with ROOFLINE_DUMP_INSNS=1 (stdin), loads a
 * machine file and its port table, and times rl_incore_ports on every body (best of 50
 * timings of 20 calls).  Prints the median and maximum microseconds per loop.
 * Build and run: bench/incore/cost.sh */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "portmodel/ports.h"

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void parse_list(const char *s, int *v, int *n, int max, unsigned *addr)
{
	*n = 0;
	while (*s && *s != ' ' && *n < max) {
		char *e;
		long r = strtol(s, &e, 10);
		if (e == s)
			break;
		if (*e == 'a') {
			if (addr)
				*addr |= 1u << *n;
			e++;
		}
		v[(*n)++] = (int)r;
		s = *e == ',' ? e + 1 : e;
	}
}

int main(int argc, char **argv)
{
	char err[512];
	const char *mpath = argc > 1 ? argv[1] : "machines/emr-host.yml";
	const char *ppath = argc > 2 ? argv[2] : "machines/ports/glc.yml";
	rl_machine *m = rl_machine_load(mpath, err, sizeof err);
	rl_ports *p = rl_ports_load(ppath, err, sizeof err);
	if (!m || !p) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	static rl_body bodies[512];
	int nb = 0;
	char line[512];
	rl_body *b = NULL;
	while (fgets(line, sizeof line, stdin)) {
		if (!strncmp(line, "roofline-insns:", 15)) {
			if (nb == 512)
				break;
			b = &bodies[nb++];
			memset(b, 0, sizeof(*b));
			b->iters_per_pass = b->unroll = b->vector_factor = 1;
			continue;
		}
		if (!b || line[0] != ' ' || b->ninsns == RL_MAX_INSNS)
			continue;
		rl_insn *in = &b->insns[b->ninsns];
		memset(in, 0, sizeof(*in));
		int cls, mem;
		char defs[128] = "", uses[128] = "";
		if (sscanf(line, " %31s cls=%d w=%d e=%d mem=%d mw=%d defs=%127s uses=%127s align=%d disp=%ld",
			   in->mnemonic, &cls, &in->width, &in->elem_bits, &mem, &in->mem_width, defs,
			   uses, &in->mem_align, &in->mem_disp) < 6)
			continue;
		/* "defs= uses=..." (no defs) makes sscanf take "uses=..." as defs */
		if (!strncmp(defs, "uses=", 5)) {
			snprintf(uses, sizeof uses, "%s", defs + 5);
			defs[0] = 0;
		}
		in->cls = (rl_iclass)cls;
		in->mem = (rl_mem_kind)mem;
		parse_list(defs, in->defs, &in->ndefs, RL_MAX_DEFS, NULL);
		parse_list(uses, in->uses, &in->nuses, RL_MAX_USES, &in->use_addr);
		b->ninsns++;
	}
	double *us = calloc((size_t)nb + 1, sizeof(double));
	double total = 0;
	int unknown = 0;
	char names[512] = "";
	for (int i = 0; i < nb; i++) {
		rl_incore out;
		rl_incore_ports(m, p, &bodies[i], &out);
		unknown += out.unknown;
		if (out.unknown && strlen(names) + strlen(out.unknown_names) + 2 < sizeof names &&
		    !strstr(names, out.unknown_names)) {
			strcat(names, " ");
			strcat(names, out.unknown_names);
		}
	}
	if (argc > 3) {   /* table check only */
		printf("%-5s %d loop bodies: %d instructions not in the table%s%s\n", p->name, nb, unknown,
		       unknown ? ":" : "", names);
		free(us);
		rl_ports_free(p);
		rl_machine_free(m);
		return 0;
	}
	for (int i = 0; i < nb; i++) {
		double best = 1e30;
		for (int r = 0; r < 50; r++) {
			rl_incore out;
			double t0 = now_us();
			for (int k = 0; k < 20; k++)
				rl_incore_ports(m, p, &bodies[i], &out);
			double t = (now_us() - t0) / 20;
			if (t < best)
				best = t;
		}
		us[i] = best;
		total += best;
	}
	qsort(us, (size_t)nb, sizeof(double), cmpd);
	printf("%d loop bodies (%s): rl_incore_ports median %.1f us, max %.1f us, mean %.1f us per loop\n",
	       nb, p->name, nb ? us[nb / 2] : 0, nb ? us[nb - 1] : 0, nb ? total / nb : 0);
	free(us);
	rl_ports_free(p);
	rl_machine_free(m);
	return 0;
}
