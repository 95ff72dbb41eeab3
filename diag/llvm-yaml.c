/* LLVM-style YAML optimisation remarks (the format of clang's -fsave-optimization-record,
 * read by LLVM's opt-viewer.py, opt-stats.py and opt-diff.py), derived from the JSON
 * remarks document.  One document per note:
 *
 *   --- !Analysis
 *   Pass:            roofline
 *   Name:            ECM
 *   DebugLoc:        { File: 'daxpy.c', Line: 5, Column: 23 }
 *   Function:        daxpy
 *   Args:
 *     - String:          'ECM {'
 *     - T_OL:            '4'
 *     ...
 *   ...
 *
 * opt-viewer shows the concatenation of the Args values as the message; the ECM note is
 * split into named arguments (T_OL, T_nOL, T_L1L2, ..., T_ECM_L1, ..., Machine) whose
 * concatenation is exactly the note text (checked; otherwise one String argument). */
#include "diag/diag.h"
#include "diag/views.h"
#include "diag/format.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A YAML scalar: single-quoted ('' for '), or double-quoted with escapes when it holds
 * control characters. */
static void yaml_scalar(FILE *out, const char *s)
{
	int plain = 1;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			plain = 0;
	if (plain) {
		fputc('\'', out);
		for (const char *p = s; *p; p++) {
			if (*p == '\'')
				fputc('\'', out);
			fputc(*p, out);
		}
		fputc('\'', out);
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/* Arguments of one remark: KEY: VALUE pairs; the values concatenated are the message. */
#define MAX_ARGS 64
typedef struct args {
	int n;
	char key[MAX_ARGS][32];
	char val[MAX_ARGS][160];
} args;

static void arg_add(args *a, const char *key, const char *val)
{
	if (a->n >= MAX_ARGS)
		return;
	snprintf(a->key[a->n], sizeof(a->key[0]), "%s", key);
	snprintf(a->val[a->n], sizeof(a->val[0]), "%s", val);
	a->n++;
}

static void arg_num(args *a, const char *key, const json_t *v)
{
	char num[64];
	rl_format_number(json_is_number(v) ? json_number_value(v) : 0.0, num, sizeof(num));
	arg_add(a, key, num);
}

/* "L3-MEM" -> "T_L3Mem" */
static void transfer_key(const char *boundary, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "T_");
	for (const char *p = boundary; *p && o + 1 < len; p++) {
		if (*p == '-')
			continue;
		if (!strncmp(p, "MEM", 3)) {
			snprintf(buf + o, len - o, "Mem");
			o = strlen(buf);
			p += 2;
			continue;
		}
		buf[o++] = *p;
	}
	buf[o < len ? o : len - 1] = '\0';
}

/* The ECM note as named arguments; 0 if the JSON lacks a figure or the concatenation
 * would differ from NOTE (then the caller uses one String argument). */
static int ecm_args(const json_t *doc, const json_t *nest, const char *note, args *a)
{
	const json_t *ecm = json_object_get(nest, "ecm");
	const json_t *transfers = json_object_get(ecm, "transfers");
	const json_t *preds = json_object_get(ecm, "predictions");
	const json_t *traffic = json_object_get(nest, "traffic");
	const json_t *caches = json_object_get(json_object_get(doc, "machine"), "caches");
	const char *machine = rl_view_str(json_object_get(doc, "machine"), "name", NULL);
	if (!json_is_array(transfers) || !json_is_array(preds) || !machine ||
	    json_array_size(preds) != json_array_size(transfers) + 1)
		return 0;
	a->n = 0;
	arg_add(a, "String", "ECM {");
	arg_num(a, "T_OL", json_object_get(ecm, "t_ol"));
	arg_add(a, "String", " || ");
	arg_num(a, "T_nOL", json_object_get(ecm, "t_nol"));
	for (size_t b = 0; b < json_array_size(transfers); b++) {
		char key[32];
		const char *bname = rl_view_str(json_array_get(traffic, b), "boundary", NULL);
		if (bname)
			transfer_key(bname, key, sizeof(key));
		else
			snprintf(key, sizeof(key), "T_%zu", b);
		arg_add(a, "String", " | ");
		arg_num(a, key, json_array_get(transfers, b));
	}
	arg_add(a, "String", "} cy/CL -> {");
	for (size_t l = 0; l < json_array_size(preds); l++) {
		char key[48];
		const char *lname = rl_view_str(json_array_get(caches, l), "name", NULL);
		if (l + 1 == json_array_size(preds))
			lname = "Mem";
		if (lname)
			snprintf(key, sizeof(key), "T_ECM_%s", lname);
		else
			snprintf(key, sizeof(key), "T_ECM_%zu", l);
		if (l)
			arg_add(a, "String", " ] ");
		arg_num(a, key, json_array_get(preds, l));
	}
	arg_add(a, "String", "} cy/CL on ");
	arg_add(a, "Machine", machine);
	char joined[1024] = "";
	for (int i = 0; i < a->n; i++) {
		size_t used = strlen(joined);
		snprintf(joined + used, sizeof(joined) - used, "%s", a->val[i]);
	}
	return a->n < MAX_ARGS && !strcmp(joined, note);
}

typedef struct emit_ctx {
	FILE *out;
	const json_t *doc, *nest;
	const char *file, *function;
	long long line, column;
} emit_ctx;

static int emit_note(const rl_view_note *note, void *vctx)
{
	emit_ctx *c = vctx;
	FILE *out = c->out;
	fputs("--- !Analysis\nPass:            roofline\nName:            ", out);
	yaml_scalar(out, note->name);
	fputs("\nDebugLoc:        { File: ", out);
	yaml_scalar(out, c->file);
	fprintf(out, ", Line: %lld, Column: %lld }\nFunction:        ", c->line, c->column);
	yaml_scalar(out, c->function);
	fputs("\nArgs:\n", out);
	args *a = malloc(sizeof(*a));
	if (a && !strcmp(note->rule, "roofline/ecm") && note->source == json_object_get(c->nest, "ecm")
	    && ecm_args(c->doc, c->nest, note->text, a)) {
		for (int i = 0; i < a->n; i++) {
			fprintf(out, "  - %s:%*s", a->key[i], (int)(16 - strlen(a->key[i])), "");
			yaml_scalar(out, a->val[i]);
			fputc('\n', out);
		}
	} else {
		fputs("  - String:          ", out);
		yaml_scalar(out, note->text);
		fputc('\n', out);
	}
	free(a);
	fputs("...\n", out);
	return 0;
}

int rl_llvm_yaml_write_json(const struct json_t *doc, FILE *out)
{
	const json_t *nests = json_object_get(doc, "nests");
	for (size_t i = 0; i < json_array_size(nests); i++) {
		const json_t *nest = json_array_get(nests, i);
		const json_t *loc = json_object_get(nest, "location");
		emit_ctx c = { out, doc, nest, rl_view_str(loc, "file", ""),
			       rl_view_str(loc, "function", ""),
			       (long long)rl_view_num(loc, "line", 0),
			       (long long)rl_view_num(loc, "column", 0) };
		rl_view_nest_notes(nest, emit_note, &c);
	}
	return !ferror(out);
}
