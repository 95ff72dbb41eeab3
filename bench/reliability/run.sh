#!/bin/bash
# Reliability suite: the plugin must never make the compiler fail and never change the
# object code, on code it was not written for.
#
# Usage: bench/reliability/run.sh [options] [CC]          (default CC: $CC or gcc)
#   --torture N|all    gcc.c-torture compile/ and execute/ (Debian's gcc-12-source):
#                      all files (default) or N of them picked by a stable rule
#                      (every k-th of the sorted list); 0 = none
#   --csmith N         N csmith programs, seeds SEED0 .. SEED0+N-1 (default 2000; 0 = none)
#   --seed0 S          first csmith seed (default 1)
#   --sets "LIST"      option sets (default "O2 O3 O3v"):
#                        O2   -O2
#                        O3   -O3 -march=native
#                        O3v  -O3 -march=native, plugin with verbose and cores=4
#   --verbose-every K  the O3v set only on every K-th source of a suite (default 1: all)
#   --polybench DIR    also every kernel of an unpacked PolyBench/C 4.2.1 in DIR
#   --sqlite           also sqlite3.c (from npm's better-sqlite3, as bench/overhead.sh)
#   --dir NAME=DIR     also every .c file under DIR, as suite NAME (repeatable)
#   --jobs N           parallel compiles (default: nproc)
#   --timeout S        seconds per compile (default 60; sqlite3.c gets 10 times that)
#   --out DIR          results directory (default RL_CACHE/out)
#   --summary FILE     only print the summary of a results.tsv (e.g. of an unfinished run)
# Environment: PLUGIN (default ./roofline.so of the tree, built for CC), RL_CACHE (sources
# cache, default ~/.cache/roofline), CSMITH_INC (default /usr/include/csmith).
#
# Every source is compiled with each option set without the plugin; a source that does
# not compile so (many torture tests are meant to fail or need special flags) is
# skipped for that set.  Otherwise it is compiled with -fplugin and the pair fails when
#   - the compiler exits non-zero, times out, or its stderr shows an internal compiler
#     error, a signal or a sanitizer report,
#   - the plugin prints an error, or
#   - the two objects differ (cmp).
# Every failing pair leaves the source, both stderr logs and a repro.sh under
# OUT/failures/.  OUT/results.tsv has one line per (source, option set):
#   STATUS SUITE SET SOURCE NOTES PLAIN_SECONDS PLUGIN_SECONDS REASON
# The summary gives per suite and option set: sources, compiled, skipped, failures,
# object differences, roofline notes and the compile times; it ends with
# "N passed, N failed, N skipped" over (source, option set) pairs.
# Exit status: 0 no failure, 1 failures, 2 setup error.
set -u

. "$(dirname "$0")/../lib/sqlite.sh"  # BSQ_VERSION, sqlite_fetch
GCC_SRC_TARBALL_GLOB='/usr/src/gcc-12/gcc-12*.tar.xz'

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
die() { echo "reliability: $*" >&2; exit 2; }

# summarize RESULTS.TSV: the table per suite and option set, the failures, the closing line
# (also on the results of an unfinished run: --summary FILE)
summarize() {
	printf '%-10s %-4s %8s %8s %8s %8s %8s %8s %10s %10s %7s\n' suite set sources compiled skipped \
		failures objdiff notes plain-s plugin-s extra
	awk -F '\t' '
	{
		k = $2 "\t" $3
		if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
		src[k]++
		if ($1 == "SKIP") { skip[k]++; next }
		comp[k]++; notes[k] += $5; tp[k] += $6; tw[k] += $7
		if ($1 == "FAIL") { fail[k]++; if ($8 ~ /^objects differ/) diff[k]++ }
	}
	END {
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, p, "\t")
			printf "%-10s %-4s %8d %8d %8d %8d %8d %8d %10.1f %10.1f %6.1f%%\n", p[1], p[2], src[k], comp[k], skip[k],
				fail[k], diff[k], notes[k], tp[k], tw[k], (tp[k] > 0 ? 100 * (tw[k] - tp[k]) / tp[k] : 0)
		}
	}' "$1" | LC_ALL=C sort
	echo "(compiled: pairs compiled with and without the plugin; skipped: no compile without it;"
	echo " plain-s/plugin-s: summed wall seconds of the compiles without/with the plugin on a shared,"
	echo " loaded machine, extra: their difference, a rough estimate of the plugin's cost)"
	if grep -q '^FAIL' "$1"; then
		echo "failures (sources, stderr and repro.sh in $(dirname "$1")/failures):"
		awk -F '\t' '$1 == "FAIL" { printf "  %s %s %s: %s\n", $2, $3, $4, $8 }' "$1"
	fi
	awk -F '\t' '{ c[$1]++ } END { printf "%d passed, %d failed, %d skipped\n", c["PASS"], c["FAIL"], c["SKIP"] }' \
		"$1"
}

