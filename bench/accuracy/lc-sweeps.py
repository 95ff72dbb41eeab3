#!/usr/bin/env python3
"""Layer-condition sweeps of the 2D and 3D Jacobi beyond run.py's: where the conditions break on
the host that runs it, how big the step is, and what the plugin predicts on both sides.

Usage: bench/accuracy/lc-sweeps.py --machine FILE [--out F] [--rounds N] [SWEEP ...]

Sweeps (all by default; sizes from the host's caches, C1 / C2 = L1 / L2 bytes):
  2d-l1-l3   j2d5, rows n = 256 .. C2/10.7 (22 sizes), grid 6 x C2 (data in L3): the L1 and the
             L2 condition
  2d-l1-l2   j2d5, n = 256 .. C1/6 (12 sizes), grid 0.4 x C2 (data in L2): the L1 condition
  2d-l2-rows j2d5, n = C2/65 .. C2/11.6 with grids of 8 and of 12 rows (data in L3)
  2d-mem     j2d5, n = C2/131 .. C2/8, grid 128 MiB (data in memory, tall grids)
  2d-l2-h6, 2d-l2-h8, 2d-l2-h12, 2d-l2-h16
             j2d5 across the L2 condition (n = C2/48 .. C2/12, 14 sizes) in grids of 6, 8, 12,
             16 rows (data in L3; sizes whose grid exceeds 12 MiB left out): the step against the
             grid's height
  3d-l2-p8, 3d-l2-p12, 3d-l2-p16
             j3d7 across the L2 plane condition (n = m = sqrt(C2/48) .. sqrt(C2/12), 14 sizes)
             in grids of 8, 12, 16 planes (data in L3; grids beyond 12 MiB left out)
  2d-l2-tall j2d5, the same row lengths in grids of 96 MiB (64-270 rows, data in memory): the
             steady state of a tall grid, the case the layer condition describes
  3d-mem     j3d7, n = m = 100 .. 300, 64 MiB (memory)
  3d-l3      j3d7, n = m = 100 .. 300, 6 MiB (8 planes at least) and 3x as many planes
  st-l3      star2d_r1 across its L1 condition with the data in L3, beside a copy of 3 MiB
  l3-ws      j2d5 (n = 722, 1026) and copy at working sets of 8-18 MiB: where the data leaves
             the L3 (the guest's share of it) for each
Per point: measured cy per cache line of work (best of the rounds; run.py's harness, under the
measurement lock), the plugin's prediction with FILE, error, lines per unit of work at each
boundary (load + write-allocate + evict), and the data level.  Every round maps the point's
arrays afresh (new physical pages), so a point whose time depends on where its pages land shows
two modes across the rounds: the "rounds" column lists each round's best, and the step of every
sweep (run.py's half-way rule) is given on the median over the rounds as well as on the best.
"""
import math, os, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common, run  # noqa: E402


