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
#include "diag/report/report.h"

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

/* The nest's predicted time from "performance"."predicted_time" (the model's; the report
 * recomputes nothing). */
static void nest_eval(nest *r)
{
	const json_t *perf = json_object_get(r->nest, "performance");
	const json_t *pt = json_object_get(perf, "predicted_time");
	r->seconds = r->executions = r->share = r->fn_share = -1;
	r->cy_unit = rl_view_num(perf, "cycles_per_unit", 0);
	r->why = rl_view_str(pt, "assumption", NULL);
	r->ranked = json_is_true(json_object_get(pt, "ranked")) && rl_view_has_num(pt, "seconds");
	if (r->ranked)
		r->seconds = rl_view_num(pt, "seconds", 0);
	if (rl_view_has_num(pt, "executions"))
		r->executions = rl_view_num(pt, "executions", 0);
	if (rl_view_has_num(pt, "function_share"))
		r->fn_share = rl_view_num(pt, "function_share", 0);
	if (!pt)
		r->why = perf ? "no predicted time (remarks file of an older plugin)"
			: "no performance figures";
	nest_point(r);
	if (perf)
		snprintf(r->level, sizeof(r->level), "%s", rl_view_str(perf, "data_level", "?"));
}

/* Ranked nests by predicted time, then the analysed ones not ranked, then the others. */
static int cmp_nest(const void *va, const void *vb)
{
	const nest *a = va, *b = vb;
	if (a->analysed != b->analysed)
		return b->analysed - a->analysed;
	if (a->ranked != b->ranked)
		return b->ranked - a->ranked;
	double ka = a->ranked ? a->seconds : a->cy_unit, kb = b->ranked ? b->seconds : b->cy_unit;
	if (ka != kb)
		return ka > kb ? -1 : 1;
	const json_t *la = json_object_get(a->nest, "location"), *lb = json_object_get(b->nest, "location");
	int c = strcmp(rl_view_str(la, "file", ""), rl_view_str(lb, "file", ""));
	if (c)
		return c;
	return (int)rl_view_num(la, "line", 0) - (int)rl_view_num(lb, "line", 0);
}

/* ------------------------------------------------------------------ HTML */

void rl_report_esc(FILE *o, const char *s)
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
		rl_report_esc(o, file);
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
			rl_report_esc(o, s);
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
	rl_report_esc(o, note->rule);
	fputs("</span> ", o);
	rl_report_esc(o, note->text);
	fputs("</li>\n", o);
	return 0;
}

void rl_report_location(const nest *r, char *buf, size_t len)
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
	".share{display:inline-block;height:9px;background:#bd0026;margin-right:4px}\n"
	"code,pre{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.85em}\n"
	"pre.source{background:#f7f7f7;border:1px solid #ddd;padding:6px;overflow-x:auto}\n"
	".lineno{color:#999}.loop-line{background:#fff3c4;display:inline-block;min-width:100%}\n"
	"section.nest-detail{border-top:2px solid #ddd;padding-top:6px}\n"
	".charts{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}\n"
	".rule{color:#777;font-size:.85em}li.note{margin:2px 0}.muted{color:#777}\n";

static void share_cell(FILE *o, double share)
{
	fputs("<td class=\"num\">", o);
	if (share >= 0.0005 || share == 0)
		fprintf(o, "<span class=\"share\" style=\"width:%.0fpx\"></span>%.1f %%", share * 60, share * 100);
	else if (share > 0)
		fputs("&lt; 0.1 %", o);
	else
		fputs("<span class=\"muted\">n/a</span>", o);
	fputs("</td>", o);
}

/* The loop's function in the source, and the function GCC compiled it in when it inlined it */
static void function_cell(FILE *o, const json_t *loc)
{
	const char *fn = rl_view_str(loc, "function", "");
	const char *src = rl_view_str(loc, "source_function", fn);
	rl_report_esc(o, src);
	if (strcmp(src, fn)) {
		fputs(" <span class=\"muted\">(in <code>", o);
		rl_report_esc(o, fn);
		fputs("</code>)</span>", o);
	}
}

