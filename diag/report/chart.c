/* roofline-report: the SVG roofline charts and ECM bars (docs/report.md).
 *
 * Charts are log-log with the roofs listed in a key beside the plot (never written over the
 * lines, so no two roof labels can meet) and point labels placed by a small collision-avoiding
 * layout: for each labelled point, in order of importance, candidate boxes around it at growing
 * distances in eight directions; the first box inside the plot that meets no placed label and
 * no point is taken, with a leader line when it is away from the point.  A point whose label
 * finds no place stays unlabelled (its title shows on hover).  Text widths are estimated from
 * the character count (0.65 em per character, bold 0.72 em); the report test measures the
 * boxes in Chromium. */
#include "diag/report/report.h"
#include "diag/views.h"
#include "diag/format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROOFS 32
#define MAX_POINTS 512
#define SUMMARY_LABELS 12       /* labelled points of the summary chart */

typedef struct roof {
	double gbs;             /* > 0: bandwidth roof (sloped) */
	double gflops;          /* > 0: compute roof (flat) */
	char label[128];
} roof;

typedef struct point {
	double ai, gflops;
	double radius;
	char fill[16];
	int hollow;             /* not ranked: an open circle */
	char label[64];         /* "" : no label */
	char title[600];
	char href[32];          /* "" : no link */
} point;

typedef struct chart {
	roof roofs[MAX_ROOFS];
	int nroofs;
	point *points;
	int npoints;
	char key_title[64];     /* heading of the key */
} chart;

static const char *const palette[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
				       "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
				       "#393b79", "#637939", "#ad494a", "#7b4173", "#3182bd",
				       "#e6550d" };
#define NPALETTE 16

static void chart_roof(chart *c, double gbs, double gflops, const char *label)
{
	if (c->nroofs == MAX_ROOFS || (gbs <= 0 && gflops <= 0) || !isfinite(gbs) || !isfinite(gflops))
		return;
	for (int i = 0; i < c->nroofs; i++)
		if (!strcmp(c->roofs[i].label, label))
			return;
	roof *r = &c->roofs[c->nroofs++];
	r->gbs = gbs > 0 ? gbs : 0;
	r->gflops = gbs > 0 ? 0 : gflops;
	snprintf(r->label, sizeof(r->label), "%s", label);
}

static point *chart_point(chart *c, double ai, double gflops, const char *label, const char *title)
{
	if (c->npoints == MAX_POINTS || ai <= 0 || gflops <= 0 || !isfinite(ai) || !isfinite(gflops))
		return NULL;
	point *p = &c->points[c->npoints++];
	memset(p, 0, sizeof(*p));
	p->ai = ai;
	p->gflops = gflops;
	p->radius = 5;
	snprintf(p->fill, sizeof(p->fill), "%s", palette[0]);
	snprintf(p->label, sizeof(p->label), "%s", label);
	snprintf(p->title, sizeof(p->title), "%s", title);
	return p;
}

/* ------------------------------------------------------------ the JSON's roofs and points */

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

/* The socket's memory roof and the FP peaks the machine object has. */
static void machine_roofs(chart *c, const json_t *machine)
{
	char label[128], num[32];
	double bw = rl_view_num(machine, "memory_bandwidth_gbs", 0);
	if (bw > 0) {
		rl_format_number2(bw, num, sizeof(num));
		snprintf(label, sizeof(label), "memory %s GB/s (socket)", num);
		chart_roof(c, bw, 0, label);
	}
	double peak = rl_view_num(machine, "peak_gflops", 0);
	if (peak > 0) {
		rl_format_number2(peak, num, sizeof(num));
		snprintf(label, sizeof(label), "peak %s GFLOP/s", num);
		chart_roof(c, 0, peak, label);
	}
}

/* Roofs and ceilings of one model object M into C, labelled "MODEL: name value" (PREFIX; flat
 * roofs "FP_MODEL: name value" when FP_MODEL is given) or "name value". */
