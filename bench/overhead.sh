#!/bin/bash
# Compile-time overhead of the roofline plugin on the sqlite3 amalgamation.
#
# Usage: bench/overhead.sh [CC]          (default CC: gcc)
# Environment:
#   PLUGIN=path        plugin to measure (default ./roofline.so; must be built for CC)
#   PAIRS=n            interleaved plain/plugin pairs (default 3, at least 3 recommended)
#   OPT="-O2"          optimisation flags of every compile
#   EXTRA_CFLAGS=...   more flags for both compiles (-g gets -gno-record-gcc-switches added)
#   PLUGIN_ARGS=...    plugin options of the timed runs (default: a remarks file in the
#                      run's directory, key detected from the plugin's help text)
#   CACHE=dir          download/extract dir (default bench/.cache)
#   SRC=file.c         measure another source instead of sqlite3.c (quick checks)
#   MAX_PLUGIN_PCT=2   fail when the plugin's own time is >= this % of compile time
#   MAX_RSS_PCT=5      fail when peak RSS grows by more than this %
#   EMPTY_BASELINE=1   also compile once with an empty plugin (bench/empty-plugin.cc,
#                      built for CC) to show the floor of "plugin execution"; 0: skip
#   VERBOSE_RUN=1      also compile once with the verbose key added (reported, not
#                      judged: shows the cost of the "not analysed" notes); 0: skip
#   KEEP=1             keep the run directories (objects, stderr, remarks)
#
# sqlite3.c comes from the npm package better-sqlite3 (pinned below), fetched with
# `npm pack` into the cache dir.  The compiles run interleaved (plain, plugin,
# plugin, plain, ...) because the machine is a noisy 2-core VM; medians are printed.
# Exit status: 0 ok, 1 a threshold or identity check failed, 2 setup error,
# 3 the compiler failed or crashed.
set -u

. "$(dirname "$0")/lib/sqlite.sh"     # BSQ_VERSION, sqlite_fetch

CC=${1:-${CC:-gcc}}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
PLUGIN=${PLUGIN:-$root/roofline.so}
PAIRS=${PAIRS:-3}
OPT=${OPT:--O2}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
CACHE=${CACHE:-$here/.cache}
MAX_PLUGIN_PCT=${MAX_PLUGIN_PCT:-2}
MAX_RSS_PCT=${MAX_RSS_PCT:-5}
EMPTY_BASELINE=${EMPTY_BASELINE:-1}
VERBOSE_RUN=${VERBOSE_RUN:-1}

die() { echo "overhead: $*" >&2; exit 2; }

