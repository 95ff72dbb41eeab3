#!/usr/bin/env python3
"""Cycles per cache line of the fitted stream kernels of bench/accuracy (C loops, its harness)
across a fine grid of working sets from the L1 to memory: where the cost per line steps inside
a level (the small-working-set regime of docs/roofline-bench.md), and whether it does so in
every round.

Usage: bench/machines/ws-steps.py [--rounds N] [--kernels load,copy,...] [--from KIB]
                                  [--to KIB] [--points N] [--out FILE]
  defaults: 3 rounds; load, copy, update, add (never the held-out daxpy, triad, schoenauer);
  31 working sets log-spaced from 64 KiB to 64 MiB.  Per size: every round's best cycles per
  line of each array (a unit of work: 8 iterations), the lines per array and the cycles per
  sweep of the arrays (lines per array x best cycles per unit).  Every measured section runs
  under flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 (run.py's harness).
  Run from the top of the tree after `make`.
"""
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "accuracy"))
import run  # noqa: E402

FITTED = "load,copy,update,add"


def main():
    a = sys.argv[1:]
    opt = lambda k, d=None: a[a.index(k) + 1] if k in a else d
    kernels = opt("--kernels", FITTED).split(",")
    bad = [k for k in kernels if k in run.HELD_OUT]
    if bad:
        sys.exit("held-out kernels are not measured here: " + ",".join(bad))
    lo, hi = float(opt("--from", "64")) * 1024, float(opt("--to", "65536")) * 1024
    npts, rounds = int(opt("--points", "31")), int(opt("--rounds", "3"))
    sizes = [lo * (hi / lo) ** (i / (npts - 1)) for i in range(npts)]
    pts = []
    for ws in sizes:
        for k in kernels:
            n, m, l = run.dims_for_ws(k, ws)
            pts.append({"kernel": k, "n": n, "m": m, "l": l, "ws": ws})
    tmp = tempfile.mkdtemp(prefix="rl-wssteps-")
    machine = os.path.join(ROOT, "machines", "zen5-host-bench.yml")
    info, t0, la0 = run.host_info(), time.time(), run.loadavg()
    exe = run.build_harness("gcc-12", machine, sorted(set(kernels)), tmp)
    log = []
    run.measure(exe, pts, rounds, False, log)
    out = ["# bench/machines/ws-steps.py " + " ".join(a),
           "# %s UTC; CPU: %s, vendor %s family %s model %s stepping %s; load average %s -> %s" % (
               time.strftime("%Y-%m-%d %H:%M", time.gmtime(t0)), info.get("model name"),
               info.get("vendor_id"), info.get("cpu family"), info.get("model"),
               info.get("stepping"), la0, run.loadavg()),
           "# caches (sysfs, per core): " + ", ".join(
               "%s %d KiB" % (c, v >> 10) for c, v in sorted(run.cache_sizes().items()))]
    out += ["# " + x for x in log]
    out.append("best cycles per unit of work (one line of each array) in each round, then the "
               "best; lines per array; cycles per sweep (lines x best)")
    for k in kernels:
        out.append("%-7s %9s  %s  %7s %9s %8s" % (k, "WS KiB", " ".join(
            "%6s" % ("r%d" % (r + 1)) for r in range(rounds)), "best", "lines", "sweep cy"))
        for ws in sizes:
            p = next(p for p in pts if p["kernel"] == k and p["ws"] == ws)
            it = run.iterations(p["kernel"], p["n"], p["m"], p["l"]) / 8
            per = [b * f / it for b, _, _, _, f in p["runs"]]
            best = min(per) if per else 0
            out.append("%-7s %9.0f  %s  %7.2f %9.0f %8.0f" % (
                k, ws / 1024, " ".join("%6.2f" % x for x in per), best, it, it * best))
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if opt("--out"):
        open(opt("--out"), "w").write(text)


if __name__ == "__main__":
    main()
