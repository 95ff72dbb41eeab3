#!/bin/sh
# Builds bench/incore/loop-exit.c (-march=native: zmm bodies where the host has AVX-512) and
# runs it under the measurement lock, pinned to CPU 1 at raised priority, one locked section
# per loop; prints the CPU, compiler and load average first.
# Usage: sh bench/incore/loop-exit.sh [RUNS]       the trip-count sweep (8 ... 1024 passes)
#        sh bench/incore/loop-exit.sh lag [RUNS]   when the penalty shows: long vs chunked
#                                                  loops, data in L1 / L2 / L3 / memory and
#                                                  in-core bound loops
set -e
here=$(dirname "$0")
cc=${CC:-gcc-12}
mode=sweep
if [ "$1" = lag ]; then mode=lag; shift; fi
exe=$(mktemp /tmp/rl-loop-exit.XXXXXX)
$cc -O2 -march=native -Wall -Wextra -o "$exe" "$here/loop-exit.c"
lscpu | awk -F: '/^Model name|^Vendor ID|^CPU family|^Model:|^Stepping/ { gsub(/^ +/, "", $2); printf "# %s: %s\n", $1, $2 }'
echo "# $($cc --version | head -1); $(date -u '+%Y-%m-%d %H:%M UTC')"
run() { flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 "$exe" "$@"; }
for r in $(seq 1 "${1:-3}"); do
	echo "# run $r, load average $(cut -d' ' -f1-3 /proc/loadavg)"
	if [ $mode = lag ]; then
		for lv in L1 L2 L3 MEM; do
			for k in load init copy update add; do run lag $k $lv; done
		done
		for k in chain chainr fma adds copym2 copym3 copym4 copym6; do run lag $k L1; done
	else
		for k in init copy load adds chain; do run $k; done
	fi
done
rm -f "$exe"
