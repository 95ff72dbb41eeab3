/* SARIF 2.1.0 log derived from JSON remarks documents (see docs/remarks.md).
 *
 * One run of the tool "roofline"; one result of level "note" per note of a nest
 * (ruleId "roofline/ecm", "roofline/not-analysed", "roofline/<key>" for notes the models add),
 * located at the nest's outermost loop (region startLine/startColumn; columns are 1-based
 * byte columns, hence columnKind "unicodeCodePoints" for ASCII sources), with the function
 * as logical location and the object that carries the note in the result's property bag.
 * Written with sorted keys and fixed real precision: byte-identical across runs. */
#include "diag/diag.h"
#include "diag/views.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* A file name as a URI reference: relative names stay relative (resolved against the
 * working directory of the build, as GCC prints them), absolute ones become file:// URIs;
 * characters outside RFC 3986's unreserved set and '/' are percent-encoded. */
static json_t *uri_json(const char *file)
{
	size_t len = strlen(file);
	char *buf = malloc(len * 3 + 16);
	if (!buf)
		return json_string("");
	size_t o = 0;
	if (file[0] == '/')
		o = (size_t)sprintf(buf, "file://");
	for (const unsigned char *p = (const unsigned char *)file; *p; p++) {
		unsigned char c = *p;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
			buf[o++] = (char)c;
		else
			o += (size_t)sprintf(buf + o, "%%%02X", c);
	}
	buf[o] = '\0';
	json_t *s = json_string(buf);
	free(buf);
	return s ? s : json_string("");
}

typedef struct rule_set {
	json_t *rules;          /* array of reportingDescriptor */
} rule_set;

static const char *rule_text(const char *id)
{
	if (!strcmp(id, "roofline/ecm"))
		return "Execution-Cache-Memory prediction of a loop nest: cycles per unit of work "
		       "for data in each memory level";
	if (!strcmp(id, "roofline/not-analysed"))
		return "Loop nest the performance model cannot analyse, with the reason";
	return NULL;
}

/* Index of rule ID in RS, added when new. */
static int rule_index(rule_set *rs, const rl_view_note *note)
{
	for (size_t i = 0; i < json_array_size(rs->rules); i++)
		if (!strcmp(rl_view_str(json_array_get(rs->rules, i), "id", ""), note->rule))
			return (int)i;
	char text[256];
	const char *known = rule_text(note->rule);
	if (known)
		snprintf(text, sizeof(text), "%s", known);
	else
		snprintf(text, sizeof(text), "roofline: %s of a loop nest", note->name);
	json_array_append_new(rs->rules, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}}",
		"id", note->rule, "name", note->name, "shortDescription", "text", text,
		"defaultConfiguration", "level", "note"));
	return (int)json_array_size(rs->rules) - 1;
}

typedef struct result_ctx {
	rule_set *rs;
	json_t *results;
	const json_t *nest;
	const char *machine;
} result_ctx;

static int add_result(const rl_view_note *note, void *vctx)
{
	result_ctx *c = vctx;
	const json_t *loc = json_object_get(c->nest, "location");
	json_t *region = json_object();
	long long line = (long long)rl_view_num(loc, "line", 0);
	long long column = (long long)rl_view_num(loc, "column", 0);
	if (line >= 1)
		json_object_set_new(region, "startLine", json_integer(line));
	if (line >= 1 && column >= 1)
		json_object_set_new(region, "startColumn", json_integer(column));
	json_t *physical = json_pack("{s:{s:o}}", "artifactLocation", "uri",
				     uri_json(rl_view_str(loc, "file", "")));
	if (json_object_size(region))
		json_object_set_new(physical, "region", region);
	else
		json_decref(region);
	json_t *location = json_pack("{s:o}", "physicalLocation", physical);
	const char *function = rl_view_str(loc, "function", "");
	if (*function)
		json_object_set_new(location, "logicalLocations",
			json_pack("[{s:s, s:s}]", "fullyQualifiedName", function, "kind", "function"));
	json_t *props = json_pack("{s:s}", "machine", c->machine);
	if (note->source)
		json_object_set_new(props, "data", json_deep_copy(note->source));
	int index = rule_index(c->rs, note);
	json_array_append_new(c->results, json_pack("{s:s, s:i, s:s, s:{s:s}, s:[o], s:o}",
		"ruleId", note->rule, "ruleIndex", index, "level", "note",
		"message", "text", note->text, "locations", location, "properties", props));
	return 0;
}

int rl_sarif_write_json(const struct json_t *const *docs, int ndocs, const char *path,
			char *err, size_t errlen)
{
	rule_set rs = { json_array() };
	json_t *results = json_array(), *machines = json_array();
	for (int d = 0; d < ndocs; d++) {
		const json_t *machine = json_object_get(docs[d], "machine");
		const char *mname = rl_view_str(machine, "name", "");
		int seen = 0;
		for (size_t m = 0; m < json_array_size(machines); m++)
			seen |= !strcmp(rl_view_str(json_array_get(machines, m), "name", ""), mname);
		if (!seen && json_is_object(machine))
			json_array_append_new(machines, json_deep_copy(machine));
		const json_t *nests = json_object_get(docs[d], "nests");
		for (size_t i = 0; i < json_array_size(nests); i++) {
			result_ctx c = { &rs, results, json_array_get(nests, i), mname };
			rl_view_nest_notes(c.nest, add_result, &c);
		}
	}
	json_t *log = json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:s, s:o}}, s:s, s:o, s:{s:s, s:o}}]}",
		"$schema", SARIF_SCHEMA, "version", "2.1.0",
		"runs",
		"tool", "driver", "name", "roofline", "version", RL_VERSION,
		"semanticVersion", RL_VERSION, "rules", rs.rules,
		"columnKind", "unicodeCodePoints",
		"results", results,
		"properties", "schema", RL_REMARKS_SCHEMA, "machines", machines);
	if (!log) {
		snprintf(err, errlen, "cannot build SARIF log for '%s'", path);
		return 0;
	}
	size_t flags = JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6);
	int rc = json_dump_file(log, path, flags);
	json_decref(log);
	if (rc != 0) {
		snprintf(err, errlen, "cannot write SARIF file '%s': %s", path, strerror(errno));
		return 0;
	}
	return 1;
}
