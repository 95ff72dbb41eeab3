#!/usr/bin/env python3
"""Loop versions: which copy of a versioned loop runs, predicted vs measured.

PolyBench/C 4.2.1's floyd-warshall: GCC vectorises the inner loop and versions it with a run-time
alias check that always fails (path[i][k] lies in the row path[i][*] the loop stores), so only
the scalar copy runs.  The plugin reports the scalar copy and names the vectorised one (verbose
note "loop versions").  This script compiles the kernel with the plugin (verbose notes: the
figures of both copies) and without vectorisation (-fno-tree-vectorize: the scalar code alone),
times both builds (PolyBench's timer, best of RUNS, interleaved, under the measurement lock) and
prints cycles per inner iteration: the two copies' predictions, the measured times, and the
ratio of the builds (1 when the vectorised copy never runs).
Usage: bench/incore/versions.py [POLYBENCH_DIR] [--runs N] [--cc gcc-12]
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOCK = "/tmp/rl-measure.lock"
PATH = "medley/floyd-warshall/floyd-warshall.c"
SIZES = {"SMALL": 180, "MEDIUM": 500}     # N: N^3 inner iterations
ITERS_PER_CL = 16                         # 4-byte ints per 64 B line


def sh(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def main():
    args = sys.argv[1:]
    pb = args[0] if args and not args[0].startswith("-") else "/work/polybench"
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 11
    cc = args[args.index("--cc") + 1] if "--cc" in args else "gcc-12"
    tmp = tempfile.mkdtemp(prefix="rl-versions-")
    sf = os.path.join(tmp, "store-forward")
    sh([cc, "-O2", "-o", sf, os.path.join(HERE, "store-forward.c")])
    cpu = sh(["lscpu"]).stdout
    print(f"# CPU {re.search(r'Model name:[ ]*(.*)', cpu).group(1)} family "
          f"{re.search(r'CPU family:[ ]*(.*)', cpu).group(1)} model "
          f"{re.search(r'Model:[ ]*(.*)', cpu).group(1)}; {cc}; best of {runs} runs; loadavg "
          f"{open('/proc/loadavg').read().split()[0]}")
    src = os.path.join(pb, PATH)
    util = os.path.join(pb, "utilities")
    for size, n in SIZES.items():
        flags = ["-O3", "-march=native", f"-D{size}_DATASET", "-DPOLYBENCH_TIME", "-I", util,
                 "-I", os.path.dirname(src)]
        exe = {}
        notes = ""
        for v, extra in (("vect", []), ("novect", ["-fno-tree-vectorize"])):
            obj = os.path.join(tmp, f"{size}-{v}.o")
            r = sh(["nice", "-n", "10", cc] + flags + extra +
                   [f"-fplugin={ROOT}/roofline.so", "-fplugin-arg-roofline-verbose", "-c", src,
                    "-o", obj])
            if v == "vect":
                notes = r.stderr
            exe[v] = os.path.join(tmp, f"{size}-{v}")
            sh(["nice", "-n", "10", cc] + flags + [obj, os.path.join(util, "polybench.c"),
                                                   "-o", exe[v], "-lm"])
        m = re.search(r"loop versions [^:]*: vectorised copy ([\d.]+) cy/CL, scalar copy "
                      r"([\d.]+) cy/CL; ([^\n]*)", notes)
        loop = "; ".join(f"echo {v} $({exe[v]})" for v in exe)
        out = sh(["flock", LOCK, "nice", "-n", "-5", "taskset", "-c", "1", "sh", "-c",
                  f"{sf} clock; for r in $(seq {runs}); do {loop}; done; {sf} clock"]).stdout
        ghz = max(float(x) for x in re.findall(r"clock_ghz ([\d.]+)", out))
        t = {v: min(float(s) for w, s in re.findall(r"^(\w+) ([\d.]+)$", out, re.M) if w == v)
             for v in exe}
        meas = {v: t[v] * ghz * 1e9 / n ** 3 for v in exe}
        if m:
            pv, ps = float(m.group(1)) / ITERS_PER_CL, float(m.group(2)) / ITERS_PER_CL
            print(f"{size:6} predicted: vectorised copy {pv:.3f}, scalar copy {ps:.3f} cy/it "
                  f"({m.group(3)[:60]}...)")
        else:
            print(f"{size:6} no 'loop versions' note")
        print(f"{size:6} measured: -O3 build {meas['vect']:.3f}, -fno-tree-vectorize build "
              f"{meas['novect']:.3f} cy/it, ratio {meas['novect'] / meas['vect']:.2f} "
              f"(clock {ghz:.3f} GHz)")


if __name__ == "__main__":
    main()
