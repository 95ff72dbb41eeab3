/* roofline-report: the JSON remarks files of a build -> one self-contained HTML report.
 *
 *   roofline-report [-o report.html] [--sarif build.sarif] FILE.roofline.json|DIR...
 *
 * Directories are searched recursively for *.roofline.json.  The report has a table of the
 * nests ranked by predicted time share (ECM prediction with data in memory x units of work
 * when the trip counts are known), and per nest the source lines, the ECM contributions per
 * memory level (inline SVG bars) and a log-log roofline chart (inline SVG) with the machine's
 * roofs, the nest's point and whatever roofline data the JSON carries under "rooflines".
 * No scripts, no external resources, no timestamps: the same inputs give the same bytes.
 * See docs/report.md. */
#include "diag/diag.h"
#include "diag/views.h"
#include "diag/format.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ inputs */

typedef struct inputs {
	char **paths;
	int n, cap;
} inputs;

static int inputs_add(inputs *in, const char *path)
{
	if (in->n == in->cap) {
		int cap = in->cap ? 2 * in->cap : 16;
		char **p = realloc(in->paths, (size_t)cap * sizeof(*p));
		if (!p)
			return 0;
		in->paths = p;
		in->cap = cap;
	}
	in->paths[in->n] = strdup(path);
	return in->paths[in->n++] != NULL;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

static int collect(inputs *in, const char *path, int depth, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return inputs_add(in, path);
	if (depth > 32)
		return 1;
	DIR *d = opendir(path);
	if (!d) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return 0;
	}
	struct dirent *e;
	int ok = 1;
	while (ok && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		char *sub = malloc(len);
		if (!sub)
			break;
		snprintf(sub, len, "%s/%s", path, e->d_name);
		if (stat(sub, &st) == 0 && (S_ISDIR(st.st_mode) || ends_with(sub, ".roofline.json")))
			ok = collect(in, sub, depth + 1, err, errlen);
		free(sub);
	}
	closedir(d);
	return ok;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ------------------------------------------------------------------ nests */

typedef struct nest {
	const json_t *doc, *nest;
	const char *json_path;
	int analysed;
	double cy_unit;         /* ECM prediction, data in memory, cy per unit of work */
	double units;           /* units of work per execution of the nest; < 0 unknown */
	int approx;             /* trip count approximated (bounds depend on outer iterators) */
	double seconds;         /* < 0 unknown */
	double share;           /* of the known total, < 0 unknown */
	double ai, gflops;      /* roofline point of the notes; ai <= 0: no FP work */
	char level[8];          /* the point's data level ("L2", "MEM") */
	int rank;
} nest;

/* Affine text ("n - 1", "2*n + i0") -> value; ENV: parameters with values, iterators at
 * their mean.  0 if an identifier has no value. */
typedef struct env {
	const json_t *params;
	int nit;
	double it[16];
	int used_iterator;
} env;

typedef struct parser {
	const char *p;
	env *e;
	int ok;
} parser;

static double p_expr(parser *ps);

static void p_space(parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static double p_factor(parser *ps)
{
	p_space(ps);
	if (*ps->p == '-') {
		ps->p++;
		return -p_factor(ps);
	}
	if (*ps->p == '(') {
		ps->p++;
		double v = p_expr(ps);
		p_space(ps);
		if (*ps->p == ')')
			ps->p++;
		else
			ps->ok = 0;
		return v;
	}
	if (isdigit((unsigned char)*ps->p)) {
		char *end;
		double v = strtod(ps->p, &end);
		ps->p = end;
		return v;
	}
	if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
		char name[128];
		size_t n = 0;
		while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof(name))
			name[n++] = *ps->p++;
		name[n] = '\0';
		int k;
		if (name[0] == 'i' && sscanf(name, "i%d", &k) == 1 && k >= 0 && k < ps->e->nit) {
			char check[16];
			snprintf(check, sizeof(check), "i%d", k);
			if (!strcmp(check, name)) {
				ps->e->used_iterator = 1;
				return ps->e->it[k];
			}
		}
		for (size_t i = 0; i < json_array_size(ps->e->params); i++) {
			const json_t *par = json_array_get(ps->e->params, i);
			if (!strcmp(rl_view_str(par, "name", ""), name) && rl_view_has_num(par, "value"))
				return rl_view_num(par, "value", 0);
		}
		ps->ok = 0;
		return 0;
	}
	ps->ok = 0;
	return 0;
}

static double p_term(parser *ps)
{
	double v = p_factor(ps);
	for (;;) {
		p_space(ps);
		if (*ps->p != '*')
			return v;
		ps->p++;
		v *= p_factor(ps);
	}
}

static double p_expr(parser *ps)
{
	double v = p_term(ps);
	for (;;) {
		p_space(ps);
		if (*ps->p == '+') {
			ps->p++;
			v += p_term(ps);
		} else if (*ps->p == '-') {
			ps->p++;
			v -= p_term(ps);
		} else {
			return v;
		}
	}
}

static int eval_aff(const char *text, env *e, double *out)
{
	parser ps = { text ? text : "", e, text != NULL };
	double v = p_expr(&ps);
	p_space(&ps);
	if (!ps.ok || *ps.p)
		return 0;
	*out = v;
	return 1;
}

/* Iterations of the whole nest (inner bounds evaluated at the outer iterators' means). */
static double nest_iterations(const json_t *n, int *approx)
{
	const json_t *in = json_object_get(n, "inputs");
	const json_t *loops = json_object_get(in, "loops");
	env e = { json_object_get(in, "parameters"), 0, { 0 }, 0 };
	double total = 1;
	if (!json_array_size(loops))
		return -1;
	for (size_t k = 0; k < json_array_size(loops) && k < 16; k++) {
		const json_t *l = json_array_get(loops, k);
		double lo, up, step = rl_view_num(l, "step", 1);
		if (!eval_aff(rl_view_str(l, "lower", NULL), &e, &lo) ||
		    !eval_aff(rl_view_str(l, "upper", NULL), &e, &up) || step == 0)
			return -1;
		double span = step > 0 ? up - lo : lo - up, as = fabs(step);
		double trips = span <= 0 ? 0 : ceil(span / as);
		total *= trips;
		e.it[k] = trips > 0 ? lo + (step > 0 ? 1 : -1) * as * (trips - 1) / 2 : lo;
		e.nit = (int)k + 1;
	}
	*approx = e.used_iterator;
	return total;
}

