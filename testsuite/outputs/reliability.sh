#!/bin/sh
# Reliability, CI-sized: bench/reliability/run.sh on a fixed sample - 150 gcc.c-torture files
# (every k-th of the sorted compile/ and execute/ lists, Debian's gcc-12-source) and csmith
# seeds 1-40 (Debian's csmith and libcsmith-dev) - at -O2 and at -O3 -march=native with
# verbose and cores=4.  Each (suite, option set) passes when no pair crashes the compiler,
# makes the plugin print an error or changes the object; every failing pair is a FAIL line
# of its own.  The full run (all torture files, 2000 csmith programs) is
# bench/reliability/run.sh, see docs/reliability.md.
. "$(dirname "$0")/lib.sh"
args=""
if ls /usr/src/gcc-12/gcc-12*.tar.xz >/dev/null 2>&1 ||
	ls -d "${RL_CACHE:-${HOME:-/tmp}/.cache/roofline}"/gcc-12*/gcc/testsuite/gcc.c-torture >/dev/null 2>&1; then
	args="--torture 150"
else
	skip "reliability: gcc.c-torture (Debian's gcc-12-source is not installed: apt-get install gcc-12-source)"
	args="--torture 0"
fi
if command -v csmith >/dev/null 2>&1 && [ -f /usr/include/csmith/csmith.h ]; then
	args="$args --csmith 40"
else
	skip "reliability: csmith (Debian's csmith and libcsmith-dev are not installed: apt-get install csmith libcsmith-dev)"
	args="$args --csmith 0"
fi
[ "$args" = "--torture 0 --csmith 0" ] && exit 0
command -v bash >/dev/null 2>&1 || { skip "reliability: bash not found"; exit 0; }

# shellcheck disable=SC2086 # args is a list of options
PLUGIN="$ROOT/roofline.so" bash "$ROOT/bench/reliability/run.sh" $args --sets "O2 O3v" \
	--out "$OUT/reliability" "$CC" >"$OUT/reliability.log" 2>&1
rc=$?
res=$OUT/reliability/results.tsv
if [ ! -s "$res" ]; then
	fail "reliability: the checker did not run (exit $rc): $(grep -m 1 'reliability:' "$OUT/reliability.log")"
	exit 1
fi
# one line per failing pair, one PASS per (suite, option set) without failures
awk -F '\t' '
	{ k = $2 " " $3; if (!(k in n)) order[++nk] = k; n[k]++ }
	$1 == "SKIP" { s[k]++ }
	$1 == "FAIL" { f[k]++; printf "FAIL: reliability %s %s %s (%s)\n", $2, $3, $4, $8 }
	END {
		for (i = 1; i <= nk; i++) {
			k = order[i]
			if (!f[k])
				printf "PASS: reliability %s: %d compiled with and without the plugin, identical objects (%d skipped)\n",
					k, n[k] - s[k], s[k]
		}
	}' "$res" | LC_ALL=C sort
echo "reliability pairs: $(tail -n 1 "$OUT/reliability.log")"
