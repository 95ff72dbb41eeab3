/* yaml-check: checked reading of the YAML files of roofline (machine files, Kerncraft machine
 * files, port tables).
 *
 * A file is read whole with libyaml's document API; every node keeps its start mark, so every
 * message names FILE:LINE:COL (1-based) of the offending node and what was expected:
 * "FILE:LINE:COL: expected WHAT for 'KEY', got 'TEXT'" (docs/machine-files.md, "Errors").
 * Errors are values: each check returns -1 after writing the first message of the file into
 * the context; nothing aborts and there is no global state.
 */
#ifndef RL_YAML_CHECK_H
#define RL_YAML_CHECK_H

#include <stddef.h>
#include <stdio.h>
#include <yaml.h>

#include "machines/machine.h"

typedef struct rl_yaml_ctx {
	const char *file;        /* the file name messages start with */
	yaml_document_t *doc;
	char *err;               /* where the (first) message goes */
	size_t errlen;
	int failed;
} rl_yaml_ctx;

#define RL_YAML_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* Message at NODE's start (1:1 without a node); keeps the first message.  Returns -1. */
int rl_yaml_fail(rl_yaml_ctx *c, const yaml_node_t *node, const char *fmt, ...)
	RL_YAML_PRINTF(3, 4);
/* Message at MARK (e.g. libyaml's problem mark).  Returns -1. */
int rl_yaml_fail_mark(rl_yaml_ctx *c, yaml_mark_t mark, const char *fmt, ...)
	RL_YAML_PRINTF(3, 4);

/* Parse the YAML document of F into DOC (c->doc is set; the caller deletes DOC).  A file with
 * a second document is an error; an empty file gives a DOC without root.  -1 on an error. */
int rl_yaml_read(rl_yaml_ctx *c, FILE *f, yaml_document_t *doc);

/* What NODE is, for "got ...": "'text'" for scalars (shortened), "a mapping", "a list",
 * "nothing" for no node or an empty value.  BUF holds the text. */
const char *rl_yaml_describe(const yaml_node_t *n, char *buf, size_t len);
/* "got %s" argument in a function with `char gotbuf[64]` */
#define RL_YAML_GOT(n) rl_yaml_describe((n), gotbuf, sizeof gotbuf)

yaml_node_t *rl_yaml_node(rl_yaml_ctx *c, int idx);
/* The text of a scalar node; NULL for other nodes and no node */
const char *rl_yaml_scalar(const yaml_node_t *n);
/* 1 for a value left empty ("key:" with nothing after it) */
int rl_yaml_is_empty(const yaml_node_t *n);
/* Value of KEY in mapping MAP; NULL when MAP is no mapping or has no such key (no message) */
yaml_node_t *rl_yaml_map_get(rl_yaml_ctx *c, yaml_node_t *map, const char *key);
/* Number of items of a list node, 0 for other nodes */
int rl_yaml_list_len(const yaml_node_t *n);
/* Item I of a list node */
yaml_node_t *rl_yaml_list_item(rl_yaml_ctx *c, const yaml_node_t *n, int i);

/* One key of a mapping's schema */
typedef struct rl_yaml_key {
	const char *name;
	int required;
} rl_yaml_key;

/* Check that NODE is a mapping (named WHAT in messages) whose keys are all in SPEC, none twice,
 * every required one present; VAL[i] = value node of SPEC[i] or NULL.  An unknown key's
 * message lists SPEC and suggests the nearest name. */
int rl_yaml_check_mapping(rl_yaml_ctx *c, yaml_node_t *node, const char *what,
			  const rl_yaml_key *spec, int nspec, yaml_node_t **val);

/* A finite decimal number at the start of S (no hex, inf, nan); *END after it.  0 or -1. */
int rl_yaml_parse_number(const char *s, double *out, const char **end);

/* "NUMBER UNIT" (the unit may be empty or absent): 0 with the number in *V and the text after
 * it and its blanks in *UNIT; -1 for no scalar or no number.  No message. */
int rl_yaml_number_unit(const yaml_node_t *n, double *v, const char **unit);

/* The name of the file PATH: its basename without .yml / .yaml, truncated to LEN - 1 */
void rl_yaml_file_stem(const char *path, char *out, size_t len);

/* The checks of one value N of key KEY: 0 with the value in *OUT, or -1 with a message. */

/* A non-empty text into BUF; longer than LEN-1 is an error unless TRUNCATE_OK */
int rl_yaml_get_text(rl_yaml_ctx *c, yaml_node_t *n, const char *key, char *buf, size_t len,
		     int truncate_ok);
/* An integer in LO..HI */
int rl_yaml_get_int(rl_yaml_ctx *c, yaml_node_t *n, const char *key, long lo, long hi,
		    int *out);
/* true / True / TRUE or false / False / FALSE */
int rl_yaml_get_bool(rl_yaml_ctx *c, yaml_node_t *n, const char *key, int *out);
/* A plain number (no unit), LO < v <= HI (LO <= v when LO_INCL) */
int rl_yaml_get_real(rl_yaml_ctx *c, yaml_node_t *n, const char *key, double lo, int lo_incl,
		     double hi, double *out);
/* One of NAMES[0..COUNT-1] (LIST names them in the message); *OUT = its index */
int rl_yaml_get_enum(rl_yaml_ctx *c, yaml_node_t *n, const char *key, const char *const *names,
		     int count, const char *list, int *out);

/* A unit of a quantity and its factor to the loader's unit */
typedef struct rl_yaml_unit {
	const char *name;
	double factor;
} rl_yaml_unit;

/* "NUMBER UNIT", positive, UNIT one of UNITS (exact, case-sensitive); *OUT = value x factor.
 * KIND names the quantity in messages ("size", "bandwidth"), UNITLIST lists the units. */
int rl_yaml_get_quantity(rl_yaml_ctx *c, yaml_node_t *n, const char *key, const char *kind,
			 const rl_yaml_unit *units, int nunits, const char *unitlist, double *out);

/* An access width in bits for 'width': 0 or a power of 2 from MIN_BITS to 512; ZERO_MEANS
 * says what 0 stands for in the message ("any", "not known"). */
int rl_yaml_get_width(rl_yaml_ctx *c, yaml_node_t *n, int min_bits, const char *zero_means,
		      int *out);
/* An instruction class name (load, store, fadd, ...) for 'class' */
int rl_yaml_get_iclass(rl_yaml_ctx *c, yaml_node_t *n, rl_iclass *out);
/* 'sp' or 'dp' for 'precision': *OUT = element bits, 32 or 64 */
int rl_yaml_get_precision(rl_yaml_ctx *c, yaml_node_t *n, int *out);

#endif
