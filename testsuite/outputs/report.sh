#!/bin/sh
# roofline-report: the JSON remarks of a build of several translation units -> one HTML file;
# deterministic; structure checked in the DOM of headless Chromium (Debian's chromium), and a
# screenshot (testsuite/out/outputs/report/report.png) to look at.
. "$(dirname "$0")/lib.sh"
nests=$ROOT/testsuite/nests
cd "$OUT" || exit 1
mkdir -p build && cd build || exit 1
for f in daxpy stream-triad jacobi2d-static matmul-ijk sum-reduction int-triad indirect triangular siblings; do
	rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -fplugin-arg-roofline-define=n=4000 -o "$f.o" "$nests/$f.c" 2>/dev/null
done
# a size from the caller without define=: the loop is analysed but not ranked (n unknown)
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=. -o daxpy-n.o "$nests/daxpy.c" 2>/dev/null
cd .. || exit 1
# one translation unit on a machine with the zen overlap rule (ECM bars side by side)
mkdir -p zen/build
rl_cc -O3 -march=znver3 -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=zen/build \
	-fplugin-arg-roofline-define=n=4000 -o zen/build/jacobi.o "$nests/jacobi2d-static.c" 2>/dev/null
"$ROOT/roofline-report" -o zen/report.html zen/build 2>/dev/null
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
check "report: written from a directory of 10 translation units" test -s report.html
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

# serial fractions (ecm.links): the stacked serialised part ends at the prediction where it binds.
# Hand-made ECM of the zen report's nest on an overlapping machine with serial fractions x =
# 0.317 / 0.339 / 0.799 (the Zen 5 file's): T_OL 1.5, T_nOL 3.5, transfers 2 / 5 / 30 cy:
#   L1  max(1.5, 3.5)                                             = 3.5    (serial part)
#   L2  max(1.5, 3.5 + 0.317 x 2 = 4.134, 2)                      = 4.134  (serial part)
#   L3  max(1.5, 4.134 + 0.339 x 5 = 5.829, 2, 5)                 = 5.829  (serial part)
#   MEM max(1.5, 5.829 + 0.799 x 30 = 29.799, 2, 5, 30)           = 30     (the memory transfer)
# Bars scale to the largest figure (30 cy = 380 px from x = 56): the L2 tick at
# 56 + 4.134 / 30 x 380 = 108.36 px, the stack's end there too (rects rounded to 0.1 px).
mkdir -p frac/build
"$PY" - zen/build/jacobi.c.roofline.json frac/build/jacobi.c.roofline.json <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
e = d['nests'][0]['ecm']
x = [0.317, 0.339, 0.799]
e.update({'t_ol': 1.5, 't_nol': 3.5, 'transfers': [2, 5, 30], 'overlap': 'zen',
          'predictions': [3.5, 4.134, 5.829, 30],
          'links': [{'link': l, 'rule': 'overlapping', 'serial_fraction': f}
                    for l, f in zip(['L1-L2', 'L2-L3', 'L3-MEM'], x)]})
json.dump(d, open(sys.argv[2], 'w'), indent=1, sort_keys=True)
PYEOF
"$ROOT/roofline-report" -o frac/report.html frac/build 2>/dev/null
"$PY" - frac/report.html <<'PYEOF'
import re, sys
s = open(sys.argv[1], encoding='utf-8').read()
svg = re.search(r'<svg class="ecm-bars".*?</svg>', s, re.S).group(0)
levels = re.findall(r'<g class="ecm-level">(.*?)</g>', svg, re.S)
def rects(g):
    return [(c, float(x), float(y), float(w)) for c, x, y, w in
            re.findall(r'<rect class="([a-z-]+)" x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)"', g)]
ok, why = len(levels) == 4, []
for l, g in enumerate(levels):
    r = rects(g)
    tick = float(re.search(r'class="ecm-prediction" x1="([0-9.]+)"', g).group(1))
    ny = [y for c, x, y, w in r if c == 'ecm-nol'][0]
    stack = max(x + w for c, x, y, w in r if y == ny)
    longest = max(x + w for c, x, y, w in r if c == 'ecm-transfer') if l else 0
    if l < 3:   # the serial part binds: the stack ends at the tick
        ok &= abs(stack - tick) <= 0.2
    else:       # the memory transfer binds: its bar ends at the tick, the stack 0.2 cy short
        ok &= abs(longest - tick) <= 0.1 and tick - stack > 2
    why.append('%.1f/%.1f' % (stack, tick))
l2 = float(re.search(r'class="ecm-prediction" x1="([0-9.]+)"', levels[1]).group(1))
ok &= abs(l2 - 108.36) <= 0.1
ok &= len(re.findall(r'class="ecm-frac"', svg)) == 1 + 2 + 3 and 'L3-MEM 0.799' in svg
print(('PASS: ' if ok else 'FAIL: ') + 'ECM bars with serial fractions: stacked serial part = prediction where it binds '
      '(stack end / tick px per level: %s; L2 tick %.2f, hand 108.36)' % (', '.join(why), l2))
