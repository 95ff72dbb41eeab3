/* roofline-report: the ECM contributions of a nest per memory level, drawn with the machine's
 * composition rule (model/ecm.c, docs/model.md section 4), link by link as the JSON's ecm.links
 * give it: T_nOL, the serial links' transfers and the overlapping links' serial fractions x_b T_b
 * add up (the serialised part, one stacked bar), T_OL and each overlapping transfer overlap with
 * it and with each other (a bar of its own from zero); the prediction is the maximum of these
 * bars, so the tick at the prediction meets the end of the longest one.  "serial" (Intel) is one
 * T_OL bar beside the stack of T_nOL and every transfer; "zen" without fractions is every term
 * side by side. */
#include "diag/report/report.h"
#include "diag/views.h"
#include "diag/format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const xcol[] = { "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b" };

#define LW 56           /* level names */
#define BW 380          /* bar length of the largest figure */
#define MAXLINKS 8

typedef struct ecm_view {
	const json_t *ecm, *tr, *pr, *traffic;
	double tol, tnol, max;
	size_t nl, ntr;
	int serial[MAXLINKS];           /* link b adds in full to T_nOL */
	double share[MAXLINKS];         /* the share of its transfer in the serialised part */
	int all_serial, fractions;      /* every link serial; some overlapping link has x_b > 0 */
} ecm_view;

static double transfer(const ecm_view *v, size_t b)
{
	return json_number_value(json_array_get(v->tr, b));
}

static const char *link_name(const ecm_view *v, size_t b)
{
	return rl_view_str(json_array_get(v->traffic, b), "boundary", "");
}

/* The rule per link: ecm.links, or (files without it) every link serial under "serial" and
 * overlapping without fraction under any other rule */
static void read_links(ecm_view *v)
{
	const json_t *links = json_object_get(v->ecm, "links");
	int serial = !strcmp(rl_view_str(v->ecm, "overlap", "serial"), "serial");
	v->all_serial = 1;
	for (size_t b = 0; b < v->ntr; b++) {
		const json_t *k = json_array_get(links, b);
		v->serial[b] = k ? !strcmp(rl_view_str(k, "rule", ""), "serial") : serial;
		v->share[b] = v->serial[b] ? 1 : k ? rl_view_num(k, "serial_fraction", 0) : 0;
		v->all_serial &= v->serial[b];
		v->fractions |= !v->serial[b] && v->share[b] > 0;
	}
}

/* Overlapping links up to level L: each a bar of its own */
static int overlapping_of(const ecm_view *v, size_t l)
{
	int n = 0;
	for (size_t b = 0; b < l && b < v->ntr; b++)
		n += !v->serial[b];
	return n;
}

/* Rows of bars of level L: T_OL, the serialised part, each overlapping transfer */
static int bars_of(const ecm_view *v, size_t l)
{
	return 2 + overlapping_of(v, l);
}

/* The serialised part of level L: T_nOL + serial transfers + x_b T_b of the overlapping ones */
static double serial_part(const ecm_view *v, size_t l)
{
	double sum = v->tnol;
	for (size_t b = 0; b < l && b < v->ntr; b++)
		sum += v->share[b] * transfer(v, b);
	return sum;
}

static void bar(FILE *o, const char *cls, const char *fill, double x, double y, double t,
		double h, const ecm_view *v, const char *name)
{
	fprintf(o, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\"", cls, x, y,
		t / v->max * BW, h);
	if (fill)
		fprintf(o, " fill=\"%s\"", fill);
	fprintf(o, "><title>%s %g cy</title></rect>", name, t);
}

/* The bars of level L from height Y: T_OL; the serialised part stacked (T_nOL, each serial
 * transfer, each overlapping transfer's fraction x_b T_b); each overlapping transfer from zero */
static void level_bars(FILE *o, const ecm_view *v, size_t l, int y)
{
	bar(o, "ecm-ol", NULL, LW, y, v->tol, 8, v, "T_OL");
	char name[64];
	int sy = v->all_serial ? y + 10 : y + 9, sh = v->all_serial ? 12 : 8;
	double x = LW;
	bar(o, "ecm-nol", NULL, x, sy, v->tnol, sh, v, "T_nOL");
	x += v->tnol / v->max * BW;
	for (size_t b = 0; b < l && b < v->ntr; b++) {
		double t = v->share[b] * transfer(v, b);
		if (!v->serial[b] && !(t > 0))
			continue;       /* an overlapping link without fraction */
		if (v->serial[b])
			snprintf(name, sizeof(name), "T_%s", link_name(v, b));
		else
			snprintf(name, sizeof(name), "%g x T_%s (serial fraction)", v->share[b],
				 link_name(v, b));
		bar(o, v->serial[b] ? "ecm-transfer" : "ecm-frac", xcol[b % 5], x, sy, t, sh, v, name);
		x += t / v->max * BW;
	}
	int row = 0;
	for (size_t b = 0; b < l && b < v->ntr; b++) {
		if (v->serial[b])
			continue;
		snprintf(name, sizeof(name), "T_%s", link_name(v, b));
		bar(o, "ecm-transfer", xcol[b % 5], LW, y + 18 + 9 * row++, transfer(v, b), 8, v, name);
	}
}