/* The nest's roofline point, as the notes place it (model/roofline.c): CARM AI and the ECM
 * prediction at the ECM data level, from the CARM point of the JSON ("rooflines".CARM.points,
 * label "ECM"; inputs.ecm_level).  Without it (no roofline models) the memory placement of the
 * performance figures: AI = 1 / memory code balance, GFLOP/s with the data in memory. */
static void nest_point(nest *r)
{
	const json_t *carm = json_object_get(json_object_get(r->nest, "rooflines"), "CARM");
	const json_t *pts = json_object_get(carm, "points");
	r->ai = r->gflops = 0;
	for (size_t i = 0; i < json_array_size(pts); i++) {
		const json_t *pt = json_array_get(pts, i);
		if (strcmp(rl_view_str(pt, "label", ""), "ECM"))
			continue;
		r->ai = rl_view_num(pt, "ai", 0);
		r->gflops = rl_view_num(pt, "gflops", 0);
		snprintf(r->level, sizeof(r->level), "%s",
			 rl_view_str(json_object_get(carm, "inputs"), "ecm_level", "?"));
		return;
	}
	const json_t *perf = json_object_get(r->nest, "performance");
	const json_t *by_level = json_object_get(perf, "per_second_by_level");
	double balance = rl_view_num(perf, "memory_code_balance_bytes_per_work", 0);
	if (strcmp(rl_view_str(perf, "work", ""), "flop") || !(balance > 0) || !json_array_size(by_level))
		return;
	r->ai = 1 / balance;
	r->gflops = json_number_value(json_array_get(by_level, json_array_size(by_level) - 1)) / 1e9;
	snprintf(r->level, sizeof(r->level), "MEM");
}

static void nest_eval(nest *r)
{
	const json_t *ecm = json_object_get(r->nest, "ecm");
	const json_t *preds = json_object_get(ecm, "predictions");
	const json_t *machine = json_object_get(r->doc, "machine");
	r->cy_unit = json_number_value(json_array_get(preds, json_array_size(preds) - 1));
	r->units = r->seconds = r->share = -1;
	double iters = nest_iterations(r->nest, &r->approx);
	double per_unit = rl_view_num(json_object_get(r->nest, "unit_of_work"), "iterations", 0);
	double ghz = rl_view_num(machine, "clock_ghz", 0);
	if (iters >= 0 && per_unit > 0) {
		r->units = iters / per_unit;
		if (ghz > 0)
			r->seconds = r->units * r->cy_unit / (ghz * 1e9);
	}
	nest_point(r);
}

static int cmp_nest(const void *va, const void *vb)
{
	const nest *a = va, *b = vb;
	if (a->analysed != b->analysed)
		return b->analysed - a->analysed;
	if ((a->seconds >= 0) != (b->seconds >= 0))
		return a->seconds >= 0 ? -1 : 1;
	double ka = a->seconds >= 0 ? a->seconds : a->cy_unit;
	double kb = b->seconds >= 0 ? b->seconds : b->cy_unit;
	if (ka != kb)
		return ka > kb ? -1 : 1;
	const json_t *la = json_object_get(a->nest, "location"), *lb = json_object_get(b->nest, "location");
	int c = strcmp(rl_view_str(la, "file", ""), rl_view_str(lb, "file", ""));
	if (c)
		return c;
	return (int)rl_view_num(la, "line", 0) - (int)rl_view_num(lb, "line", 0);
}

/* ------------------------------------------------------------------ HTML */

static void esc(FILE *o, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '&': fputs("&amp;", o); break;
		case '"': fputs("&quot;", o); break;
		default: fputc(*s, o);
		}
	}
}

static void fmt_time(double s, char *buf, size_t len)
{
	if (s < 0)
		snprintf(buf, len, "unknown");
	else if (s >= 1)
		snprintf(buf, len, "%.3g s", s);
	else if (s >= 1e-3)
		snprintf(buf, len, "%.3g ms", s * 1e3);
	else if (s >= 1e-6)
		snprintf(buf, len, "%.3g &micro;s", s * 1e6);
	else
		snprintf(buf, len, "%.3g ns", s * 1e9);
}

/* --- roofline chart */

typedef struct roof {
	double gbs;             /* > 0: bandwidth roof (sloped) */
	double gflops;          /* > 0: compute roof (flat) */
	char label[128];
	int series;
} roof;

typedef struct point {
	double ai, gflops;
	char label[64], title[256];
	int series;
} point;

#define MAX_ROOFS 32
#define MAX_POINTS 512

typedef struct chart {
	roof roofs[MAX_ROOFS];
	int nroofs;
	point *points;
	int npoints;
	char series[8][64];     /* names of the point/roof series (legend) */
	int nseries;
} chart;

static const char *const palette[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
				       "#8c564b", "#e377c2", "#17becf" };

static int chart_series(chart *c, const char *name)
{
	for (int i = 0; i < c->nseries; i++)
		if (!strcmp(c->series[i], name))
			return i;
	if (c->nseries == 8)
		return 7;
	snprintf(c->series[c->nseries], sizeof(c->series[0]), "%s", name);
	return c->nseries++;
}

static void chart_roof(chart *c, double gbs, double gflops, const char *label, int series)
{
	if (c->nroofs == MAX_ROOFS || (gbs <= 0 && gflops <= 0) || !isfinite(gbs) || !isfinite(gflops))
		return;
	roof *r = &c->roofs[c->nroofs++];
	r->gbs = gbs;
	r->gflops = gflops;
	r->series = series;
	snprintf(r->label, sizeof(r->label), "%s", label);
}

static void chart_point(chart *c, double ai, double gflops, const char *label, const char *title,
			int series)
{
	if (c->npoints == MAX_POINTS || ai <= 0 || gflops <= 0 || !isfinite(ai) || !isfinite(gflops))
		return;
	point *p = &c->points[c->npoints++];
	p->ai = ai;
	p->gflops = gflops;
	p->series = series;
	snprintf(p->label, sizeof(p->label), "%s", label);
	snprintf(p->title, sizeof(p->title), "%s", title);
}

