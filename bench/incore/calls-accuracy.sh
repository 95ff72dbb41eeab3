#!/bin/sh
# Accuracy of the call costs: the loops of calls-acc/kernels.c, predicted by the plugin
# (machine zen4 by default: its port table names machines/calls/zen5.yml) and measured in L1
# by calls-acc/main.c under the measurement lock, for a scalar build (-O3 -march=native) and
# a libmvec build (-O3 -march=native -ffast-math).  Prints "build kernel predicted measured
# ratio" in cy/CL (L1 prediction = the ECM's first figure after '->').
#   sh bench/incore/calls-accuracy.sh [GCC [MACHINE]]     (after make)
set -e
cc=${1:-gcc-12}
machine=${2:-zen4}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $(grep -m1 vendor_id /proc/cpuinfo | sed 's/.*: //') family $(grep -m1 'cpu family' /proc/cpuinfo | sed 's/.*: //') model $(grep -m1 '^model\s' /proc/cpuinfo | sed 's/.*: //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
for build in scalar fastmath; do
	flags="-O3 -march=native"
	[ $build = fastmath ] && flags="$flags -ffast-math"
	$cc $flags -fplugin="$top/roofline.so" -fplugin-arg-roofline-machine=$machine \
		-c "$here/calls-acc/kernels.c" -o "$tmp/k.o" 2>"$tmp/notes.txt"
	$cc -O2 -o "$tmp/run" "$here/calls-acc/main.c" "$tmp/k.o" -lmvec -lm
	flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 "$tmp/run" >"$tmp/meas.txt"
	for k in k_exp k_sin k_explog k_powf k_rotate; do
		line=$(grep -n "^void $k(" "$here/calls-acc/kernels.c" | cut -d: -f1)
		pred=$(grep "kernels.c:$((line + 2)):.*ECM" "$tmp/notes.txt" | sed 's/.*-> {\([0-9.]*\) .*/\1/' | head -1)
		meas=$(awk -v k=$k '$1 == k { print $2 }' "$tmp/meas.txt")
		echo "$build $k ${pred:-none} $meas" | awk '{ printf "%-8s %-9s predicted %6s measured %6s cy/CL", $1, $2, $3, $4; if ($3 != "none") printf "  ratio %.2f", $4 / $3; print "" }'
	done
done