/* "serial fractions L1-L2 0.317, L2-L3 0.339, L3-MEM 0.799" */
static void fractions_text(const ecm_view *v, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "serial fractions");
	for (size_t b = 0; b < v->ntr && used < len; b++)
		if (!v->serial[b])
			used += (size_t)snprintf(buf + used, len - used, "%s %s %g", b ? "," : "",
						 link_name(v, b), v->share[b]);
}

static void legend(FILE *o, const ecm_view *v, int y)
{
	int nover = overlapping_of(v, v->ntr);
	const char *rule = !nover ? "max(T_OL, T_nOL + transfers)"
		: !v->fractions && nover == (int)v->ntr ? "the largest term (all terms overlap)"
		: "max(T_OL, stacked serial part, each overlapping transfer)";
	fprintf(o, "<g class=\"ecm-legend\"><rect class=\"ecm-ol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_OL</text><rect class=\"ecm-nol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_nOL</text><rect x=\"%d\" y=\"%d\" width=\"10\" height=\"8\" fill=\"%s\"/>"
		"<text x=\"%d\" y=\"%d\">transfers</text><text x=\"%d\" y=\"%d\">| prediction = %s</text>",
		LW, y, LW + 14, y + 8, LW + 60, y, LW + 74, y + 8, LW + 130, y, xcol[1], LW + 144, y + 8,
		LW, y + 24, rule);
	if (v->fractions) {
		char frac[160];
		fractions_text(v, frac, sizeof(frac));
		fprintf(o, "<text x=\"%d\" y=\"%d\">%s rule, %s (pale)</text>", LW, y + 40,
			rl_view_str(v->ecm, "overlap", "?"), frac);
	}
	fputs("</g>\n", o);
}

void rl_report_ecm_bars(FILE *o, const nest *r, const char *id)
{
	ecm_view v = { json_object_get(r->nest, "ecm"), NULL, NULL, json_object_get(r->nest, "traffic"),
		       0, 0, 0, 0, 0, { 0 }, { 0 }, 0, 0 };
	v.tr = json_object_get(v.ecm, "transfers");
	v.pr = json_object_get(v.ecm, "predictions");
	v.tol = rl_view_num(v.ecm, "t_ol", 0);
	v.tnol = rl_view_num(v.ecm, "t_nol", 0);
	v.nl = json_array_size(v.pr);
	v.ntr = json_array_size(v.tr) < MAXLINKS ? json_array_size(v.tr) : MAXLINKS;
	read_links(&v);
	v.max = fmax(v.tol, v.tnol);
	int h = v.fractions ? 68 : 52;
	for (size_t l = 0; l < v.nl; l++) {
		v.max = fmax(v.max, fmax(serial_part(&v, l), json_number_value(json_array_get(v.pr, l))));
		for (size_t b = 0; b < l && b < v.ntr; b++)
			v.max = fmax(v.max, transfer(&v, b));
		h += 12 + 9 * bars_of(&v, l);
	}
	if (v.max <= 0)
		v.max = 1;
	fprintf(o, "<svg class=\"ecm-bars\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>ECM contributions per memory level "
		"(cy per unit of work; overlap %s%s)</title>\n", id, LW + BW + 90, h, LW + BW + 90, h,
		rl_view_str(v.ecm, "overlap", "?"), v.fractions ? " with serial fractions" : "");
	const json_t *caches = json_object_get(json_object_get(r->doc, "machine"), "caches");
	int y = 8;
	for (size_t l = 0; l < v.nl; l++) {
		int rows = 9 * bars_of(&v, l) + 4;
		const char *name = l + 1 == v.nl ? "Mem" : rl_view_str(json_array_get(caches, l), "name", "?");
		fprintf(o, "<g class=\"ecm-level\"><text x=\"4\" y=\"%d\">", y + rows / 2 + 4);
		rl_report_esc(o, name);
		fputs("</text>", o);
		level_bars(o, &v, l, y);
		double p = json_number_value(json_array_get(v.pr, l));
		char num[32];
		rl_format_number(p, num, sizeof(num));
		fprintf(o, "<line class=\"ecm-prediction\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			"<text x=\"%d\" y=\"%d\">%s cy</text></g>\n", LW + p / v.max * BW, y - 2,
			LW + p / v.max * BW, y + rows, LW + BW + 8, y + rows / 2 + 4, num);
		y += rows + 8;
	}
	legend(o, &v, y + 6);
	fputs("</svg>\n", o);
}
