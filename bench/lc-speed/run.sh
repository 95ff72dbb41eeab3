#!/bin/sh
# Build and run the layer-condition analysis-time benchmark (see lc-speed.c).
#   sh bench/lc-speed/run.sh [REPEAT [MACHINE [CORES]]]
cd "$(dirname "$0")/../.." || exit 1
out=${TMPDIR:-/tmp}/rl-lc-speed
cc=${CC:-gcc}
$cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -I. -o "$out" bench/lc-speed/lc-speed.c \
	polyhedral/*.c portmodel/*.c model/*.c machines/*.c -lcmocka -lisl -lyaml -lm || exit 1
"$out" "$@"
