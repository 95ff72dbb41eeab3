/* roofline-report internals: the nests of a build and the SVG charts (docs/report.md). */
#ifndef RL_REPORT_TOOL_H
#define RL_REPORT_TOOL_H

#include <jansson.h>
#include <stdio.h>

/* One nest of the build, with the figures the report shows (all from the JSON). */
typedef struct nest {
	const json_t *doc, *nest;
	const char *json_path;
	int analysed;
	int ranked;             /* performance.predicted_time.ranked */
	double seconds;         /* predicted time over all executions; < 0 unknown */
	double executions;      /* executions of the innermost loop; < 0 unknown */
	double cy_unit;         /* cycles per unit of work at the data level (the notes' figure) */
	double share;           /* of the build's ranked total; < 0 unknown */
	double fn_share;        /* of its function's ranked total; < 0 unknown */
	const char *why;        /* the assumption, or why the nest is not ranked / analysed */
	double ai, gflops;      /* roofline point of the notes; ai <= 0: no FP work */
	char level[8];          /* the point's data level ("L2", "MEM") */
	int rank;
} nest;

/* HTML-escaped S on O. */
void rl_report_esc(FILE *o, const char *s);

/* "#3 kernel_jacobi_2d:23" style location "file:line:col" into BUF. */
void rl_report_location(const nest *r, char *buf, size_t len);

/* The summary roofline of the build: every roof of the machine (the CARM roofs of its nests and
 * the socket's memory bandwidth), one point per analysed nest with FP work, sized and coloured
 * by its share of the predicted time, labels placed without overlap (the top ones; the others
 * by hovering), each point a link to the nest.  0: out of memory. */
int rl_report_summary_chart(FILE *o, const nest *nests, int nn);

/* The nest's roofline charts, one model at a time with a toggle (CSS radio buttons, no
 * script).  0: out of memory. */
int rl_report_nest_charts(FILE *o, const nest *r);

/* The nest's ECM contributions per memory level, drawn with the machine's composition rule:
 * serial (T_nOL and the transfers add up, T_OL overlaps) stacked, zen (every term overlaps:
 * the prediction is the largest) side by side. */
void rl_report_ecm_bars(FILE *o, const nest *r, const char *id);

/* CSS of the charts */
extern const char *const rl_report_chart_css;

#endif
