#!/bin/bash
# Compile-time overhead of the roofline plugin on the sqlite3 amalgamation.
#
# Usage: bench/overhead.sh [CC]          (default CC: gcc)
# Environment:
#   PLUGIN=path        plugin to measure (default ./roofline.so; must be built for CC)
#   ROUNDS=n           rounds of plain / plugin / empty-plugin compiles, rotated order
#                      (default 5; PAIRS=n is accepted as the old name)
#   LOCK=file          hold this lock (flock) during each round and each extra run, e.g.
#                      LOCK=/tmp/rl-measure.lock on a machine shared with other measurements
#   RUN_PREFIX=...     command prefix of every compile, e.g. "nice -n -5 taskset -c 1"
#   OPT="-O2"          optimisation flags of every compile
#   EXTRA_CFLAGS=...   more flags for every compile (-g gets -gno-record-gcc-switches added)
#   PLUGIN_ARGS=...    plugin options of the timed runs (default: a remarks file in the
#                      run's directory, key detected from the plugin's help text)
#   CACHE=dir          download/extract dir (default bench/.cache)
#   SRC=file           measure another file instead of sqlite3.c (quick checks)
#   MAX_PLUGIN_PCT=2   limit on the plugin's cost, % of compile time
#   MAX_RSS_PCT=5      limit on the growth of peak RSS, %
#   EMPTY_BASELINE=1   also time an empty plugin in every round (0: skip)
#   FTIME_REPORT=1     one extra -ftime-report run with the plugin and one with the empty
#                      plugin (the "plugin execution" line; reported, not judged)
#   VERBOSE_RUN=1      one extra run with the verbose option (reported, not judged)
#   KEEP=1             keep the run directories
#
# The timed compiles run WITHOUT -ftime-report: that option reads the clock with the
# times() system call at every timer push and pop, and once a plugin is loaded GCC
# wraps every plugin event (two per pass and function, ~0.9 million on sqlite3.c)
# in a push/pop of the "plugin execution" timer, whether or not a callback is
# registered.  An empty plugin thus shows 1-3 % "plugin execution" and about as
# much extra user+sys time, all of it the instrument's own cost.
#
# Figures (docs/overhead.md): the plugin's own CPU time (timing=yes: its start,
# passes and end of unit, measured inside the compiler) as a share of the same
# compile's CPU time; and end to end, user+sys of the plugin compiles against the
# plain ones (ratio of the best of each, and median of the per-round ratios), with
# the empty plugin as the measure of the noise.  The machine is a noisy shared VM.
# Exit status: 0 ok, 1 a threshold or identity check failed, 2 setup error,
# 3 the compiler failed or crashed.
set -u

. "$(dirname "$0")/lib/sqlite.sh"     # BSQ_VERSION, sqlite_fetch

CC=${1:-${CC:-gcc}}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
PLUGIN=${PLUGIN:-$root/roofline.so}
ROUNDS=${ROUNDS:-${PAIRS:-5}}
LOCK=${LOCK:-}
RUN_PREFIX=${RUN_PREFIX:-}
OPT=${OPT:--O2}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
CACHE=${CACHE:-$here/.cache}
MAX_PLUGIN_PCT=${MAX_PLUGIN_PCT:-2}
MAX_RSS_PCT=${MAX_RSS_PCT:-5}
EMPTY_BASELINE=${EMPTY_BASELINE:-1}
VERBOSE_RUN=${VERBOSE_RUN:-1}
FTIME_REPORT=${FTIME_REPORT:-1}

die() { echo "overhead: $*" >&2; exit 2; }

