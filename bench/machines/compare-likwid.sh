#!/bin/sh
# Acceptance 2 of issue 5: compare roofline-bench's 1-core L1/L2/L3 load and copy bandwidths
# (rows 'mix: load' and 'mix: load_store' of a machine file, 512- and 256-bit) with likwid-bench
# (load_avx512 / copy_avx512, load_avx / copy_avx) at the same working-set sizes, 1 thread pinned
# to the first core of S0 (-w S0:SIZE:1).
#
# Same quantity on both sides:
#  - bytes: likwid's MByte/s = iterations x elements x "bytes per element" / time, where copy
#    counts 16 B per element (8 B load + 8 B store, no write-allocate traffic) and load 8 B;
#    roofline-bench counts the bytes the core loads + stores, also without write-allocate.
#    Both use 10^6 / 10^9 (MB/s, GB/s).  likwid's "Cycles" are TSC ticks and its time is
#    Cycles / "Cycle Clock", where the Cycle Clock is the TSC rate as likwid measures it at
#    start-up - in this VM it came out 2.236-2.300 GHz for a 2.300 GHz TSC (dmesg), i.e. up
#    to 3 % too low, which makes the figure up to 3 % too low.  The script rescales each
#    likwid figure by TSC_HZ / Cycle Clock (TSC_HZ from dmesg 'tsc: Detected', else
#    /proc/cpuinfo 'cpu MHz'; override with the environment variable TSC_HZ).
#  - sizes: likwid's kB/MB are 10^3/10^6 B and the size is the total over all streams
#    (copy: 2 arrays of half the size), as roofline-bench's working set (L1/2 = 24 KiB,
#    L2/2 = 1 MiB, 32 MiB last level here); the few % difference KiB vs kB keeps every set in
#    its level.
#  - statistic: roofline-bench keeps the best of its (interleaved, ~3 ms) repetitions.  One
#    likwid-bench figure is a single average over >= SECS seconds (default 1 s), which on a
#    shared VM includes whatever else ran in that second.  So likwid-bench runs ROUNDS times
#    per kernel, round-robin over the kernels (each run under flock /tmp/rl-measure.lock), with
#    -s SECS (an integer: likwid 5.2 truncates -s 0.2 to 0 and then runs 10 iterations, a few
#    microseconds), and the best run is compared; the median is printed as well.
# Usage: bench/machines/compare-likwid.sh [MACHINE.yml] [ROUNDS] [SECS]
file=${1:-machines/emr-host-bench.yml}
rounds=${2:-5}
secs=${3:-1}
if [ -z "$TSC_HZ" ]; then
	TSC_HZ=$(dmesg 2>/dev/null | sed -n 's/.*tsc: Detected \([0-9.]*\) MHz.*/\1/p' | head -1)
	[ -n "$TSC_HZ" ] || TSC_HZ=$(sed -n 's/^cpu MHz[[:space:]]*: *\([0-9.]*\)/\1/p' /proc/cpuinfo | head -1)
	TSC_HZ=$(awk -v m="$TSC_HZ" 'BEGIN { print m * 1e6 }')
fi
command -v likwid-bench >/dev/null || { echo "likwid-bench not installed"; exit 1; }
[ -f "$file" ] || { echo "$file: no such file"; exit 1; }
row() { # level width mix -> GB/s from the machine file (1 core)
	sed -n "s/.*level: $1, width: $2, mix: $3, cores: 1, bandwidth: \"\([0-9.e+]*\) GB\/s\".*/\1/p" "$file"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
specs="L1:24kB L2:1MB L3:32MB"
kernels="load_avx512 copy_avx512 load_avx copy_avx"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); TSC rate $TSC_HZ Hz"
r=0
while [ "$r" -lt "$rounds" ]; do
	for spec in $specs; do
		lv=${spec%%:*} size=${spec#*:}
		for k in $kernels; do
			v=$(flock /tmp/rl-measure.lock likwid-bench -s "$secs" -t "$k" -w "S0:$size:1" 2>/dev/null |
				awk -v tsc="$TSC_HZ" '/^Cycle Clock:/ { cc = $3 } /^MByte\/s:/ { mb = $2 }
					END { if (cc > 0) print mb * tsc / cc; else print mb }')
			echo "${v:-0}" >>"$tmp/$lv-$k"
		done
	done
	r=$((r + 1))
done
printf "%-4s %-12s %6s %12s %12s %12s %7s %7s\n" level likwid-kernel size roofline likwid-best likwid-med ratio "(med)"
worst=0
for spec in $specs; do
	lv=${spec%%:*} size=${spec#*:}
	for k in $kernels; do
		case $k in load*) mix=load ;; *) mix=load_store ;; esac
		case $k in *512) w=512 ;; *) w=256 ;; esac
		ours=$(row "$lv" "$w" "$mix")
		best=$(sort -g "$tmp/$lv-$k" | tail -1 | awk '{ print $1 / 1000 }')
		med=$(sort -g "$tmp/$lv-$k" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] / 1000 }')
		r=$(awk -v a="$ours" -v b="$best" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
		rm_=$(awk -v a="$ours" -v b="$med" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
		printf "%-4s %-12s %6s %7.2f GB/s %7.2f GB/s %7.2f GB/s %7s %7s\n" "$lv" "$k" "$size" \
			"$ours" "$best" "$med" "$r" "$rm_"
		worst=$(awk -v w="$worst" -v r="$r" 'BEGIN { d = r - 1; if (d < 0) d = -d; print (d > w) ? d : w }')
	done
done
awk -v w="$worst" -v n="$rounds" -v s="$secs" 'BEGIN { printf "largest deviation (best vs best): %.1f %% (acceptance: 10 %%); likwid: best of %d runs of >= %s s\n", w * 100, n, s }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
