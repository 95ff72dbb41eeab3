#!/bin/sh
# Stream kernels predicted by the plugin with machine file MACHINE vs measured on the host that runs it
# (docs/roofline-bench.md, "Validation").  Usage (from the repository root, after make):
#   sh bench/machines/calib-streams/run.sh MACHINE.yml OUTDIR [CC]
# Prints kernel x level: measured and predicted cycles per unit of work (8 iterations) and
# the error (predicted - measured) / measured.  The timing runs under the measurement lock.
set -e
machine=$1 out=$2 cc=${3:-gcc-12}
here=$(dirname "$0")
mkdir -p "$out"
flags="-O3 -march=native -ffast-math -fno-tree-loop-distribute-patterns"
$cc $flags -fplugin=./roofline.so -fplugin-arg-roofline-machine="$machine" \
	-fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks="$out/kernels.json" \
	-c "$here/kernels.c" -o "$out/kernels.o"
$cc -O2 -o "$out/harness" "$here/harness.c" "$out/kernels.o"
l1=$(getconf LEVEL1_DCACHE_SIZE) l2=$(getconf LEVEL2_CACHE_SIZE)
flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 "$out/harness" "$l1" "$l2" > "$out/measured.txt"
python3 "$here/compare.py" "$out/kernels.json" "$out/measured.txt"
