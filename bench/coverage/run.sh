#!/bin/sh
# Coverage of the plugin on real-code-style kernels: bench/coverage/kernels/<suite>/*.c,
# small loop nests written as HPC codes write them (imperfect nests, time loops, OpenMP
# loops, stencils up to radius 4, arrays of structs, math calls, memset/memcpy, integer
# and mixed-type kernels).
#
#   bench/coverage/run.sh [GCC [EXTRA_FLAGS...]]          (default GCC: gcc-12)
#
# Every kernel is compiled with -O3 -march=native -fplugin=roofline.so (of the tree,
# built for GCC by make) -fplugin-arg-roofline-verbose EXTRA_FLAGS; the openmp suite
# also with -fopenmp; the mathcalls suite twice: once as is ("mathcalls") and once
# with -ffast-math (its own row, "mathcalls-fastmath").
#
# Counting rule: only note lines whose location is a kernel file count;
#   one "note: roofline: ECM ..."            = one analysed loop,
#   one "note: roofline: not analysed: R"    = one rejected loop, reason R.
# total = analysed + rejected.  (An innermost loop of an imperfect nest has its own note;
# a loop GCC turned into a memset/memcpy call gets one too.)  Verbose notes saying that
# an enclosing loop or its statements were left out of a prediction are listed apart,
# and so are kernel files without any ECM or not-analysed note (e.g. a lone loop that GCC
# replaced by a memset call outside any loop): they are not counted.
#
# Prints per suite "suite: analysed A / total T" with the reasons of the rest, counted
# and sorted (most frequent first), then an overall line.  Exit status 1 if a compile
# failed (listed at the end), 2 on a setup error.
set -u
cc=${1:-gcc-12}
[ $# -ge 1 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=$top/roofline.so
[ -f "$plugin" ] || { echo "$0: $plugin not built (make CC=$cc)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# run_suite ROW DIR FLAGS...: compile every kernel of DIR, print the records of the row
run_suite() {
	row=$1 dir=$2
	shift 2
	for src in $(ls "$dir"/*.c | LC_ALL=C sort); do
		name=$(basename "$src" .c)
		log=$tmp/$row-$name.log
		LC_ALL=C "$cc" -O3 -march=native -fplugin="$plugin" -fplugin-arg-roofline-verbose \
			"$@" -c "$src" -o "$tmp/$row-$name.o" > "$log" 2>&1 ||
			echo "FAILED $row/$name.c: $cc -O3 -march=native $* (see its log)"
		awk -v row="$row" -v src="$src" -v name="$name.c" '
			index($0, src ":") != 1 { next }
			/: note: roofline: ECM / { print "OK " row; seen = 1; next }
			/: note: roofline: not analysed: / {
				r = $0; sub(/.*not analysed: /, "", r)
				print "NO " row "\t" r; seen = 1; next
			}
			/: note: roofline: the loop at line .* is repeated an unknown number of times/ {
				print "CTX " row "\tan enclosing loop left out (repeated an unknown number of times)"; next
			}
			/: note: roofline: the statements of the loop at line / {
				print "CTX " row "\tstatements of an enclosing loop left out"; next
			}
			/: note: roofline: (ECM |not analysed: )/ { seen = 1 }
			END { if (!seen) print "NONE " row "\t" name }' "$log"
	done
}

k=$here/kernels
for suite in imperfect timeloop openmp stencils aos mathcalls memset mixed; do
	case $suite in
	openmp) run_suite openmp "$k/openmp" -fopenmp "$@" ;;
	mathcalls)
		run_suite mathcalls "$k/mathcalls" "$@"
		run_suite mathcalls-fastmath "$k/mathcalls" -ffast-math "$@" ;;
	*) run_suite "$suite" "$k/$suite" "$@" ;;
	esac
done > "$tmp/all"

echo "coverage kernels: $cc -O3 -march=native -fplugin-arg-roofline-verbose $*"
awk -F '\t' '
	{ split($1, h, " "); row = h[2] }
	!(row in seen) { seen[row] = 1; order[++n] = row }
	h[1] == "OK" { ok[row]++ }
	h[1] == "NO" { no[row]++; rk = row SUBSEP $2; if (!(rk in cnt)) list[row] = list[row] "\n" $2; cnt[rk]++ }
	h[1] == "NONE" { none[row] = none[row] " " $2 }
	h[1] == "CTX" { ck = row SUBSEP $2; if (!(ck in ccnt)) clist[row] = clist[row] "\n" $2; ccnt[ck]++ }
	END {
		for (i = 1; i <= n; i++) {
			r = order[i]
			printf "%s: analysed %d / total %d\n", r, ok[r], ok[r] + no[r]
			A += ok[r]; T += ok[r] + no[r]
			m = split(substr(list[r], 2), rs, "\n")
			# sort the reasons by count (descending), then by text
			for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
				if (cnt[r, rs[b]] > cnt[r, rs[a]] || (cnt[r, rs[b]] == cnt[r, rs[a]] && rs[b] < rs[a])) {
					t = rs[a]; rs[a] = rs[b]; rs[b] = t
				}
			for (a = 1; a <= m; a++) printf "  %3d  %s\n", cnt[r, rs[a]], rs[a]
			m = split(substr(clist[r], 2), cs, "\n")
			for (a = 1; a <= m; a++) printf "  (%d predictions with %s)\n", ccnt[r, cs[a]], cs[a]
			if (none[r] != "") printf "  (no roofline note at all, not counted:%s)\n", none[r]
		}
		printf "overall: analysed %d / total %d\n", A, T
	}' "$tmp/all"
if grep -q '^FAILED ' "$tmp/all"; then
	grep '^FAILED ' "$tmp/all" | sed 's/^FAILED /compile failed: /'
	exit 1
fi
exit 0
