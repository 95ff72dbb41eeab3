#!/usr/bin/env python3
"""Accumulators kept in memory: predicted vs measured, and the local-accumulator advice checked.

PolyBench/C 4.2.1's bicg and gesummv accumulate into q[i] (tmp[i], y[i]) in the inner loop; the
arrays are pointer parameters that may alias, so GCC keeps the accumulator in memory and every
iteration stores it and loads it back (a chain through store-to-load forwarding).  For each
kernel and dataset this script builds
  orig   the kernel as published;
  local  the same kernel with the accumulators in local variables (written back after the loop;
         same line numbers, generated from the PolyBench source at run time, never committed),
         which GCC then vectorises (an in-order reduction);
  scalar local with -fno-tree-vectorize: the code the advice prices (orig's code with the
         accumulator in a register),
compiles both with the plugin (remarks JSON), takes from the kernel's nest the prediction at its
data level (cy per inner iteration) and, for orig, the local-accumulator advice's prediction
after the change, and times both binaries (PolyBench's timer, -DPOLYBENCH_TIME, best of RUNS,
data initialised outside the timed region), converting seconds to core cycles with the add-chain
clock of store-forward.c.  Run it where nobody else measures: it takes the measurement lock
itself (one locked section per kernel and dataset).
Usage: bench/incore/memacc.py [POLYBENCH_DIR] [--runs N] [--cc gcc-12]
"""
import json, os, re, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOCK = "/tmp/rl-measure.lock"

KERNELS = {
    # name: (path under PolyBench, iterations of the inner body per run (dataset -> count),
    #        source edits making the accumulators local, one line for one line)
    "bicg": ("linear-algebra/kernels/bicg/bicg.c",
             {"MEDIUM": 390 * 410, "LARGE": 1900 * 2100},
             [("q[i] = SCALAR_VAL(0.0);", "DATA_TYPE q_ = SCALAR_VAL(0.0);"),
              ("q[i] = q[i] + A[i][j] * p[j];", "q_ = q_ + A[i][j] * p[j];"),
              ("\t}\n    }\n#pragma endscop", "\t} q[i] = q_;\n    }\n#pragma endscop")]),
    "gesummv": ("linear-algebra/blas/gesummv/gesummv.c",
                {"MEDIUM": 250 * 250, "LARGE": 1300 * 1300},
                [("tmp[i] = SCALAR_VAL(0.0);", "DATA_TYPE t_ = SCALAR_VAL(0.0);"),
                 ("y[i] = SCALAR_VAL(0.0);", "DATA_TYPE y_ = SCALAR_VAL(0.0);"),
                 ("tmp[i] = A[i][j] * x[j] + tmp[i];", "t_ = A[i][j] * x[j] + t_;"),
                 ("y[i] = B[i][j] * x[j] + y[i];", "y_ = B[i][j] * x[j] + y_;"),
                 ("y[i] = alpha * tmp[i] + beta * y[i];",
                  "tmp[i] = t_; y[i] = alpha * t_ + beta * y_;")]),
}


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def scop_lines(src):
    lines = src.split("\n")
    a = next(i for i, l in enumerate(lines) if "#pragma scop" in l) + 1
    b = next(i for i, l in enumerate(lines) if "#pragma endscop" in l) + 1
    return a, b


def kernel_nest(doc, src):
    """The analysed nest of the kernel: inside #pragma scop, the last such nest (the inner
    loop with the accumulator in both kernels)."""
    a, b = scop_lines(src)
    nests = [n for n in doc["nests"] if n.get("analysed") and a <= n["location"]["line"] <= b]
    return max(nests, key=lambda n: n["location"]["line"]) if nests else None


def per_iteration(nest, predictions):
    lv = nest["performance"]["data_level"]
    levels = ["L1", "L2", "L3", "MEM"]
    i = levels.index(lv) if lv in levels else len(predictions) - 1
    return predictions[min(i, len(predictions) - 1)] / nest["performance"]["iterations_per_unit"]


