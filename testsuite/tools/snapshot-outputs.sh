#!/bin/bash
# Snapshot everything the plugin prints and writes, for a before/after comparison of a change
# that must not alter any output (a refactoring):
#   testsuite/tools/snapshot-outputs.sh OUTDIR [CC] [POLYBENCH_DIR]
#   ... change, rebuild ...
#   testsuite/tools/snapshot-outputs.sh OUTDIR2 [CC] [POLYBENCH_DIR] && diff -r OUTDIR OUTDIR2
# Sources: testsuite/roofline.dg (with their own dg-options), testsuite/nests, examples/ and, when
# POLYBENCH_DIR (an unpacked PolyBench/C 4.2.1) is given, its 30 kernels at MEDIUM and LARGE.
# Option sets for the sources without dg-options: the default machine at -O3 -march=native, the
# same with verbose and cores=4, Sandy Bridge scalar (-fno-tree-vectorize) with verbose, and the
# bundled zen4 file.  For each compile: the notes (stderr), the JSON, YAML and SARIF remarks; then
# one roofline-report HTML over all JSON files.  Absolute paths are written as @ROOT@ / @PB@.
set -u
out=${1:?usage: snapshot-outputs.sh OUTDIR [CC] [POLYBENCH_DIR]}
cc=${2:-gcc}
pb=${3:-}
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
plugin="-fplugin=$root/roofline.so"
jobs=$out/.jobs
: >"$jobs"

# job NAME SOURCE OPTIONS... : one compile, appended to the job list
job() {
	name=$1 src=$2; shift 2
	echo "$name	$src	$*" >>"$jobs"
}

for src in testsuite/roofline.dg/*.c; do
	opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$src" | head -n 1 | sed "s|@SRCDIR@|$root/testsuite|g")
	job "dg-$(basename "$src" .c)" "$src" $opts
done
sets="native:-O3 -march=native
verbose4:-O3 -march=native -fplugin-arg-roofline-verbose -fplugin-arg-roofline-cores=4
snbscalar:-O3 -march=sandybridge -fno-tree-vectorize -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-verbose
zen4:-O2 -march=znver3 -fplugin-arg-roofline-machine=zen4 -fplugin-arg-roofline-define=n=4000"
for src in testsuite/nests/*.c examples/*.c; do
	echo "$sets" | while IFS=: read -r set opts; do
		job "$set-$(basename "$src" .c)" "$src" $opts
	done
done
if [ -n "$pb" ]; then
	for src in $(find "$pb" -name '*.c' ! -name '*.orig.c' ! -path '*/utilities/*' | sort); do
		dir=$(dirname "$src")
		for size in MEDIUM LARGE; do
			job "pb-$size-$(basename "$src" .c)" "$src" -O3 -march=native -I"$pb/utilities" -I"$dir" \
				-DPOLYBENCH_TIME -D${size}_DATASET -fplugin-arg-roofline-verbose
			job "pb-$size-scalar-$(basename "$src" .c)" "$src" -O3 -march=native -fno-tree-vectorize \
				-I"$pb/utilities" -I"$dir" -DPOLYBENCH_TIME -D${size}_DATASET
		done
	done
fi

export cc plugin out root pb
run_one() {
	name=$(echo "$1" | cut -f1) src=$(echo "$1" | cut -f2) opts=$(echo "$1" | cut -f3)
	# shellcheck disable=SC2086
	$cc $plugin $opts -fdiagnostics-color=never -fno-diagnostics-show-caret -c "$src" \
		-o "$out/$name.o" -fplugin-arg-roofline-remarks="$out/$name.json" \
		-fplugin-arg-roofline-yaml-remarks="$out/$name.opt.yaml" \
		-fplugin-arg-roofline-sarif="$out/$name.sarif" >"$out/$name.stderr" 2>&1
	echo "exit $?" >>"$out/$name.stderr"
	rm -f "$out/$name.o"
	for f in "$out/$name".*; do
		[ -f "$f" ] || continue
		sed -i -e "s|$root|@ROOT@|g" ${pb:+-e "s|$pb|@PB@|g"} \
			-e 's/plugin time [0-9.]* ms/plugin time X ms/' "$f"
	done
}
export -f run_one 2>/dev/null || true
tr '\n' '\0' <"$jobs" | xargs -0 -P "$(nproc)" -I{} bash -c 'run_one "$1"' _ {}
rm -f "$jobs"
ls "$out"/*.json >/dev/null 2>&1 && "$root/roofline-report" -o "$out/report.html" \
	--sarif "$out/report.sarif" "$out"/*.json >"$out/report.stdout" 2>&1
for f in report.html report.sarif report.stdout; do
	[ -f "$out/$f" ] && sed -i -e "s|$out|@OUT@|g" -e "s|$root|@ROOT@|g" "$out/$f"
done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
