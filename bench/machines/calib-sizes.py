#!/usr/bin/env python3
"""The stream kernels of bench/accuracy (C loops, its harness) and roofline-bench's calibration
kernels (inline assembly, `roofline-bench sizes`) across working sets spanning the L2 and the
L3, side by side: what the per-line costs of a level do across its sizes.

Usage: bench/machines/calib-sizes.py [--rounds N] [--kernels copy,load,...] [--no-bench]
                                     [--out FILE]
  C loops: the fitted half of bench/accuracy's streams by default (load, init, copy, update,
  add; never the held-out daxpy, triad, schoenauer) at 0.2-0.7 x L2 and 2-16 x L2 (capped at
  the L3 share of a core), cycles per cache line of each array (best of the rounds; run.py's
  harness under the measurement lock, pinned to CPU 1).  Then `roofline-bench sizes 9` under
  the lock (CPU 1).  Run from the top of the tree after `make`.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "accuracy"))
import run  # noqa: E402

FITTED_STREAMS = "load,init,copy,update,add"


def sizes(c):
    l2 = [c["L2"] * f for f in (0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7)]
    top = min(c.get("L3", 16 * c["L2"]) / 2, 16 * c["L2"])
    l3 = [2 * c["L2"] * (top / (2 * c["L2"])) ** (i / 6) for i in range(7)]
    return [("L2", w) for w in l2] + [("L3", w) for w in l3]


def main():
    a = sys.argv[1:]
    opt = lambda k, d=None: a[a.index(k) + 1] if k in a else d
    kernels = opt("--kernels", FITTED_STREAMS).split(",")
    bad = [k for k in kernels if k in run.HELD_OUT]
    if bad:
        sys.exit("held-out kernels are not measured here: " + ",".join(bad))
    caches = run.cache_sizes()
    pts = []
    for lvl, ws in sizes(caches):
        for k in kernels:
            n, m, l = run.dims_for_ws(k, ws)
            pts.append({"kernel": k, "n": n, "m": m, "l": l, "level": lvl, "ws": ws})
    tmp = tempfile.mkdtemp(prefix="rl-calsizes-")
    machine = os.path.join(ROOT, "machines", "zen5-host-bench.yml")
    if not os.path.exists(machine):
        machine = os.path.join(ROOT, "machines", "emr-host-bench.yml")
    info, t0, la0 = run.host_info(), time.time(), run.loadavg()
    exe = run.build_harness("gcc-12", machine, sorted(set(kernels)), tmp)
    log = []
    run.measure(exe, pts, int(opt("--rounds", "2")), False, log)
    out = ["# bench/machines/calib-sizes.py " + " ".join(a),
           "# %s UTC; CPU: %s, vendor %s family %s model %s; load average %s -> %s" % (
               time.strftime("%Y-%m-%d %H:%M", time.gmtime(t0)), info.get("model name"),
               info.get("vendor_id"), info.get("cpu family"), info.get("model"), la0,
               run.loadavg())] + ["# " + x for x in log]
    out.append("C loops (bench/accuracy harness), best cycles per cache line of each array:")
    lv = None
    for lvl, ws in sizes(caches):
        if lvl != lv:
            out.append("%-4s %-8s" % (lvl, "WS") + "".join("%9s" % k for k in kernels))
            lv = lvl
        row = []
        for k in kernels:
            p = next(p for p in pts if p["kernel"] == k and p["ws"] == ws)
            best, _ = run.cycles(p, {"ipu": 8})
            row.append("%9.2f" % best if best else "%9s" % "-")
        out.append("%-4s %7.0fK" % (lvl, ws / 1024) + "".join(row))
    if "--no-bench" not in a:
        la1 = run.loadavg()
        r = subprocess.run(run.MEASURE + [os.path.join(ROOT, "roofline-bench"), "sizes", "9"],
                           capture_output=True, text=True)
        out.append("roofline-bench sizes 9 (load average %s -> %s):" % (la1, run.loadavg()))
        out += r.stdout.splitlines()
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if opt("--out"):
        open(opt("--out"), "w").write(text)


if __name__ == "__main__":
    main()
