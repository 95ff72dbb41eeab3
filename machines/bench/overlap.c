/* roofline-bench: serial fractions of the overlapping links (machines/bench/overlap.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "machines/bench/grid-sweep.h"
#include "machines/bench/overlap.h"
#include "model/ecm.h"
#include "polyhedral/traffic.h"

#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* the 2D 5-point Jacobi of docs/model.md section 8: four neighbours of row j of A into row j
 * of B; the in-row neighbours' loads span two lines (a split load costs two load slots) */
#define J2D5_BODY                                                                      \
	for (long j = 1; j < rows - 1; j++)                                             \
		for (long i = 1; i < n - 1; i++)                                        \
			b[j * n + i] = 0.25 * (a[j * n + i - 1] + a[j * n + i + 1] +        \
					       a[(j - 1) * n + i] + a[(j + 1) * n + i]);

__attribute__((noinline, optimize("O3"), target("avx512f,avx2,fma,prefer-vector-width=512")))
static void j2d5_avx512(double *restrict b, const double *restrict a, long rows, long n)
{
	J2D5_BODY
}

__attribute__((noinline, optimize("O3"), target("avx2,fma")))
static void j2d5_avx2(double *restrict b, const double *restrict a, long rows, long n)
{
	J2D5_BODY
}

__attribute__((noinline, optimize("O3")))
static void j2d5_sse(double *restrict b, const double *restrict a, long rows, long n)
{
	J2D5_BODY
}

static void sweep(double *b, const double *a, long rows, long n, int avx)
{
	if (avx == 2)
		j2d5_avx512(b, a, rows, n);
	else if (avx == 1)
		j2d5_avx2(b, a, rows, n);
	else
		j2d5_sse(b, a, rows, n);
}

/* ns per lattice update of the grid ROWS x N: best of REPS timings of >= 0.3 ms (and at least
 * one sweep) after 1 ms (memory: one sweep) of warm-up; arrays on 2 MiB pages where the kernel
 * gives them (the accuracy harness's setting), B 17 lines + 5 pages after A's start modulo
 * 2 MiB; 0 when the memory is not there */
