#!/bin/sh
# Acceptance 2 of issue 5: compare roofline-bench's 1-core L1/L2/L3 load and copy bandwidths
# (AVX-512, the rows 'mix: load' and 'mix: load_store' of a machine file) with likwid-bench
# (load_avx512, copy_avx512) at the same working-set sizes.  likwid-bench runs REPS times
# (each wrapped in flock /tmp/rl-measure.lock, pinned to CPU 0) and the best is kept, as
# roofline-bench keeps the best of its repetitions.  likwid's MByte/s counts loads + stores
# without write-allocate traffic, as roofline-bench does; its "cycles" are TSC ticks (unused).
# Usage: bench/machines/compare-likwid.sh [MACHINE.yml] [REPS]
file=${1:-machines/emr-host-bench.yml}
reps=${2:-5}
command -v likwid-bench >/dev/null || { echo "likwid-bench not installed"; exit 1; }
[ -f "$file" ] || { echo "$file: no such file"; exit 1; }
row() { # level mix -> GB/s from the machine file (512-bit, 1 core)
	sed -n "s/.*level: $1, width: 512, mix: $2, cores: 1, bandwidth: \"\([0-9.e+]*\) GB\/s\".*/\1/p" "$file"
}
best_likwid() { # kernel size -> best GB/s over $reps runs
	b=0
	i=0
	while [ $i -lt "$reps" ]; do
		v=$(flock /tmp/rl-measure.lock likwid-bench -t "$1" -w "S0:$2:1" 2>/dev/null |
			sed -n 's/^MByte\/s:[[:space:]]*\([0-9.]*\).*/\1/p')
		b=$(awk -v a="$b" -v c="${v:-0}" 'BEGIN { print (c / 1000 > a) ? c / 1000 : a }')
		i=$((i + 1))
	done
	echo "$b"
}
printf "%-4s %-6s %10s %12s %12s %8s\n" level kernel size roofline likwid ratio
worst=0
for spec in L1:24kB L2:1MB L3:32MB; do
	lv=${spec%%:*} size=${spec#*:}
	for k in load:load copy:load_store; do
		lk=${k%%:*} mix=${k#*:}
		ours=$(row "$lv" "$mix")
		theirs=$(best_likwid "${lk}_avx512" "$size")
		r=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
		printf "%-4s %-6s %10s %9.2f GB/s %9.2f GB/s %8s\n" "$lv" "$lk" "$size" "$ours" "$theirs" "$r"
		worst=$(awk -v w="$worst" -v r="$r" 'BEGIN { d = r - 1; if (d < 0) d = -d; print (d > w) ? d : w }')
	done
done
awk -v w="$worst" 'BEGIN { printf "largest deviation: %.1f %% (acceptance: 10 %%)\n", w * 100 }'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
