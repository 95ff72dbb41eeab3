#!/usr/bin/env python3
"""Two roofline-bench files of one host: does the plugin predict the same with either?
Compiles the kernels of bench/accuracy with each file (bench/accuracy/run.py --predict-only: no
measurement, no lock) and compares the predictions point by point in time (predicted cycles /
the file's clock: both runs measure the clock, and a guest's clock moves with the host's boost).
Prints per data level the points within 3 %, the median and the largest difference, then the
points that differ by more than 3 %.
Usage: compare-predictions.py RUN1.yml RUN2.yml [--kernels K1,K2,...] [--no-port-table]
  --no-port-table: drop the files' incore.port_table line first (compare the measured parts:
  with a port table both files predict the in-core time from the same table)."""
import os
import statistics
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "accuracy", "run.py")
STREAMS = "load,init,copy,update,daxpy,triad,schoenauer,add"


def predictions(machine, kernels, tmp, tag):
    out = os.path.join(tmp, tag + ".txt")
    r = subprocess.run([sys.executable, RUN, "--machine", machine, "--kernels", kernels,
                        "--predict-only", "--out", out], capture_output=True, text=True)
    if r.returncode:
        sys.exit("run.py failed for %s: %s" % (machine, r.stderr[-400:]))
    pred = {}
    for line in open(out):
        f = line.split()
        if len(f) >= 5 and f[3] in ("L1", "L2", "L3", "MEM"):
            pred[(f[0], f[1])] = (f[3], float(f[4]))
    return pred


def prepared(path, tmp, tag, drop_ports):
    if not drop_ports:
        return path
    p = os.path.join(tmp, tag + ".yml")
    with open(path) as src, open(p, "w") as dst:
        dst.writelines(l for l in src if not l.lstrip().startswith("port_table:"))
    return p


def main(argv):
    files = [a for a in argv if not a.startswith("--") and not (argv.index(a) > 0 and
                                                               argv[argv.index(a) - 1] == "--kernels")]
    if len(files) != 2:
        sys.exit(__doc__)
    kernels = argv[argv.index("--kernels") + 1] if "--kernels" in argv else STREAMS
    drop = "--no-port-table" in argv
    ghz = [float(yaml.safe_load(open(f))["clock"].split()[0]) for f in files]
    with tempfile.TemporaryDirectory(prefix="rl-cmp-") as tmp:
        pa, pb = (predictions(prepared(f, tmp, "f%d" % i, drop), kernels, tmp, "p%d" % i)
                  for i, f in enumerate(files))
    print("files: %s (clock %.3f GHz) / %s (clock %.3f GHz)%s" % (
        files[0], ghz[0], files[1], ghz[1], "; port_table dropped" if drop else ""))
    per, worst = {}, []
    for k, (lvl, a) in pa.items():
        if k not in pb or a <= 0:
            continue
        lvl_b, b = pb[k]
        d = 100.0 * (b / ghz[1] - a / ghz[0]) / (a / ghz[0])
        per.setdefault(lvl, []).append(abs(d))
        if abs(d) > 3.0 or lvl_b != lvl:
            worst.append((abs(d), k, lvl, lvl_b, a, b, d))
    n = within = 0
    for lvl in ("L1", "L2", "L3", "MEM"):
        if lvl in per:
            v = per[lvl]
            n += len(v)
            within += sum(1 for x in v if x <= 3.0)
            print("%-4s %3d points: within 3 %%: %3d, median %.1f %%, max %.1f %%" % (
                lvl, len(v), sum(1 for x in v if x <= 3.0), statistics.median(v), max(v)))
    print("all  %3d points: within 3 %%: %d" % (n, within))
    for w in sorted(worst, reverse=True)[:20]:
        print("  %-12s %-10s %s/%s  %.2f / %.2f cy  (%+.1f %% in time)" % (
            w[1][0], w[1][1], w[2], w[3], w[4], w[5], w[6]))


if __name__ == "__main__":
    main(sys.argv[1:])
