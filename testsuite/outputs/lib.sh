# Helpers of the output tests (sourced).  Each test prints one line per check:
# "PASS: name", "FAIL: name (why)" or "SKIP: name (why)"; run-all.sh counts them.
# Environment: CC (compiler driver), ROOT (source tree), OUT (scratch directory).
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
skip() { echo "SKIP: $*"; }
check() { # check NAME COMMAND...: PASS if the command succeeds
	name=$1; shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name"; fi
}
# Debian's python3 (opt-viewer and the YAML module live there, not in a user's pyenv)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
SNB="-O3 -march=sandybridge -fplugin-arg-roofline-machine=snb-e5-2680"
# rl_cc ARGS...: compile with the plugin, diagnostics plain
rl_cc() { LC_ALL=C "$CC" -c -fdiagnostics-color=never -fplugin="$ROOT/roofline.so" "$@"; }
# json_get FILE EXPR: print a value of a JSON file (EXPR over d, e.g. d['nests'][0]['ecm']['note'])
json_get() { "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
