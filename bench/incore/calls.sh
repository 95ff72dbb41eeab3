#!/bin/sh
# Measures the call-cost table of this machine: bench/incore/calls.c (see its header for
# the method) built with GCC, run RUNS times under the measurement lock on one CPU, the
# median of the runs per symbol written as a roofline-calls/1 table (docs/port-tables.md,
# "Call costs").  The CPU (vendor, family, model, model name from /proc/cpuinfo), the
# glibc version, the clock and the load average go into the table.
#
#   sh bench/incore/calls.sh OUT.yml [NAME [RUNS]]     (from anywhere; NAME: display name)
# The overlap figures (exp with other work in one loop) are printed on stderr.
set -e
out=${1:?usage: calls.sh OUT.yml [NAME [RUNS]]}
name=${2:-"math calls as measured on $(hostname)"}
runs=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc-12} -O2 -fno-tree-vectorize -fno-builtin-sincos -fno-builtin-sincosf -march=native -o "$tmp/calls" "$here/calls.c" -lmvec -lm
load=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$runs"); do
	flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 "$tmp/calls" > "$tmp/run$r.txt"
done
cpu() { grep -m1 "^$1" /proc/cpuinfo | sed 's/^[^:]*: *//'; }
vendor=$(cpu vendor_id) family=$(cpu "cpu family") model=$(cpu "model\s*:") mname=$(cpu "model name")
glibc=$(ldd --version | head -1 | sed 's/.* //')
python3 - "$tmp" "$runs" "$out" "$name" "$vendor" "$family" "$model" "$mname" "$glibc" "$load" <<'PY'
import sys, statistics, datetime
tmp, runs, out, name, vendor, family, model, mname, glibc, load = sys.argv[1:]
rows, order, ghz, over = {}, [], [], {}
for r in range(1, int(runs) + 1):
    for line in open(f"{tmp}/run{r}.txt"):
        w = line.split()
        if w[0] == "clock_ghz":
            ghz.append(float(w[1]))
        elif w[0] == "overlap":
            over.setdefault(w[1], []).append([float(w[k]) for k in (3, 5, 7, 9, 11)])
        else:
            if w[0] not in rows:
                order.append(w[0])
                rows[w[0]] = (int(w[1]), " ".join(w[3:]), [])
            rows[w[0]][2].append(float(w[2]))
for k, v in over.items():
    m = [statistics.median(c) for c in zip(*v)]
    print(f"overlap {k}: exp {m[0]:.2f}, other work {m[1]:.2f}, both in one loop {m[2]:.2f}, "
          f"sum {m[3]:.2f}, max {m[4]:.2f} cy/element (medians of {runs} runs)", file=sys.stderr)
day = datetime.date.today().isoformat()
with open(out, "w") as f:
    f.write(f"""# Call costs (roofline-calls/1, docs/port-tables.md "Call costs"), written by
# bench/incore/calls.sh on {day}: median of {runs} runs of bench/incore/calls.c, each figure
# the best of 31 passes of y[i] = f(x[i]) over 1024 independent elements in L1.
# Load average at the start: {load}.
schema: roofline-calls/1
name: {name}
source: "measured by bench/incore/calls.sh on {day}, glibc {glibc}, core clock {statistics.median(ghz):.2f} GHz (dependent add chain)"
cpu: {{ vendor: {vendor}, family: {family}, model: {model}, model_name: "{mname}" }}
library: "glibc {glibc} libm and libmvec"
calls:
""")
    for s in order:
        lanes, rng, v = rows[s]
        f.write(f"  - {{ symbol: {s}, cycles: {statistics.median(v):.1f}, elements: {lanes}, "
                f"arguments: \"{rng}\" }}\n")
PY
echo "wrote $out" >&2
