#!/usr/bin/env python3
"""Why stencils run slower than predicted: in-core (L1), L2 (halo traffic) and memory, measured
with the accuracy benchmark's harness (run.py, harness.c) on the host that runs it.

Usage: bench/accuracy/stencil-study.py --machine FILE [--out FILE] [--rounds N]

Per point: the measured cycles per unit of work (best of the rounds) beside
  pred        the plugin with FILE (for a roofline-bench file without a port table: the class
              table of the measured load/store/FP rows; docs/model.md section 3)
  pred+pt     the plugin with FILE plus `port_table: zen4` on AMD / `glc` on Intel (the port
              model: ports, front end, latency, line-split loads), to see what the port model says
  mca         llvm-mca on the same loop (run.py: LLVM 14 has no AMD model with AVX-512, so the
              icelake-server model for zmm loops)
  ld/sp/st    loads, line-split loads (port model) and stores per pass; L1L2 L2L3 MEM: lines per
              unit of work at each boundary (load + write-allocate + evict) of the plugin's traffic.
Probes (probes/*.c): copies and 4- and 8-load sums with all accesses 64 B aligned or 8 B off,
which isolate the cost of a line-split load or store on the core.
"""
import os, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common, run  # noqa: E402

# (label, kernel, n, m, l, THP): data in L1, in L2 with the L1 layer condition holding and
# broken, in memory with short (L1 condition holds) and long rows, in L3 across the L1 and L2
# conditions, huge pages off
POINTS = [
    ("A L1", "p_copy_al", 2048, 0, 0, 1), ("A L1", "p_copy_ls", 2048, 0, 0, 1),
    ("A L1", "p_copy_ss", 2048, 0, 0, 1), ("A L1", "p_4ld_al", 2048, 0, 0, 1),
    ("A L1", "p_4ld_sp", 2048, 0, 0, 1), ("A L1", "p_8ld_al", 2048, 0, 0, 1),
    ("A L1", "p_8ld_sp", 2048, 0, 0, 1),
    ("A L1", "copy", 2048, 0, 0, 1), ("A L1", "j2d5", 130, 16, 0, 1),
    ("A L1", "star2d_r1", 130, 16, 0, 1), ("A L1", "star2d_r2", 132, 16, 0, 1),
    ("A L1", "star2d_r3", 134, 16, 0, 1), ("A L1", "star2d_r4", 136, 16, 0, 1),
    ("A L1", "j3d7", 66, 6, 6, 1),
    ("B L2 LC-L1", "copy", 32768, 0, 0, 1), ("B L2 LC-L1", "j2d5", 514, 64, 0, 1),
    ("B L2 LC-L1", "star2d_r1", 514, 64, 0, 1), ("B L2 LC-L1", "star2d_r2", 516, 64, 0, 1),
    ("B L2 LC-L1", "star2d_r4", 520, 64, 0, 1), ("B L2 LC-L1", "j3d7", 130, 30, 16, 1),
    ("B L2 no-LC", "j2d5", 4098, 12, 0, 1), ("B L2 no-LC", "star2d_r1", 4098, 12, 0, 1),
    ("B L2 no-LC", "star2d_r2", 4100, 12, 0, 1), ("B L2 no-LC", "star2d_r4", 4104, 14, 0, 1),
    ("C MEM", "copy", 16777216, 0, 0, 1), ("C MEM", "load", 33554432, 0, 0, 1),
    ("C MEM", "j2d5", 770, 20000, 0, 1), ("C MEM", "j2d5", 8194, 2000, 0, 1),
    ("C MEM", "star2d_r2", 772, 20000, 0, 1), ("C MEM", "star2d_r2", 8196, 2000, 0, 1),
    ("C MEM", "star2d_r4", 8200, 2000, 0, 1),
    # data in L3 (6 MiB): the L1 condition holding and broken (the L2 one holding), the L2
    # condition broken with grids of 8 and 12 rows, the 3D plane condition holding and broken
    ("D L3 LC-L1", "copy", 393216, 0, 0, 1), ("D L3 LC-L1", "j2d5", 802, 490, 0, 1),
    ("D L3 LC-L1", "star2d_r1", 802, 490, 0, 1), ("D L3 LC-L1", "star2d_r2", 804, 488, 0, 1),
    ("D L3 no-LC-L1", "j2d5", 4002, 98, 0, 1), ("D L3 no-LC-L1", "star2d_r1", 4002, 98, 0, 1),
    ("D L3 no-LC-L1", "star2d_r2", 4004, 98, 0, 1),
    ("D L3 no-LC-L2", "j2d5", 48002, 8, 0, 1), ("D L3 no-LC-L2", "j2d5", 64002, 8, 0, 1),
    ("D L3 no-LC-L2", "j2d5", 48002, 12, 0, 1), ("D L3 no-LC-L2", "j2d5", 64002, 12, 0, 1),
    ("D L3 LC-L2", "j3d7", 160, 160, 15, 1), ("D L3 no-LC-L2", "j3d7", 230, 230, 8, 1),
    ("C MEM THP off", "copy", 16777216, 0, 0, 0), ("C MEM THP off", "j2d5", 8194, 2000, 0, 0),
    ("C MEM THP off", "star2d_r2", 8196, 2000, 0, 0),
]