/* The machine's roofs: memory bandwidth, and FP peaks when the machine has them. */
static void machine_roofs(chart *c, const json_t *machine)
{
	char label[128], num[32];
	double bw = rl_view_num(machine, "memory_bandwidth_gbs", 0);
	if (bw > 0) {
		rl_format_number2(bw, num, sizeof(num));
		snprintf(label, sizeof(label), "memory %s GB/s", num);
		chart_roof(c, bw, 0, label, 0);
	}
	double peak = rl_view_num(machine, "peak_gflops", 0);
	if (peak > 0) {
		rl_format_number2(peak, num, sizeof(num));
		snprintf(label, sizeof(label), "peak %s GFLOP/s", num);
		chart_roof(c, 0, peak, label, 0);
	}
	const json_t *rows = json_object_get(machine, "peak_flops");
	for (size_t i = 0; i < json_array_size(rows); i++) {
		const json_t *row = json_array_get(rows, i);
		double g = rl_view_num(row, "gflops", 0), cores = rl_view_num(row, "cores", 1);
		if (g <= 0 || cores != 1)
			continue;
		char w[32] = "";
		rl_format_number2(g, num, sizeof(num));
		if (rl_view_has_num(row, "width"))
			snprintf(w, sizeof(w), " %d-bit", (int)rl_view_num(row, "width", 0));
		snprintf(label, sizeof(label), "%s%s %s %s GFLOP/s", rl_view_str(row, "op", "peak"), w,
			 rl_view_str(row, "precision", ""), num);
		chart_roof(c, 0, g, label, 0);
	}
}

static double first_num(const json_t *o, const char *const *keys)
{
	for (; *keys; keys++)
		if (rl_view_has_num(o, *keys))
			return rl_view_num(o, *keys, 0);
	return 0;
}

static const char *first_str(const json_t *o, const char *const *keys, const char *dflt)
{
	for (; *keys; keys++)
		if (rl_view_str(o, *keys, NULL))
			return rl_view_str(o, *keys, NULL);
	return dflt;
}

static const char *const k_bw[] = { "bandwidth_gbs", "gbs", "bandwidth", NULL };
static const char *const k_peak[] = { "gflops", "peak_gflops", "peak", NULL };
static const char *const k_ai[] = { "ai", "arithmetic_intensity", "intensity", NULL };
static const char *const k_perf[] = { "gflops", "performance_gflops", "performance", NULL };
static const char *const k_label[] = { "label", "name", "level", "variant", NULL };
static const char *const k_model[] = { "model", "name", "kind", NULL };

static void rooflines_point(chart *c, const json_t *p, const char *model, int series)
{
	if (!json_is_object(p))
		return;
	char label[64], title[256];
	snprintf(label, sizeof(label), "%s", first_str(p, k_label, model));
	snprintf(title, sizeof(title), "%s %s", model, label);
	chart_point(c, first_num(p, k_ai), first_num(p, k_perf), label, title, series);
}

/* One model of the "rooflines" member: roofs/ceilings and points/point. */
static void rooflines_model(chart *c, const json_t *m, const char *key)
{
	if (!json_is_object(m))
		return;
	const char *model = first_str(m, k_model, key ? key : "roofline");
	int series = chart_series(c, model);
	static const char *const roof_keys[] = { "roofs", "ceilings", NULL };
	for (const char *const *rk = roof_keys; *rk; rk++) {
		const json_t *roofs = json_object_get(m, *rk);
		for (size_t i = 0; i < json_array_size(roofs); i++) {
			const json_t *r = json_array_get(roofs, i);
			char label[128];
			double bw = first_num(r, k_bw), g = bw > 0 ? 0 : first_num(r, k_peak), v = bw > 0 ? bw : g;
			char num[32];
			rl_format_number2(v, num, sizeof(num));
			snprintf(label, sizeof(label), "%s: %s %s %s", model, first_str(r, k_label, *rk), num,
				 bw > 0 ? "GB/s" : "GFLOP/s");
			chart_roof(c, bw, g, label, series);
		}
	}
	const json_t *pts = json_object_get(m, "points");
	for (size_t i = 0; i < json_array_size(pts); i++)
		rooflines_point(c, json_array_get(pts, i), model, series);
	if (json_is_object(json_object_get(m, "point")))
		rooflines_point(c, json_object_get(m, "point"), model, series);
	if (first_num(m, k_ai) > 0)
		rooflines_point(c, m, model, series);
}

static void rooflines_json(chart *c, const json_t *rl)
{
	if (json_is_array(rl)) {
		for (size_t i = 0; i < json_array_size(rl); i++)
			rooflines_model(c, json_array_get(rl, i), NULL);
	} else if (json_is_object(rl)) {
		if (json_object_get(rl, "roofs") || json_object_get(rl, "points")) {
			rooflines_model(c, rl, NULL);
			return;
		}
		size_t n;
		const char **keys = rl_view_sorted_keys(rl, &n);
		for (size_t i = 0; i < n; i++)
			rooflines_model(c, json_object_get(rl, keys[i]), keys[i]);
		free(keys);
	}
}

#define CW 560
#define CH 380
#define ML 64
#define MR 16
#define MT 16
#define MB 48

/* Log-log axes of a chart: decades lx0..lx1 (AI) and ly0..ly1 (GFLOP/s), plot size pw x ph. */
typedef struct axes {
	double lx0, lx1, ly0, ly1;
	double maxpeak;         /* highest flat roof (sloped roofs end there), 0: none */
	int pw, ph;
} axes;

#define X(v) (ML + (log10(v) - ax->lx0) / (ax->lx1 - ax->lx0) * ax->pw)
#define Y(v) (MT + (ax->ly1 - log10(v)) / (ax->ly1 - ax->ly0) * ax->ph)

