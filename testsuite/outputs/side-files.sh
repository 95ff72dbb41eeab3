#!/bin/sh
# Side files only when asked: a plain compilation writes nothing but its object; remarks-dir=DIR
# writes the three remarks files into DIR, named after the source (GCC's -dumpbase); nothing at
# -O0 or for a unit without loops; a unit whose loops were all not analysed is written.
. "$(dirname "$0")/lib.sh"
dg=$ROOT/testsuite/roofline.dg
cd "$OUT" || exit 1
mkdir -p plain && (cd plain && rl_cc $SNB -fplugin-arg-roofline-quiet "$dg/daxpy-snb.c" &&
	rl_cc $SNB -fplugin-arg-roofline-quiet -o /dev/null "$dg/daxpy-snb.c")
check "side files: a plain compilation writes only its object" \
	test "$(cd plain && ls -A)" = "daxpy-snb.o"
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=rd -o /dev/null "$dg/daxpy-snb.c"
check "side files: remarks-dir=DIR writes the three files, named after the source" \
	test "$(ls rd)" = "$(printf '%s\n' daxpy-snb.c.roofline.json daxpy-snb.c.roofline.opt.yaml daxpy-snb.c.roofline.sarif)"
rl_cc -O0 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-remarks-dir=o0 \
	-fplugin-arg-roofline-remarks=o0.json -o o0.o "$dg/daxpy-snb.c"
check "side files: nothing at -O0" test ! -e o0 -a ! -e o0.json
printf 'int f(int x) { return x + 1; }\n' >noloop.c
rl_cc $SNB -fplugin-arg-roofline-remarks-dir=nl -o noloop.o noloop.c
check "side files: nothing for a unit without loops" test ! -e nl
printf 'void f(int);\nvoid g(int n) { for (int i = 0; i < n; i++) f(i); }\n' >calls.c
rl_cc -O2 -fplugin-arg-roofline-machine=snb-e5-2680 -fplugin-arg-roofline-remarks-dir=na \
	-o calls.o calls.c
check "side files: a unit with only not-analysed loops is written (the reasons)" \
	grep -q '"reason": "call to f in loop body"' na/calls.c.roofline.json
# one file with its own option, the others into the directory
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=mix \
	-fplugin-arg-roofline-sarif=own.sarif -o daxpy-snb.o "$dg/daxpy-snb.c"
check "side files: sarif=PATH beside remarks-dir=DIR" \
	test -s own.sarif -a -s mix/daxpy-snb.c.roofline.json -a ! -e mix/daxpy-snb.c.roofline.sarif
# two sources with the same base name: objects named apart keep their remarks apart
mkdir -p a b && cp "$dg/daxpy-snb.c" a/x.c && cp "$dg/sum-snb.c" b/x.c
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=two -o a_x.o a/x.c
rl_cc $SNB -fplugin-arg-roofline-quiet -fplugin-arg-roofline-remarks-dir=two -o b_x.o b/x.c
check "side files: -o a_x.o names the files after the object (a_x.c.roofline.json)" \
	test -s two/a_x.c.roofline.json -a -s two/b_x.c.roofline.json
if rl_cc $SNB -fplugin-arg-roofline-remarks-dir=no/such/dir -o nd.o "$dg/daxpy-snb.c" 2>nd.log; then
	fail "side files: a remarks directory that cannot be created is an error"
else
	grep -q "error: roofline: cannot create the remarks directory 'no/such/dir'" nd.log &&
		pass "side files: a remarks directory that cannot be created is an error" ||
		fail "side files: error message ($(cat nd.log))"
fi
