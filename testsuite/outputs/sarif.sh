#!/bin/sh
# SARIF 2.1.0: written with remarks-dir=DIR and with sarif=PATH, deterministic, valid against the SARIF
# 2.1.0 JSON schema (testsuite/tools: schema from @microsoft/jest-sarif, ajv), with the notes as
# results of level "note" at the loop.
. "$(dirname "$0")/lib.sh"
dg=$ROOT/testsuite/roofline.dg
tools=$ROOT/testsuite/tools
cd "$OUT" || exit 1
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -o daxpy-snb.o "$dg/daxpy-snb.c"
check "sarif: remarks-dir=DIR writes DIR/<source>.roofline.sarif" test -s daxpy-snb.c.roofline.sarif
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-sarif=run1.sarif -o a.o "$dg/daxpy-snb.c"
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-sarif=run2.sarif -o b.o "$dg/daxpy-snb.c"
check "sarif: sarif=PATH" test -s run1.sarif
check "sarif: byte-identical across runs" cmp run1.sarif run2.sarif
rl_cc -O2 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -o not-analysed.o "$dg/not-analysed.c"
"$ROOT/roofline-report" -o build.html --sarif build.sarif daxpy-snb.c.roofline.json \
	not-analysed.c.roofline.json 2>/dev/null
check "sarif: roofline-report --sarif merges a build" test -s build.sarif

# contents: the note, level, rule, region (compared with the JSON remarks)
if "$PY" - daxpy-snb.c.roofline.json daxpy-snb.c.roofline.sarif not-analysed.c.roofline.sarif <<'PYEOF'
import json, sys
rem = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
nest = rem['nests'][0]
run = log['runs'][0]
assert log['version'] == '2.1.0'
assert run['tool']['driver']['name'] == 'roofline'
r = run['results'][0]
assert r['level'] == 'note' and r['ruleId'] == 'roofline/ecm', r
assert run['tool']['driver']['rules'][r['ruleIndex']]['id'] == 'roofline/ecm'
assert r['message']['text'] == nest['ecm']['note'], r['message']
reg = r['locations'][0]['physicalLocation']['region']
assert reg['startLine'] == nest['location']['line'] and reg['startColumn'] == nest['location']['column'], reg
uri = r['locations'][0]['physicalLocation']['artifactLocation']['uri']
assert uri.endswith('daxpy-snb.c'), uri
na = json.load(open(sys.argv[3]))['runs'][0]['results']
assert any(x['ruleId'] == 'roofline/not-analysed' and
           x['message']['text'] == 'not analysed: call to f in loop body' for x in na), na
PYEOF
then pass "sarif: results of level note with rule, message and region"
else fail "sarif: results of level note with rule, message and region"
fi

# schema validation with node + ajv; the tools come from the npm registry (package-lock.json)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	skip "sarif: schema validation (node/npm not installed)"
	exit 0
fi
if [ ! -f "$tools/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json" ] ||
   [ ! -d "$tools/node_modules/ajv-draft-04" ]; then
	(cd "$tools" && npm ci --no-audit --no-fund --loglevel=error) >npm.log 2>&1 || {
		cat npm.log
		skip "sarif: schema validation (npm ci in testsuite/tools failed)"
		exit 0
	}
fi
if node "$tools/validate-sarif.js" daxpy-snb.c.roofline.sarif not-analysed.c.roofline.sarif build.sarif >validate.log 2>&1; then
	pass "sarif: valid against the SARIF 2.1.0 schema (3 files)"
else
	cat validate.log
	fail "sarif: valid against the SARIF 2.1.0 schema"
fi
# the validator itself rejects an invalid log
echo '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"info"}]}]}' >bad.sarif
if node "$tools/validate-sarif.js" bad.sarif >/dev/null 2>&1; then
	fail "sarif: validator rejects a bad level"
else
	pass "sarif: validator rejects a bad level"
fi