def presets(c1, c2):
    P = {}
    P["2d-l1-l3"] = [("j2d5", n, max(8, int(6 * c2 / (16 * n))), 0)
                     for n in (int(256 * (c2 / 10.7 / 256) ** (i / 21)) // 8 * 8 + 2 for i in range(22))]
    P["2d-l1-l2"] = [("j2d5", n, max(8, int(0.4 * c2 / (16 * n))), 0)
                     for n in (int(256 * (c2 / 128 / 256) ** (i / 11)) // 8 * 8 + 2 for i in range(12))]
    rows = []
    for n in (int(c2 / 65.5 * (65.5 / 11.6) ** (i / 8)) // 8 * 8 + 2 for i in range(9)):
        for m in (8, 12):
            if n * m * 16 < 14e6:
                rows.append(("j2d5", n, m, 0))
    P["2d-l2-rows"] = rows
    P["2d-mem"] = [("j2d5", n, (128 << 20) // (16 * n), 0)
                   for n in (int(c2 / 131 * 16.4 ** (i / 10)) // 8 * 8 + 2 for i in range(11))]
    nl2 = [int(c2 / 48 * 4 ** (i / 13)) // 8 * 8 + 2 for i in range(14)]
    for h in (6, 8, 12, 16):
        P["2d-l2-h%d" % h] = [("j2d5", n, h, 0) for n in nl2 if 16 * n * h <= 12 << 20]
    nl3 = [int(math.sqrt(c2 / 48) * 2 ** (i / 13)) + 2 for i in range(14)]
    for h in (8, 12, 16):
        P["3d-l2-p%d" % h] = [("j3d7", n, n, h) for n in nl3 if 16 * n * n * h <= 12 << 20]
    P["2d-l2-tall"] = [("j2d5", n, (96 << 20) // (16 * n), 0) for n in nl2]
    P["3d-mem"] = [("j3d7", n, n, (64 << 20) // (16 * n * n))
                   for n in (100, 120, 140, 160, 180, 200, 230, 260, 300)]
    P["3d-l3"] = [("j3d7", n, n, l * f) for n in (100, 120, 140, 160, 180, 200, 230, 260, 300)
                  for l in (max(8, (6 << 20) // (16 * n * n)),) for f in (1, 3)]
    st = []
    for n in (482, 802, 1202, 1402, 1602, 1802, 2402, 4002):
        st += [("star2d_r1", n, (6 << 20) // (16 * n), 0), ("copy", 196608, 0, 0)]
    P["st-l3"] = st
    ws = []
    for mb in (8, 10, 12, 14, 16, 18):
        ws += [("j2d5", n, (mb << 20) // (16 * n), 0) for n in (722, 1026)]
        ws.append(("copy", (mb << 20) // 16, 0, 0))
    P["l3-ws"] = ws
    return P


def round_bests(p, pr):
    """cy per cache line of work of the best sample of every round"""
    it = run.iterations(p["kernel"], p["n"], p["m"], p["l"]) / pr["ipu"]
    return [b * f / it for b, _, _, _, f in p["runs"]]


def steps(pts, preds):
    """Per sweep of one stencil: the step (run.breakpoint) on the best and on the median over
    the rounds, and each round's best per point (the modes)."""
    out = ["", "## Steps: run.py's half-way rule on the best and on the median over the rounds"]
    sweeps = []
    for p, pr in zip(pts, preds):
        if p["kernel"] in ("j2d5", "j3d7") and p["runs"] and "error" not in pr:
            if p["sweep"] not in sweeps:
                sweeps.append(p["sweep"])
    for sw in sweeps:
        xs, best, med, rows = [], [], [], []
        for p, pr in zip(pts, preds):
            if p["sweep"] != sw or p["kernel"] not in ("j2d5", "j3d7") or not p["runs"] or "error" in pr:
                continue
            r = round_bests(p, pr)
            xs.append(p["n"] * (p["m"] if p["kernel"] == "j3d7" else 1))
            best.append(min(r))
            med.append(sorted(r)[len(r) // 2])
            rows.append("  %-10s %7d %5d %5d  best %6.2f  median %6.2f  rounds %s" % (
                sw, p["n"], p["m"], p["l"], best[-1], med[-1], " ".join("%.2f" % x for x in r)))
        if len(xs) < 6:
            continue
        out += rows
        for label, ys in (("best", best), ("median", med)):
            b, lo, hi = run.breakpoint(xs, ys)
            out.append("  %s: step on the %s of the rounds: %s (plateaus %.2f -> %.2f cy/CL)" % (
                sw, label, "at %s = %.0f" % ("n x m" if "3d" in sw else "n", b) if b else
                "none above 10 %", lo, hi))
    return out


def main():
    a = sys.argv[1:]
    opt = common.options(a)
    machine = opt("--machine")
    if not machine:
        sys.exit(__doc__)
    skip = {opt(k) for k in ("--machine", "--out", "--rounds")}
    names = [x for x in a if not x.startswith("--") and x not in skip]
    caches = run.cache_sizes()
    P = presets(caches["L1"], caches["L2"])
    names = names or list(P)
    pts = [{"kernel": k, "n": n, "m": m, "l": l, "sweep": s, "target": None}
           for s in names for k, n, m, l in P[s]]
    tmp = tempfile.mkdtemp(prefix="rl-lcsweeps-")
    t0, la0, info = time.time(), common.loadavg(), common.host_info()
    preds = [run.predict("gcc-12", machine, p, tmp, i) for i, p in enumerate(pts)]
    exe = run.build_harness("gcc-12", machine, sorted({p["kernel"] for p in pts}), tmp)
    log = []
    run.measure(exe, pts, int(opt("--rounds", "2")), False, log)
    out = common.header("bench/accuracy/lc-sweeps.py", a, t0, la0, info) + ["# " + x for x in log]
    out.append("%-10s %-9s %7s %6s %5s %9s %7s %7s %7s %7s  %s" % (
        "sweep", "kernel", "n", "m", "l", "WS KiB", "meas", "med", "pred", "err%", "lines/unit, level"))
    for p, pr in zip(pts, preds):
        ws = sum(run.lens(p["kernel"], p["n"], p["m"], p["l"])) * 8 / 1024
        if "error" in pr or not p["runs"]:
            out.append("%-10s %-9s %7d %6d %5d %9.0f  not predicted or measured" % (
                p["sweep"], p["kernel"], p["n"], p["m"], p["l"], ws))
            continue
        best, med = run.cycles(p, pr)
        lines = " | ".join(common.boundary_lines(pr, "%.1f"))
        out.append("%-10s %-9s %7d %6d %5d %9.0f %7.2f %7.2f %7.2f %+7.1f  %s, %s" % (
            p["sweep"], p["kernel"], p["n"], p["m"], p["l"], ws, best, med, pr["cy"],
            100 * (pr["cy"] - best) / best, lines, pr["level"]))
    out += steps(pts, preds)
    common.write_report(out, opt("--out"))


if __name__ == "__main__":
    main()
