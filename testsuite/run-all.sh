#!/bin/sh
# Run every test suite and finish with one line "N passed, N failed[, N skipped]".
#   1. unit tests of the C cores (cmocka), built with ASan and UBSan
#   2. end-to-end compiler tests (DejaGnu runtest, testsuite/roofline.dg)
#   3. code-generation identity (objects with and without the plugin)
#   4. output formats and tools (testsuite/outputs: YAML/opt-viewer, SARIF, editors, report)
# Usage: testsuite/run-all.sh [CC]     (run from anywhere; builds into testsuite/out)
cc=${1:-gcc}
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
out=$root/testsuite/out
rm -rf "$out" && mkdir -p "$out/unit" "$out/dg"
passed=0 failed=0 skipped=0

count() { # add the numbers of one suite: count PASSED FAILED SKIPPED NAME
	passed=$((passed + $1)); failed=$((failed + $2)); skipped=$((skipped + $3))
	echo "== $4: $1 passed, $2 failed, $3 skipped"
}

# 1. unit tests
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
cores="$(ls polyhedral/*.c portmodel/*.c model/*.c machines/*.c diag/*.c) machines/bench/stats.c machines/bench/calib.c machines/bench/calsizes.c machines/bench/wssteps.c machines/bench/capacity.c machines/bench/overlap.c machines/bench/memshare.c"
for t in testsuite/unit/test_*.c; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .c)
	if ! $cc -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Werror -I. $san \
		-o "$out/unit/$name" "$t" $cores -lcmocka -lisl -lyaml -ljansson -lm \
		>"$out/unit/$name.build.log" 2>&1; then
		cat "$out/unit/$name.build.log"
		count 0 1 0 "$name (build)"
		continue
	fi
	RL_SRCDIR=$root "$out/unit/$name" >"$out/unit/$name.log" 2>&1
	rc=$?
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out/unit/$name.log")
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out/unit/$name.log")
	p=${p:-0} f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi   # crash or sanitizer report
	[ "$f" -ne 0 ] && cat "$out/unit/$name.log"
	count "$p" "$f" 0 "$name"
done

# 2. DejaGnu
(cd "$out/dg" && runtest --tool roofline --srcdir "$root/testsuite" \
	CC="$cc" PLUGIN="$root/roofline.so" >runtest.log 2>&1)
sum=$out/dg/roofline.sum
if [ -f "$sum" ]; then
	p=$(sed -n 's/^# of expected passes[^0-9]*\([0-9]*\)/\1/p' "$sum")
	f=$(sed -n 's/^# of \(unexpected failures\|unresolved testcases\|unexpected successes\)[^0-9]*\([0-9]*\)/\2/p' "$sum" | awk '{s+=$1} END {print s+0}')
	s=$(sed -n 's/^# of \(unsupported tests\|expected failures\|untested testcases\)[^0-9]*\([0-9]*\)/\2/p' "$sum" | awk '{s+=$1} END {print s+0}')
	grep -E '^(FAIL|UNRESOLVED|XPASS|ERROR)' "$sum"
	count "${p:-0}" "$f" "$s" "dejagnu roofline.dg"
else
	cat "$out/dg/runtest.log"
	count 0 1 0 "dejagnu (did not run)"
fi

# 3. code-generation identity
if [ -x testsuite/codegen-identity.sh ] || [ -f testsuite/codegen-identity.sh ]; then
	sh testsuite/codegen-identity.sh "$cc" >"$out/identity.log" 2>&1
	line=$(tail -n 1 "$out/identity.log")
	p=$(echo "$line" | sed -n 's/.* \([0-9]*\) passed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	grep '^FAIL' "$out/identity.log"
	count "${p:-0}" "${f:-1}" 0 "codegen identity"
fi

# 4. outputs: LLVM YAML + opt-viewer, SARIF + schema, editors, roofline-report + Chromium
# (testsuite/outputs/*.sh print PASS:/FAIL:/SKIP: lines)
for t in testsuite/outputs/*.sh; do
	[ "$(basename "$t")" = lib.sh ] && continue
	name=$(basename "$t" .sh)
	mkdir -p "$out/outputs/$name"
	CC="$cc" ROOT="$root" OUT="$out/outputs/$name" sh "$t" >"$out/outputs/$name.log" 2>&1
	rc=$?
	p=$(grep -c '^PASS:' "$out/outputs/$name.log") f=$(grep -c '^FAIL:' "$out/outputs/$name.log")
	s=$(grep -c '^SKIP:' "$out/outputs/$name.log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	grep -E '^(FAIL|SKIP):' "$out/outputs/$name.log"
	[ "$f" -ne 0 ] && cat "$out/outputs/$name.log"
	count "$p" "$f" "$s" "outputs $name"
done

echo "$passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