/* Ranges: decades covering points, peaks and the bandwidth roofs at AI 1. */
static void chart_axes(const chart *c, axes *ax)
{
	double xlo = 1e-2, xhi = 1e2, ylo = 1e300, yhi = 0;
	for (int i = 0; i < c->npoints; i++) {
		xlo = fmin(xlo, c->points[i].ai);
		xhi = fmax(xhi, c->points[i].ai);
		ylo = fmin(ylo, c->points[i].gflops);
		yhi = fmax(yhi, c->points[i].gflops);
	}
	ax->maxpeak = 0;
	for (int i = 0; i < c->nroofs; i++) {
		const roof *r = &c->roofs[i];
		double v = r->gbs > 0 ? r->gbs : r->gflops;
		ylo = fmin(ylo, r->gbs > 0 ? r->gbs * xlo : v);
		yhi = fmax(yhi, v);
		if (r->gflops > 0)
			ax->maxpeak = fmax(ax->maxpeak, r->gflops);
	}
	if (yhi <= 0)
		ylo = 0.1, yhi = 10;
	ax->lx0 = floor(log10(xlo));
	ax->lx1 = ceil(log10(xhi));
	ax->ly0 = floor(log10(ylo));
	ax->ly1 = ceil(log10(yhi * 1.5));
	if (ax->ly1 - ax->ly0 < 2)
		ax->ly0 = ax->ly1 - 2;
	ax->pw = CW - ML - MR;
	ax->ph = CH - MT - MB;
}

