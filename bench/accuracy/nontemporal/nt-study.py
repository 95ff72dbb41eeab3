#!/usr/bin/env python3
"""Non-temporal stores in memory: measured vs predicted, one core.
Kernels (this folder, one cache line per iteration, _mm512_stream_pd: AVX-512 hosts only):
ntinit (a stream of non-temporal stores), ntcopy (a load stream + one of them), nttriad (two
load streams + one of them), next to the write-back kernels init, copy, triad and load of
bench/accuracy/kernels.  128 MiB per kernel, the harness of bench/accuracy (2 MiB pages).
Prints per kernel the best cycles per cache line of each array over ROUNDS rounds and the
plugin's prediction with MACHINE (performance.cycles_per_unit per line).
Usage: nt-study.py --machine FILE [--rounds 3] [--cc gcc-12]"""
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ACC = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(ACC))
sys.path.insert(0, ACC)
import run  # noqa: E402  bench/accuracy/run.py: its flags, harness and lock
from run import sh  # noqa: E402

FLAGS = run.COMMON
# kernel, source, arrays, iterations per line (the NT loops step by 8 doubles)
KERNELS = [("ntinit", HERE, 1, 1), ("init", ACC + "/kernels", 1, 8),
           ("ntcopy", HERE, 2, 1), ("copy", ACC + "/kernels", 2, 8),
           ("nttriad", HERE, 3, 1), ("triad", ACC + "/kernels", 3, 8),
           ("load", ACC + "/kernels", 1, 8)]
WS = 128 << 20
LOCK = run.MEASURE


def main(a):
    opt = lambda k, d=None: a[a.index(k) + 1] if k in a else d
    machine, cc, rounds = opt("--machine"), opt("--cc", "gcc-12"), int(opt("--rounds", "3"))
    if not machine:
        sys.exit(__doc__)
    tmp = tempfile.mkdtemp(prefix="rl-nt-")
    objs, pred = [], {}
    for k, d, arrays, ipl in KERNELS:
        n = WS // (8 * arrays) // 8 * 8
        o = os.path.join(tmp, k + ".o")
        extra = ["-ffast-math"] if k == "load" else []
        r = sh([cc] + FLAGS + extra + ["-fplugin=" + os.path.join(ROOT, "roofline.so"),
                "-fplugin-arg-roofline-machine=" + machine,
                "-fplugin-arg-roofline-remarks-dir=" + tmp,
                "-fplugin-arg-roofline-define=n=%d" % n, "-c", os.path.join(d, k + ".c"), "-o", o])
        if r.returncode:
            sys.exit(r.stderr)
        objs.append(o)
        x = [x for x in json.load(open(os.path.join(tmp, k + ".c.roofline.json")))["nests"]
             if x.get("analysed")][0]
        lines_per_unit = x["unit_of_work"]["iterations"] / ipl
        pred[k] = (x["performance"]["cycles_per_unit"] / lines_per_unit, x["performance"]["data_level"])
    exe = run.link_harness(cc, [k for k, _, _, _ in KERNELS], objs, tmp)
    tasks = ""
    for rr in range(rounds):
        for k, _, arrays, _ in KERNELS:
            n = WS // (8 * arrays) // 8 * 8
            lens = [n if j < arrays else 0 for j in range(4)]
            tasks += "%s-%d %s %d 0 0 %s 300 11\n" % (k, rr, k, n, " ".join(map(str, lens)))
    la0 = open("/proc/loadavg").read().split()[0]
    out = sh(LOCK + [exe], input=tasks).stdout
    la1 = open("/proc/loadavg").read().split()[0]
    best = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 6 and "-" in f[0]:
            k = f[0].rsplit("-", 1)[0]
            n = WS // (8 * dict((kk, ar) for kk, _, ar, _ in KERNELS)[k]) // 8 * 8
            best.setdefault(k, []).append(float(f[1]) * float(f[5]) / (n / 8))
    print("# nt-study.py --machine %s; %d rounds, 128 MiB per kernel, load average %s -> %s" % (
        os.path.relpath(machine, ROOT) if machine.startswith(ROOT) else machine, rounds, la0, la1))
    print("%-8s %8s %8s %8s   %s" % ("kernel", "meas", "pred", "err%", "rounds (cy per line)"))
    for k, _, _, _ in KERNELS:
        m = min(best.get(k, [0])) or float("nan")
        p = pred[k][0]
        print("%-8s %8.2f %8.2f %+8.1f   %s" % (k, m, p, 100 * (p - m) / m,
                                             " ".join("%.2f" % v for v in best.get(k, []))))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