torture=all csmith=2000 seed0=1 sets="O2 O3 O3v" verbose_every=1 polybench="" sqlite=0
jobs=$(nproc 2>/dev/null || echo 2) timeout=60 out=""
extra_dirs=()
while [ $# -gt 0 ]; do
	case $1 in
	--torture) torture=$2; shift ;;
	--csmith) csmith=$2; shift ;;
	--seed0) seed0=$2; shift ;;
	--sets) sets=$2; shift ;;
	--verbose-every) verbose_every=$2; shift ;;
	--polybench) polybench=$2; shift ;;
	--sqlite) sqlite=1 ;;
	--dir) extra_dirs+=("$2"); shift ;;
	--jobs) jobs=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--out) out=$2; shift ;;
	--summary) summarize "$2"; exit ;;
	-h | --help) sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) die "unknown option $1 (see --help)" ;;
	*) CC=$1 ;;
	esac
	shift
done
CC=${CC:-gcc}
PLUGIN=${PLUGIN:-$root/roofline.so}
RL_CACHE=${RL_CACHE:-${HOME:-/tmp}/.cache/roofline}
CSMITH_INC=${CSMITH_INC:-/usr/include/csmith}
out=${out:-$RL_CACHE/out}
for n in "$csmith" "$seed0" "$verbose_every" "$jobs" "$timeout"; do
	case $n in '' | *[!0-9]*) die "not a number: '$n'" ;; esac
done
case $torture in all | [0-9]*) ;; *) die "--torture takes a number or 'all'" ;; esac
[ "$verbose_every" -ge 1 ] || verbose_every=1
for s in $sets; do
	case $s in O2 | O3 | O3v) ;; *) die "unknown option set '$s' (O2, O3, O3v)" ;; esac
done

