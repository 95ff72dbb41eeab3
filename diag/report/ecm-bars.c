/* roofline-report: the ECM contributions of a nest per memory level, drawn with the machine's
 * composition rule (model/ecm.c): "serial" (Intel: T_nOL and the transfers add up and overlap
 * with T_OL; the prediction is max(T_OL, T_nOL + transfers)) stacks T_nOL and the transfers
 * beside a T_OL bar; "zen" (every term overlaps: the prediction is the largest term) draws
 * every term as its own bar from zero, side by side, so the tick at the prediction meets the
 * end of the longest bar. */
#include "diag/report/report.h"
#include "diag/views.h"
#include "diag/format.h"

#include <math.h>
#include <string.h>

static const char *const xcol[] = { "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b" };

#define LW 56           /* level names */
#define BW 380          /* bar length of the largest figure */

typedef struct ecm_view {
	const json_t *ecm, *tr, *pr, *traffic;
	double tol, tnol, max;
	size_t nl;
	int zen;
} ecm_view;

static double transfer(const ecm_view *v, size_t b)
{
	return json_number_value(json_array_get(v->tr, b));
}

/* Rows of bars of level L: serial 2 (T_OL, the stack), zen 2 + L (each term) */
static int bars_of(const ecm_view *v, size_t l)
{
	return v->zen ? 2 + (int)l : 2;
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

/* The bars of level L from height Y */
static void level_bars(FILE *o, const ecm_view *v, size_t l, int y)
{
	bar(o, "ecm-ol", NULL, LW, y, v->tol, 8, v, "T_OL");
	char name[64];
	if (v->zen) {
		bar(o, "ecm-nol", NULL, LW, y + 9, v->tnol, 8, v, "T_nOL");
		for (size_t b = 0; b < l && b < json_array_size(v->tr); b++) {
			snprintf(name, sizeof(name), "T_%s",
				 rl_view_str(json_array_get(v->traffic, b), "boundary", ""));
			bar(o, "ecm-transfer", xcol[b % 5], LW, y + 18 + 9 * (int)b, transfer(v, b), 8, v, name);
		}
		return;
	}
	double x = LW;
	bar(o, "ecm-nol", NULL, x, y + 10, v->tnol, 12, v, "T_nOL");
	x += v->tnol / v->max * BW;
	for (size_t b = 0; b < l && b < json_array_size(v->tr); b++) {
		snprintf(name, sizeof(name), "T_%s", rl_view_str(json_array_get(v->traffic, b), "boundary", ""));
		bar(o, "ecm-transfer", xcol[b % 5], x, y + 10, transfer(v, b), 12, v, name);
		x += transfer(v, b) / v->max * BW;
	}
}

static void legend(FILE *o, const ecm_view *v, int y)
{
	fprintf(o, "<g class=\"ecm-legend\"><rect class=\"ecm-ol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_OL</text><rect class=\"ecm-nol\" x=\"%d\" y=\"%d\" width=\"10\" height=\"8\"/>"
		"<text x=\"%d\" y=\"%d\">T_nOL</text><rect x=\"%d\" y=\"%d\" width=\"10\" height=\"8\" fill=\"%s\"/>"
		"<text x=\"%d\" y=\"%d\">transfers</text><text x=\"%d\" y=\"%d\">| prediction = %s</text></g>\n",
		LW, y, LW + 14, y + 8, LW + 60, y, LW + 74, y + 8, LW + 130, y, xcol[1], LW + 144, y + 8,
		LW, y + 24, v->zen ? "the largest term (all terms overlap)" : "max(T_OL, T_nOL + transfers)");
}

void rl_report_ecm_bars(FILE *o, const nest *r, const char *id)
{
	ecm_view v = { json_object_get(r->nest, "ecm"), NULL, NULL, json_object_get(r->nest, "traffic"),
		       0, 0, 0, 0, 0 };
	v.tr = json_object_get(v.ecm, "transfers");
	v.pr = json_object_get(v.ecm, "predictions");
	v.tol = rl_view_num(v.ecm, "t_ol", 0);
	v.tnol = rl_view_num(v.ecm, "t_nol", 0);
	v.nl = json_array_size(v.pr);
	v.zen = !strcmp(rl_view_str(v.ecm, "overlap", "serial"), "zen");
	v.max = fmax(v.tol, v.tnol);
	int h = 52;
	for (size_t l = 0; l < v.nl; l++) {
		double sum = v.tnol;
		for (size_t b = 0; b < l && b < json_array_size(v.tr); b++)
			sum += transfer(&v, b);
		v.max = fmax(v.max, fmax(v.zen ? 0 : sum, json_number_value(json_array_get(v.pr, l))));
		for (size_t b = 0; b < l && b < json_array_size(v.tr); b++)
			v.max = fmax(v.max, transfer(&v, b));
		h += 12 + 9 * bars_of(&v, l);
	}
	if (v.max <= 0)
		v.max = 1;
	fprintf(o, "<svg class=\"ecm-bars\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>ECM contributions per memory level "
		"(cy per unit of work; overlap %s)</title>\n", id, LW + BW + 90, h, LW + BW + 90, h,
		rl_view_str(v.ecm, "overlap", "?"));
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
