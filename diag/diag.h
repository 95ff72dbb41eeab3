/* diag: rl_report -> note texts and the JSON remarks file.
 *
 * Texts are produced here and handed back to plugin/ to emit with inform(); no
 * GCC types.  The JSON remarks schema is documented in docs/remarks.md.
 */
#ifndef RL_DIAG_H
#define RL_DIAG_H

#include <stddef.h>
#include <stdio.h>
#include "model/report.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RL_REMARKS_SCHEMA "roofline-remarks/1"
#define RL_VERSION "0.1.0"

/* "roofline: ECM {4 || 4 | 6 | 6 | 13} cy/CL -> {4 ] 10 ] 16 ] 29} cy/CL on snb-e5-2680" */
void rl_diag_ecm_note(const rl_report *r, char *buf, size_t len);

/* Verbose detail lines (each without trailing newline), called for I = 0, 1, ...
 * until it returns 0. */
int rl_diag_verbose_note(const rl_report *r, int i, char *buf, size_t len);

/* Concise line 2: "roofline: data in MEM (working set ...): 1.2 GFLOP/s on 1 core,
 * saturates at 3 cores (...); bottleneck: ...; <roofline summary>".  0 when not analysed. */
int rl_diag_perf_note(const rl_report *r, char *buf, size_t len);

/* The predicted time over all executions (model/time.h), diag/time-text.c:
 * the assumption behind T ("repetition loop at line 7: count unknown, time given per
 * repetition", "n unknown (...): not ranked"), 0 and "" when there is none; */
int rl_diag_time_assumption(const rl_time *t, char *buf, size_t len);
/* the data note's part "0.41 s in total (62 % of FUNCTION)", "" when not ranked; */
void rl_diag_time_total(const rl_time *t, const char *function, char *buf, size_t len);
/* the verbose note "roofline: predicted time: U units of work (...) x T cy/CL / f GHz = ...";
 * 0 when R has no performance. */
int rl_diag_time_note(const rl_report *r, char *buf, size_t len);
/* Why the code around the innermost loop is not priced (model/rows.h): "the loop is not
 * inside another loop", ...; 0 when it is. */
int rl_diag_rows_why(const rl_row_overhead *o, char *buf, size_t len);

/* What the figures assume when a size is unknown (r->sizes, model/perf.h
 * rl_perf_assume_sizes): "ECM for 5461 < n <= 436906 (LC in L3)", or "no-LC regime
 * (conditions in several size parameters (np, nq))"; 0 (BUF empty) when no layer condition
 * depends on a size: then there is nothing to assume. */
int rl_diag_sizes_assumption(const rl_report *r, char *buf, size_t len);
/* Where the data is, with its figures: "working set 122 MiB > L3 20 MiB: data in MEM" (the
 * JSON's performance.data_rule and the verbose performance note). */
void rl_diag_perf_data_rule(const rl_report *r, char *buf, size_t len);

/* What the model did with the non-temporal stores of a loop: NNT of its NSTORES stores are
 * non-temporal (MNEMONIC names one); "" when NNT is 0. */
void rl_diag_nontemporal_note(int nnt, int nstores, const char *mnemonic, char *buf, size_t len);

/* A size regime of the performance model: its range "n <= 682", "682 < n <= 5461",
 * "n > 436906" and its layer condition "LC in L1", "rows in L2", "no LC" (LC names the
 * level names of R's layer conditions). */
void rl_diag_regime_range(const rl_perf_regime *g, char *buf, size_t len);
void rl_diag_regime_condition(const rl_lc_report *lc, const rl_perf_regime *g, char *buf,
			      size_t len);

/* Advice I (ranked, 0 = the most valuable): "roofline: advice: ...".  0 when none. */
int rl_diag_advice_note(const rl_report *r, int i, char *buf, size_t len);

/* JSON member KEY ("performance", "scaling", "regimes", "advice") of R's nest, new
 * reference (json_t *), or NULL when R has none (diag/perf-json.c). */
struct json_t *rl_perf_json(const rl_report *r, const char *key);

/* "roofline: not analysed: REASON" */
void rl_diag_not_analysed_note(const char *reason, char *buf, size_t len);

/* "roofline: loop copy removed by GCC (if-conversion version not used)" (IF_CONVERSION
 * nonzero), else "... (version not used)". */
