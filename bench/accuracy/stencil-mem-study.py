#!/usr/bin/env python3
"""Stencils with their data in memory: the L1 layer condition holding against broken, beside the
streams, measured in one run with the accuracy benchmark's harness (run.py, harness.c).

Usage: bench/accuracy/stencil-mem-study.py --machine FILE [--out FILE] [--rounds N]
       [--plugin OTHER/roofline.so]   (a second prediction column, e.g. before a model change)
       [--save-measurements M.json | --reuse-measurements M.json] [--kernels K1,K2,...]

Every point has a working set of about 128 MiB (two 64 MiB arrays for the stencils; the streams
at run.py's first memory size), 2 MiB pages.  The stencils are run.py's kernels (kernels/*.c,
the same code and flags) at row lengths whose L1 layer condition holds (2r+1 rows fit the L1 at
the file's lc_factor) and at row lengths where it breaks while the L2 condition holds; the 3D
Jacobi with its plane condition holding (planes of 130 x 10) and broken; the study kernels of
memload/k2d/ (s_vert3/5: only the vertical neighbours, 3 or 5 rows; s_inrow3/5: only in-row
neighbours of the row streamed from memory; s_j2d5fp: the Jacobi with 12 dependent multiplies
by s).  Per point: measured
cy per unit of work (best round, and the median of the rounds' bests), the plugin's prediction,
its T_nOL, the transfers, the serial sum T_nOL + all transfers, and `hit` = the L1-L2 fill lines
per unit that hit in the L2 (L1-L2 load lines minus L2-L3 load lines): the lines a broken L1
condition adds.  The summary: per kernel the measured figure of the broken rows minus that of
the holding rows, per hit line.  star2d_r3 and star2d_r4 belong to run.py's held-out half: they are
measured here to evaluate a rule, never to fit one.
"""
import json, os, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common, run  # noqa: E402

MIB64 = 64 << 20