command -v "$CC" >/dev/null 2>&1 || die "compiler '$CC' not found"
[ -f "$PLUGIN" ] || die "plugin '$PLUGIN' not found (build it with: make CC=$CC)"
case $PLUGIN in /*) ;; *) PLUGIN=$(pwd)/$PLUGIN ;; esac
pname=$(basename "$PLUGIN" .so)
mkdir -p "$RL_CACHE" "$out" || die "cannot create $RL_CACHE or $out"
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
work=$(mktemp -d "${TMPDIR:-/tmp}/reliability.XXXXXX") || die "no temporary directory"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# in the scratch dir: whatever a plugin writes next to the output stays there
help=$(cd "$work" && LC_ALL=C "$CC" -fplugin="$PLUGIN" "-fplugin-arg-$pname-help" -x c /dev/null -S -o /dev/null 2>&1) ||
	die "the plugin does not load with $CC: $(printf '%s\n' "$help" | grep -m 1 'error')"
rm -rf "$out/failures" "$out/results.tsv"
mkdir -p "$out/failures" "$work/r" "$work/j"
: >"$out/results.tsv"
: >"$work/list"

# --- sources ----------------------------------------------------------------
# list_add SUITE FILE...: one line "SUITE<TAB>INDEX<TAB>FILE" per source
list_add() {
	local suite=$1 i=0 f
	shift
	for f in "$@"; do
		printf '%s\t%d\t%s\n' "$suite" "$i" "$f" >>"$work/list"
		i=$((i + 1))
	done
}

if [ "$torture" != 0 ]; then
	tdir=$(ls -d "$RL_CACHE"/gcc-12*/gcc/testsuite/gcc.c-torture 2>/dev/null | tail -n 1)
	if [ -z "$tdir" ]; then
		# shellcheck disable=SC2086 # the glob is meant to expand
		tarball=$(ls $GCC_SRC_TARBALL_GLOB 2>/dev/null | tail -n 1)
		[ -n "$tarball" ] || die "no gcc.c-torture: install Debian's gcc-12-source (apt-get install gcc-12-source) or use --torture 0"
		echo "reliability: extracting gcc.c-torture from $tarball" >&2
		tar -xJf "$tarball" -C "$RL_CACHE" --wildcards \
			'*/gcc/testsuite/gcc.c-torture/compile/*' '*/gcc/testsuite/gcc.c-torture/execute/*' ||
			die "cannot extract gcc.c-torture from $tarball"
		tdir=$(ls -d "$RL_CACHE"/gcc-12*/gcc/testsuite/gcc.c-torture 2>/dev/null | tail -n 1)
	fi
	(cd "$tdir" && find compile execute -name '*.c' -type f | LC_ALL=C sort) >"$work/torture.all"
	total=$(wc -l <"$work/torture.all")
	if [ "$torture" = all ] || [ "$torture" -ge "$total" ]; then
		cp "$work/torture.all" "$work/torture"
	else
		# the stable sample: every k-th file of the sorted list, starting with the first
		awk -v n="$torture" -v t="$total" 'BEGIN { k = int(t / n) } (NR - 1) % k == 0 && c < n { print; c++ }' \
			"$work/torture.all" >"$work/torture"
	fi
	mapfile -t files <"$work/torture"
	list_add torture "${files[@]/#/$tdir/}"
fi

if [ "$csmith" -gt 0 ]; then
	command -v csmith >/dev/null 2>&1 || die "no csmith: apt-get install csmith libcsmith-dev (or --csmith 0)"
	[ -f "$CSMITH_INC/csmith.h" ] || die "no $CSMITH_INC/csmith.h: apt-get install libcsmith-dev (or --csmith 0)"
	cver=$(cd "$work" && csmith --version 2>/dev/null | sed -n '1s/^csmith //p')
	cdir=$RL_CACHE/csmith-${cver:-unknown}
	mkdir -p "$cdir"
	seq "$seed0" $((seed0 + csmith - 1)) | while read -r s; do
		[ -s "$cdir/$s.c" ] || echo "$s"
	done >"$work/seeds"
	if [ -s "$work/seeds" ]; then
		echo "reliability: generating $(wc -l <"$work/seeds") csmith programs in $cdir" >&2
		# in the cache dir: csmith writes platform.info into the current directory
		# shellcheck disable=SC2016 # $1 is expanded by the inner shell
		nice -n 10 xargs -P "$jobs" -I{} sh -c \
			'cd "$1" && timeout 60 csmith --seed {} -o {}.c.tmp >/dev/null 2>&1 && mv {}.c.tmp {}.c' _ "$cdir" \
			<"$work/seeds"
	fi
	mapfile -t files < <(seq "$seed0" $((seed0 + csmith - 1)) | sed "s|.*|$cdir/&.c|")
	list_add csmith "${files[@]}"
fi

if [ -n "$polybench" ]; then
	[ -f "$polybench/utilities/polybench.h" ] || die "no PolyBench/C in '$polybench' (utilities/polybench.h missing)"
	polybench=$(cd "$polybench" && pwd)
	mapfile -t files < <(find "$polybench" -name '*.c' -type f ! -path '*/utilities/*' | LC_ALL=C sort)
	list_add polybench "${files[@]}"
fi

if [ "$sqlite" = 1 ]; then
	sq=$RL_CACHE/sqlite-$BSQ_VERSION/sqlite3.c
	[ -s "$sq" ] || [ ! -s "$root/bench/.cache/sqlite-$BSQ_VERSION/sqlite3.c" ] ||
		sq=$root/bench/.cache/sqlite-$BSQ_VERSION/sqlite3.c      # fetched by bench/overhead.sh
	if [ ! -s "$sq" ]; then
		sqlite_fetch "$RL_CACHE" reliability
	fi
	list_add sqlite3 "$sq"