static void draw_axes(FILE *o, const axes *ax)
{
	/* axes with decade ticks */
	fprintf(o, "<g class=\"axis x-axis\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		ML, MT + ax->ph, ML + ax->pw, MT + ax->ph);
	for (double d = ax->lx0; d <= ax->lx1 + 1e-9; d++) {
		double x = X(pow(10, d));
		fprintf(o, "<line class=\"tick\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			"<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			x, MT + ax->ph, x, MT + ax->ph + 5, x, MT, x, MT + ax->ph, x, MT + ax->ph + 18, pow(10, d));
	}
	fprintf(o, "<text class=\"axis-label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
		"arithmetic intensity [flop/byte] (log)</text></g>\n", ML + ax->pw / 2, CH - 8);
	fprintf(o, "<g class=\"axis y-axis\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		ML, MT, ML, MT + ax->ph);
	for (double d = ax->ly0; d <= ax->ly1 + 1e-9; d++) {
		double y = Y(pow(10, d));
		fprintf(o, "<line class=\"tick\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
			"<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			ML - 5, y, ML, y, ML, y, ML + ax->pw, y, ML - 8, y + 4, pow(10, d));
	}
	fprintf(o, "<text class=\"axis-label\" transform=\"translate(14 %d) rotate(-90)\" "
		"text-anchor=\"middle\">performance [GFLOP/s] (log)</text></g>\n", MT + ax->ph / 2);
}

static void draw_roofs(FILE *o, const chart *c, const axes *ax, const char *id)
{
	/* roofs */
	fprintf(o, "<g class=\"roofs\" clip-path=\"url(#%s-clip)\">\n", id);
	double xmin = pow(10, ax->lx0), xmax = pow(10, ax->lx1), ymin = pow(10, ax->ly0), ymax = pow(10, ax->ly1);
	for (int i = 0; i < c->nroofs; i++) {
		const roof *r = &c->roofs[i];
		/* series 0: the machine roofs; model series as their points and legend */
		const char *col = palette[r->series > 0 ? (r->series + 1) % 8 : 0];
		double x1, y1, x2, y2, lx, ly, angle = 0;
		if (r->gbs > 0) {
			double top = ax->maxpeak > 0 ? ax->maxpeak : ymax;
			x1 = fmax(xmin, ymin / r->gbs);
			x2 = fmin(xmax, top / r->gbs);
			y1 = r->gbs * x1;
			y2 = r->gbs * x2;
			angle = -atan2(Y(y1) - Y(y2), X(x2) - X(x1)) * 180 / 3.14159265358979;
			/* label along the line, a little in from its left end */
			double t = 0.08 + 0.1 * (i % 3);
			lx = X(x1) + t * (X(x2) - X(x1));
			ly = Y(y1) + t * (Y(y2) - Y(y1)) - 5;
		} else {
			double maxbw = 0;
			for (int j = 0; j < c->nroofs; j++)
				maxbw = fmax(maxbw, c->roofs[j].gbs);
			x1 = maxbw > 0 ? fmax(xmin, r->gflops / maxbw) : xmin;
			x2 = xmax;
			y1 = y2 = r->gflops;
			lx = X(x2) - 4;
			ly = Y(y1) - 5;
		}
		fprintf(o, "<line class=\"roof%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\"/>\n", r->gbs > 0 ? " roof-bandwidth" : " roof-compute",
			X(x1), Y(y1), X(x2), Y(y2), col);
		fprintf(o, "<text class=\"roof-label\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\" text-anchor=\"%s\"",
			lx, ly, col, r->gbs > 0 ? "start" : "end");
		if (angle != 0)
			fprintf(o, " transform=\"rotate(%.1f %.1f %.1f)\"", angle, lx, ly);
		fputs(">", o);
		esc(o, r->label);
		fputs("</text>\n", o);
	}
	fputs("</g>\n", o);
}

static void draw_points(FILE *o, const chart *c, const axes *ax)
{
	double xmin = pow(10, ax->lx0), xmax = pow(10, ax->lx1), ymin = pow(10, ax->ly0), ymax = pow(10, ax->ly1);
	fputs("<g class=\"points\">\n", o);
	for (int i = 0; i < c->npoints; i++) {
		const point *p = &c->points[i];
		double x = X(p->ai), y = Y(p->gflops);
		if (p->ai < xmin || p->ai > xmax || p->gflops < ymin || p->gflops > ymax)
			continue;
		fprintf(o, "<g class=\"point\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"><title>",
			x, y, palette[(p->series + 1) % 8]);
		esc(o, p->title);
		char a[32], g[32];
		rl_format_number2(p->ai, a, sizeof(a));
		rl_format_number2(p->gflops, g, sizeof(g));
		fprintf(o, ": AI %s flop/B, %s GFLOP/s</title></circle>"
			"<text class=\"point-label\" x=\"%.1f\" y=\"%.1f\">", a, g, x + 7, y - 6);
		esc(o, p->label);
		fputs("</text></g>\n", o);
	}
	fputs("</g>\n", o);
}

#undef X
#undef Y

static void draw_legend(FILE *o, const chart *c)
{
	if (c->nseries <= 1)
		return;
	fprintf(o, "<g class=\"legend\">");
	for (int s = 0; s < c->nseries; s++) {
		fprintf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">",
			ML + 10, MT + 12 + 14 * s, palette[(s + 1) % 8], ML + 18, MT + 16 + 14 * s);
		esc(o, c->series[s]);
		fputs("</text>", o);
	}
	fputs("</g>\n", o);
}

static void draw_chart(FILE *o, const chart *c, const char *id, const char *title)
{
	axes axes_of_chart, *ax = &axes_of_chart;
	chart_axes(c, ax);
	fprintf(o, "<svg class=\"roofline\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", id, CW, CH, CW, CH);
	fputs("<title>", o);
	esc(o, title);
	fputs("</title>\n", o);
	fprintf(o, "<defs><clipPath id=\"%s-clip\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>"
		"</clipPath></defs>\n", id, ML, MT, ax->pw, ax->ph);
	fprintf(o, "<rect class=\"plot-area\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", ML, MT, ax->pw, ax->ph);
	draw_axes(o, ax);
	draw_roofs(o, c, ax, id);
	draw_points(o, c, ax);
	draw_legend(o, c);
	fputs("</svg>\n", o);
}

/* --- ECM bars: per memory level, T_nOL and the transfers stacked, T_OL beside. */
static void draw_ecm(FILE *o, const nest *r, const char *id)
{
	const json_t *ecm = json_object_get(r->nest, "ecm");
	const json_t *tr = json_object_get(ecm, "transfers"), *pr = json_object_get(ecm, "predictions");
	const json_t *caches = json_object_get(json_object_get(r->doc, "machine"), "caches");
	double tol = rl_view_num(ecm, "t_ol", 0), tnol = rl_view_num(ecm, "t_nol", 0);
	size_t nl = json_array_size(pr);
	double max = tol;
	for (size_t l = 0; l < nl; l++) {
		double sum = tnol;
		for (size_t b = 0; b < l && b < json_array_size(tr); b++)
			sum += json_number_value(json_array_get(tr, b));
		max = fmax(max, fmax(sum, json_number_value(json_array_get(pr, l))));
	}
	if (max <= 0)
		max = 1;
	int lw = 56, bw = 380, rowh = 34, h = (int)nl * rowh + 36;
	fprintf(o, "<svg class=\"ecm-bars\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>ECM contributions per memory level "
		"(cy per unit of work; overlap %s)</title>\n", id, lw + bw + 90, h, lw + bw + 90, h,
		rl_view_str(ecm, "overlap", "?"));
	static const char *const xcol[] = { "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b" };
	for (size_t l = 0; l < nl; l++) {
		int y = 8 + (int)l * rowh;
		const char *name = l + 1 == nl ? "Mem" : rl_view_str(json_array_get(caches, l), "name", "?");
		fprintf(o, "<g class=\"ecm-level\"><text x=\"4\" y=\"%d\">", y + 19);
		esc(o, name);
		fputs("</text>", o);
		fprintf(o, "<rect class=\"ecm-ol\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"10\"><title>T_OL %g cy</title></rect>",
			lw, y, tol / max * bw, tol);
		double x = lw;
		fprintf(o, "<rect class=\"ecm-nol\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\"><title>T_nOL %g cy</title></rect>",
			x, y + 12, tnol / max * bw, tnol);
		x += tnol / max * bw;
		for (size_t b = 0; b < l && b < json_array_size(tr); b++) {
			double t = json_number_value(json_array_get(tr, b));
			const char *bname = rl_view_str(json_array_get(json_object_get(r->nest, "traffic"), b),
							"boundary", "");
			fprintf(o, "<rect class=\"ecm-transfer\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" "
				"fill=\"%s\"><title>T_%s %g cy</title></rect>", x, y + 12, t / max * bw,
				xcol[b % 5], bname, t);
			x += t / max * bw;
		}
		double p = json_number_value(json_array_get(pr, l));
		char num[32];
		rl_format_number(p, num, sizeof(num));
		fprintf(o, "<line class=\"ecm-prediction\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			"<text x=\"%d\" y=\"%d\">%s cy</text></g>\n", lw + p / max * bw, y - 2,
			lw + p / max * bw, y + 28, lw + bw + 8, y + 22, num);
	}
	int y = (int)nl * rowh + 22;
	fprintf(o, "<g class=\"ecm-legend\"><rect class=\"ecm-ol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_OL</text><rect class=\"ecm-nol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_nOL</text><rect x=\"%d\" y=\"%d\" width=\"10\" height=\"8\" fill=\"%s\"/>"
		"<text x=\"%d\" y=\"%d\">transfers</text><text x=\"%d\" y=\"%d\">| prediction</text></g>\n",
		lw, y, lw + 14, y + 8, lw + 60, y, lw + 74, y + 8, lw + 130, y, xcol[1], lw + 144, y + 8,
		lw + 220, y + 8);
	fputs("</svg>\n", o);
}

/* --- source lines of the nest */
static void draw_source(FILE *o, const nest *r)
{
	const json_t *loc = json_object_get(r->nest, "location");
	const char *file = rl_view_str(loc, "file", "");
	const json_t *loops = json_object_get(json_object_get(r->nest, "inputs"), "loops");
	int first = (int)rl_view_num(loc, "line", 0), lastloop = first;
	for (size_t k = 0; k < json_array_size(loops); k++) {
		int l = (int)rl_view_num(json_array_get(loops, k), "line", 0);
		if (l > 0 && l < first)
			first = l;
		if (l > lastloop)
			lastloop = l;
	}
	FILE *f = fopen(file, "r");
	if (!f && file[0] != '/') {
		/* relative to the remarks file's directory */
		const char *slash = strrchr(r->json_path, '/');
		if (slash) {
			char path[4096];
			snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - r->json_path), r->json_path, file);
			f = fopen(path, "r");
		}
	}
	if (!f || first <= 0) {
		fputs("<p class=\"no-source\">source not found: ", o);
		esc(o, file);
		fputs("</p>\n", o);
		if (f)
			fclose(f);
		return;
	}
	fputs("<pre class=\"source\">", o);
	char line[1024];
	int n = 0, depth = 0, shown = 0;
	while (fgets(line, sizeof(line), f)) {
		n++;
		if (n < first)
			continue;
		size_t len = strlen(line);
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		int is_loop = 0;
		for (size_t k = 0; k < json_array_size(loops); k++)
			is_loop |= (int)rl_view_num(json_array_get(loops, k), "line", 0) == n;
		fprintf(o, "<span class=\"line%s\"><span class=\"lineno\">%5d</span> ", is_loop ? " loop-line" : "", n);
		/* tabs as 8 columns */
		int col = 0;
		for (char *p = line; *p; p++) {
			if (*p == '\t') {
				do fputc(' ', o); while (++col % 8);
				continue;
			}
			char s[2] = { *p, 0 };
			esc(o, s);
			col++;
		}
		fputs("</span>\n", o);
		shown++;
		int closed = 0;
		for (char *p = line; *p; p++) {
			if (*p == '{')
				depth++;
			else if (*p == '}' && --depth <= 0)
				closed = 1;
		}
		if (n > lastloop && depth <= 0 && (closed || strchr(line, ';')))
			break;
		if (shown >= 24)
			break;
	}
	fclose(f);
	fputs("</pre>\n", o);
}