def build(cc, pb, path, src, size, tmp, tag, extra=()):
    cfile = os.path.join(tmp, f"{tag}.c")
    open(cfile, "w").write(src)
    exe, js = os.path.join(tmp, tag), os.path.join(tmp, f"{tag}.json")
    util = os.path.join(pb, "utilities")
    flags = ["-O3", "-march=native", f"-D{size}_DATASET", "-DPOLYBENCH_TIME", "-I", util,
             "-I", os.path.dirname(os.path.join(pb, path))] + list(extra)
    # the kernel's file alone with the plugin (one remarks file per translation unit)
    sh(["nice", "-n", "10", cc] + flags + [f"-fplugin={ROOT}/roofline.so",
        "-fplugin-arg-roofline-quiet", f"-fplugin-arg-roofline-remarks={js}", "-c", cfile,
        "-o", exe + ".o"])
    sh(["nice", "-n", "10", cc] + flags + [exe + ".o", os.path.join(util, "polybench.c"),
        "-o", exe, "-lm"])
    return exe, json.load(open(js))


def main():
    args = sys.argv[1:]
    pb = args[0] if args and not args[0].startswith("-") else "/work/polybench"
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 11
    cc = args[args.index("--cc") + 1] if "--cc" in args else "gcc-12"
    tmp = tempfile.mkdtemp(prefix="rl-memacc-")
    sf = os.path.join(tmp, "store-forward")
    sh([cc, "-O2", "-o", sf, os.path.join(HERE, "store-forward.c")])
    cpu = sh(["lscpu"]).stdout
    model = re.search(r"Model name:\s*(.*)", cpu).group(1)
    fam = re.search(r"CPU family:\s*(\d+)", cpu).group(1)
    mod = re.search(r"\nModel:\s*(\d+)", cpu).group(1)
    print(f"# CPU {model} family {fam} model {mod}; {cc}; best of {runs} runs; "
          f"loadavg {open('/proc/loadavg').read().split()[0]}")
    print(f"{'kernel':9} {'size':6} {'variant':7} {'pred':>6} {'meas':>6} {'err':>6}   "
          "(cy per inner iteration)")
    for name, (path, iters, edits) in KERNELS.items():
        orig = open(os.path.join(pb, path)).read()
        local = orig
        for a, b in edits:
            assert a in local, (name, a)
            local = local.replace(a, b, 1)
        for size, count in iters.items():
            exe = {}
            doc = {}
            for v, text, extra in (("orig", orig, ()), ("local", local, ()),
                                   ("scalar", local, ("-fno-tree-vectorize",))):
                exe[v], doc[v] = build(cc, pb, path, text, size, tmp, f"{name}-{size}-{v}", extra)
            nest = {v: kernel_nest(doc[v], orig) for v in exe}
            no = nest["orig"]
            adv = [a for a in no["advice"] if a.get("kind") == "local-accumulator"] if no else []
            # one locked section: clock, then the binaries interleaved
            loop = "; ".join(f"echo {v} $({exe[v]})" for v in exe)
            script = f"{sf} clock; for r in $(seq {runs}); do {loop}; done; {sf} clock"
            out = sh(["flock", LOCK, "nice", "-n", "-5", "taskset", "-c", "1", "sh", "-c",
                      script]).stdout
            ghz = max(float(x) for x in re.findall(r"clock_ghz ([\d.]+)", out))
            t = {v: [] for v in exe}
            for v, s in re.findall(r"^(\w+) ([\d.]+)$", out, re.M):
                if v in t:
                    t[v].append(float(s))
            meas = {v: min(t[v]) * ghz * 1e9 / count for v in exe}
            pred = {v: per_iteration(nest[v], nest[v]["ecm"]["predictions"]) if nest[v]
                    else float("nan") for v in exe}
            for v in exe:
                e = (pred[v] - meas[v]) / meas[v] * 100
                print(f"{name:9} {size:6} {v:7} {pred[v]:6.2f} {meas[v]:6.2f} {e:+5.0f}%")
            if adv:
                after = per_iteration(no, adv[0]["ecm_after"]["predictions"])
                print(f"{name:9} {size:6} advice  local accumulator: predicted {after:.2f} cy/it, "
                      f"gain {pred['orig'] / after:.2f}x; measured (scalar) {meas['scalar']:.2f} "
                      f"cy/it, gain {meas['orig'] / meas['scalar']:.2f}x; with GCC's "
                      f"vectorisation {meas['orig'] / meas['local']:.2f}x (clock {ghz:.3f} GHz)")
            else:
                print(f"{name:9} {size:6} advice  (no local-accumulator advice)")


if __name__ == "__main__":
    main()
