#!/bin/sh
# One verdict per loop: the concise notes of every DejaGnu test (with its own dg-options) and of
# testsuite/nests/ and examples/ (default machine at -O3 -march=native, and cores=4) agree with
# each other - ECM prediction, bottleneck, bound, roofline placement, multicore figures and
# advice gain (testsuite/outputs/consistency.py says what is checked).  -fopt-info-loop shows
# every note once.
. "$(dirname "$0")/lib.sh"
cd "$OUT" || exit 1
dg=$ROOT/testsuite/roofline.dg
ncpu=$(nproc 2>/dev/null || echo 1)
# consistency_of NAME CAP SOURCE OPTIONS...: compile, then check the notes
consistency_of() {
	name=$1 cap=$2 src=$3; shift 3
	rl_cc "$@" -fplugin-arg-roofline-remarks="$name.json" -o /dev/null "$src" \
		>"$name.stderr" 2>&1
	"$PY" "$ROOT/testsuite/outputs/consistency.py" "$name" "$name.stderr" "$name.json" $cap
}
for src in "$dg"/*.c; do
	grep -q 'dg-error\|dg-do run' "$src" && continue
	opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$src" | head -n 1 | sed "s|@SRCDIR@|$ROOT/testsuite|g")
	cap=0
	# without machine= the core counts are capped to cores= or the usable CPUs
	case "$opts" in *machine=*) ;; *)
		cap=$(echo "$opts" | sed -n 's/.*roofline-cores=\([0-9]*\).*/\1/p')
		cap=${cap:-$ncpu} ;;
	esac
	consistency_of "dg-$(basename "$src" .c)" "$cap" "$src" $opts
done
for src in "$ROOT"/testsuite/nests/*.c "$ROOT"/examples/*.c; do
	base=$(basename "$src" .c)
	consistency_of "native-$base" "$ncpu" "$src" -O3 -march=native
	consistency_of "cores4-$base" 4 "$src" -O3 -march=native -fplugin-arg-roofline-cores=4
done
# -fopt-info-loop: the notes go through the optimisation-info channel only, each once
rl_cc $SNB -fopt-info-loop -o /dev/null "$ROOT/testsuite/roofline.dg/daxpy-snb.c" >optinfo.txt 2>&1
dups=$(grep 'roofline:' optinfo.txt | sort | uniq -d | wc -l)
n=$(grep -c 'roofline:' optinfo.txt)
if [ "$n" -gt 0 ] && [ "$dups" -eq 0 ]; then
	pass "consistency: -fopt-info-loop shows each of the $n notes once"
else
	fail "consistency: -fopt-info-loop shows each note once ($n notes, $dups repeated)"
fi
