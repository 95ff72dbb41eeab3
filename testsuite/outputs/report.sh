#!/bin/sh
# roofline-report: the JSON remarks of a build of several translation units -> one HTML file;
# deterministic; structure checked in the DOM of headless Chromium (Debian's chromium), and a
# screenshot (testsuite/out/outputs/report/report.png) to look at.
. "$(dirname "$0")/lib.sh"
nests=$ROOT/testsuite/nests
cd "$OUT" || exit 1
mkdir -p build && cd build || exit 1
for f in daxpy stream-triad jacobi2d-static matmul-ijk sum-reduction int-triad indirect; do
	rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -fplugin-arg-roofline-define=n=4000 -o "$f.o" "$nests/$f.c" 2>/dev/null
done
cd .. || exit 1
analysed=$(cat build/*.roofline.json | "$PY" -c '
import json, sys
text = sys.stdin.read(); dec = json.JSONDecoder(); i = 0; a = fp = 0
while i < len(text):
    while i < len(text) and text[i].isspace(): i += 1
    if i >= len(text): break
    d, i = dec.raw_decode(text, i)
    for n in d["nests"]:
        if n["analysed"]:
            a += 1
            f = n["inputs"]["flops_per_iteration"]
            fp += any(v for p in f.values() for v in p.values())
print(a, fp)')
na=${analysed% *} nfp=${analysed#* }
"$ROOT/roofline-report" -o report.html build 2>report.log
check "report: written from a directory of 7 translation units" test -s report.html
"$ROOT/roofline-report" -o report2.html build/*.roofline.json 2>/dev/null
check "report: byte-identical across runs and for files or directory" cmp report.html report2.html
check "report: self-contained (no script, no external resource)" sh -c \
	'! grep -Eq "<script|<link|src=\"http|href=\"http" report.html'
rows=$(grep -c '<tr class="nest"' report.html)
[ "$rows" -eq "$na" ] && pass "report: one table row per analysed nest ($rows)" || fail "report: rows $rows, analysed $na"
if "$ROOT/roofline-report" -o bad.html "$ROOT/testsuite/machines/good-minimal.yml" 2>bad.log; then
	fail "report: a file that is not a remarks file is an error"
else
	grep -q 'error: roofline-report' bad.log && pass "report: a file that is not a remarks file is an error" ||
		fail "report: error message ($(cat bad.log))"
fi

# data the models add later flows through: "rooflines" (charted) and any object with a "note"
# (listed, and a SARIF result of its own)
mkdir -p future
"$PY" - build/daxpy.c.roofline.json future/daxpy.c.roofline.json <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
n = d['nests'][0]
n['rooflines'] = {'CARM': {'roofs': [{'name': 'L1', 'bandwidth_gbs': 150}, {'name': 'AVX add', 'gflops': 21.6}],
                           'points': [{'label': 'L1', 'ai': 0.083, 'gflops': 3.1}]}}
n['advice'] = [{'kind': 'test', 'note': 'advice: future advice text 12345', 'gain': 1.5}]
json.dump(d, open(sys.argv[2], 'w'), indent=1, sort_keys=True)
PYEOF
"$ROOT/roofline-report" -o future.html --sarif future.sarif future 2>/dev/null
grep -q 'CARM: L1 150 GB/s' future.html && grep -q 'CARM: AVX add 21.6 GFLOP/s' future.html &&
	grep -q '<title>CARM L1: AI' future.html &&
	pass "report: a \"rooflines\" member is charted (roofs labelled, point)" ||
	fail "report: a \"rooflines\" member is charted"
grep -q 'advice: future advice text 12345' future.html && grep -q '"ruleId": "roofline/advice"' future.sarif &&
	pass "report and SARIF: a new object with a note shows up (roofline/advice)" ||
	fail "report and SARIF: a new object with a note shows up"

chromium=$(command -v chromium || command -v chromium-browser)
if [ -z "$chromium" ]; then
	skip "report: browser test (chromium not installed: apt-get install chromium)"
	exit 0
fi
profile=$(mktemp -d)
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$profile --hide-scrollbars"
timeout 120 "$chromium" $flags --dump-dom "file://$OUT/report.html" >dom.html 2>chromium.log
timeout 120 "$chromium" $flags --window-size=1280,2000 --screenshot="$OUT/report.png" "file://$OUT/report.html" >>chromium.log 2>&1
rm -rf "$profile"
if [ ! -s dom.html ]; then
	tail -n 5 chromium.log
	fail "report: chromium renders the report (empty DOM)"
	exit 0
fi
# the DOM as the browser built it (not the file as written)
"$PY" - dom.html "$na" "$nfp" <<'PYEOF'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []; self.rows = 0; self.svgs = {}; self.cur = None
        self.texts = []; self.in_text = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs); cls = a.get('class', '') or ''
        if tag == 'tr' and 'nest' in cls.split(): self.rows += 1
        if tag == 'svg' and 'roofline' in cls.split():
            self.cur = a.get('id'); self.svgs[self.cur] = {'axes': 0, 'roofs': 0, 'points': 0, 'labels': []}
        if self.cur:
            s = self.svgs[self.cur]
            if tag == 'g' and 'axis' in cls.split(): s['axes'] += 1
            if tag == 'line' and 'roof' in cls.split(): s['roofs'] += 1
            if tag == 'g' and cls == 'point': s['points'] += 1
            if tag == 'text' and cls == 'roof-label': self.in_text = True
    def handle_endtag(self, tag):
        if tag == 'svg': self.cur = None
        if tag == 'text': self.in_text = False
    def handle_data(self, data):
        if self.in_text and self.cur: self.svgs[self.cur]['labels'].append(data)
p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read())
na, nfp = int(sys.argv[2]), int(sys.argv[3])
def res(ok, name): print(('PASS: ' if ok else 'FAIL: ') + name)
res(p.rows == na, 'chromium DOM: %d table rows of nests' % p.rows)
allc = p.svgs.get('roofline-all')
res(allc is not None and allc['axes'] == 2, 'chromium DOM: summary roofline svg with x and y axes')
res(allc is not None and any(l.startswith('memory ') and 'GB/s' in l for l in allc['labels']),
    'chromium DOM: labelled memory roof (%s)' % (allc['labels'] if allc else None))
res(allc is not None and allc['points'] == nfp, 'chromium DOM: one point per nest with FP work (%s of %d)'
    % (allc['points'] if allc else None, nfp))
per = [k for k in p.svgs if k != 'roofline-all']
res(len(per) == na and all(p.svgs[k]['axes'] == 2 and p.svgs[k]['roofs'] >= 1 for k in per),
    'chromium DOM: a roofline chart per analysed nest with axes and roofs (%d)' % len(per))
PYEOF
[ -s report.png ] && pass "report: chromium screenshot $OUT/report.png" || fail "report: chromium screenshot"