fi

for nd in "${extra_dirs[@]}"; do
	name=${nd%%=*} dir=${nd#*=}
	[ "$name" != "$nd" ] && [ -d "$dir" ] || die "--dir takes NAME=DIR (got '$nd')"
	mapfile -t files < <(find "$dir" -name '*.c' -type f | LC_ALL=C sort)
	case $dir in /*) ;; *) files=("${files[@]/#/$(pwd)/}") ;; esac
	list_add "$name" "${files[@]}"
done

[ -s "$work/list" ] || die "no sources selected"

# --- one source: every option set, without and with the plugin ---------------
# check_source "SUITE<TAB>INDEX<TAB>FILE": one result line per option set, appended to
# OUT/results.tsv when the source is done; a failing pair is kept in OUT/failures/
check_source() {
	local suite idx src
	IFS=$'\t' read -r suite idx src <<<"$1"
	local w=$work/j/$suite-$idx res=$work/r/$suite-$idx
	local crash='internal compiler error|Segmentation fault|killed signal|terminated signal|Aborted|Sanitizer'
	local t=$timeout set opt pargs key flags prc t0 t1 t2 tw notes reason status
	local -A plain_rc plain_time
	mkdir -p "$w"
	flags=(-c -w -fdiagnostics-color=never -fno-diagnostics-show-caret -I"$(dirname "$src")")
	case $suite in
	csmith) flags+=(-I"$CSMITH_INC") ;;
	polybench) flags+=(-I"$polybench/utilities" -DLARGE_DATASET -DPOLYBENCH_TIME) ;;
	sqlite3) t=$((timeout * 10)) ;;
	esac
	: >"$res"
	for set in $sets; do
		pargs=()
		case $set in
		O2) opt="-O2" ;;
		O3) opt="-O3 -march=native" ;;
		O3v)
			[ $((idx % verbose_every)) -eq 0 ] || continue
			opt="-O3 -march=native" pargs=("-fplugin-arg-$pname-verbose" "-fplugin-arg-$pname-cores=4") ;;
		esac
		key=${opt// /_}
		# the plain object of an optimisation level serves every plugin option set
		if [ -z "${plain_rc[$key]+x}" ]; then
			t0=$EPOCHREALTIME
			# shellcheck disable=SC2086 # opt is a flag list
			(cd "$w" && LC_ALL=C timeout "$t" "$CC" $opt "${flags[@]}" "$src" -o "plain$key.o") \
				</dev/null >/dev/null 2>"$w/plain$key.err"
			plain_rc[$key]=$?
			t1=$EPOCHREALTIME
			plain_time[$key]=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		fi
		if [ "${plain_rc[$key]}" -ne 0 ]; then
			reason="does not compile without the plugin (exit ${plain_rc[$key]})"
			[ "${plain_rc[$key]}" -eq 124 ] && reason="timeout without the plugin"
			printf 'SKIP\t%s\t%s\t%s\t0\t%s\t0\t%s\n' "$suite" "$set" "$src" "${plain_time[$key]}" "$reason" >>"$res"
			continue
		fi
		rm -f "$w"/with.*
		t1=$EPOCHREALTIME
		# shellcheck disable=SC2086
		(cd "$w" && LC_ALL=C timeout "$t" "$CC" $opt "${flags[@]}" -fplugin="$PLUGIN" "${pargs[@]}" \
			"$src" -o with.o) </dev/null >/dev/null 2>"$w/with.err"
		prc=$?
		if [ "$prc" -eq 124 ]; then
			# a loaded machine: one more try with three times the time before blaming the plugin
			t1=$EPOCHREALTIME
			# shellcheck disable=SC2086
			(cd "$w" && LC_ALL=C timeout $((t * 3)) "$CC" $opt "${flags[@]}" -fplugin="$PLUGIN" "${pargs[@]}" \
				"$src" -o with.o) </dev/null >/dev/null 2>"$w/with.err"
			prc=$?
		fi
		t2=$EPOCHREALTIME
		tw=$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", b - a }')
		notes=$(grep -c 'note: roofline' "$w/with.err")
		status=FAIL reason=""
		if [ "$prc" -eq 124 ]; then
			reason="timeout with the plugin only (${t}s and $((t * 3))s; ${plain_time[$key]}s without)"
		elif grep -qE "$crash" "$w/with.err"; then
			reason="crash: $(grep -m 1 -E "$crash" "$w/with.err")"
		elif [ "$prc" -ne 0 ]; then
			reason="exit $prc with the plugin: $(grep -m 1 -E 'error' "$w/with.err")"
		elif grep -qE '(^|: )error:' "$w/with.err"; then
			reason="plugin error: $(grep -m 1 -E '(^|: )error:' "$w/with.err")"
		elif ! cmp -s "$w/plain$key.o" "$w/with.o"; then
			reason="objects differ: $(cmp "$w/plain$key.o" "$w/with.o" 2>&1 | sed -n '1s/.* differ: //p')"
		else
			status=PASS
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$status" "$suite" "$set" "$src" "$notes" \
			"${plain_time[$key]}" "$tw" "$reason" >>"$res"
		if [ "$status" = FAIL ]; then
			local keep
			keep=$out/failures/$suite-$idx-$(basename "$src" .c)-$set
			mkdir -p "$keep"
			cp "$src" "$keep/"
			cp "$w/with.err" "$keep/with-plugin.stderr"
			cp "$w/plain$key.err" "$keep/without-plugin.stderr"
			printf '%s\n' "#!/bin/sh" "# $reason" \
				"$CC $opt ${flags[*]} -fplugin=$PLUGIN ${pargs[*]} $(basename "$src") -o with.o" \
				"$CC $opt ${flags[*]} $(basename "$src") -o plain.o" "cmp plain.o with.o" >"$keep/repro.sh"
		fi
	done
	rm -rf "$w"
	cat "$res" >>"$out/results.tsv"     # a few short lines: one atomic append
}
export -f check_source
export CC PLUGIN pname work out timeout sets verbose_every CSMITH_INC polybench

n=$(wc -l <"$work/list")
echo "reliability: $CC, plugin $PLUGIN; $n sources, option sets: $sets$([ "$verbose_every" -gt 1 ] &&
	echo " (O3v on every ${verbose_every}th source)"); $jobs jobs, ${timeout}s per compile" >&2
start=$(date +%s)
# shellcheck disable=SC2016
# The long compiles (sqlite3.c) and the small suites first, then the large suites
# interleaved by position (source i of n at i/n), so that an unfinished run has checked an
# even share of each suite.
awk -F '\t' '{ n[$1]++; line[NR] = $0; suite[NR] = $1; idx[NR] = $2 }
	END { for (i = 1; i <= NR; i++) printf "%.6f\t%s\n", (suite[i] == "sqlite3" ? -2 : n[suite[i]] < 100 ? -1 : idx[i] / n[suite[i]]), line[i] }' \
	"$work/list" | LC_ALL=C sort -t "$(printf '\t')" -k1,1g -s | cut -f 2- |
	nice -n 10 xargs -d '\n' -P "$jobs" -n 1 bash -c 'check_source "$1"' _
end=$(date +%s)

# --- summary ------------------------------------------------------------------
{
	echo "reliability: $($CC --version | head -n 1), plugin $(basename "$PLUGIN"), $(date -u +%Y-%m-%d)"
	echo "cpu: $(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1), $jobs jobs, wall $((end - start)) s"
	echo "option sets: O2 = -O2; O3 = -O3 -march=native; O3v = -O3 -march=native with -fplugin-arg-$pname-verbose -fplugin-arg-$pname-cores=4$([ "$verbose_every" -gt 1 ] && echo " (every ${verbose_every}th source)")"
	summarize "$out/results.tsv"
} | tee "$out/summary.txt"
! grep -q '^FAIL' "$out/results.tsv"