static void nest_row(FILE *o, const nest *r)
{
	char loc[512], t[64], num[32];
	rl_report_location(r, loc, sizeof(loc));
	const json_t *jl = json_object_get(r->nest, "location");
	fprintf(o, "<tr class=\"nest\" id=\"row-%d\" data-seconds=\"%.6g\"><td class=\"num\">"
		"<a href=\"#nest-%d\">%d</a></td><td><code>", r->rank, r->ranked ? r->seconds : -1,
		r->rank, r->rank);
	rl_report_esc(o, loc);
	fputs("</code></td><td>", o);
	function_cell(o, jl);
	fputs("</td>", o);
	rl_format_seconds(r->seconds, t, sizeof(t));
	fprintf(o, "<td class=\"num\">%s</td>", r->ranked ? t : "<span class=\"muted\">not ranked</span>");
	share_cell(o, r->share);
	share_cell(o, r->fn_share);
	if (r->executions >= 0)
		fprintf(o, "<td class=\"num\">%.4g</td>", r->executions);
	else
		fputs("<td class=\"num muted\">unknown</td>", o);
	rl_format_number(r->cy_unit, num, sizeof(num));
	fprintf(o, "<td class=\"num\">%s (%s)</td><td>", num, r->level[0] ? r->level : "?");
	rl_report_esc(o, r->why ? r->why : "");
	fputs("</td></tr>\n", o);
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
		rl_report_esc(o, text);
		fputs("</pre></details>\n", o);
		free(text);
	}
	if (json_object_size(rest)) {
		char *text = json_dumps(rest, JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6));
		fputs("<details class=\"data\" open><summary>more results</summary><pre>", o);
		rl_report_esc(o, text);
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
	fputs(rl_report_chart_css, o);
	fputs("</style>\n</head>\n<body>\n<h1>roofline report</h1>\n", o);
	fprintf(o, "<p class=\"summary\">%d translation unit%s, %d loop%s: %d analysed, %d not analysed. "
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
		rl_report_esc(o, m);
		fputs("</code> (", o);
		rl_report_esc(o, rl_view_str(json_object_get(nests[i].doc, "machine"), "description", ""));
		fputs(")", o);
	}
	fputs(".</p>\n<p class=\"muted\">Predicted time of a loop = its units of work over all the "
	      "executions the compiler can count (its trip count times those of the loops around it) "
	      "&times; the ECM cycles per unit at its data level / the clock: the time a profiler would "
	      "show as the loop's self time, predicted at build time. Loops whose counts are unknown "
	      "are listed apart with the reason.</p>\n", o);
}

static void html_ranked_table(FILE *o, const nest *nests, int nn)
{
	fputs("<h2>Loops ranked by predicted time</h2>\n<table id=\"nests\">\n<thead><tr><th>#</th>"
	      "<th>location</th><th>function</th><th>predicted time</th><th>share of the build</th>"
	      "<th>share of the function</th><th>executions</th><th>cy/CL (data in)</th>"
	      "<th>assumption</th></tr></thead>\n<tbody>\n", o);
	for (int i = 0; i < nn; i++)
		if (nests[i].analysed)
			nest_row(o, &nests[i]);
	fputs("</tbody>\n</table>\n", o);
}

/* Loops without a predicted time: analysed ones with an unknown count, and those not analysed */
static void html_unranked(FILE *o, const nest *nests, int nn)
{
	fputs("<h2>Loops not ranked</h2>\n<table id=\"not-ranked\">\n<thead><tr><th>location</th>"
	      "<th>function</th><th>why</th></tr></thead>\n<tbody>\n", o);
	for (int i = 0; i < nn; i++) {
		if (nests[i].ranked)
			continue;
		char loc[512];
		rl_report_location(&nests[i], loc, sizeof(loc));
		fprintf(o, "<tr class=\"%s\"><td>", nests[i].analysed ? "not-ranked" : "not-analysed");
		if (nests[i].analysed)
			fprintf(o, "<a href=\"#nest-%d\">#%d</a> ", nests[i].rank, nests[i].rank);
		fputs("<code>", o);
		rl_report_esc(o, loc);
		fputs("</code></td><td>", o);
		function_cell(o, json_object_get(nests[i].nest, "location"));
		fputs("</td><td>", o);
		if (nests[i].analysed)
			rl_report_esc(o, nests[i].why ? nests[i].why : "");
		else {
			fputs("not analysed: ", o);
			rl_report_esc(o, rl_view_str(nests[i].nest, "reason", ""));
		}
		fputs("</td></tr>\n", o);
	}
	fputs("</tbody>\n</table>\n", o);
}

/* One analysed nest: source, notes, ECM bars, roofline charts, data.  0: out of memory. */
static int html_nest(FILE *o, const nest *r)
{
	char loc[512], id[64];
	rl_report_location(r, loc, sizeof(loc));
	fprintf(o, "<section class=\"nest-detail\" id=\"nest-%d\">\n<h3>%d. <code>", r->rank, r->rank);
	rl_report_esc(o, loc);
	fputs("</code> in ", o);
	function_cell(o, json_object_get(r->nest, "location"));
	fputs("</h3>\n", o);
	draw_source(o, r);
	fputs("<ul class=\"notes\">\n", o);
	rl_view_nest_notes(r->nest, note_li, o);
	fputs("</ul>\n<div class=\"charts\">\n", o);
	snprintf(id, sizeof(id), "ecm-%d", r->rank);
	rl_report_ecm_bars(o, r, id);
	if (!rl_report_nest_charts(o, r))
		return 0;
	fputs("</div>\n", o);
	other_data(o, r->nest);
	fputs("</section>\n", o);
	return 1;
}

