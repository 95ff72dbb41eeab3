#!/bin/sh
# roofline-bench's command line: argument errors exit 2 with what was expected, and the
# `average` subcommand (one time-averaged figure, used to compare kernels with likwid-bench
# under the same statistic) measures something physical: a 16 KiB working set (L1 on every
# x86-64 since 2008) streams faster than a 64 MiB one (beyond any private cache), by far more
# than the 1.5 asserted (here ~4x: 120 vs 30 GB/s at 128 bit).
. "$(dirname "$0")/lib.sh"
rb=$ROOT/roofline-bench
cd "$OUT" || exit 1
[ -x "$rb" ] || { fail "bench: $rb not built"; exit 0; }
"$rb" average 100 load 100 1 >out.txt 2>err.txt
rc=$?
[ $rc = 2 ] && grep -q "expected WIDTH_BITS 64/128/256/512" err.txt &&
	pass "bench: average rejects a bad width (exit 2, says what is expected)" ||
	fail "bench: average rejects a bad width (rc $rc: $(cat err.txt))"
"$rb" average 128 copy 65536 0.1 >out.txt 2>err.txt
rc=$?
[ $rc = 2 ] && grep -q "MIX load/2load_1store/load_store/store" err.txt &&
	pass "bench: average rejects an unknown mix" || fail "bench: average rejects an unknown mix (rc $rc)"
"$rb" -r 0 >out.txt 2>err.txt
rc=$?
[ $rc = 2 ] && grep -q -- "-r expects 1..64" err.txt && pass "bench: -r 0 rejected" ||
	fail "bench: -r 0 rejected (rc $rc)"
"$rb" serial-fractions >out.txt 2>err.txt
rc=$?
[ $rc = 2 ] && grep -q "serial-fractions FILE" err.txt &&
	pass "bench: serial-fractions without FILE prints the usage (exit 2)" ||
	fail "bench: serial-fractions without FILE (rc $rc)"
"$rb" serial-fractions "$ROOT/machines/snb-e5-2680.yml" >out.txt 2>err.txt
rc=$?
[ $rc = 1 ] && grep -q "expected a file with the overlapping or the partial rule" err.txt &&
	! grep -q "2D 5-point" err.txt &&
	pass "bench: serial-fractions refuses a serial-rule file before measuring" ||
	fail "bench: serial-fractions with a serial-rule file (rc $rc: $(cat err.txt))"
l1=$("$rb" average 128 load 16384 0.2 2>err.txt)
big=$("$rb" average 128 load 67108864 0.2 2>>err.txt)
awk -v a="$l1" -v b="$big" 'BEGIN { exit !(a > 0 && b > 0 && a > 1.5 * b) }' &&
	pass "bench: average L1 $l1 GB/s > 1.5 x 64 MiB $big GB/s" ||
	fail "bench: average L1 '$l1' GB/s vs 64 MiB '$big' GB/s ($(cat err.txt))"