command -v "$CC" >/dev/null 2>&1 || die "compiler '$CC' not found"
[ -f "$PLUGIN" ] || die "plugin '$PLUGIN' not found (build it with: make CC=$CC)"
case $PLUGIN in /*) ;; *) PLUGIN=$(pwd)/$PLUGIN ;; esac
case $PAIRS in '' | *[!0-9]*) die "PAIRS must be a number" ;; esac
[ "$PAIRS" -ge 1 ] || die "PAIRS must be >= 1"
mkdir -p "$CACHE" || die "cannot create $CACHE"

# --- sqlite3.c from the npm registry ---------------------------------------
src=${SRC:-$CACHE/sqlite-$BSQ_VERSION/sqlite3.c}
if [ -z "${SRC:-}" ] && [ ! -s "$src" ]; then
	sqlite_fetch "$CACHE" overhead
fi
[ -s "$src" ] || die "no $src"
case $src in /*) ;; *) src=$(pwd)/$src ;; esac

# --- measuring helper (user+sys and peak RSS of cc1 via getrusage) ---------
runner=$CACHE/rusage-run
if [ ! -x "$runner" ] || [ "$here/rusage-run.c" -nt "$runner" ]; then
	hostcc=${HOSTCC:-$CC}
	"$hostcc" -O2 -o "$runner" "$here/rusage-run.c" || die "cannot build $runner"
fi

# --- the empty plugin, built for CC (optional) -------------------------------
empty=""
if [ "$EMPTY_BASELINE" = 1 ]; then
	cxx=${CXX_FOR_CC:-$(dirname "$(command -v "$CC")")/$(basename "$CC" | sed 's/gcc/g++/')}
	empty=$CACHE/empty-$(basename "$CC").so
	if [ ! -f "$empty" ] || [ "$here/empty-plugin.cc" -nt "$empty" ]; then
		"$cxx" -std=gnu++14 -fPIC -fno-rtti -fno-exceptions -O2 -shared \
			-I"$("$CC" -print-file-name=plugin)/include" "$here/empty-plugin.cc" -o "$empty" 2>/dev/null ||
			{ echo "overhead: cannot build the empty plugin with $cxx; no baseline" >&2; empty=""; }
	fi
fi

# --- plugin options ----------------------------------------------------------
pname=$(basename "$PLUGIN" .so)
work=$(mktemp -d "${TMPDIR:-/tmp}/overhead.XXXXXX") || die "mktemp failed"
if [ "${KEEP:-0}" = 1 ]; then
	echo "overhead: keeping $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi
trap 'exit 130' INT TERM

# Others may rebuild roofline.so while the benchmark runs: measure a copy (with
# the shared objects and machine files it looks for beside itself).
mkdir -p "$work/snap"
cp "$(dirname "$PLUGIN")"/*.so "$work/snap/" 2>/dev/null
[ -f "$work/snap/$(basename "$PLUGIN")" ] || cp "$PLUGIN" "$work/snap/" || die "cannot copy $PLUGIN"
for sub in machines roofline-machines; do
	if [ -d "$(dirname "$PLUGIN")/$sub" ]; then
		cp -r "$(dirname "$PLUGIN")/$sub" "$work/snap/" || die "cannot copy $(dirname "$PLUGIN")/$sub"
	fi
done
PLUGIN_ORIG=$PLUGIN
PLUGIN=$work/snap/$(basename "$PLUGIN")

# The timed plugin runs use the options of an ordinary build that asks for a remarks
# file (written into the run's directory), no notes beyond
# the default ones.  One extra run adds the verbose key ("not analysed" notes and
# the plugin's summary with its own time).  Keys are taken from the plugin's help
# text; PLUGIN_ARGS overrides the default (@DIR@ = the run's output directory).
help=$("$CC" -fplugin="$PLUGIN" "-fplugin-arg-$pname-help" -x c /dev/null -S -o /dev/null 2>&1) ||
	die "the plugin does not load: $(printf '%s\n' "$help" | grep -m 1 'error:')"
VERBOSE_ARG=""
if printf '%s\n' "$help" | grep -qw verbose; then
	VERBOSE_ARG="-fplugin-arg-$pname-verbose"
fi
if [ -z "${PLUGIN_ARGS+x}" ]; then
	PLUGIN_ARGS=""
	rkey=$(printf '%s\n' "$help" | grep -oE "(-fplugin-arg-$pname-)?[a-z_-]*(remarks|json)[a-z_-]*=" |
		sed "s/^-fplugin-arg-$pname-//; s/=\$//" | head -n 1)
	if [ -n "$rkey" ]; then
		PLUGIN_ARGS="-fplugin-arg-$pname-$rkey=@DIR@/remarks.json"
	fi
fi

cflags="$OPT -c $EXTRA_CFLAGS"
case " $EXTRA_CFLAGS " in *" -g"*) cflags="$cflags -gno-record-gcc-switches" ;; esac

# One compile: compile KIND N -> $work/KIND.N/{sqlite3.o,stderr,rusage}
compile() {
	kind=$1 n=$2
	d=$work/$kind.$n
	mkdir -p "$d"
	extra=""
	if [ "$kind" = plugin ]; then
		extra="-fplugin=$PLUGIN ${PLUGIN_ARGS//@DIR@/$d}"
	elif [ "$kind" = verbose ]; then
		extra="-fplugin=$PLUGIN ${PLUGIN_ARGS//@DIR@/$d} $VERBOSE_ARG"
	elif [ "$kind" = empty ]; then
		extra="-fplugin=$empty"
	fi
	# shellcheck disable=SC2086 # word splitting of flag lists is intended
	"$runner" "$d/rusage" "$CC" $cflags -ftime-report $extra "$src" -o "$d/sqlite3.o" \
		>"$d/stdout" 2>"$d/stderr"
	status=$(cut -d' ' -f1 "$d/rusage" 2>/dev/null)
	if [ "${status:-1}" != 0 ] || grep -q 'internal compiler error' "$d/stderr"; then
		echo "overhead: $kind compile #$n FAILED (status ${status:-?}):" >&2
		grep -v '^ \|^Time variable\|^$' "$d/stderr" | tail -n 20 >&2
		exit 3
	fi
}

# "plugin execution" and TOTAL lines of -ftime-report: user+sys seconds
# (GCC leaves out lines whose times are all zero: 0 then).
ftime() { # file label
	awk -v lab="$2" '
		index($0, lab) == 2 { sub(/^[^:]*:/, ""); gsub(/\([^)]*\)/, ""); u = $1; s = $2 }
		END { printf "%.3f\n", u + s }' "$1"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Warm the page cache (cc1, sqlite3.c, the plugin and its libraries) before timing.
# shellcheck disable=SC2086
"$CC" $OPT -fsyntax-only -fplugin="$PLUGIN" "$src" 2>/dev/null || true

echo "overhead: $CC $cflags $(basename "$src") ($(wc -l <"$src") lines), $PAIRS interleaved pairs" >&2
echo "overhead: plugin $PLUGIN_ORIG (a copy) ${PLUGIN_ARGS:-(no options)}" >&2
# ABBA order (plain first in odd pairs, plugin first in even ones) so that a drift
# of the machine's speed does not always hit the same side.
for i in $(seq 1 "$PAIRS"); do
	order="plain plugin"
	[ $((i % 2)) = 0 ] && order="plugin plain"
	for kind in $order; do
		compile "$kind" "$i"
		read -r _ w u s m <"$work/$kind.$i/rusage"
		p=""
		[ "$kind" = plugin ] && p=$(ftime "$work/$kind.$i/stderr" "plugin execution")
		echo "overhead:   #$i $kind: wall $w s, user+sys $(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u+s}') s, max RSS $((m / 1024)) MB${p:+, plugin execution $p s}" >&2
	done
done

# The plugin's own time in run directory DIR: "plugin_time_s" in any JSON file it
# wrote, if present, else its verbose summary on stderr ("... plugin time 12.3 ms").
owntime() {
	v=$(grep -rhoE --exclude=stderr --exclude=stdout '"plugin_time_s"[[:space:]]*:[[:space:]]*[0-9.eE+-]+' \
		"$1" 2>/dev/null | sed 's/.*:[[:space:]]*//' | sort -g | tail -n 1)
	if [ -z "$v" ]; then
		v=$(grep -oE 'plugin time [0-9.]+ (ms|s)\b' "$1/stderr" |
			awk '{ t = $3; if ($4 == "ms") t /= 1000; if (t > m) m = t } END { if (NR) print m }')
	fi
	if [ -n "$v" ]; then echo "$v"; fi
}