static int note_li(const rl_view_note *note, void *ctx)
{
	FILE *o = ctx;
	fputs("<li class=\"note\"><span class=\"rule\">", o);
	esc(o, note->rule);
	fputs("</span> ", o);
	esc(o, note->text);
	fputs("</li>\n", o);
	return 0;
}

static void location_text(const nest *r, char *buf, size_t len)
{
	const json_t *loc = json_object_get(r->nest, "location");
	snprintf(buf, len, "%s:%d:%d", rl_view_str(loc, "file", "?"), (int)rl_view_num(loc, "line", 0),
		 (int)rl_view_num(loc, "column", 0));
}

static const char *css =
	"body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#222;max-width:1200px}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1.05em}\n"
	"table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left;vertical-align:top}\n"
	"th{background:#f0f0f0}tr.nest:nth-child(even){background:#fafafa}td.num{text-align:right;white-space:nowrap}\n"
	".share{display:inline-block;height:9px;background:#3182bd;margin-right:4px}\n"
	"code,pre{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.85em}\n"
	"pre.source{background:#f7f7f7;border:1px solid #ddd;padding:6px;overflow-x:auto}\n"
	".lineno{color:#999}.loop-line{background:#fff3c4;display:inline-block;min-width:100%}\n"
	"section.nest-detail{border-top:2px solid #ddd;padding-top:6px}\n"
	".charts{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}\n"
	"svg text{font-size:11px;fill:#333}svg .plot-area{fill:#fff;stroke:#999}\n"
	"svg .axis line{stroke:#333}svg .axis line.grid{stroke:#e4e4e4}svg .roof{stroke-width:2;fill:none}\n"
	"svg .roof-label{font-size:11px}svg .point-label{font-weight:bold}svg .axis-label{font-size:12px}\n"
	"svg .ecm-ol{fill:#fdae6b}svg .ecm-nol{fill:#e6550d}svg .ecm-prediction{stroke:#000;stroke-width:2}\n"
	".rule{color:#777;font-size:.85em}li.note{margin:2px 0}.muted{color:#777}\n";

static void nest_row(FILE *o, const nest *r)
{
	char loc[512], t[64], num[32];
	location_text(r, loc, sizeof(loc));
	const json_t *jl = json_object_get(r->nest, "location");
	fprintf(o, "<tr class=\"nest\" id=\"row-%d\"><td class=\"num\"><a href=\"#nest-%d\">%d</a></td><td><code>",
		r->rank, r->rank, r->rank);
	esc(o, loc);
	fputs("</code></td><td>", o);
	esc(o, rl_view_str(jl, "function", ""));
	fputs("</td><td class=\"num\">", o);
	if (r->share >= 0)
		fprintf(o, "<span class=\"share\" style=\"width:%.0fpx\"></span>%.1f %%", r->share * 60, r->share * 100);
	else
		fputs("<span class=\"muted\">n/a</span>", o);
	fmt_time(r->seconds, t, sizeof(t));
	fprintf(o, "</td><td class=\"num\">%s%s</td>", r->approx && r->seconds >= 0 ? "&asymp; " : "", t);
	rl_format_number(r->cy_unit, num, sizeof(num));
	fprintf(o, "<td class=\"num\">%s</td><td><code>", num);
	esc(o, rl_view_str(json_object_get(r->nest, "ecm"), "note", ""));
	fputs("</code></td></tr>\n", o);
}

/* Members of the nest no view above shows: listed as JSON so nothing is lost. */
static void other_data(FILE *o, const json_t *n)
{
	static const char *const shown[] = { "analysed", "location", "ecm", "inputs", "incore",
					     "traffic", "unit_of_work", "rooflines", NULL };
	json_t *rest = json_object();
	size_t k;
	const char **keys = rl_view_sorted_keys(n, &k);
	for (size_t i = 0; i < k; i++) {
		int skip = 0;
		for (const char *const *s = shown; *s; s++)
			skip |= !strcmp(*s, keys[i]);
		if (!skip)
			json_object_set(rest, keys[i], json_object_get(n, keys[i]));
	}
	free(keys);
	static const char *const detail[] = { "inputs", "incore", "traffic", NULL };
	for (const char *const *d = detail; *d; d++) {
		json_t *v = json_object_get(n, *d);
		if (!v)
			continue;
		char *text = json_dumps(v, JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6));
		fprintf(o, "<details class=\"data\"><summary>%s</summary><pre>", *d);
		esc(o, text);
		fputs("</pre></details>\n", o);
		free(text);
	}
	if (json_object_size(rest)) {
		char *text = json_dumps(rest, JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6));
		fputs("<details class=\"data\" open><summary>more results</summary><pre>", o);
		esc(o, text);
		fputs("</pre></details>\n", o);
		free(text);
	}
	json_decref(rest);
}