# (kernel, n, m, l); label "holds"/"broken" from the plugin's own layer conditions
POINTS = (
    [("copy", 8388608, 0, 0), ("update", 16777216, 0, 0), ("add", 5592400, 0, 0),
     ("triad", 5592400, 0, 0), ("load", 16777216, 0, 0)] +
    [("j2d5", n, MIB64 // (8 * n), 0) for n in (258, 770, 1282, 1794, 2898, 4098, 6146)] +
    [("star2d_r1", n, MIB64 // (8 * n), 0) for n in (258, 770, 1282, 2898, 4098)] +
    [("star2d_r2", n, MIB64 // (8 * n), 0) for n in (260, 772, 1284, 2900, 4100)] +
    [("star2d_r3", n, MIB64 // (8 * n), 0) for n in (262, 2902)] +
    [("star2d_r4", n, MIB64 // (8 * n), 0) for n in (264, 2904)] +
    [("j3d7", 130, 10, MIB64 // (8 * 1300)), ("j3d7", 202, 204, 204)] +
    # study kernels (memload/k2d/): the Jacobi's loads split into vertical and in-row ones, and
    # the Jacobi with more FP work
    [(k, n, MIB64 // (8 * n), 0) for k in ("s_vert3", "s_inrow3", "s_j2d5fp")
     for n in (258, 2898, 4098)] +
    [(k, n, MIB64 // (8 * n), 0) for k in ("s_vert5", "s_inrow5") for n in (260, 2900)])
STUDY = {"s_vert3": 1, "s_inrow3": 1, "s_j2d5fp": 1, "s_vert5": 2, "s_inrow5": 2}
K2D = os.path.join(os.path.dirname(os.path.abspath(__file__)), "memload", "k2d")
for _k, _r in STUDY.items():
    run.KERNELS[_k] = ("study", ("2d", _r))
_src = run.src
run.src = lambda k: os.path.join(K2D, k + ".c") if k in STUDY else _src(k)


def main():
    a = sys.argv[1:]
    common.check_options(a, [], ["--machine", "--out", "--rounds", "--plugin", "--cc",
                                 "--save-measurements", "--reuse-measurements", "--kernels"], __doc__)
    opt = common.options(a)
    machine = opt("--machine")
    if not machine:
        sys.exit(__doc__)
    rounds = int(opt("--rounds", "3"))
    cc = opt("--cc", "gcc-12")
    other = opt("--plugin")
    tmp = tempfile.mkdtemp(prefix="rl-stmem-")
    info = common.host_info()
    t0 = time.time()
    la0 = common.loadavg()
    only = opt("--kernels")
    reuse = opt("--reuse-measurements")
    saved = json.load(open(reuse)) if reuse else None
    chosen = [tuple(x) for x in saved["points"]] if saved else POINTS
    pts = [{"kernel": k, "n": n, "m": m, "l": l, "sweep": None} for k, n, m, l in chosen
           if not only or k in only.split(",")]
    pred = {id(p): run.predict(cc, machine, p, tmp, i) for i, p in enumerate(pts)}
    pred0 = ({id(p): run.predict(cc, machine, p, tmp, 1000 + i, other) for i, p in enumerate(pts)}
             if other else {})
    kernels = sorted({p["kernel"] for p in pts})
    exe = run.build_harness(cc, machine, kernels, tmp)
    log = []
    if saved:
        log = ["measurements reused from %s: %s" % (reuse, saved["header"])] + saved["log"]
        runs = {tuple(x): r for x, r in zip(chosen, saved["runs"])}
        for p in pts:
            p["runs"] = [tuple(r) for r in runs[(p["kernel"], p["n"], p["m"], p["l"])]]
    else:
        run.measure(exe, pts, rounds, False, log)
    if opt("--save-measurements"):
        with open(opt("--save-measurements"), "w") as f:
            json.dump({"header": common.header("", a, t0, la0, info)[1], "log": log,
                       "points": [(p["kernel"], p["n"], p["m"], p["l"]) for p in pts],
                       "runs": [p["runs"] for p in pts]}, f)
    out = common.header("bench/accuracy/stencil-mem-study.py", a, t0, la0, info)
    out.append("# machine %s%s" % (machine, "; pred0: the plugin %s" % other if other else ""))
    out += ["# " + l for l in log]
    out.append("%-10s %-16s %5s %7s %7s %7s %6s %7s %5s %5s %5s %5s %6s %4s" % (
        "kernel", "size", "L1LC", "meas", "medr", "pred", "err%", "pred0", "tnol", "L1L2",
        "L2L3", "MEM", "serial", "hit"))
    by = {}
    for p in pts:
        pr = pred[id(p)]
        if "error" in pr:
            out.append("%-10s not predicted: %s" % (p["kernel"], pr["error"]))
            continue
        best, _ = run.cycles(p, pr)
        medr = run.sweep_cycles(p, pr)
        tr = pr["traffic"] or []
        hit = tr[0]["load_lines"] - tr[1]["load_lines"] if len(tr) > 1 else 0
        serial = pr["t_nol"] + sum(pr["transfers"])
        holds = "-" if hit < 0.5 and run.shape_of(p["kernel"])[0] == "1d" else (
            "holds" if hit < 0.5 else "broken")
        p0 = pred0.get(id(p), {}).get("cy")
        out.append("%-10s %-16s %5s %7.2f %7.2f %7.2f %+6.1f %7s %5.2f %5.2f %5.2f %5.2f %6.2f %4.1f" % (
            p["kernel"], run.fmt_size(p), holds, best, medr, pr["cy"], run.pct(pr["cy"], best),
            "%.2f" % p0 if p0 else "-", pr["t_nol"], *pr["transfers"][:3], serial, hit))
        by.setdefault(p["kernel"], {}).setdefault(holds, []).append((best, medr, hit, pr["cy"]))
    out.append("")
    out.append("# per kernel: best of the broken rows minus the best of the holding rows (median "
               "of each), per hit line; and the broken rows' shortfall against the prediction")
    for k, d in by.items():
        if "holds" in d and "broken" in d:
            med = lambda v: sorted(v)[len(v) // 2]
            h = med([x[0] for x in d["holds"]])
            b = med([x[0] for x in d["broken"]])
            hit = med([x[2] for x in d["broken"]])
            short = med([x[0] - x[3] for x in d["broken"]])
            out.append("%-10s holds %.2f broken %.2f: +%.2f cy, %.2f cy per hit line (%.1f); "
                       "broken measured - predicted %+.2f cy" % (k, h, b, b - h, (b - h) / hit,
                                                                 hit, short))
    common.write_report(out, opt("--out"))


if __name__ == "__main__":
    main()
