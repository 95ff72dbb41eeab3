/* Reading the JSON remarks document (see views.h). */
#include "diag/views.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rl_view_str(const json_t *obj, const char *key, const char *dflt)
{
	const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
	return json_is_string(v) ? json_string_value(v) : dflt;
}

double rl_view_num(const json_t *obj, const char *key, double dflt)
{
	const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
	return json_is_number(v) ? json_number_value(v) : dflt;
}

int rl_view_has_num(const json_t *obj, const char *key)
{
	return json_is_object(obj) && json_is_number(json_object_get(obj, key));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **rl_view_sorted_keys(const json_t *obj, size_t *n)
{
	*n = 0;
	if (!json_is_object(obj))
		return NULL;
	size_t cap = json_object_size(obj);
	const char **keys = malloc((cap ? cap : 1) * sizeof(*keys));
	if (!keys)
		return NULL;
	/* the iterator wants a non-const object; it does not modify it */
	json_t *o = (json_t *)obj;
	for (void *it = json_object_iter(o); it && *n < cap; it = json_object_iter_next(o, it))
		keys[(*n)++] = json_object_iter_key(it);
	qsort(keys, *n, sizeof(*keys), cmp_str);
	return keys;
}

/* "layer_conditions" -> rule "roofline/layer-conditions", name "LayerConditions". */
static void names_from_key(const char *key, rl_view_note *note)
{
	size_t r = (size_t)snprintf(note->rule, sizeof(note->rule), "roofline/");
	size_t m = 0;
	int upper = 1;
	for (const char *p = key; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (r + 1 < sizeof(note->rule))
			note->rule[r++] = (char)(c == '_' || c == ' ' ? '-' : tolower(c));
		if (!isalnum(c)) {
			upper = 1;
			continue;
		}
		if (m + 1 < sizeof(note->name))
			note->name[m++] = (char)(upper ? toupper(c) : c);
		upper = 0;
	}
	note->rule[r] = '\0';
	note->name[m] = '\0';
	if (!strcmp(key, "ecm"))
		snprintf(note->name, sizeof(note->name), "ECM");
}

typedef struct walk {
	int (*fn)(const rl_view_note *, void *);
	void *ctx;
	const char *top;        /* member of the nest being walked */
} walk;

static int walk_value(walk *w, const json_t *v, int depth)
{
	if (depth > 6)
		return 0;
	if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++) {
			int rc = walk_value(w, json_array_get(v, i), depth + 1);
			if (rc)
				return rc;
		}
		return 0;
	}
	if (!json_is_object(v))
		return 0;
	const char *text = rl_view_str(v, "note", NULL);
	if (text) {
		rl_view_note note;
		memset(&note, 0, sizeof(note));
		names_from_key(w->top, &note);
		note.text = text;
		note.source = v;
		int rc = w->fn(&note, w->ctx);
		if (rc)
			return rc;
	}
	size_t n;
	const char **keys = rl_view_sorted_keys(v, &n);
	int rc = 0;
	for (size_t k = 0; k < n && !rc; k++)
		if (strcmp(keys[k], "note"))
			rc = walk_value(w, json_object_get(v, keys[k]), depth + 1);
	free(keys);
	return rc;
}

int rl_view_nest_notes(const json_t *nest, int (*fn)(const rl_view_note *note, void *ctx),
		       void *ctx)
{
	if (!json_is_object(nest))
		return 0;
	if (!json_is_true(json_object_get(nest, "analysed"))) {
		rl_view_note note;
		memset(&note, 0, sizeof(note));
		snprintf(note.rule, sizeof(note.rule), "roofline/not-analysed");
		snprintf(note.name, sizeof(note.name), "NotAnalysed");
		snprintf(note.buf, sizeof(note.buf), "not analysed: %s",
			 rl_view_str(nest, "reason", "unknown reason"));
		note.text = note.buf;
		return fn(&note, ctx);
	}
	walk w = { fn, ctx, "ecm" };
	int rc = walk_value(&w, json_object_get(nest, "ecm"), 0);
	if (rc)
		return rc;
	/* Everything else but the inputs (the figures' sources, no verdicts) and the
	 * members already used. */
	static const char *const skip[] = { "ecm", "inputs", "location", "analysed", "reason" };
	size_t n;
	const char **keys = rl_view_sorted_keys(nest, &n);
	for (size_t k = 0; k < n && !rc; k++) {
		int skipped = 0;
		for (size_t s = 0; s < sizeof(skip) / sizeof(skip[0]); s++)
			skipped |= !strcmp(keys[k], skip[s]);
		if (skipped)
			continue;
		w.top = keys[k];
		rc = walk_value(&w, json_object_get(nest, keys[k]), 0);
	}
	free(keys);
	return rc;
}