static void model_roofs(chart *c, const json_t *m, const char *model, int prefix, const char *fp_model)
{
	static const char *const roof_keys[] = { "roofs", "ceilings", NULL };
	for (const char *const *rk = roof_keys; *rk; rk++) {
		const json_t *roofs = json_object_get(m, *rk);
		for (size_t i = 0; i < json_array_size(roofs); i++) {
			const json_t *r = json_array_get(roofs, i);
			char label[128], num[32];
			double bw = first_num(r, k_bw), g = bw > 0 ? 0 : first_num(r, k_peak);
			rl_format_number2(bw > 0 ? bw : g, num, sizeof(num));
			const char *who = bw > 0 || !fp_model ? model : fp_model;
			snprintf(label, sizeof(label), "%s%s%s %s %s", prefix ? who : "", prefix ? ": " : "",
				 first_str(r, k_label, *rk), num, bw > 0 ? "GB/s" : "GFLOP/s");
			chart_roof(c, bw, g, label);
		}
	}
}

static void model_point(chart *c, const json_t *p, const char *model, const char *fill)
{
	if (!json_is_object(p))
		return;
	char title[256];
	const char *label = first_str(p, k_label, model);
	snprintf(title, sizeof(title), "%s %s", model, label);
	point *pt = chart_point(c, first_num(p, k_ai), first_num(p, k_perf), label, title);
	if (pt)
		snprintf(pt->fill, sizeof(pt->fill), "%s", fill);
}

/* Points of one model object M: "points", "point", or its own ai/gflops. */
static void model_points(chart *c, const json_t *m, const char *model, const char *fill)
{
	const json_t *pts = json_object_get(m, "points");
	for (size_t i = 0; i < json_array_size(pts); i++)
		model_point(c, json_array_get(pts, i), model, fill);
	if (json_is_object(json_object_get(m, "point")))
		model_point(c, json_object_get(m, "point"), model, fill);
	if (first_num(m, k_ai) > 0)
		model_point(c, m, model, fill);
}

/* ------------------------------------------------------------ axes */

/* chart geometry: plot left ML .. ML + PW, key column from KEYX */
#define CW 840
#define CH 400
#define ML 64
#define MT 16
#define MB 48
#define PW 480
#define KEYX (ML + PW + 18)

typedef struct axes {
	double lx0, lx1, ly0, ly1;
	double maxpeak;         /* highest flat roof (sloped roofs end there), 0: none */
	int pw, ph;
} axes;

#define X(v) (ML + (log10(v) - ax->lx0) / (ax->lx1 - ax->lx0) * ax->pw)
#define Y(v) (MT + (ax->ly1 - log10(v)) / (ax->ly1 - ax->ly0) * ax->ph)

/* Ranges: decades covering points, peaks and the bandwidth roofs at the lowest AI. */
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
	ax->pw = PW;
	ax->ph = CH - MT - MB;
}

