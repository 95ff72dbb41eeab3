#!/bin/sh
# The main job: compile examples/ with the plugin on the default machine and show the notes.
cc=${1:-gcc}
set -e
cd "$(dirname "$0")/.."
out=build/demo
mkdir -p "$out"
for src in examples/*.c; do
	name=$(basename "$src" .c)
	echo "== $cc -O3 -march=native -fplugin=./roofline.so -fplugin-arg-roofline-define=n=4000 -c $src"
	$cc -O3 -march=native -fplugin=./roofline.so -fplugin-arg-roofline-define=n=4000 \
		-fplugin-arg-roofline-remarks-dir="$out" -fdiagnostics-color=never \
		-fno-diagnostics-show-caret -c "$src" -o "$out/$name.o"
	echo "== remarks (JSON, LLVM YAML, SARIF): $out/$name.c.roofline.*; details per loop: add -fplugin-arg-roofline-verbose"
done
