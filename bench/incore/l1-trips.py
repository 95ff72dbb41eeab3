#!/usr/bin/env python3
"""Cycles per call of bench/accuracy's stream kernels against their trip count, data in L1: what
a call costs beyond the steady-state loop (call, set-up, loop exit) and how consecutive calls
overlap (independent reduction chains of back-to-back calls run side by side in the
out-of-order window).  The kernels are compiled as bench/accuracy/run.py compiles them and timed
by the same harness (bench/accuracy/harness.c: huge-page arrays 17 lines apart mod 4 KiB, best
of up to 31 samples of >= 1 ms, core clock from an add chain), n = 8 x CL doubles per array for
CL = 16 ... 576 lines per call while the working set stays <= 40 KiB (L1 48 KiB).
Usage (takes the measurement lock itself, ~3 s under it):
  bench/incore/l1-trips.py [--kernels a,b,...] [--out FILE]
Prints per kernel cy/CL at each trip count and the least-squares line cycles = a + b x CL."""
import os, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ACC = os.path.join(HERE, "..", "accuracy")
CC = os.environ.get("CC", "gcc-12")
NARR = dict(load=1, init=1, update=1, copy=2, dot=2, add=3, daxpy=2, triad=3, schoenauer=4)
FAST = ("load", "dot")
HELD_OUT = ("daxpy", "triad", "schoenauer")
CLS = [16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 320, 384, 448, 512, 576]

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)

def build(kernels, tmp):
    objs = []
    for k in kernels:
        o = os.path.join(tmp, k + ".o")
        fl = ["-O3", "-march=native", "-fno-tree-loop-distribute-patterns", "-fno-math-errno"]
        r = sh(["nice", "-n", "10", CC] + fl + (["-ffast-math"] if k in FAST else []) +
               ["-c", os.path.join(ACC, "kernels", k + ".c"), "-o", o])
        if r.returncode:
            sys.exit(r.stderr)
        objs.append(o)
    open(os.path.join(tmp, "kernels.list.h"), "w").write(
        "#define KERNELS " + " ".join("X(%s)" % k for k in kernels) + "\n")
    exe = os.path.join(tmp, "harness")
    r = sh([CC, "-O2", "-std=gnu11", "-I", tmp, os.path.join(ACC, "harness.c")] + objs + ["-o", exe])
    if r.returncode:
        sys.exit(r.stderr)
    return exe

def main():
    a = sys.argv[1:]
    kernels = a[a.index("--kernels") + 1].split(",") if "--kernels" in a else list(NARR)
    outp = a[a.index("--out") + 1] if "--out" in a else None
    tmp = tempfile.mkdtemp(prefix="rl-l1trips-")
    exe = build(kernels, tmp)
    tasks = []
    for k in kernels:
        for cl in CLS:
            n = cl * 8
            if n * 8 * NARR[k] <= 40 * 1024:
                lens = [n if i < NARR[k] else 0 for i in range(4)]
                tasks.append("%s-%d %s %d 0 0 %s 40 31" % (k, cl, k, n, " ".join(map(str, lens))))
    la0 = open("/proc/loadavg").read().split()[0]
    out = sh(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5", "taskset", "-c", "1", exe],
             input="\n".join(tasks) + "\n").stdout
    la1 = open("/proc/loadavg").read().split()[0]
    cpu = sh(["lscpu"]).stdout
    get = lambda key: next((l.split(":", 1)[1].strip() for l in cpu.splitlines() if l.startswith(key + ":")), "?")
    lines = ["# bench/incore/l1-trips.py %s; %s UTC" % (" ".join(a), time.strftime("%Y-%m-%d %H:%M", time.gmtime())),
             "# CPU %s, %s family %s model %s stepping %s; %s; loadavg %s -> %s" % (
                 get("Model name"), get("Vendor ID"), get("CPU family"), get("Model"), get("Stepping"),
                 sh([CC, "--version"]).stdout.splitlines()[0], la0, la1),
             "# flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 harness; cy/CL = best ns x clock / CL;"
             " * = held-out kernel of bench/accuracy (reported, never fitted)"]
    res = {}
    for l in out.splitlines():
        p = l.split()
        if len(p) == 6 and "-" in p[0]:
            k, cl = p[0].rsplit("-", 1)
            res.setdefault(k, []).append((int(cl), float(p[1]) * float(p[5])))
        elif p and p[0] == "elapsed_s":
            lines.append("# %.1f s under the lock" % float(p[1]))
    for k in kernels:
        pts = res.get(k, [])
        if len(pts) < 2:
            continue
        xs = [c for c, _ in pts]
        ys = [y for _, y in pts]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        lines.append("%-11s line: %6.1f cy + %.3f cy/CL x CL;  cy/CL at CL per call: %s" % (
            k + ("*" if k in HELD_OUT else ""), my - b * mx, b,
            " ".join("%d:%.2f" % (c, y / c) for c, y in pts)))
    txt = "\n".join(lines) + "\n"
    sys.stdout.write(txt)
    if outp:
        open(outp, "w").write(txt)

if __name__ == "__main__":
    main()
