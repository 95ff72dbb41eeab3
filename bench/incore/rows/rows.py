#!/usr/bin/env python3
"""Short-row study: the cost of one execution of a vectorised innermost loop beyond its passes,
measured against the row length, and the plugin's prediction of it (model/rows.c).

Kernels (kernel.c, built with -O3 -march=native as the accuracy benchmark builds its kernels):
row3 (a 3-point row stencil, rows of t = n - 2 points) and j3d7 (the accuracy benchmark's 3D
Jacobi, 6 x 6 planes, rows of t points), data in L1 (t <= 40).  Two builds:
  run-time n: GCC emits the vector loop (8 doubles per zmm pass) with its remainder code (a ymm
      pass, xmm pairs, scalar iterations, each behind a test); cycles per row are measured for
      every t = 8 .. 40; the rows whose t is a multiple of 8 give the line a + b x passes (b: the
      steady state per pass, a: what one execution costs beyond its passes); the others, the
      remainder's cost over that line for each t mod 8;
  constant n (-DNC=n), row3 only, t = 256 .. 264 (32-33 passes: GCC unrolls rows of up to 17
      passes of a constant length completely, and then there is no inner loop); the rows with
      t = 256 and 264 give the line, the others their remainder over it.  GCC knows the remainder
      and emits only its code, unconditionally (as in PolyBench), so the plugin counts it as
      the enclosing loop's own code.
The plugin's figures come from the remarks JSON (performance.predicted_time.row_overhead) of the
same file compiled with define=n=...: own_cycles (the enclosing loop's own code per execution) and
remainder_cycles (the remainder code when it runs).  Timing under the measurement lock, pinned to
CPU 1, best of 15 timings per point and the minimum over RUNS runs.

Usage: bench/incore/rows/rows.py [--runs 3] [--out FILE]
"""
import json, os, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "accuracy"))
import common  # noqa: E402

CC = "gcc-12"
FLAGS = ["-O3", "-march=native", "-fno-tree-loop-distribute-patterns", "-fno-math-errno"]
MACHINE = os.path.join(ROOT, "machines", "zen5-host-bench.yml")
CONSTANT_T = [256, 257, 259, 260, 263, 264]


def sh(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          check=True)


def build(tmp, nc=None):
    obj = os.path.join(tmp, "k%s.o" % (nc or ""))
    exe = os.path.join(tmp, "rows%s" % (nc or ""))
    sh([CC] + FLAGS + (["-DNC=%d" % nc] if nc else []) + ["-c", os.path.join(HERE, "kernel.c"),
                                                         "-o", obj])
    sh([CC, "-O2", "-Wall", os.path.join(HERE, "driver.c"), obj, "-o", exe])
    return exe


def measure(exe, kernel, tmin, tmax, runs):
    best = {}
    for _ in range(runs):
        out = sh(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5", "taskset", "-c", "1", exe,
                  kernel, str(tmin), str(tmax)]).stdout
        for l in out.splitlines():
            if l.startswith("#"):
                continue
            t, cy, _ = l.split()
            best[int(t)] = min(best.get(int(t), 1e30), float(cy))
    return best


