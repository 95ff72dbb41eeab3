#!/bin/sh
# Code-generation identity: the plugin must never change the object code.
#
# Usage: testsuite/codegen-identity.sh [CC]      (default CC: gcc)
# Environment:
#   PLUGIN=path       plugin (default ./roofline.so at the repo root; built for CC)
#   PLUGIN_ARGS=...   plugin options (default: verbose + a remarks file, detected from
#                     the plugin's help key; @DIR@ stands for a temporary directory)
#   FLAG_SETS=...     ';'-separated flag sets (default "-O2;-O3 -march=native")
#
# Every .c file under testsuite/ and examples/ is compiled with each flag set,
# without and with the plugin, without -g, and the two objects are compared with
# cmp (sources in an omp/ directory with -fopenmp).  One line per pair:
# "PASS: identity <file> <flags>" or "FAIL: ...", then
# "identity: N passed, N failed".  Files that do not compile without the plugin are
# skipped ("SKIP: ...").  Exit status 1 on any failure, 2 on a setup error.

CC=${1:-${CC:-gcc}}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
PLUGIN=${PLUGIN:-$root/roofline.so}
FLAG_SETS=${FLAG_SETS:--O2;-O3 -march=native}

command -v "$CC" >/dev/null 2>&1 || { echo "identity: compiler '$CC' not found" >&2; exit 2; }
[ -f "$PLUGIN" ] || { echo "identity: plugin '$PLUGIN' not found (make CC=$CC)" >&2; exit 2; }
case $PLUGIN in /*) ;; *) PLUGIN=$(pwd)/$PLUGIN ;; esac
pname=$(basename "$PLUGIN" .so)

work=$(mktemp -d "${TMPDIR:-/tmp}/identity.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Options that make the plugin do everything: verbose and a remarks file.
if [ -z "${PLUGIN_ARGS+x}" ]; then
	if ! help=$("$CC" -fplugin="$PLUGIN" "-fplugin-arg-$pname-help" -x c /dev/null -S -o /dev/null 2>&1); then
		echo "identity: the plugin does not load: $(printf '%s\n' "$help" | grep -m 1 'error:')" >&2
		echo "identity: 0 passed, 1 failed"
		exit 1
	fi
	PLUGIN_ARGS=""
	if printf '%s\n' "$help" | grep -qw verbose; then
		PLUGIN_ARGS="-fplugin-arg-$pname-verbose"
	fi
	rkey=$(printf '%s\n' "$help" | grep -oE "(-fplugin-arg-$pname-)?[a-z_-]*(remarks|json)[a-z_-]*=" |
		sed "s/^-fplugin-arg-$pname-//; s/=\$//" | head -n 1)
	if [ -n "$rkey" ]; then
		PLUGIN_ARGS="$PLUGIN_ARGS -fplugin-arg-$pname-$rkey=@DIR@/remarks.json"
	fi
fi
pargs=$(printf '%s\n' "$PLUGIN_ARGS" | sed "s|@DIR@|$work/with|g")
echo "identity: $CC, plugin $PLUGIN ${pargs:-(no options)}"

pass=0 fail=0 skip=0
mkdir -p "$work/plain" "$work/with"
find "$root/testsuite" "$root/examples" -name '*.c' -type f ! -path '*/testsuite/out/*' 2>/dev/null |
	LC_ALL=C sort >"$work/files"

# The flag sets are split on ';' by the outer loop and on blanks when used.
oldifs=$IFS
while IFS= read -r f; do
	rel=${f#"$root"/}
	dir=$(dirname "$f")
	# OpenMP sources (in an omp/ directory) are compiled with -fopenmp
	omp=""
	case $rel in */omp/*) omp=-fopenmp ;; esac
	IFS=';'
	for flags in $FLAG_SETS; do
		IFS=$oldifs
		rm -f "$work/plain/x.o" "$work/with/x.o" "$work/with/remarks.json"
		# shellcheck disable=SC2086 # flag lists are split on purpose
		if ! "$CC" $flags $omp -c -I"$root" -I"$dir" "$f" -o "$work/plain/x.o" </dev/null >"$work/plain.log" 2>&1; then
			echo "SKIP: identity $rel $flags (does not compile without the plugin)"
			skip=$((skip + 1))
			continue
		fi
		# shellcheck disable=SC2086
		if ! "$CC" $flags $omp -c -I"$root" -I"$dir" -fplugin="$PLUGIN" $pargs "$f" -o "$work/with/x.o" </dev/null \
			>"$work/with.log" 2>&1; then
			echo "FAIL: identity $rel $flags (compile with the plugin failed)"
			grep -v ': note: ' "$work/with.log" | head -n 5 | sed 's/^/    /'
			fail=$((fail + 1))
		elif grep -q 'internal compiler error' "$work/with.log"; then
			echo "FAIL: identity $rel $flags (internal compiler error)"
			fail=$((fail + 1))
		elif cmp -s "$work/plain/x.o" "$work/with/x.o"; then
			echo "PASS: identity $rel $flags"
			pass=$((pass + 1))
		else
			echo "FAIL: identity $rel $flags (objects differ: $(cmp "$work/plain/x.o" "$work/with/x.o" 2>&1 | sed -n '1s/.* differ: //p'))"
			fail=$((fail + 1))
		fi
		IFS=';'
	done
	IFS=$oldifs
done <"$work/files"

[ "$skip" -gt 0 ] && echo "identity: $skip skipped (no plain compile)"
echo "identity: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