command -v "$CC" >/dev/null 2>&1 || die "compiler '$CC' not found"
[ -f "$PLUGIN" ] || die "plugin '$PLUGIN' not found (build it with: make CC=$CC)"
case $PLUGIN in /*) ;; *) PLUGIN=$(pwd)/$PLUGIN ;; esac
case $ROUNDS in '' | *[!0-9]*) die "ROUNDS must be a number" ;; esac
[ "$ROUNDS" -ge 1 ] || die "ROUNDS must be >= 1"
[ -z "$LOCK" ] || command -v flock >/dev/null 2>&1 || die "LOCK needs flock (util-linux)"
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
# the plugin's own CPU time, printed by the plugin itself when it knows the key
TIMING_ARG=""
if printf '%s\n' "$help" | grep -qw timing; then
	TIMING_ARG="-fplugin-arg-$pname-timing"
fi

cflags="$OPT -c $EXTRA_CFLAGS"
case " $EXTRA_CFLAGS " in *" -g"*) cflags="$cflags -gno-record-gcc-switches" ;; esac

# The lock (LOCK) is held per round and per extra run, so that others measuring on the
# same machine wait minutes at most.
lock_take() { [ -z "$LOCK" ] && return 0; exec 9>>"$LOCK" && flock 9; }
lock_drop() { [ -z "$LOCK" ] && return 0; flock -u 9; exec 9>&-; }

# One compile: compile KIND N -> $work/KIND.N/{sqlite3.o,stderr,rusage}
compile() {
	kind=$1 n=$2
	d=$work/$kind.$n
	mkdir -p "$d"
	case $kind in
	plugin) extra="-fplugin=$PLUGIN ${PLUGIN_ARGS//@DIR@/$d} $TIMING_ARG" ;;
	verbose) extra="-fplugin=$PLUGIN ${PLUGIN_ARGS//@DIR@/$d} $VERBOSE_ARG $TIMING_ARG" ;;
	empty) extra="-fplugin=$empty" ;;
	ftr-plugin) extra="-ftime-report -fplugin=$PLUGIN ${PLUGIN_ARGS//@DIR@/$d}" ;;
	ftr-empty) extra="-ftime-report -fplugin=$empty" ;;
	*) extra="" ;;
	esac
	# shellcheck disable=SC2086 # word splitting of flag lists is intended
	$RUN_PREFIX "$runner" "$d/rusage" "$CC" $cflags $extra "$src" -o "$d/sqlite3.o" \
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

# The plugin's own CPU time in run directory DIR and the compiler's, "OWN TOTAL", from
# the line timing=yes prints ("roofline: plugin CPU time X s (...) of the compiler's
# Y s"); else OWN alone from the verbose summary ("... plugin time 12.3 ms").
owntime() {
	v=$(sed -n "s/^$pname: plugin CPU time \([0-9.]*\) s .* of the compiler's \([0-9.]*\) s.*/\1 \2/p" \
		"$1/stderr" | tail -n 1)
	if [ -z "$v" ]; then
		v=$(grep -oE 'plugin time [0-9.]+ (ms|s)\b' "$1/stderr" |
			awk '{ t = $3; if ($4 == "ms") t /= 1000; if (t > m) m = t } END { if (NR) print m }')
	fi
	if [ -n "$v" ]; then echo "$v"; fi
}

usersys() { awk '{ printf "%.3f\n", $3 + $4 }' "$work/$1/rusage"; }

# Warm the page cache (cc1, sqlite3.c, the plugin and its libraries) before timing.
# shellcheck disable=SC2086
"$CC" $OPT -fsyntax-only -fplugin="$PLUGIN" "$src" 2>/dev/null || true

kinds="plain plugin"
[ -n "$empty" ] && kinds="plain plugin empty"
echo "overhead: $CC $cflags $(basename "$src") ($(wc -l <"$src") lines), $ROUNDS rounds of: $kinds" >&2
echo "overhead: plugin $PLUGIN_ORIG (a copy) ${PLUGIN_ARGS:-(no options)} $TIMING_ARG" >&2
# The order rotates from round to round (plain plugin empty, plugin empty plain, ...)
# so that a drift of the machine's speed does not always hit the same kind.
for i in $(seq 1 "$ROUNDS"); do
	# shellcheck disable=SC2086
	set -- $kinds
	for _ in $(seq 2 "$i"); do
		first=$1
		shift
		set -- "$@" "$first"
	done
	lock_take
	echo "overhead: round $i, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
	for kind in "$@"; do
		compile "$kind" "$i"
		read -r _ w u s m <"$work/$kind.$i/rusage"
		own=""
		[ "$kind" = plugin ] && own=$(owntime "$work/plugin.$i" | cut -d' ' -f1)
		echo "overhead:   #$i $kind: wall $w s, user+sys $(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u+s}') s, max RSS $((m / 1024)) MB${own:+, plugin CPU time $own s}" >&2
	done
	lock_drop
