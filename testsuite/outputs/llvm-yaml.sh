#!/bin/sh
# LLVM YAML remarks: written with remarks-dir=DIR and with yaml-remarks=PATH, deterministic, and
# LLVM's own opt-viewer (Debian llvm-14-tools) renders them with the ECM text at the loop.
. "$(dirname "$0")/lib.sh"
dg=$ROOT/testsuite/roofline.dg
cd "$OUT" || exit 1
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -o daxpy-snb.o "$dg/daxpy-snb.c"
check "yaml: remarks-dir=DIR writes DIR/<source>.roofline.opt.yaml" test -s daxpy-snb.c.roofline.opt.yaml
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-yaml-remarks=run1.opt.yaml -o a.o "$dg/daxpy-snb.c"
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-yaml-remarks=run2.opt.yaml -o b.o "$dg/daxpy-snb.c"
check "yaml: yaml-remarks=PATH" test -s run1.opt.yaml
check "yaml: byte-identical across runs" cmp run1.opt.yaml run2.opt.yaml
rl_cc -O2 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -o not-analysed.o "$dg/not-analysed.c"
note=$(json_get daxpy-snb.c.roofline.json "d['nests'][0]['ecm']['note']")
grep -q '^--- !Analysis$' run1.opt.yaml && grep -q '^Pass: *roofline$' run1.opt.yaml &&
	grep -q "^DebugLoc: *{ File: '.*daxpy-snb.c', Line: [0-9]*, Column: [0-9]* }$" run1.opt.yaml &&
	grep -q "^Function: *'daxpy'$" run1.opt.yaml && grep -q "^  - T_ECM_Mem: " run1.opt.yaml &&
	pass "yaml: --- !Analysis with Pass, Name, DebugLoc, Function, Args" ||
	fail "yaml: --- !Analysis with Pass, Name, DebugLoc, Function, Args"
# the Args concatenated are the note (what opt-viewer shows); the first remark is the ECM
args=$("$PY" - run1.opt.yaml <<'PYEOF' 2>&1
import sys, yaml
class L(yaml.SafeLoader): pass
L.add_multi_constructor('!', lambda l, s, n: l.construct_mapping(n, deep=True))
for d in yaml.load_all(open(sys.argv[1]), Loader=L):
    # the first remark of the nest is the ECM line (performance, advice, rooflines follow)
    print(''.join(str(list(a.values())[0]) for a in d['Args']))
    break
PYEOF
)
[ "$args" = "$note" ] && pass "yaml: Args concatenate to the ECM note" || fail "yaml: Args concatenate to the ECM note ('$args' vs '$note')"

viewer=$(dpkg -L llvm-14-tools 2>/dev/null | grep '/opt-viewer.py$' | head -n 1)
if [ -z "$viewer" ] || ! "$PY" -c 'import yaml, pygments' 2>/dev/null; then
	skip "opt-viewer renders the YAML (llvm-14-tools, python3-yaml or python3-pygments not installed)"
	exit 0
fi
rm -rf html
"$PY" "$viewer" --no-progress-indicator -j 1 -o html daxpy-snb.c.roofline.opt.yaml \
	not-analysed.c.roofline.opt.yaml >viewer.log 2>&1
page=html/$(echo "$dg/daxpy-snb.c" | sed 's|[/#]|_|g').html
napage=html/$(echo "$dg/not-analysed.c" | sed 's|[/#]|_|g').html
if [ -f "$page" ]; then
	# opt-viewer puts the message into the HTML as it is
	grep -qF "$note" "$page" && pass "opt-viewer: source page shows the ECM note" ||
		fail "opt-viewer: source page shows the ECM note ($page)"
	grep -qF '<span class="nf">daxpy</span>' "$page" && pass "opt-viewer: source page shows the source" ||
		fail "opt-viewer: source page shows the source"
	grep -q 'daxpy-snb.c:[0-9]*:[0-9]*</a>' html/index.html && pass "opt-viewer: index lists the remark" ||
		fail "opt-viewer: index lists the remark"
	grep -qF "not analysed: call to f in loop body" "$napage" && pass "opt-viewer: not-analysed reason" ||
		fail "opt-viewer: not-analysed reason"
else
	cat viewer.log
	fail "opt-viewer renders the YAML (no $page)"
fi
