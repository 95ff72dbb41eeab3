#!/bin/sh
# The main job: compile examples/ with the plugin on the default machine and show the notes.
cc=${1:-gcc}
set -e
cd "$(dirname "$0")/.."
out=build/demo
mkdir -p "$out"
for src in examples/*.c; do
	echo "== $cc -O3 -march=native -fplugin=./roofline.so -c $src"
	$cc -O3 -march=native -fplugin=./roofline.so -fplugin-arg-roofline-verbose \
		-fplugin-arg-roofline-define=n=4000 -fdiagnostics-color=never -fno-diagnostics-show-caret \
		-c "$src" -o "$out/$(basename "$src" .c).o" \
		-fplugin-arg-roofline-remarks="$out/$(basename "$src" .c).roofline.json"
	echo "== remarks: $out/$(basename "$src" .c).roofline.json"
done