/* One function of a translation unit: its "functions" entry */
typedef struct fn_row {
	const char *source, *function;
	double seconds;
	int ranked, unranked;
} fn_row;

static int cmp_fn(const void *va, const void *vb)
{
	const fn_row *a = va, *b = vb;
	if (a->seconds != b->seconds)
		return a->seconds > b->seconds ? -1 : 1;
	int c = strcmp(a->source, b->source);
	return c ? c : strcmp(a->function, b->function);
}

/* Predicted time per function (the kernel time): the "functions" of every translation unit,
 * largest first.  0: out of memory. */
static int html_functions(FILE *o, json_t *const *docs, int ndocs, double total)
{
	size_t n = 0, k = 0;
	for (int d = 0; d < ndocs; d++)
		n += json_array_size(json_object_get(docs[d], "functions"));
	fn_row *rows = calloc(n + 1, sizeof(*rows));
	if (!rows)
		return 0;
	for (int d = 0; d < ndocs; d++) {
		const json_t *fs = json_object_get(docs[d], "functions");
		for (size_t i = 0; i < json_array_size(fs); i++, k++) {
			const json_t *f = json_array_get(fs, i);
			rows[k].source = rl_view_str(docs[d], "source", "");
			rows[k].function = rl_view_str(f, "function", "");
			rows[k].seconds = rl_view_num(f, "seconds", 0);
			rows[k].ranked = (int)rl_view_num(f, "nests_ranked", 0);
			rows[k].unranked = (int)rl_view_num(f, "nests_unranked", 0);
		}
	}
	qsort(rows, n, sizeof(*rows), cmp_fn);
	fputs("<h2>Predicted time per function</h2>\n<table id=\"functions\">\n<thead><tr><th>function</th>"
	      "<th>translation unit</th><th>predicted time</th><th>share of the build</th>"
	      "<th>loops ranked</th><th>loops not ranked</th></tr></thead>\n<tbody>\n", o);
	for (size_t i = 0; i < n; i++) {
		char t[32];
		rl_format_seconds(rows[i].seconds, t, sizeof(t));
		fprintf(o, "<tr class=\"function\" data-seconds=\"%.6g\"><td><code>", rows[i].seconds);
		rl_report_esc(o, rows[i].function);
		fputs("</code></td><td><code>", o);
		rl_report_esc(o, rows[i].source);
		fprintf(o, "</code></td><td class=\"num\">%s%s</td>", rows[i].ranked ? "" : "&ge; ", t);
		share_cell(o, total > 0 ? rows[i].seconds / total : -1);
		fprintf(o, "<td class=\"num\">%d</td><td class=\"num\">%d</td></tr>\n", rows[i].ranked,
			rows[i].unranked);
	}
	fputs("</tbody>\n</table>\n<p class=\"muted\">A function's time is the sum over its ranked "
	      "loops; loops not ranked add an unknown time.</p>\n", o);
	free(rows);
	return 1;
}

static int write_html(FILE *o, nest *nests, int nn, json_t *const *docs, int ndocs)
{
	int analysed = 0, ranked = 0;
	double total = 0;
	for (int i = 0; i < nn; i++) {
		analysed += nests[i].analysed;
		ranked += nests[i].ranked;
		total += nests[i].ranked ? nests[i].seconds : 0;
	}
	html_head(o, nests, nn, ndocs, analysed);
	if (!rl_report_summary_chart(o, nests, nn))
		return 0;
	html_ranked_table(o, nests, nn);
	if (ranked < nn)
		html_unranked(o, nests, nn);
	if (!html_functions(o, docs, ndocs, total))
		return 0;
	fputs("<h2>Loops</h2>\n", o);
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

/* Sort by predicted time and set every nest's rank and share of the ranked total. */
static void rank_nests(nest *nests, int nn)
{
	if (!nests)
		return;
	qsort(nests, (size_t)nn, sizeof(*nests), cmp_nest);
	double total = 0;
	for (int i = 0; i < nn; i++)
		if (nests[i].ranked)
			total += nests[i].seconds;
	for (int i = 0; i < nn; i++) {
		nests[i].rank = i + 1;
		if (nests[i].ranked && total > 0)
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
	int ok = write_html(o, b.nests, b.nn, b.docs, b.ndocs);
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