done

extras=""
ftrp="" ftrpt="" ftre="" ftret=""
if [ "$FTIME_REPORT" = 1 ]; then
	for kind in ftr-plugin ${empty:+ftr-empty}; do
		lock_take
		compile "$kind" 1
		lock_drop
		extras="$extras $kind"
	done
	ftrp=$(ftime "$work/ftr-plugin.1/stderr" "plugin execution")
	ftrpt=$(ftime "$work/ftr-plugin.1/stderr" TOTAL)
	echo "overhead:   -ftime-report, plugin: plugin execution $ftrp s of $ftrpt s, user+sys $(usersys ftr-plugin.1) s" >&2
	if [ -n "$empty" ]; then
		ftre=$(ftime "$work/ftr-empty.1/stderr" "plugin execution")
		ftret=$(ftime "$work/ftr-empty.1/stderr" TOTAL)
		echo "overhead:   -ftime-report, empty plugin: plugin execution $ftre s of $ftret s, user+sys $(usersys ftr-empty.1) s" >&2
	fi
fi
pverb="" nnotes=""
if [ "$VERBOSE_RUN" = 1 ] && [ -n "$VERBOSE_ARG" ]; then
	lock_take
	compile verbose 1
	lock_drop
	extras="$extras verbose"
	pverb=$(owntime "$work/verbose.1" | cut -d' ' -f1)
	nnotes=$(grep -c ": note: $pname: " "$work/verbose.1/stderr")
	echo "overhead:   verbose: user+sys $(usersys verbose.1) s, plugin CPU time ${pverb:-?} s, $nnotes notes" >&2
	grep "^$pname: .*analysed" "$work/verbose.1/stderr" | sed 's/^/overhead:   verbose: /' >&2
fi

# --- figures -----------------------------------------------------------------
col() { # kind field(2 wall, 3 user, 4 sys, 5 rss, 6 user+sys) [min]
	for i in $(seq 1 "$ROUNDS"); do
		awk -v f="$2" '{ print (f == 6) ? $3 + $4 : $f }' "$work/$1.$i/rusage"
	done | if [ "${3:-}" = min ]; then sort -g | head -n 1; else median; fi
}
# median over the rounds of KIND/plain user+sys (both ran in the same round)
roundratio() {
	for i in $(seq 1 "$ROUNDS"); do
		awk 'NR == FNR { a = $3 + $4; next } { print ($3 + $4) / a }' \
			"$work/plain.$i/rusage" "$work/$1.$i/rusage"
	done | median
}
cpu_plain=$(col plain 6) cpu_plugin=$(col plugin 6)
best_plain=$(col plain 6 min) best_plugin=$(col plugin 6 min)
rss_plain=$(col plain 5) rss_plugin=$(col plugin 5)
rr_plugin=$(roundratio plugin)
best_empty="" rr_empty=""
if [ -n "$empty" ]; then
	best_empty=$(col empty 6 min)
	rr_empty=$(roundratio empty)
fi
# the plugin's own share of each plugin compile's CPU time, median
ownshare=$(for i in $(seq 1 "$ROUNDS"); do owntime "$work/plugin.$i"; done |
	awk 'NF == 2 && $2 > 0 { print 100 * $1 / $2 }' | median)
ownsec=$(for i in $(seq 1 "$ROUNDS"); do owntime "$work/plugin.$i" | cut -d' ' -f1; done | median)

identical=yes
ref=$work/plain.1/sqlite3.o
for i in $(seq 1 "$ROUNDS"); do
	for kind in $kinds; do
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

