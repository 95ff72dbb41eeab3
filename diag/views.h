/* diag/views: reading the JSON remarks document (schema in docs/remarks.md).
 *
 * The LLVM YAML remarks (llvm-yaml.c), the SARIF log (sarif.c) and roofline-report
 * (diag/report/) are all views of the same JSON document, so every field the models add to
 * it flows through without changes here.  One convention carries the note texts: every
 * object inside a nest that has a string member "note" contributes one note (the ECM note
 * first, then the other members of the nest in key order, arrays in element order).
 *
 * Internal to diag/: uses jansson types; the public API is diag/diag.h.
 */
#ifndef RL_DIAG_VIEWS_H
#define RL_DIAG_VIEWS_H

#include <jansson.h>
#include <stddef.h>

/* One note of a nest. */
typedef struct rl_view_note {
	char rule[80];          /* SARIF ruleId: "roofline/ecm", "roofline/not-analysed", "roofline/<key>" */
	char name[80];          /* LLVM remark Name: "ECM", "NotAnalysed", "<Key>" in CamelCase */
	const char *text;       /* the note without the "roofline: " prefix */
	const json_t *source;   /* the object that carries the note (NULL for not-analysed) */
	char buf[1100];         /* storage for composed texts */
} rl_view_note;

/* Calls FN(note, CTX) for every note of NEST, in the documented order; stops early and
 * returns FN's value when it is non-zero, otherwise returns 0. */
int rl_view_nest_notes(const json_t *nest, int (*fn)(const rl_view_note *note, void *ctx),
		       void *ctx);

/* Members with defaults when absent or of another type. */
const char *rl_view_str(const json_t *obj, const char *key, const char *dflt);
double rl_view_num(const json_t *obj, const char *key, double dflt);
int rl_view_has_num(const json_t *obj, const char *key);

/* Keys of OBJ in byte order (deterministic whatever jansson's iteration order); the caller
 * frees the array (not the strings, which belong to OBJ).  *N receives the count. */
const char **rl_view_sorted_keys(const json_t *obj, size_t *n);

#endif