extras=""
pempty=""
if [ -n "$empty" ]; then
	compile empty 1
	extras="$extras empty"
	pempty=$(ftime "$work/empty.1/stderr" "plugin execution")
	echo "overhead:   empty plugin: plugin execution $pempty s of $(ftime "$work/empty.1/stderr" TOTAL) s" >&2
fi
pverb="" pverbown="" pverbtot="" nnotes=""
if [ "$VERBOSE_RUN" = 1 ] && [ -n "$VERBOSE_ARG" ]; then
	compile verbose 1
	extras="$extras verbose"
	pverb=$(ftime "$work/verbose.1/stderr" "plugin execution")
	pverbtot=$(ftime "$work/verbose.1/stderr" TOTAL)
	pverbown=$(owntime "$work/verbose.1")
	nnotes=$(grep -c ": note: $pname: " "$work/verbose.1/stderr")
	echo "overhead:   verbose: plugin execution $pverb s of $pverbtot s, own time ${pverbown:-?} s, $nnotes notes" >&2
	grep "^$pname: .*analysed" "$work/verbose.1/stderr" | sed 's/^/overhead:   verbose: /' >&2
fi

# --- figures -----------------------------------------------------------------
col() { # kind field(2 wall, 3 user, 4 sys, 5 rss, 6 user+sys)
	for i in $(seq 1 "$PAIRS"); do
		awk -v f="$2" '{ print (f == 6) ? $3 + $4 : $f }' "$work/$1.$i/rusage"
	done | median
}
wall_plain=$(col plain 2) wall_plugin=$(col plugin 2)
cpu_plain=$(col plain 6) cpu_plugin=$(col plugin 6)
rss_plain=$(col plain 5) rss_plugin=$(col plugin 5)
pexec=$(for i in $(seq 1 "$PAIRS"); do ftime "$work/plugin.$i/stderr" "plugin execution"; done | median)
ptotal=$(for i in $(seq 1 "$PAIRS"); do ftime "$work/plugin.$i/stderr" "TOTAL"; done | median)
pself=$(for i in $(seq 1 "$PAIRS"); do owntime "$work/plugin.$i"; done | median)