static void draw_axes(FILE *o, const axes *ax)
{
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

/* TEXT cut to fit WIDTH px at 11 px (0.65 em per character), "..." marking the cut. */
static void key_text(const char *text, double width, char *buf, size_t len)
{
	size_t max = (size_t)(width / (11 * 0.65));
	if (strlen(text) <= max || max < 4)
		snprintf(buf, len, "%s", text);
	else
		snprintf(buf, len, "%.*s...", (int)(max - 3), text);
}

/* Roofs as lines (sloped up to the highest flat roof), each with its colour and a line in the
 * key beside the plot: the key is where the labels are. */
static void draw_roofs(FILE *o, const chart *c, const axes *ax, const char *id)
{
	double xmin = pow(10, ax->lx0), xmax = pow(10, ax->lx1), ymin = pow(10, ax->ly0), ymax = pow(10, ax->ly1);
	double maxbw = 0;
	for (int j = 0; j < c->nroofs; j++)
		maxbw = fmax(maxbw, c->roofs[j].gbs);
	fprintf(o, "<g class=\"roofs\" clip-path=\"url(#%s-clip)\">\n", id);
	for (int i = 0; i < c->nroofs; i++) {
		const roof *r = &c->roofs[i];
		double x1, y1, x2, y2;
		if (r->gbs > 0) {
			double top = ax->maxpeak > 0 ? ax->maxpeak : ymax;
			x1 = fmax(xmin, ymin / r->gbs);
			x2 = fmin(xmax, top / r->gbs);
			y1 = r->gbs * x1;
			y2 = r->gbs * x2;
		} else {
			x1 = maxbw > 0 ? fmax(xmin, r->gflops / maxbw) : xmin;
			x2 = xmax;
			y1 = y2 = r->gflops;
		}
		fprintf(o, "<line class=\"roof %s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\"><title>", r->gbs > 0 ? "roof-bandwidth" : "roof-compute",
			X(x1), Y(y1), X(x2), Y(y2), palette[i % NPALETTE]);
		rl_report_esc(o, r->label);
		fputs("</title></line>\n", o);
	}
	fputs("</g>\n<g class=\"key\">", o);
	int y = MT + 10;
	if (c->key_title[0]) {
		fprintf(o, "<text class=\"key-title\" x=\"%d\" y=\"%d\">", KEYX, y);
		rl_report_esc(o, c->key_title);
		fputs("</text>", o);
		y += 18;
	}
	for (int i = 0; i < c->nroofs; i++, y += 16) {
		fprintf(o, "<line class=\"key-swatch%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>"
			"<text class=\"roof-label\" x=\"%d\" y=\"%d\">", c->roofs[i].gbs > 0 ? "" : " dashed",
			KEYX, y - 4, KEYX + 18, y - 4, palette[i % NPALETTE], KEYX + 24, y);
		char text[128];
		key_text(c->roofs[i].label, CW - KEYX - 28, text, sizeof(text));
		rl_report_esc(o, text);
		fputs("</text>", o);
	}
	fputs("</g>\n", o);
}

/* ------------------------------------------------------------ label layout */

typedef struct box {
	double x0, y0, x1, y1;
} box;

static int boxes_meet(const box *a, const box *b, double gap)
{
	return a->x0 < b->x1 + gap && b->x0 < a->x1 + gap && a->y0 < b->y1 + gap && b->y0 < a->y1 + gap;
}

/* Estimated box of a label of TEXT at FS px (bold: wider) */
static void label_size(const char *text, double fs, int bold, double *w, double *h)
{
	*w = (double)strlen(text) * fs * (bold ? 0.72 : 0.65) + 2;
	*h = fs * 1.25;
}

typedef struct placed {
	box b;
	double tx, ty;          /* text start and baseline */
	double lx, ly;          /* leader line end at the label, lx < 0: none */
	int ok;
} placed;

/* Place the label of point I of C (pixel positions PX, PY) against the labels placed so far,
 * every point and the plot area.  Fills *OUT. */
static void place_label(const chart *c, const double *px, const double *py, int i,
			const placed *done, const axes *ax, double fs, placed *out)
{
	static const double dist[] = { 2, 8, 16, 28, 44, 64, 90 };
	static const double dir[8][2] = { { 1, -1 }, { 1, 1 }, { -1, -1 }, { -1, 1 },
					  { 1, 0 }, { -1, 0 }, { 0, -1 }, { 0, 1 } };
	double w, h, r = c->points[i].radius;
	label_size(c->points[i].label, fs, 1, &w, &h);
	out->ok = 0;
	for (size_t d = 0; d < sizeof(dist) / sizeof(dist[0]); d++)
		for (int k = 0; k < 8; k++) {
			double cx = px[i] + dir[k][0] * (r + dist[d] + w / 2);
			double cy = py[i] + dir[k][1] * (r + dist[d] + h / 2);
			box b = { cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2 };
			int free = b.x0 >= ML + 2 && b.x1 <= ML + ax->pw - 2 && b.y0 >= MT + 2
				&& b.y1 <= MT + ax->ph - 2;
			for (int j = 0; free && j < c->npoints; j++) {
				double rj = c->points[j].radius + 1;
				box pb = { px[j] - rj, py[j] - rj, px[j] + rj, py[j] + rj };
				free = !boxes_meet(&b, &pb, 1);
			}
			for (int j = 0; free && j < c->npoints; j++)
				free = !(done[j].ok && boxes_meet(&b, &done[j].b, 2));
			if (!free)
				continue;
			out->b = b;
			out->tx = b.x0 + 1;
			out->ty = b.y1 - h * 0.28;
			out->lx = dist[d] > 4 ? fmin(fmax(px[i], b.x0), b.x1) : -1;
			out->ly = fmin(fmax(py[i], b.y0), b.y1);
			out->ok = 1;
			return;
		}
}

static void draw_point(FILE *o, const point *p, double x, double y)
{
	char a[32], g[32];
	if (p->href[0])
		fprintf(o, "<a href=\"%s\">", p->href);
	fprintf(o, "<g class=\"point\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"%s><title>",
		x, y, p->radius, p->hollow ? "none" : p->fill,
		p->hollow ? " stroke=\"#888\" stroke-width=\"1.5\"" : " stroke=\"#333\" stroke-width=\"0.5\"");
	rl_report_esc(o, p->title);
	rl_format_number2(p->ai, a, sizeof(a));
	rl_format_number2(p->gflops, g, sizeof(g));
	fprintf(o, ": AI %s flop/B, %s GFLOP/s</title></circle></g>", a, g);
	fputs(p->href[0] ? "</a>\n" : "\n", o);
}

/* Points (largest first, so small ones stay visible) and the labels of the first MAXLABELS
 * points with a label, placed without overlap. */
static int draw_points(FILE *o, const chart *c, const axes *ax, int maxlabels)
{
	double *px = calloc((size_t)c->npoints + 1, sizeof(double) * 2), *py = px + c->npoints;
	placed *done = calloc((size_t)c->npoints + 1, sizeof(placed));
	if (!px || !done) {
		free(px);
		free(done);
		return 0;
	}
	for (int i = 0; i < c->npoints; i++) {
		px[i] = X(c->points[i].ai);
		py[i] = Y(c->points[i].gflops);
	}
	fputs("<g class=\"points\">\n", o);
	for (double rmax = INFINITY;;) {
		double next = -1;
		for (int i = 0; i < c->npoints; i++)
			if (c->points[i].radius < rmax)
				next = fmax(next, c->points[i].radius);
		if (next < 0)
			break;
		for (int i = 0; i < c->npoints; i++)
			if (c->points[i].radius == next)
				draw_point(o, &c->points[i], px[i], py[i]);
		rmax = next;
	}
	fputs("</g>\n<g class=\"labels\">\n", o);
	for (int i = 0, n = 0; i < c->npoints && n < maxlabels; i++) {
		if (!c->points[i].label[0])
			continue;
		place_label(c, px, py, i, done, ax, 11, &done[i]);
		if (!done[i].ok)
			continue;
		n++;
		if (done[i].lx >= 0)
			fprintf(o, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
				px[i], py[i], done[i].lx, done[i].ly);
		if (c->points[i].href[0])
			fprintf(o, "<a href=\"%s\">", c->points[i].href);
		fprintf(o, "<text class=\"point-label\" x=\"%.1f\" y=\"%.1f\">", done[i].tx, done[i].ty);
		rl_report_esc(o, c->points[i].label);
		fputs(c->points[i].href[0] ? "</text></a>\n" : "</text>\n", o);
	}
	fputs("</g>\n", o);
	free(px);
	free(done);
	return 1;
}

#undef X
#undef Y

static int draw_chart(FILE *o, const chart *c, const char *id, const char *title, int maxlabels)
{
	axes axes_of_chart, *ax = &axes_of_chart;
	chart_axes(c, ax);
	fprintf(o, "<svg class=\"roofline\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", id, CW, CH, CW, CH);
	fputs("<title>", o);
	rl_report_esc(o, title);
	fputs("</title>\n", o);
	fprintf(o, "<defs><clipPath id=\"%s-clip\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>"
		"</clipPath></defs>\n", id, ML, MT, ax->pw, ax->ph);
	fprintf(o, "<rect class=\"plot-area\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", ML, MT, ax->pw, ax->ph);
	draw_axes(o, ax);
	draw_roofs(o, c, ax, id);
	int ok = draw_points(o, c, ax, maxlabels);
	fputs("</svg>\n", o);
	return ok;
}

/* ------------------------------------------------------------ summary chart */

/* Colour of a share of the predicted time: light (small) to dark red (the largest). */
static void share_colour(double t, char *buf, size_t len)
{
	static const int lo[3] = { 0xfe, 0xd9, 0x76 }, hi[3] = { 0xbd, 0x00, 0x26 };
	t = fmin(fmax(t, 0), 1);
	snprintf(buf, len, "#%02x%02x%02x", (int)(lo[0] + t * (hi[0] - lo[0])),
		 (int)(lo[1] + t * (hi[1] - lo[1])), (int)(lo[2] + t * (hi[2] - lo[2])));
}

/* All roofs of the machine of NESTS[0]: the socket memory roof and the CARM roofs and ceilings
 * of its nests (one core). */
static void summary_roofs(chart *c, const nest *nests, int nn)
{
	const json_t *machine = json_object_get(nests[0].doc, "machine");
	const char *name = rl_view_str(machine, "name", "");
	machine_roofs(c, machine);
	for (int i = 0; i < nn; i++) {
		if (strcmp(rl_view_str(json_object_get(nests[i].doc, "machine"), "name", ""), name))
			continue;
		const json_t *rf = json_object_get(nests[i].nest, "rooflines");
		char model[32];
		int bits = (int)rl_view_num(json_object_get(json_object_get(rf, "CARM"), "inputs"),
					    "precision_bits", 0);
		/* the FP roofs differ by precision: name it when the JSON does */
		if (bits > 0)
			snprintf(model, sizeof(model), "CARM %d-bit", bits);
		else
			snprintf(model, sizeof(model), "CARM");
		model_roofs(c, json_object_get(rf, "CARM"), "CARM", 1, model);
		const json_t *ceil = json_object_get(json_object_get(rf, "ceilings"), "ceilings");
		for (size_t k = 0; k < json_array_size(ceil); k++) {
			const char *n = rl_view_str(json_array_get(ceil, k), "name", "");
			char label[128], num[32];
			if (strcmp(n, "no SIMD") && strcmp(n, "no FMA"))
				continue;   /* machine ceilings only, not the loop's own */
			rl_format_number2(rl_view_num(json_array_get(ceil, k), "gflops", 0), num, sizeof(num));
			snprintf(label, sizeof(label), "%s: %s %s GFLOP/s", model, n, num);
			chart_roof(c, 0, rl_view_num(json_array_get(ceil, k), "gflops", 0), label);
		}
	}
}

int rl_report_summary_chart(FILE *o, const nest *nests, int nn)
{
	chart all = { .points = calloc(MAX_POINTS, sizeof(point)) };
	if (!all.points)
		return 0;
	double maxshare = 0;
	for (int i = 0; i < nn; i++)
		maxshare = fmax(maxshare, nests[i].share);
	if (nn)
		summary_roofs(&all, nests, nn);
	snprintf(all.key_title, sizeof(all.key_title), "roofs (one core)");
	for (int i = 0; i < nn; i++) {
		const nest *r = &nests[i];
		if (!r->analysed)
			continue;
		char label[48], title[600], loc[512], t[32];
		const json_t *jl = json_object_get(r->nest, "location");
		const char *fn = rl_view_str(jl, "source_function", rl_view_str(jl, "function", ""));
		snprintf(label, sizeof(label), "#%d %.16s:%d", r->rank, fn,
			 (int)rl_view_num(json_object_get(r->nest, "location"), "line", 0));
		rl_report_location(r, loc, sizeof(loc));
		rl_format_seconds(r->seconds, t, sizeof(t));
		if (r->ranked)
			snprintf(title, sizeof(title), "#%d %s in %s: %s (%.1f %% of the build)", r->rank,
				 loc, fn, t, r->share * 100);
		else
			snprintf(title, sizeof(title), "#%d %s in %s: not ranked (%s)", r->rank, loc, fn,
				 r->why ? r->why : "");
		point *p = chart_point(&all, r->ai, r->gflops, r->ranked ? label : "", title);
		if (!p)
			continue;
		snprintf(p->href, sizeof(p->href), "#nest-%d", r->rank);
		p->hollow = !r->ranked;
		p->radius = r->ranked ? 4 + 14 * sqrt(fmax(r->share, 0)) : 4;
		share_colour(maxshare > 0 ? r->share / maxshare : 0, p->fill, sizeof(p->fill));
	}
	fputs("<h2>Roofline: all loops (ECM prediction at each loop's data level, CARM AI, one core)</h2>\n"
	      "<p class=\"muted\">Area and colour: share of the build's predicted time (open circles: "
	      "not ranked). The largest loops are labelled; hover a point for its figures, click it "
	      "for the loop.</p>\n", o);
	int ok = draw_chart(o, &all, "roofline-all", "Roofline chart of all analysed loops", SUMMARY_LABELS);
	free(all.points);
	return ok;
}

/* ------------------------------------------------------------ per-nest charts */

/* The model objects of the nest's "rooflines" (an object of models or a list), in the order
 * CARM, ORM, adCARM, ceilings, then the others by name; at most MAX. */
static int nest_models(const json_t *rl, const json_t **m, const char **names, int max)
{
	static const char *const order[] = { "CARM", "ORM", "adCARM", "ceilings", NULL };
	int n = 0;
	if (json_is_array(rl)) {
		for (size_t i = 0; i < json_array_size(rl) && n < max; i++) {
			m[n] = json_array_get(rl, i);
			names[n] = first_str(m[n], k_model, "roofline");
			n += json_is_object(m[n]);
		}
		return n;
	}
	if (!json_is_object(rl))
		return 0;
	if (json_object_get(rl, "roofs") || json_object_get(rl, "points")) {
		m[0] = rl;
		names[0] = first_str(rl, k_model, "roofline");
		return 1;
	}
	for (const char *const *k = order; *k && n < max; k++)
		if (json_is_object(json_object_get(rl, *k))) {
			m[n] = json_object_get(rl, *k);
			names[n++] = *k;
		}
	size_t nk;
	const char **keys = rl_view_sorted_keys(rl, &nk);
	for (size_t i = 0; i < nk && n < max; i++) {
		int known = 0;
		for (const char *const *k = order; *k; k++)
			known |= !strcmp(*k, keys[i]);
		if (!known && json_is_object(json_object_get(rl, keys[i]))) {
			m[n] = json_object_get(rl, keys[i]);
			names[n++] = keys[i];
		}
	}
	free(keys);
	return n;
}

/* One model's chart of nest R: its roofs and points, the ECM point of the notes added when the
 * model has no point labelled ECM. */
static int model_chart(FILE *o, const nest *r, const json_t *m, const char *model, const char *id)
{
	chart c = { .points = calloc(MAX_POINTS, sizeof(point)) };
	if (!c.points)
		return 0;
	snprintf(c.key_title, sizeof(c.key_title), "%s roofs (one core)", model ? model : "machine");
	if (m) {
		model_roofs(&c, m, model, 0, NULL);
		model_points(&c, m, model, palette[1]);
	} else {
		machine_roofs(&c, json_object_get(r->doc, "machine"));
	}
	int has_ecm = 0;
	for (int i = 0; i < c.npoints; i++)
		has_ecm |= !strcmp(c.points[i].label, "ECM");
	if (!has_ecm && r->ai > 0) {
		char title[64];
		snprintf(title, sizeof(title), "ECM prediction, data in %s", r->level);
		point *p = chart_point(&c, r->ai, r->gflops, "ECM", title);
		if (p)
			snprintf(p->fill, sizeof(p->fill), "%s", palette[0]);
	}
	char loc[512];
	rl_report_location(r, loc, sizeof(loc));
	int ok = draw_chart(o, &c, id, loc, MAX_POINTS);
	free(c.points);
	return ok;
}

#define MAX_MODELS 6

int rl_report_nest_charts(FILE *o, const nest *r)
{
	const json_t *models[MAX_MODELS];
	const char *names[MAX_MODELS];
	int n = nest_models(json_object_get(r->nest, "rooflines"), models, names, MAX_MODELS);
	char id[96];
	if (r->ai <= 0 && n == 0)
		fputs("<p class=\"muted\">No floating-point work: no roofline point.</p>\n", o);
	fputs("<div class=\"model-toggle\">\n", o);
	for (int i = 0; i < (n ? n : 1); i++)
		fprintf(o, "<input type=\"radio\" name=\"model-%d\" id=\"model-%d-%d\" class=\"t%d\"%s>"
			"<label for=\"model-%d-%d\">%s</label>\n", r->rank, r->rank, i, i, i ? "" : " checked",
			r->rank, i, n ? names[i] : "ECM");
	fputs("<div class=\"panels\">\n", o);
	for (int i = 0; i < (n ? n : 1); i++) {
		fprintf(o, "<div class=\"panel p%d\">\n", i);
		snprintf(id, sizeof(id), "roofline-%d-%s", r->rank, n ? names[i] : "ECM");
		for (char *p = id; *p; p++)
			if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'))
				*p = '_';
		if (!model_chart(o, r, n ? models[i] : NULL, n ? names[i] : NULL, id))
			return 0;
		fputs("</div>\n", o);
	}
	fputs("</div>\n</div>\n", o);
	return 1;
}

const char *const rl_report_chart_css =
	"svg text{font-size:11px;fill:#333}svg .plot-area{fill:#fff;stroke:#999}\n"
	"svg .axis line{stroke:#333}svg .axis line.grid{stroke:#e4e4e4}svg .roof{stroke-width:2;fill:none}\n"
	"svg .roof-compute,svg .key-swatch.dashed{stroke-dasharray:6 3}svg .key-swatch{stroke-width:2}\n"
	"svg .key-title{font-weight:bold}svg .leader{stroke:#666;stroke-width:0.8}\n"
	"svg .roof-label{font-size:11px}svg .point-label{font-weight:bold}svg .axis-label{font-size:12px}\n"
	"svg a .point-label{fill:#08306b}svg a:hover circle{stroke:#000;stroke-width:2}\n"
	"svg .ecm-ol{fill:#fdae6b}svg .ecm-nol{fill:#e6550d}svg .ecm-frac{fill-opacity:.5}svg .ecm-prediction{stroke:#000;stroke-width:2}\n"
	".model-toggle>input{margin-left:10px}.model-toggle .panel{display:none}\n"
	".model-toggle .t0:checked~.panels .p0,.model-toggle .t1:checked~.panels .p1,"
	".model-toggle .t2:checked~.panels .p2,.model-toggle .t3:checked~.panels .p3,"
	".model-toggle .t4:checked~.panels .p4,.model-toggle .t5:checked~.panels .p5{display:block}\n";
