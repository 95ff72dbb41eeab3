/* The plugin's YAML and SARIF files: views of its JSON remarks document (llvm-yaml.c,
 * sarif.c).  Kept apart from those so that roofline-report links them without remarks.c. */
#include "diag/diag.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

int rl_remarks_write_llvm_yaml(const rl_remarks *rem, const char *path, char *err, size_t errlen)
{
	FILE *out = fopen(path, "w");
	if (!out) {
		snprintf(err, errlen, "cannot write YAML remarks file '%s': %s", path, strerror(errno));
		return 0;
	}
	int ok = rl_llvm_yaml_write_json(rl_remarks_json(rem), out);
	if (fclose(out) != 0)
		ok = 0;
	if (!ok)
		snprintf(err, errlen, "cannot write YAML remarks file '%s': %s", path, strerror(errno));
	return ok;
}

int rl_remarks_write_sarif(const rl_remarks *rem, const char *path, char *err, size_t errlen)
{
	const json_t *doc = rl_remarks_json(rem);
	return rl_sarif_write_json(&doc, doc ? 1 : 0, path, err, errlen);
}