def plugin_rows(tmp, t, nc=None):
    """{kernel: row_overhead} of the plugin for rows of T points."""
    rdir = tempfile.mkdtemp(dir=tmp)
    n = t + 2
    sh([CC] + FLAGS + (["-DNC=%d" % nc] if nc else []) +
       ["-c", os.path.join(HERE, "kernel.c"), "-o", os.devnull,
        "-fplugin=" + os.path.join(ROOT, "roofline.so"),
        "-fplugin-arg-roofline-machine=" + MACHINE, "-fplugin-arg-roofline-remarks-dir=" + rdir,
        "-fplugin-arg-roofline-define=n=%d" % n, "-fplugin-arg-roofline-define=m=6",
        "-fplugin-arg-roofline-define=l=6", "-fplugin-arg-roofline-define=rows=%d" % (1536 // n)])
    res = {}
    doc = json.load(open(os.path.join(rdir, "kernel.c.roofline.json")))
    for nest in doc["nests"]:
        fn = nest["location"]["function"]
        if fn in ("row3", "j3d7") and "performance" in nest:
            res[fn] = nest["performance"]["predicted_time"]["row_overhead"]
    return res


def fit_line(pts):
    """Least squares a + b x over PTS [(x, y)]."""
    n = len(pts)
    sx = sum(x for x, _ in pts)
    sy = sum(y for _, y in pts)
    sxx = sum(x * x for x, _ in pts)
    sxy = sum(x * y for x, y in pts)
    b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    return (sy - b * sx) / n, b


def report_kernel(k, meas, pred, out):
    a, b = fit_line([(t // 8, meas[t]) for t in sorted(meas) if t % 8 == 0])
    out.append("%s (run-time n): cy/row = %.2f + %.2f x passes over t = 8, 16, .., 40 "
               "(measured steady state %.2f cy per pass)" % (k, a, b, b))
    out.append("  per execution beyond the passes: measured %.2f cy; predicted own code %.2f cy"
               " (%d instructions)" % (a, pred["own_cycles"], pred["own_instructions"]))
    extras = []
    for r in range(1, 8):
        e = [meas[t] - (a + b * (t // 8)) for t in sorted(meas) if t % 8 == r]
        extras.append(sum(e) / len(e))
    out.append("  remainder over the line, t mod 8 = 1..7: " +
               " ".join("%.1f" % e for e in extras) + " cy; mean %.2f cy; predicted %.2f cy "
               "(%d instructions, GCC's profile weights)" % (sum(extras) / 7,
                                                            pred["remainder_cycles"],
                                                            pred["remainder_instructions"]))
    return a, b


def main():
    argv = sys.argv[1:]
    opt = common.options(argv)
    runs = int(opt("--runs", "3"))
    t0, la0, info = time.time(), common.loadavg(), common.host_info()
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = build(tmp)
        pred = plugin_rows(tmp, 38)
        lines = {}
        for k in ("row3", "j3d7"):
            meas = measure(exe, k, 8, 40, runs)
            out.append("# %s measured cy/row by t: " % k +
                       " ".join("%d:%.1f" % (t, meas[t]) for t in sorted(meas)))
            lines[k] = report_kernel(k, meas, pred[k], out)
        meas, pred = {}, {}
        for t in CONSTANT_T:
            exe = build(tmp, t + 2)
            pred[t] = plugin_rows(tmp, t, t + 2)["row3"]
            meas[t] = measure(exe, "row3", t, t, runs)[t]
        lo, hi = CONSTANT_T[0], CONSTANT_T[-1]
        b = (meas[hi] - meas[lo]) / ((hi - lo) // 8)
        a = meas[lo] - b * (lo // 8)
        out.append("row3 (constant n): cy/row = %.2f + %.2f x passes through t = %d and %d; "
                   "predicted per execution at t = %d: %.2f cy (%d instructions)" % (
                       a, b, lo, hi, lo, pred[lo]["cycles_per_execution"],
                       pred[lo]["own_instructions"]))
        for t in CONSTANT_T[1:-1]:
            p = pred[t]
            out.append("  t=%d (t mod 8 = %d): %.2f cy/row, remainder over the line %.2f cy; "
                       "predicted %.2f cy (%d instructions more than at t = %d)" % (
                           t, t % 8, meas[t], meas[t] - (a + b * (t // 8)),
                           p["cycles_per_execution"] - pred[lo]["cycles_per_execution"],
                           p["own_instructions"] - pred[lo]["own_instructions"], lo))
    common.write_report(common.header("bench/incore/rows/rows.py", argv, t0, la0, info) +
                        ["# %s; %s" % (CC, " ".join(FLAGS))] + out, opt("--out"))


if __name__ == "__main__":
    main()
