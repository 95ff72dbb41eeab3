#!/bin/sh
# Build PolyBench kernels (no plugin: the plugin does not change code) for the page study.
#   build.sh POLYBENCH_DIR OUTDIR SIZE kernel...
pb=$1; out=$2; size=$3; shift 3
mkdir -p "$out"
for b in vector scalar; do
	f="-O3 -march=native -DPOLYBENCH_TIME -D${size}_DATASET -I$pb/utilities"
	[ $b = scalar ] && f="$f -fno-tree-vectorize"
	[ -f "$out/pb-$b.o" ] || nice -n 10 gcc-12 $f -c "$pb/utilities/polybench.c" -o "$out/pb-$b.o"
	for k in "$@"; do
		src=$(find "$pb" -name "$k.c" | head -1)
		nice -n 10 gcc-12 $f -I"$(dirname "$src")" "$src" "$out/pb-$b.o" -lm \
			-o "$out/$k-$size-$b" || exit 1
	done
done
