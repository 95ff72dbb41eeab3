#!/bin/sh
# The figures of the verbose loop-version, sibling-loop and loop-copies notes are in the JSON
# remarks file (docs/remarks.md, `versions`, `siblings`, `copies`): testsuite/outputs/remarks-figures.py compares
# them note by note, for the DejaGnu tests of loop versions and sibling loops (their own
# dg-options, verbose), PolyBench-style gemm and unroll-and-jam; the expected values of the floyd loop are the
# hand derivation of versions-zen4.c (scalar copy 21.3 cy/CL reported, the alias check always
# fails).
. "$(dirname "$0")/lib.sh"
cd "$OUT" || exit 1
dg=$ROOT/testsuite/roofline.dg
for t in versions-zen4 siblings-snb gemm-imperfect-snb unroll-jam-snb; do
	opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$dg/$t.c" | head -n 1)
	case "$opts" in *verbose*) ;; *) opts="$opts -fplugin-arg-roofline-verbose" ;; esac
	# shellcheck disable=SC2086
	rl_cc $opts -fplugin-arg-roofline-remarks="$t.json" -o /dev/null "$dg/$t.c" >"$t.stderr" 2>&1
	"$PY" "$ROOT/testsuite/outputs/remarks-figures.py" "$t" "$t.stderr" "$t.json"
done
v=$(json_get versions-zen4.json "[(n['location']['line'], n['versions']['reported'], round(n['versions']['scalar_cycles_per_unit'], 1), n['versions']['alias_check']) for n in d['nests'] if 'versions' in n][0]")
if [ "$v" = "(16, 'scalar', 21.3, 'always')" ]; then
	pass "remarks-figures: floyd's versions in the JSON: scalar copy 21.3 cy/CL reported, check always fails"
else
	fail "remarks-figures: floyd's versions in the JSON: $v"
fi