/* Head, title and the summary line (translation units, nests, distinct machines). */
static void html_head(FILE *o, const nest *nests, int nn, int ndocs, int analysed)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<title>roofline report</title>\n<style>\n", o);
	fputs(css, o);
	fputs("</style>\n</head>\n<body>\n<h1>roofline report</h1>\n", o);
	fprintf(o, "<p class=\"summary\">%d translation unit%s, %d loop nest%s: %d analysed, %d not analysed. "
		"Machine%s:", ndocs, ndocs == 1 ? "" : "s", nn, nn == 1 ? "" : "s", analysed, nn - analysed,
		ndocs == 1 ? "" : "s");
	/* distinct machines, in order of appearance */
	for (int i = 0, shown = 0; i < nn; i++) {
		const char *m = rl_view_str(json_object_get(nests[i].doc, "machine"), "name", "?");
		int dup = 0;
		for (int j = 0; j < i; j++)
			dup |= !strcmp(m, rl_view_str(json_object_get(nests[j].doc, "machine"), "name", "?"));
		if (dup)
			continue;
		fprintf(o, "%s <code>", shown++ ? "," : "");
		esc(o, m);
		fputs("</code> (", o);
		esc(o, rl_view_str(json_object_get(nests[i].doc, "machine"), "description", ""));
		fputs(")", o);
	}
	fputs(".</p>\n<p class=\"muted\">Predicted time = ECM prediction with the data in memory "
	      "(cy per unit of work) &times; units of work of one execution of the nest, at the machine's clock; "
	      "shares are of the nests whose trip counts are known (constants or <code>define=</code>). "
	      "Nests with unknown trip counts follow, ranked by cycles per unit of work.</p>\n", o);
}

/* The roofline of all nests: one point per analysed nest with FP work.  0: out of memory. */
static int html_summary_chart(FILE *o, const nest *nests, int nn)
{
	/* summary chart: one point per analysed nest with FP work */
	chart all = { .points = calloc(MAX_POINTS, sizeof(point)) };
	if (!all.points)
		return 0;
	if (nn)
		machine_roofs(&all, json_object_get(nests[0].doc, "machine"));
	for (int i = 0; i < nn; i++) {
		if (!nests[i].analysed)
			continue;
		char label[16], title[600], loc[512];
		snprintf(label, sizeof(label), "%d", nests[i].rank);
		location_text(&nests[i], loc, sizeof(loc));
		snprintf(title, sizeof(title), "#%d %s", nests[i].rank, loc);
		chart_point(&all, nests[i].ai, nests[i].gflops, label, title, 0);
	}
	fputs("<h2>Roofline: all nests (ECM prediction at each nest's data level, CARM AI, one core)</h2>\n", o);
	draw_chart(o, &all, "roofline-all", "Roofline chart of all analysed nests");
	free(all.points);
	return 1;
}

static void html_ranked_table(FILE *o, const nest *nests, int nn)
{
	fputs("<h2>Nests ranked by predicted time share</h2>\n<table id=\"nests\">\n<thead><tr><th>#</th>"
	      "<th>location</th><th>function</th><th>share</th><th>predicted time</th>"
	      "<th>cy/unit (memory)</th><th>ECM</th></tr></thead>\n<tbody>\n", o);
	for (int i = 0; i < nn; i++)
		if (nests[i].analysed)
			nest_row(o, &nests[i]);
	fputs("</tbody>\n</table>\n", o);
}

static void html_not_analysed(FILE *o, const nest *nests, int nn)
{
	fputs("<h2>Not analysed</h2>\n<table id=\"not-analysed\">\n<thead><tr><th>location</th>"
	      "<th>function</th><th>reason</th></tr></thead>\n<tbody>\n", o);
	for (int i = 0; i < nn; i++) {
		if (nests[i].analysed)
			continue;
		char loc[512];
		location_text(&nests[i], loc, sizeof(loc));
		fputs("<tr class=\"not-analysed\"><td><code>", o);
		esc(o, loc);
		fputs("</code></td><td>", o);
		esc(o, rl_view_str(json_object_get(nests[i].nest, "location"), "function", ""));
		fputs("</td><td>", o);
		esc(o, rl_view_str(nests[i].nest, "reason", ""));
		fputs("</td></tr>\n", o);
	}
	fputs("</tbody>\n</table>\n", o);
}

/* One analysed nest: source, notes, ECM bars, roofline chart, data.  0: out of memory. */
static int html_nest(FILE *o, const nest *r)
{
	char loc[512], id[64];
	location_text(r, loc, sizeof(loc));
	fprintf(o, "<section class=\"nest-detail\" id=\"nest-%d\">\n<h3>%d. <code>", r->rank, r->rank);
	esc(o, loc);
	fputs("</code> in <code>", o);
	esc(o, rl_view_str(json_object_get(r->nest, "location"), "function", ""));
	fputs("</code></h3>\n", o);
	draw_source(o, r);
	fputs("<ul class=\"notes\">\n", o);
	rl_view_nest_notes(r->nest, note_li, o);
	fputs("</ul>\n<div class=\"charts\">\n", o);
	snprintf(id, sizeof(id), "ecm-%d", r->rank);
	draw_ecm(o, r, id);
	chart c = { .points = calloc(MAX_POINTS, sizeof(point)) };
	if (!c.points)
		return 0;
	machine_roofs(&c, json_object_get(r->doc, "machine"));
	char series[32], title[64];
	snprintf(series, sizeof(series), "ECM (data in %s)", r->level);
	snprintf(title, sizeof(title), "ECM prediction, data in %s", r->level);
	chart_series(&c, series);
	chart_point(&c, r->ai, r->gflops, "ECM", title, 0);
	rooflines_json(&c, json_object_get(r->nest, "rooflines"));
	snprintf(id, sizeof(id), "roofline-%d", r->rank);
	if (c.npoints == 0 && r->ai <= 0)
		fputs("<p class=\"muted\">No floating-point work: no roofline point.</p>\n", o);
	draw_chart(o, &c, id, loc);
	free(c.points);
	fputs("</div>\n", o);
	other_data(o, r->nest);
	fputs("</section>\n", o);
	return 1;
}