static double time_grid(long rows, long n, int avx, int reps)
{
	size_t bytes = (size_t)rows * n * sizeof(double), off = 17 * 64 + 5 * 4096;
	size_t each = (bytes + off + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
	size_t len = 2 * each + (2u << 20);
	char *raw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return 0;
	char *base = (char *)(((size_t)raw + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1));
	madvise(base, 2 * each, MADV_HUGEPAGE);
	double *a = (double *)base, *b = (double *)(base + each + off);
	for (long i = 0; i < rows * n; i++)
		a[i] = b[i] = 1.0 + (double)(i % 7);
	double best = rlb_grid_best_ns(sweep, b, a, rows, n, avx, reps);
	munmap(raw, len);
	return best;
}

void rlb_overlap_measure(rlb_overlap *o, const rl_machine *m, const long long *ws, double ghz,
			 int avx, int quiet)
{
	memset(o, 0, sizeof *o);
	o->nlevels = m->nlevels;
	o->avx = avx;
	/* rows of L1 / 192 doubles (258 on a 48 KiB L1): three of them take 1/8 of the L1, so
	   the layer conditions hold at every level and a unit of work moves a copy's lines; not
	   a multiple of 8 doubles, so that rows start at every offset in a line as in a user's
	   grid (docs/model.md section 8) */
	o->n = m->nlevels > 0 ? m->levels[0].size / 192 + 2 : 258;
	if (o->n < 66)
		o->n = 66;
	for (int L = 0; L <= m->nlevels; L++) {
		long long bytes = ws[L];
		if (L == m->nlevels && bytes > (256LL << 20))
			bytes = 256LL << 20;   /* memory: 16 x a copy's lines of 32 MiB L3s, ~50 ms */
		o->rows[L] = bytes / (2 * 8 * o->n);
		if (o->rows[L] < 4)
			o->rows[L] = 4;
		double ns = time_grid(o->rows[L], o->n, avx, L == m->nlevels ? 5 : 9);
		o->t[L] = ns * 8 * ghz;
		if (!quiet)
			fprintf(stderr, "roofline-bench: serial fractions: 2D 5-point Jacobi %ld x %ld "
				"(%s): %.2f cy per 8 updates\n", o->rows[L], o->n,
				L < m->nlevels ? m->levels[L].name : "MEM", o->t[L]);
	}
}

/* the kernel's transfer per link with M's costs: one line read, one written per unit */
static void kernel_links(rlb_overlap *o, const rl_machine *m)
{
	static rl_traffic t;
	memset(&t, 0, sizeof t);
	for (int s = 0; s < 2; s++) {
		rl_stream_lines sl = { s == 0, s == 1, { 0 }, 1.0 };
		for (int b = 0; b < m->nlevels && b < RL_MAX_LEVELS; b++)
			sl.missed[b] = 1.0;
		rl_traffic_add_stream(&t, m, 0, &sl);
	}
	t.nboundaries = m->nlevels;
	for (int b = 0; b < m->nlevels; b++)
		o->link[b] = rl_ecm_boundary_cycles(m, &t, b);
}

/* the Jacobi kernel at level LV with fractions FRAC: its L1 time is T_OL and T_nOL */
static double kernel_predict(const rlb_overlap *o, const rl_machine *m, const double *frac,
			     int lv)
{
	return rl_ecm_level_cycles_frac(m->overlap, m->serial_links, frac, o->t[0], o->t[0],
					o->link, lv);
}

/* squared relative residuals at level LV of the Jacobi kernel and the fitted calibration
 * kernels of C (NULL: none) with fractions FRAC */
static double level_cost(const rlb_overlap *o, const rl_machine *m, const rlb_cal *c,
			 const double *frac, int lv)
{
	double r = (kernel_predict(o, m, frac, lv) - o->t[lv]) / o->t[lv], s = r * r;
	for (int i = 0; c && i < c->nk; i++) {
		const rlb_cal_kernel *k = &c->k[i];
		if (!k->fitted || !(k->t[lv] > 0) || lv > c->nlevels)
			continue;
		r = (rlb_cal_predict_frac(c, k, lv, &c->fits[c->chosen], frac) - k->t[lv]) / k->t[lv];
		s += r * r;
	}
	return s;
}

int rlb_overlap_fit(rlb_overlap *o, const rl_machine *m, const rlb_cal *c)
{
	o->ok = 0;
	memset(o->frac, 0, sizeof o->frac);
	if (m->overlap == RL_OVERLAP_SERIAL) {
		snprintf(o->why, sizeof o->why, "the serial rule adds every transfer in full");
		return -1;
	}
	for (int L = 0; L <= o->nlevels; L++)
		if (!(o->t[L] > 0)) {
			snprintf(o->why, sizeof o->why, "the kernel was not measured in every level");
			return -1;
		}
	kernel_links(o, m);
	int nser = m->overlap == RL_OVERLAP_PARTIAL ? m->serial_links : 0;
	/* innermost first: link b is the outermost one at level b + 1, where its fraction is
	   the least-squares one over 0, 0.001, ..., 1 (the smallest of equals) */
	for (int b = 0; b < o->nlevels; b++) {
		if (b < nser) {
			o->frac[b] = 1;
			continue;
		}
		double best = -1, bx = 0;
		for (int i = 0; i <= 1000; i++) {
			o->frac[b] = i / 1000.0;
			double v = level_cost(o, m, c, o->frac, b + 1);
			if (best < 0 || v < best - 1e-12) {
				best = v;
				bx = o->frac[b];
			}
		}
		o->frac[b] = bx;
	}
	rlb_overlap_load_factor(o, c ? c->load_cycles : 0);
	o->ok = 1;
	return 0;
}

double rlb_overlap_load_factor(rlb_overlap *o, double load_cycles)
{
	double w = o->avx == 2 ? 64 : o->avx == 1 ? 32 : 16, per_unit = 64 / w;
	double slots = 4 * per_unit * (1 + (w / 8 - 1) / 8);
	/* the kernel's T_nOL as the model takes it (load slots x cycles per load, the
	   calibration's figure), else its L1 time, which bounds T_nOL from above */
	double t_nol = load_cycles > 0 ? slots * load_cycles : o->t[0];
	o->reuse = t_nol * rl_ecm_reuse_share(slots, per_unit);
	o->load_factor = 0;
	if (o->nlevels > 0 && o->reuse > 0 && o->t[o->nlevels] > o->link[o->nlevels - 1])
		o->load_factor = (o->t[o->nlevels] - o->link[o->nlevels - 1]) / o->reuse;
	return o->load_factor;
}

double rlb_overlap_print(FILE *f, const rlb_overlap *o, const rlb_cal *c)
{
	static const char *const names[] = { "L1-L2", "L2-L3", "L3-L4", "L4-L5" };
	fprintf(f, "serial fractions: 2D 5-point Jacobi, rows of %ld, cy per 8 updates:", o->n);
	for (int L = 0; L <= o->nlevels; L++)
		fprintf(f, " %.2f", o->t[L]);
	fputc('\n', f);
	if (!o->ok) {
		fprintf(f, "serial fractions: none (%s)\n", o->why);
		return -1;
	}
	for (int b = 0; b < o->nlevels; b++)
		fprintf(f, "  link %s: transfer %.2f cy, fraction %.3f\n",
			b == o->nlevels - 1 ? "memory" : names[b], o->link[b], o->frac[b]);
	fprintf(f, "  memory load factor %.3g: memory %.2f cy = transfer %.2f + factor x %.2f cy of "
		"loads beyond one per line read\n", o->load_factor, o->t[o->nlevels],
		o->link[o->nlevels - 1], o->reuse);
	if (!c)
		return -1;
	double s0 = 0, s1 = 0;
	int n = 0;
	fprintf(f, "  calibration kernels, measured / without / with the fractions (residual):\n");
	for (int i = 0; i < c->nk; i++)
		for (int lv = 1; lv <= c->nlevels; lv++) {
			const rlb_cal_kernel *k = &c->k[i];
			if (!(k->t[lv] > 0))
				continue;
			const rlb_cal_fit *fit = &c->fits[c->chosen];
			double p0 = rlb_cal_predict(c, k, lv, fit);
			double p1 = rlb_cal_predict_frac(c, k, lv, fit, o->frac);
			double r0 = (p0 - k->t[lv]) / k->t[lv], r1 = (p1 - k->t[lv]) / k->t[lv];
			fprintf(f, "  %-13s%s %-4s %7.2f %7.2f %+6.1f%% %7.2f %+6.1f%%\n", k->name,
				k->fitted ? " " : "*", lv < c->nlevels ? names[lv - 1] + 3 : "MEM",
				k->t[lv], p0, 100 * r0, p1, 100 * r1);
			if (k->fitted) {
				s0 += r0 * r0;
				s1 += r1 * r1;
				n++;
			}
		}
	if (n)
		fprintf(f, "  fitted kernels: rms %.1f %% without the fractions, %.1f %% with them\n",
			100 * sqrt(s0 / n), 100 * sqrt(s1 / n));
	return n ? 100 * sqrt(s1 / n) : -1;
}

void rlb_overlap_apply(const rlb_overlap *o, rl_machine *m, const char *how)
{
	if (!o->ok || m->overlap == RL_OVERLAP_SERIAL)
		return;
	m->n_serial_fraction = o->nlevels;
	for (int b = 0; b < o->nlevels; b++)
		m->serial_fraction[b] = o->frac[b];
	char t[96] = "";
	for (int L = 0; L <= o->nlevels && strlen(t) < sizeof t - 12; L++)
		snprintf(t + strlen(t), sizeof t - strlen(t), "%s%.2f", L ? " / " : "", o->t[L]);
	m->mem_load_factor = o->load_factor;
	if (o->load_factor > 0)
		snprintf(m->mem_load_factor_source, sizeof m->mem_load_factor_source,
			 "measured: the same 2D 5-point Jacobi in memory, %.2f cy per 8 updates against "
			 "its memory transfer %.2f cy, per cycle of its loads beyond one load per line "
			 "read from memory (%.2f cy); %s", o->t[o->nlevels], o->link[o->nlevels - 1],
			 o->reuse, how);
	snprintf(m->serial_fraction_source, sizeof m->serial_fraction_source,
		 "measured: 2D 5-point Jacobi, rows of %ld doubles (layer conditions hold: a copy's "
		 "lines), %s cy per 8 updates in L1 / ... / memory; per link the least-squares "
		 "fraction with it and the calibration kernels; %s", o->n, t, how);
}
