#!/bin/sh
# Coverage of the plugin on PolyBench/C 4.2.1: for the loop nests inside the
# kernel_* functions, how many get a prediction (an ECM note) and why the others
# are not analysed.  One record is one note: an ECM note per analysed innermost
# loop (an imperfect nest gives one per innermost loop; before imperfect nests
# were analysed, one per outermost loop), a "not analysed" note per nest or
# innermost loop that the model refuses.  Predictions made with an enclosing
# loop or its statements left out are counted separately.
#
#   bench/coverage/polybench.sh POLYBENCH_DIR [GCC [EXTRA_FLAGS...]]
#
# e.g. bench/coverage/polybench.sh /work/polybench gcc-12 -fno-tree-vectorize
# Needs roofline.so built in the source tree (make).  Prints one line per
# kernel, then "analysed A / total T" and the reasons of the rest, counted.
set -u
[ $# -ge 1 ] || { echo "usage: $0 POLYBENCH_DIR [GCC [EXTRA_FLAGS...]]" >&2; exit 2; }
pb=$(cd "$1" && pwd) || exit 2
shift
cc=${1:-gcc-12}
[ $# -ge 1 ] && shift
top=$(cd "$(dirname "$0")/../.." && pwd)
plugin=$top/roofline.so
[ -f "$plugin" ] || { echo "$0: $plugin not built (make)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

find "$pb" -name '*.c' ! -name '*.orig.c' ! -path '*/utilities/*' | LC_ALL=C sort > "$tmp/list"
while read -r src; do
	dir=$(dirname "$src")
	name=$(basename "$src" .c)
	LC_ALL=C "$cc" -O3 -march=native -DLARGE_DATASET -DPOLYBENCH_TIME \
		-I"$pb/utilities" -I"$dir" -fplugin="$plugin" \
		-fplugin-arg-roofline-verbose "$@" -c "$src" -o "$tmp/$name.o" \
		> "$tmp/$name.log" 2>&1 || echo "$name: COMPILATION FAILED" >> "$tmp/failed"
	# keep the notes inside the kernel_* function: from its first line to
	# the next "}" in column 1 (GCC 12 heads them "In function 'kernel_x'",
	# GCC 11 attributes inlined code to main, so go by source lines)
	range=$(awk '/^(static )?void kernel_/ { s = NR } s && !e && /^}/ { e = NR }
		END { print s, e }' "$src")
	awk -v k="$name" -v src="$src" -v range="$range" '
		BEGIN { split(range, r, " ") }
		function inside(line,    f) {
			split(line, f, ":")
			return f[1] == src && f[2] + 0 >= r[1] && f[2] + 0 <= r[2]
		}
		/: note: roofline: ECM / { if (inside($0)) ok++ ; next }
		/: note: roofline: the loop at line .* is repeated an unknown number of times/ {
			if (inside($0)) print "CONTEXT an enclosing loop left out (repeated an unknown number of times)"
			next
		}
		/: note: roofline: the statements of the loop at line / {
			if (inside($0)) print "CONTEXT statements of an enclosing loop left out"
			next
		}
		/: note: roofline: not analysed: / {
			if (!inside($0)) next
			reason = $0 ; sub(/.*not analysed: /, "", reason)
			print "REASON " reason
			no++
		}
		END { printf "KERNEL %-16s %d/%d\n", k, ok, ok + no }
	' "$tmp/$name.log"
done < "$tmp/list" > "$tmp/all"

grep '^KERNEL ' "$tmp/all" | sed 's/^KERNEL //'
awk '/^KERNEL / { split($3, f, "/"); a += f[1]; t += f[2] }
     END { printf "analysed %d / total %d\n", a, t }' "$tmp/all"
grep '^REASON ' "$tmp/all" | sed 's/^REASON //' | LC_ALL=C sort | uniq -c | LC_ALL=C sort -rn
if grep -q '^CONTEXT ' "$tmp/all"; then
	echo "predictions made with part of their context left out (verbose notes):"
	grep '^CONTEXT ' "$tmp/all" | sed 's/^CONTEXT //' | LC_ALL=C sort | uniq -c | LC_ALL=C sort -rn
fi
[ -f "$tmp/failed" ] && cat "$tmp/failed" && exit 1
exit 0