static int write_html(FILE *o, nest *nests, int nn, int ndocs)
{
	int analysed = 0;
	for (int i = 0; i < nn; i++)
		analysed += nests[i].analysed;
	html_head(o, nests, nn, ndocs, analysed);
	if (!html_summary_chart(o, nests, nn))
		return 0;
	html_ranked_table(o, nests, nn);
	if (analysed < nn)
		html_not_analysed(o, nests, nn);
	fputs("<h2>Nests</h2>\n", o);
	for (int i = 0; i < nn; i++)
		if (nests[i].analysed && !html_nest(o, &nests[i]))
			return 0;
	fputs("</body>\n</html>\n", o);
	return !ferror(o);
}

/* ------------------------------------------------------------------ main */

static void usage(FILE *f)
{
	fputs("usage: roofline-report [-o REPORT.html] [--sarif BUILD.sarif] FILE.roofline.json|DIR...\n"
	      "  Reads the JSON remarks files of a build (directories are searched for *.roofline.json)\n"
	      "  and writes one self-contained HTML report (default roofline-report.html);\n"
	      "  --sarif also writes one SARIF 2.1.0 log with the notes of all files.\n", f);
}

/* The remarks documents of a build and their nests. */
typedef struct build {
	json_t **docs;
	int ndocs;
	nest *nests;
	int nn, cap;
} build;

/* Append the nests of DOC (read from PATH) to B.  0: out of memory. */
static int add_nests(build *b, const json_t *doc, const char *path)
{
	const json_t *list = json_object_get(doc, "nests");
	for (size_t k = 0; k < json_array_size(list); k++) {
		if (b->nn == b->cap) {
			b->cap = b->cap ? 2 * b->cap : 64;
			nest *p = realloc(b->nests, (size_t)b->cap * sizeof(*p));
			if (!p)
				return 0;
			b->nests = p;
		}
		nest *r = &b->nests[b->nn++];
		memset(r, 0, sizeof(*r));
		r->doc = doc;
		r->nest = json_array_get(list, k);
		r->json_path = path;
		r->analysed = json_is_true(json_object_get(r->nest, "analysed"));
		if (r->analysed)
			nest_eval(r);
	}
	return 1;
}

/* Read every remarks file of IN into B.  Returns 0, 1 when a file is broken or not a remarks
 * file (an error on stderr; the others are still read), -1 when out of memory. */
static int load_build(const inputs *in, build *b)
{
	int status = 0;
	b->docs = calloc((size_t)in->n, sizeof(*b->docs));
	for (int i = 0; i < in->n && b->docs; i++) {
		json_error_t je;
		json_t *doc = json_load_file(in->paths[i], 0, &je);
		if (!doc) {
			fprintf(stderr, "%s:%d:%d: error: roofline-report: %s\n", in->paths[i], je.line,
				je.column, je.text);
			status = 1;
			continue;
		}
		const char *schema = rl_view_str(doc, "schema", "");
		if (strncmp(schema, "roofline-remarks/", 17)) {
			fprintf(stderr, "%s: error: roofline-report: not a roofline remarks file (schema '%s')\n",
				in->paths[i], schema);
			json_decref(doc);
			status = 1;
			continue;
		}
		b->docs[b->ndocs++] = doc;
		if (!add_nests(b, doc, in->paths[i]))
			return -1;
	}
	return status;
}

/* Sort by predicted time and set every nest's rank and share of the known total. */
static void rank_nests(nest *nests, int nn)
{
	if (!nests)
		return;
	qsort(nests, (size_t)nn, sizeof(*nests), cmp_nest);
	double total = 0;
	for (int i = 0; i < nn; i++)
		if (nests[i].analysed && nests[i].seconds >= 0)
			total += nests[i].seconds;
	for (int i = 0; i < nn; i++) {
		nests[i].rank = i + 1;
		if (nests[i].analysed && nests[i].seconds >= 0 && total > 0)
			nests[i].share = nests[i].seconds / total;
	}
}

/* Command line into IN and the output paths; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, inputs *in, const char **out_path, const char **sarif_path)
{
	char err[1024];
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			*out_path = argv[++i];
		} else if (!strcmp(argv[i], "--sarif") && i + 1 < argc) {
			*sarif_path = argv[++i];
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "roofline-report: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		} else if (!collect(in, argv[i], 0, err, sizeof(err))) {
			fprintf(stderr, "roofline-report: %s\n", err);
			return 1;
		}
	}
	if (!in->n) {
		fprintf(stderr, "roofline-report: no *.roofline.json files given or found\n");
		usage(stderr);
		return 1;
	}
	return -1;
}

int main(int argc, char **argv)
{
	const char *out_path = "roofline-report.html", *sarif_path = NULL;
	inputs in = { 0 };
	char err[1024];
	int status = parse_args(argc, argv, &in, &out_path, &sarif_path);
	if (status >= 0)
		return status;
	qsort(in.paths, (size_t)in.n, sizeof(*in.paths), cmp_path);
	build b = { 0 };
	status = load_build(&in, &b);
	if (status < 0)
		return 1;
	rank_nests(b.nests, b.nn);
	FILE *o = fopen(out_path, "w");
	if (!o) {
		fprintf(stderr, "roofline-report: cannot write '%s': %s\n", out_path, strerror(errno));
		return 1;
	}
	int ok = write_html(o, b.nests, b.nn, b.ndocs);
	if (fclose(o) != 0 || !ok) {
		fprintf(stderr, "roofline-report: cannot write '%s'\n", out_path);
		status = 1;
	}
	if (sarif_path && !rl_sarif_write_json((const json_t *const *)b.docs, b.ndocs, sarif_path, err,
						sizeof(err))) {
		fprintf(stderr, "roofline-report: %s\n", err);
		status = 1;
	}
	for (int i = 0; i < b.ndocs; i++)
		json_decref(b.docs[i]);
	free(b.docs);
	free(b.nests);
	for (int i = 0; i < in.n; i++)
		free(in.paths[i]);
	free(in.paths);
	if (!status)
		fprintf(stderr, "roofline-report: %d nests from %d files -> %s\n", b.nn, b.ndocs, out_path);
	return status;
}