PYEOF

chromium=$(command -v chromium || command -v chromium-browser)
if [ -z "$chromium" ]; then
	skip "report: browser test (chromium not installed: apt-get install chromium)"
	exit 0
fi
# label-overlap.js measures every text of every chart after layout (all model panels shown)
# and writes the result into the page; --dump-dom returns it
"$PY" - report.html check.html "$ROOT/testsuite/outputs/label-overlap.js" <<'PYEOF'
import sys
s = open(sys.argv[1], encoding='utf-8').read()
js = open(sys.argv[3], encoding='utf-8').read()
open(sys.argv[2], 'w', encoding='utf-8').write(s.replace('</body>', '<script>' + js + '</script>\n</body>'))
PYEOF
for d in zen frac; do
	"$PY" - $d/report.html $d/check.html "$ROOT/testsuite/outputs/label-overlap.js" <<'PYEOF'
import sys
s = open(sys.argv[1], encoding='utf-8').read()
js = open(sys.argv[3], encoding='utf-8').read()
open(sys.argv[2], 'w', encoding='utf-8').write(s.replace('</body>', '<script>' + js + '</script>\n</body>'))
PYEOF
done
profile=$(mktemp -d)
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$profile --hide-scrollbars"
timeout 120 "$chromium" $flags --dump-dom "file://$OUT/report.html" >dom.html 2>chromium.log
timeout 120 "$chromium" $flags --dump-dom "file://$OUT/check.html" >check-dom.html 2>>chromium.log
timeout 120 "$chromium" $flags --dump-dom "file://$OUT/zen/check.html" >zen-check-dom.html 2>>chromium.log
timeout 120 "$chromium" $flags --dump-dom "file://$OUT/frac/check.html" >frac-check-dom.html 2>>chromium.log
timeout 120 "$chromium" $flags --window-size=1280,1400 --screenshot="$OUT/report.png" "file://$OUT/report.html" >>chromium.log 2>&1
# one nest's section alone (ECM bars, model toggle, chart) for a second screenshot
"$PY" - report.html nest1.html <<'PYEOF'
import re, sys
s = open(sys.argv[1], encoding='utf-8').read()
sec = re.search(r'<section class="nest-detail" id="nest-1">.*?</section>', s, re.S).group(0)
open(sys.argv[2], 'w', encoding='utf-8').write(s[:s.index('<h1>')] + sec + '</body></html>')
PYEOF
timeout 120 "$chromium" $flags --window-size=1100,1300 --screenshot="$OUT/nest1.png" "file://$OUT/nest1.html" >>chromium.log 2>&1
rm -rf "$profile"
if [ ! -s dom.html ]; then
	tail -n 5 chromium.log
	fail "report: chromium renders the report (empty DOM)"
	exit 0
fi
# the DOM as the browser built it (not the file as written)
"$PY" - dom.html "$na" "$nfp" build <<'PYEOF'
import glob, json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.svgs = {}; self.cur = None
        self.texts = []; self.in_text = False; self.unranked = []; self.in_unranked = False
        self.functions = []; self.toggles = 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs); cls = (a.get('class', '') or '').split()
        if tag == 'tr' and 'nest' in cls: self.rows.append(float(a['data-seconds']))
        if tag == 'tr' and 'function' in cls: self.functions.append(float(a['data-seconds']))
        if tag == 'table': self.in_unranked = a.get('id') == 'not-ranked'
        if tag == 'tr' and self.in_unranked and ('not-ranked' in cls or 'not-analysed' in cls):
            self.unranked.append(cls[0])
        if tag == 'div' and 'model-toggle' in cls: self.toggles += 1
        if tag == 'svg' and 'roofline' in cls:
            self.cur = a.get('id'); self.svgs[self.cur] = {'axes': 0, 'roofs': 0, 'points': 0, 'labels': []}
        if self.cur:
            s = self.svgs[self.cur]
            if tag == 'g' and 'axis' in cls: s['axes'] += 1
            if tag == 'line' and 'roof' in cls: s['roofs'] += 1
            if tag == 'g' and cls == ['point']: s['points'] += 1
            if tag == 'text' and cls == ['roof-label']: self.in_text = True
    def handle_endtag(self, tag):
        if tag == 'svg': self.cur = None
        if tag == 'text': self.in_text = False
        if tag == 'table': self.in_unranked = False
    def handle_data(self, data):
        if self.in_text and self.cur: self.svgs[self.cur]['labels'].append(data)