void rl_diag_removed_copy_note(int if_conversion, char *buf, size_t len);

/* The first note of a translation unit whose machine is a bundled file (not an installed
 * measured file of the CPU compiling it): "roofline: figures are estimates for NAME (LONG
 * NAME), a bundled machine file chosen by WHY ..." for a file of estimates; a measured file
 * (its host: block) says where it was measured: SAME_CPU nonzero (the CPU compiling is of
 * the file's vendor, family and model, rl_machine_describes_host) "figures for NAME ...,
 * measured on another computer with the CPU you build on (...)", else "figures are
 * estimates for NAME ..., measured on another kind of CPU (...)"; then the core cap when
 * FILE_CORES > 0 (the file's cores before it), and how to measure the computer. */
void rl_diag_machine_estimate_note(const rl_machine *m, const char *why, int file_cores,
				   int same_cpu, char *buf, size_t len);
/* The verbose note of a loop GCC copied before the plugin saw it (r->copies): "roofline: GCC
 * made 2 copies of this source loop (unroll-and-jam by 2: this copy repeats each statement
 * of the loop body 2 times, ...); reported once, with this copy's figures and predicted time;
 * the other copy (at 3:21): 14.3 cy/CL". */
void rl_diag_copies_note(const rl_report *r, char *buf, size_t len);
/* "path[i1][i0]": access A of NEST with its subscripts. */
void rl_diag_access_text(const rl_nest *nest, int a, char *buf, size_t len);
/* The verbose note on the two versions GCC made of a vectorised loop (model/versions.h):
 * "roofline: loop versions: ... the scalar copy runs (reported) ...".  VEC is the report of
 * the vectorised copy (its nest names the references the check compares), V the two
 * copies' figures and the alias check's outcome (rl_report_versions_fill). */
void rl_diag_versions_note(const rl_report *vec, const rl_report_versions *v, char *buf,
			   size_t len);

/* JSON remarks of one translation unit. */
typedef struct rl_remarks rl_remarks;
rl_remarks *rl_remarks_alloc(const char *source_file, const rl_machine *m);
void rl_remarks_add_report(rl_remarks *rem, const rl_report *r);
void rl_remarks_add_not_analysed(rl_remarks *rem, const char *file, int line, int column,
				 const char *function, const char *reason);
/* The same for a loop GCC inlined into FUNCTION from SOURCE_FUNCTION (the function it belongs
 * to in the source; NULL or "": FUNCTION). */
void rl_remarks_add_not_analysed_in(rl_remarks *rem, const char *file, int line, int column,
				    const char *function, const char *source_function,
				    const char *reason);
/* Write to PATH; 0 and a message in ERR on failure. */
int rl_remarks_write(const rl_remarks *rem, const char *path, char *err, size_t errlen);
void rl_remarks_free(rl_remarks *rem);

/* ---- Views of the remarks document (diag/views.c, llvm-yaml.c, sarif.c; docs/remarks.md).
 * Both are derived from the JSON document, so whatever the models add to it flows through;
 * every object in a nest with a string member "note" becomes one remark / result. */
struct json_t;

/* "rooflines" member of a nest (diag/roofline-json.c; new reference, NULL when the
 * roofline models were not computed). */
struct json_t *rl_rooflines_json(const rl_report *r);

/* The JSON document of REM (jansson json_t, borrowed; NULL if REM is NULL). */
const struct json_t *rl_remarks_json(const rl_remarks *rem);

/* LLVM YAML remarks (--- !Analysis documents, opt-viewer.py reads them): default path
 * <dumpbase>.roofline.opt.yaml.  1 on success, 0 and a message in ERR on failure. */
int rl_remarks_write_llvm_yaml(const rl_remarks *rem, const char *path, char *err, size_t errlen);
int rl_llvm_yaml_write_json(const struct json_t *doc, FILE *out);

/* SARIF 2.1.0 log (results of level "note"): default path <dumpbase>.roofline.sarif.
 * rl_sarif_write_json merges NDOCS remarks documents (of a whole build) into one run. */
int rl_remarks_write_sarif(const rl_remarks *rem, const char *path, char *err, size_t errlen);
int rl_sarif_write_json(const struct json_t *const *docs, int ndocs, const char *path,
			char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
