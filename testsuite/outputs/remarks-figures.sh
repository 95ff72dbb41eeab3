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
# ecm.links gives the composition rule per link: every prediction follows from the JSON's terms
# alone, predictions[k] = max(t_ol, t_nol + sum of serial_fraction x transfers[b] (b < k),
# transfers[b] of each overlapping link b < k) + page walks (docs/remarks.md, docs/model.md
# section 4), on a serial machine (snb), an overlapping one without fractions (zen4) and one with
# the measured fractions and memory load factor (zen5-host-bench: ecm.memory_loads, the memory
# level max(rule, T_L3Mem + factor x reuse share x t_nol)); the page-walk test's loop and the restart test's (memory: at least max(t_ol, t_nol) + stream_restarts.cycles) too
mkdir -p links
for m in snb-e5-2680:sandybridge zen4:znver3 zen5-host-bench:znver3; do
	for f in jacobi2d-static stream-triad matmul-ijk; do
		rl_cc -O3 -march=${m#*:} -fplugin-arg-roofline-machine=${m%%:*} -fplugin-arg-roofline-quiet \
			-fplugin-arg-roofline-define=n=4000 -fplugin-arg-roofline-remarks="links/${m%%:*}-$f.json" \
			-o /dev/null "$ROOT/testsuite/nests/$f.c" 2>/dev/null
	done
done
opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$dg/column-walk-tlb-zen5.c" | head -n 1)
# shellcheck disable=SC2086
rl_cc $opts -fplugin-arg-roofline-remarks=links/tlb.json -o /dev/null "$dg/column-walk-tlb-zen5.c" 2>/dev/null
opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$dg/restart-rows-zen5.c" | head -n 1)
# shellcheck disable=SC2086
rl_cc $opts -fplugin-arg-roofline-remarks=links/restart.json -o /dev/null "$dg/restart-rows-zen5.c" 2>/dev/null
"$PY" - links/*.json <<'PYEOF'
import json, sys
checked, bad, frac, walks, memload, restarts = 0, [], 0, 0, 0, 0
for path in sys.argv[1:]:
    d = json.load(open(path))
    for n in d['nests']:
        if not n['analysed']:
            continue
        e = n['ecm']; t = e['transfers']; links = e['links']
        walk = e.get('page_walks', {}).get('cycles', 0)
        walks += walk > 0
        frac += any(k['rule'] == 'overlapping' and k['serial_fraction'] > 0 for k in links)
        ok = len(links) == len(t) and [k['link'] for k in links] == [b['boundary'] for b in n['traffic']]
        for lv, p in enumerate(e['predictions']):
            serial = e['t_nol'] + sum(links[b]['serial_fraction'] * t[b] for b in range(lv))
            over = [t[b] for b in range(lv) if links[b]['rule'] == 'overlapping']
            want = max([e['t_ol'], serial] + over)
            ml = e.get('memory_loads')
            if ml and lv == len(t) and lv > 0:
                # the memory level with ecm.memory_load_factor (docs/model.md section 4)
                loads = t[-1] + ml['factor'] * ml['reuse_share'] * e['t_nol']
                memload += ml['reuse_share'] > 0 and loads > want
                want = max(want, loads)
            sr = e.get('stream_restarts')
            if sr and lv == len(t) and lv > 0:
                # streams that restart from memory (docs/model.md section 4c)
                r = max(e['t_ol'], e['t_nol']) + sr['cycles']
                restarts += r > want
                want = max(want, r)
            want += walk
            ok &= abs(p - want) <= 1e-5 * max(want, 1e-9)
        checked += 1
        if not ok:
            bad.append('%s:%d %s' % (path, n['location']['line'], e))
ok = checked >= 10 and not bad and frac >= 3 and walks >= 1 and memload >= 1 and restarts >= 1
print(('PASS: ' if ok else 'FAIL: ') + 'remarks-figures: ecm.links reproduce every prediction (%d nests, '
      '%d with serial fractions, %d with page walks, %d raised by the memory load factor, %d by restarting streams)%s' % (checked, frac, walks, memload, restarts, ''.join('\n  ' + b for b in bad[:3])))
PYEOF