line=$(awk -v cp="$cpu_plain" -v cq="$cpu_plugin" -v bp="$best_plain" -v bq="$best_plugin" \
	-v be="${best_empty:-}" -v rq="$rr_plugin" -v re="${rr_empty:-}" \
	-v mp="$rss_plain" -v mq="$rss_plugin" -v os="${ownshare:-}" -v ot="${ownsec:-}" \
	-v fp="$ftrp" -v fpt="$ftrpt" -v fe="$ftre" -v fet="$ftret" \
	-v n="$ROUNDS" -v opt="$OPT" -v id="$identical" -v name="$(basename "$src")" \
	-v vo="$pverb" -v vn="$nnotes" 'BEGIN {
	s = sprintf("overhead: %s %s, %d rounds: user+sys best plain %.2f s, plugin %.2f s (%+.1f %%)", name, opt, n, bp, bq, 100 * (bq / bp - 1))
	if (be != "") s = s sprintf(", empty plugin %.2f s (%+.1f %%)", be, 100 * (be / bp - 1))
	s = s sprintf("; median per-round ratio plugin/plain %.3f", rq)
	if (re != "") s = s sprintf(", empty/plain %.3f", re)
	s = s sprintf(" (medians plain %.2f s, plugin %.2f s)", cp, cq)
	if (os != "") s = s sprintf("; plugin own CPU time %.3f s = %.2f %% of compile (median)", ot, os)
	else s = s "; plugin own CPU time n/a"
	if (fp != "" && fpt > 0) {
		s = s sprintf("; with -ftime-report: plugin execution %.2f s = %.1f %%", fp, 100 * fp / fpt)
		if (fe != "" && fet > 0) s = s sprintf(" (empty plugin %.2f s = %.1f %%)", fe, 100 * fe / fet)
	}
	if (vn != "") s = s sprintf("; verbose (%d notes): own CPU time %s s", vn, vo == "" ? "?" : vo)
	s = s sprintf("; peak RSS plain %d MB, plugin %d MB (%+.1f %%)", mp / 1024, mq / 1024, 100 * (mq - mp) / mp)
	print s "; objects identical: " id }')
echo "$line"

fail=0
if [ "$identical" != yes ]; then
	echo "overhead: FAIL: objects differ with the plugin" >&2
	fail=1
fi
if [ -n "$ownshare" ] && awk -v a="$ownshare" -v m="$MAX_PLUGIN_PCT" 'BEGIN { exit !(a >= m) }'; then
	echo "overhead: FAIL: the plugin's own CPU time >= $MAX_PLUGIN_PCT % of compile time" >&2
	fail=1
fi
# End to end: the empty plugin costs nothing measurable without -ftime-report, so its
# difference from plain is the noise of this run; judged only when that noise is below the
# limit (else the run cannot resolve the limit, and says so).
if [ -n "$best_empty" ] && awk -v a="$best_empty" -v b="$best_plain" -v m="$MAX_PLUGIN_PCT" \
	'BEGIN { d = 100 * (a - b) / b; exit !(d >= m || d <= -m) }'; then
	echo "overhead: end to end not judged: the empty plugin's best differs from plain by >= $MAX_PLUGIN_PCT % (machine too noisy; the own CPU time decides)" >&2
elif awk -v a="$best_plugin" -v b="$best_plain" -v m="$MAX_PLUGIN_PCT" 'BEGIN { exit !(100 * (a - b) >= m * b) }'; then
	echo "overhead: FAIL: the best plugin compile takes >= $MAX_PLUGIN_PCT % more user+sys than the best plain one" >&2
	fail=1
fi
if awk -v a="$rss_plugin" -v b="$rss_plain" -v m="$MAX_RSS_PCT" 'BEGIN { exit !(100 * (a - b) > m * b) }'; then
	echo "overhead: FAIL: peak RSS grows by more than $MAX_RSS_PCT %" >&2
	fail=1
fi
exit "$fail"