p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read())
na, nfp = int(sys.argv[2]), int(sys.argv[3])
def res(ok, name): print(('PASS: ' if ok else 'FAIL: ') + name)
# the expected order, from the JSON files: ranked nests by predicted_time.seconds, then the rest
docs = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[4] + '/*.roofline.json'))]
nests = [n for d in docs for n in d['nests'] if n['analysed']]
ranked = sorted((n['performance']['predicted_time']['seconds'] for n in nests
                 if n['performance']['predicted_time']['ranked']), reverse=True)
unranked = [n for n in nests if not n['performance']['predicted_time']['ranked']]
res(len(p.rows) == na, 'chromium DOM: %d table rows of loops' % len(p.rows))
got = [s for s in p.rows if s >= 0]
res(len(got) == len(ranked) and all(abs(a - b) <= 1e-5 * b for a, b in zip(got, ranked))
    and p.rows[:len(got)] == got,
    'chromium DOM: loops ranked by the JSON predicted_time.seconds, largest first (%s)' % got)
notan = sum(1 for d in docs for n in d['nests'] if not n['analysed'])
res(p.unranked.count('not-ranked') == len(unranked) and p.unranked.count('not-analysed') == notan
    and len(unranked) >= 1,
    'chromium DOM: loops not ranked listed with the reason (%d not ranked, %d not analysed)'
    % (len(unranked), notan))
fsum = sorted((f['seconds'] for d in docs for f in d['functions']), reverse=True)
res(len(p.functions) == len(fsum) and all(abs(a - b) <= 1e-5 * max(b, 1e-12) for a, b in zip(p.functions, fsum)),
    'chromium DOM: predicted time per function = the JSON "functions" sums, largest first')
allc = p.svgs.get('roofline-all')
res(allc is not None and allc['axes'] == 2, 'chromium DOM: summary roofline svg with x and y axes')
res(allc is not None and any(l.startswith('memory ') and 'GB/s' in l for l in allc['labels'])
    and sum(1 for l in allc['labels'] if l.startswith('CARM: ')) >= 4,
    'chromium DOM: summary chart with all roofs of the machine in its key (%s)' % (allc['labels'] if allc else None))
res(allc is not None and allc['points'] == nfp, 'chromium DOM: one point per loop with FP work (%s of %d)'
    % (allc['points'] if allc else None, nfp))
per = [k for k in p.svgs if k != 'roofline-all']
res(p.toggles == na and len(per) >= na and all(p.svgs[k]['axes'] == 2 and p.svgs[k]['roofs'] >= 1 for k in per),
    'chromium DOM: per loop a model toggle and charts with axes and roofs (%d loops, %d charts)' % (p.toggles, len(per)))
PYEOF
# no two labels overlap, none outside its chart, in any chart (summary, per-model, ECM bars)
for f in check-dom.html zen-check-dom.html frac-check-dom.html; do
	"$PY" - "$f" <<'PYEOF'
import html, re, sys
s = open(sys.argv[1], encoding='utf-8').read()
m = re.search(r'<pre id="overlap-result">(charts .*?)</pre>', s, re.S)
if not m:
    print('FAIL: label geometry of %s (no result in the DOM)' % sys.argv[1]); sys.exit(0)
text = html.unescape(m.group(1))
head = text.split('\n')[0].split()
charts, labels, overlaps, outside = int(head[1]), int(head[3]), int(head[5]), int(head[7])
ok = overlaps == 0 and outside == 0 and charts >= 2 and labels >= 5 * charts
print(('PASS: ' if ok else 'FAIL: ') + 'chromium layout (%s): %d charts, %d labels, %d overlapping pairs, %d outside their chart'
      % (sys.argv[1], charts, labels, overlaps, outside))
if not ok: print(text[:2000])
PYEOF
done
# the ECM bars follow the composition rule: serial machines stack T_nOL and the transfers
# (a transfer bar starts right of the bars' origin), zen machines draw every term from the
# origin side by side (every transfer bar starts at the origin)
"$PY" - report.html zen/report.html <<'PYEOF'
import re, sys
def starts(path):
    s = open(path, encoding='utf-8').read()
    return [float(x) for x in re.findall(r'<rect class="ecm-transfer" x="([0-9.]+)"', s)]
ser, zen = starts(sys.argv[1]), starts(sys.argv[2])
ok = ser and zen and any(x > 56.5 for x in ser) and all(abs(x - 56) < 0.05 for x in zen)
print(('PASS: ' if ok else 'FAIL: ') + 'ECM bars: stacked on the serial machine, side by side on zen4 (%d / %d transfer bars)' % (len(ser), len(zen)))
PYEOF
[ -s report.png ] && [ -s nest1.png ] && pass "report: chromium screenshots $OUT/report.png, $OUT/nest1.png" ||
	fail "report: chromium screenshots"