def with_port_table(machine, tmp):
    vendor = common.host_info().get("vendor_id", "")
    table = "zen4" if "AMD" in vendor else "glc"
    text = open(machine).read()
    if "port_table:" in text:
        return machine, "(file's own)"
    out = os.path.join(tmp, "with-port-table.yml")
    with open(out, "w") as f:
        f.write(text.replace("\nincore:\n", "\nincore:\n  port_table: %s\n" % table, 1))
    return out, table


def main():
    a = sys.argv[1:]
    opt = common.options(a)
    machine = opt("--machine")
    if not machine:
        sys.exit(__doc__)
    rounds = int(opt("--rounds", "2"))
    cc = opt("--cc", "gcc-12")
    tmp = tempfile.mkdtemp(prefix="rl-stencil-")
    mpt, table = with_port_table(machine, tmp)
    info = common.host_info()
    t0 = time.time()
    la0 = common.loadavg()
    pts = [{"label": lb, "kernel": k, "n": n, "m": m, "l": l, "thp": thp, "sweep": None}
           for lb, k, n, m, l, thp in POINTS]
    pred = {id(p): run.predict(cc, machine, p, tmp, i) for i, p in enumerate(pts)}
    predpt = {id(p): run.predict(cc, mpt, p, tmp, 1000 + i) for i, p in enumerate(pts)}
    mcas = {}
    for p in pts:
        if p["kernel"] not in mcas and "error" not in pred[id(p)]:
            mcas[p["kernel"]] = run.mca(cc, p["kernel"], pred[id(p)], "znver3" if "AMD" in
                                        info.get("vendor_id", "") else "sapphirerapids")
    kernels = sorted({p["kernel"] for p in pts})
    exe = run.build_harness(cc, machine, kernels, tmp)
    log = []
    for thp in (1, 0):
        sel = [p for p in pts if p["thp"] == thp]
        if thp == 0:
            os.environ["RL_NO_THP"] = "1"
        run.measure(exe, sel, rounds, False, log)
    os.environ.pop("RL_NO_THP", None)
    out = common.header("bench/accuracy/stencil-study.py", a, t0, la0, info)
    out.append("# machine %s; pred+pt: the same with port_table %s" % (machine, table))
    out += ["# " + l for l in log]
    out.append("%-14s %-10s %-13s %4s %7s %7s %7s %7s %7s %4s %4s %3s %5s %5s %5s" % (
        "part", "kernel", "size", "lvl", "meas", "med", "pred", "pred+pt", "mca", "ld", "sp", "st",
        "L1L2", "L2L3", "MEM"))
    for p in pts:
        pr, pp = pred[id(p)], predpt[id(p)]
        if "error" in pr:
            out.append("%-14s %-10s not predicted: %s" % (p["label"], p["kernel"], pr["error"]))
            continue
        best, med = run.cycles(p, pr)
        mc = mcas.get(p["kernel"])
        lst = pp.get("incore", {})
        lines = common.boundary_lines(pr, "%.2f")
        out.append("%-14s %-10s %-13s %4s %7s %7s %7.2f %7.2f %7s %4s %4s %3s %5s %5s %5s" % (
            p["label"], p["kernel"], run.fmt_size(p), pr["level"],
            "%.2f" % best if best else "-", "%.2f" % med if med else "-", pr["cy"] or 0,
            pp.get("cy") or 0, "%.2f" % mc[0] if mc else "-", pr["nload"],
            "%.0f" % lst.get("split_loads_per_pass", 0) if lst else "-", pr["nstore"],
            *(lines + ["-"] * (3 - len(lines)))))
    common.write_report(out, opt("--out"))


if __name__ == "__main__":
    main()
