#!/bin/sh
# timing=yes: one line on stderr with the plugin's own CPU time, its parts and its share of
# the compiler's CPU time (bench/overhead.sh reads it); nothing without the key, the same object.
. "$(dirname "$0")/lib.sh"
dg=$ROOT/testsuite/roofline.dg
cd "$OUT" || exit 1
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks=t.json \
	-fplugin-arg-roofline-timing -o t.o "$dg/daxpy-snb.c" 2>t.log
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks=n.json \
	-o n.o "$dg/daxpy-snb.c" 2>n.log
re="^roofline: plugin CPU time [0-9.]* s (start [0-9.]* s, passes [0-9.]* s, end of unit [0-9.]* s) of the compiler's [0-9.]* s ([0-9.]* %)\$"
check "timing: one line in the documented format" test "$(grep -c "$re" t.log)" = 1
check "timing: nothing on stderr without the key" test ! -s n.log
check "timing: the object is the same with and without it" cmp -s t.o n.o
# the figures agree with each other: the parts add up to the total (each printed to 1 ms,
# so within 2 ms), the total is within the compiler's time, the share is total/compiler
# (both rounded to 1 ms: the share within 0.05 points plus the rounding of the ratio)
line=$(grep "$re" t.log)
set -- $(echo "$line" | sed 's/[^0-9. ]//g; s/\. / /g')
own=$1 start=$2 passes=$3 endu=$4 total=$5 pct=$6
check "timing: start + passes + end of unit = plugin CPU time (+-0.002 s)" \
	awk -v a="$own" -v b="$start" -v c="$passes" -v d="$endu" 'BEGIN { x = a - b - c - d; exit !(x < 0.002 && x > -0.002) }'
check "timing: 0 < plugin CPU time <= the compiler's" \
	awk -v a="$own" -v t="$total" 'BEGIN { exit !(a > 0 && a <= t) }'
check "timing: the share is plugin / compiler CPU time" \
	awk -v a="$own" -v t="$total" -v p="$pct" 'BEGIN { r = 100 * a / t; e = 100 * 0.0005 * (1 / t + a / (t * t)) + 0.005; exit !(p - r <= e && r - p <= e) }'
