#!/bin/sh
# Median cost of the in-core model per loop: dump the loop bodies of bench/incore/kernels.c
# (4 variants) and of the DejaGnu tests with the plugin, then time rl_incore_ports on each.
# Also checks every table in machines/ports/ on those bodies (instructions it does not know).
# Usage (from the repository root, after make): sh bench/incore/cost.sh
set -e
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
for v in "" "-mprefer-vector-width=256" "-fno-tree-vectorize" "-ffast-math"; do
	ROOFLINE_DUMP_INSNS=1 gcc -O3 -march=native -fno-math-errno $v -DVARIANT=x \
		-fplugin=./roofline.so -fplugin-arg-roofline-machine=emr-host -fplugin-arg-roofline-quiet \
		-c bench/incore/kernels.c -o $tmp/k.o 2>>$tmp/bodies.txt || true
done
for f in testsuite/roofline.dg/*-snb.c; do
	ROOFLINE_DUMP_INSNS=1 gcc -O3 -march=native -fplugin=./roofline.so \
		-fplugin-arg-roofline-machine=emr-host -fplugin-arg-roofline-quiet \
		-fplugin-arg-roofline-define=n=2000 -c $f -o $tmp/t.o 2>>$tmp/bodies.txt || true
done
gcc -O2 -std=c11 -I. -o $tmp/cost bench/incore/cost.c build/portmodel/*.o build/polyhedral/*.o \
	build/machines/*.o -lisl -lyaml -lm
for t in machines/ports/*.yml; do
	$tmp/cost machines/emr-host.yml $t check < $tmp/bodies.txt
done
flock /tmp/rl-measure.lock $tmp/cost machines/emr-host.yml machines/ports/glc.yml < $tmp/bodies.txt
rm -rf "$tmp"