# median over the pairs of plugin/plain (each pair ran back to back)
pairratio=$(for i in $(seq 1 "$PAIRS"); do
	awk 'NR == FNR { a = $2; next } { print $2 / a }' "$work/plain.$i/rusage" "$work/plugin.$i/rusage"
done | median)

identical=yes
ref=$work/plain.1/sqlite3.o
for i in $(seq 1 "$PAIRS"); do
	for kind in plain plugin; do
		if ! cmp -s "$ref" "$work/$kind.$i/sqlite3.o"; then
			identical=no
			echo "overhead: $kind #$i object differs from plain #1: $(cmp "$ref" "$work/$kind.$i/sqlite3.o" 2>&1)" >&2
		fi
	done
done
for kind in $extras; do
	if ! cmp -s "$ref" "$work/$kind.1/sqlite3.o"; then
		identical=no
		echo "overhead: the $kind run's object differs from plain #1" >&2
	fi
done

line=$(awk -v wp="$wall_plain" -v wq="$wall_plugin" -v cp="$cpu_plain" -v cq="$cpu_plugin" \
	-v rp="$rss_plain" -v rq="$rss_plugin" -v pe="${pexec:-}" -v pt="${ptotal:-}" \
	-v ps="${pself:-}" -v pz="${pempty:-}" -v pr="$pairratio" -v n="$PAIRS" -v opt="$OPT" -v id="$identical" -v name="$(basename "$src")" \
	-v vx="$pverb" -v vo="$pverbown" -v vt="$pverbtot" -v vn="$nnotes" 'BEGIN {
	s = sprintf("overhead: %s %s, %d pairs: plain median %.1f s, plugin median %.1f s, ratio %.3f (pairwise median %.3f)", name, opt, n, wp, wq, wq / wp, pr)
	s = s sprintf("; user+sys %.1f s vs %.1f s, ratio %.3f", cp, cq, cq / cp)
	if (pe != "" && pt > 0) s = s sprintf("; plugin execution (ftime-report) %.2f s = %.1f %% of compile", pe, 100 * pe / pt)
	else s = s "; plugin execution (ftime-report) n/a"
	if (pe != "" && pt > 0 && pz != "") s = s sprintf(" (empty plugin: %.2f s)", pz)
	if (ps != "" && pt > 0) s = s sprintf("; plugin own time %.3f s = %.2f %%", ps, 100 * ps / pt)
	if (vx != "" && vt > 0) {
		s = s sprintf("; verbose (%d notes): plugin execution %.2f s = %.1f %%", vn, vx, 100 * vx / vt)
		if (vo != "") s = s sprintf(", own time %.3f s", vo)
	}
	s = s sprintf("; peak RSS plain %d MB, plugin %d MB (%+.1f %%)", rp / 1024, rq / 1024, 100 * (rq - rp) / rp)
	print s "; objects identical: " id }')
echo "$line"

fail=0
if [ "$identical" != yes ]; then
	echo "overhead: FAIL: objects differ with the plugin" >&2
	fail=1
fi
if [ -n "$pexec" ] && awk -v a="$pexec" -v t="$ptotal" -v m="$MAX_PLUGIN_PCT" 'BEGIN { exit !(100 * a >= m * t) }'; then
	echo "overhead: FAIL: plugin execution >= $MAX_PLUGIN_PCT % of compile time" >&2
	fail=1
fi
if [ -n "$pself" ] && awk -v a="$pself" -v t="$ptotal" -v m="$MAX_PLUGIN_PCT" 'BEGIN { exit !(100 * a >= m * t) }'; then
	echo "overhead: FAIL: the plugin's own time >= $MAX_PLUGIN_PCT % of compile time" >&2
	fail=1
fi
if awk -v a="$rss_plugin" -v b="$rss_plain" -v m="$MAX_RSS_PCT" 'BEGIN { exit !(100 * (a - b) > m * b) }'; then
	echo "overhead: FAIL: peak RSS grows by more than $MAX_RSS_PCT %" >&2
	fail=1
fi
exit "$fail"
