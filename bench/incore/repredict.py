#!/usr/bin/env python3
"""Predict again, without measuring: the in-core benchmark's saved measurements (run.py's output
files) against the plugin of this tree and, with --before DIR, another build of the plugin (a
tree with roofline.so built): median |error| of both and every loop whose prediction changed.
Usage: bench/incore/repredict.py [--machine zen5-host-bench] [--before DIR]
                                 [--files zen5-2026-11-24.txt,heldout-zen5-2026-11-24.txt]
A file whose first line names "--set heldout" (or whose name starts with "heldout") is predicted
with the held-out kernels."""
import importlib.util, os, statistics, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("incore_run", os.path.join(HERE, "run.py"))
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)

def measured(path, variants):
    m = {}
    for l in open(path):
        p = l.split()
        if len(p) >= 4 and p[0] in variants:
            try:
                m[(p[0], p[1])] = float(p[3])
            except ValueError:
                pass
    return m

def main():
    a = sys.argv[1:]
    opt = lambda k, d: a[a.index(k) + 1] if k in a else d
    run.CC = os.environ.get("CC", "gcc-12")
    run.MACHINE = opt("--machine", "zen5-host-bench")
    roots = [("after", run.ROOT)] + ([("before", opt("--before", None))] if "--before" in a else [])
    for f in opt("--files", "zen5-2026-11-24.txt,heldout-zen5-2026-11-24.txt").split(","):
        path = f if os.path.isabs(f) else os.path.join(HERE, f)
        kset = "heldout" if "--set heldout" in open(path).readline() or os.path.basename(f).startswith("heldout") else "calib"
        src, variants, _, _ = run.SETS[kset]
        run.KSRC = os.path.join(HERE, src)
        meas = measured(path, variants)
        pred = {}
        for lab, root in roots:
            run.ROOT = root
            tmp = tempfile.mkdtemp(prefix="rl-repredict-")
            for v, (flags, _) in variants.items():
                res, _, _ = run.predict(v, flags, tmp)
                for k, d in res.items():
                    if "l1" in d and (v, k) in meas:
                        pred.setdefault((v, k), {})[lab] = d["l1"]
        keys = [k for k in sorted(pred) if len(pred[k]) == len(roots)]
        line = "%s (%s set, %d loops): median |error|" % (f, kset, len(keys))
        for lab, _ in roots:
            line += " %s %.1f %%" % (lab, statistics.median(abs(pred[k][lab] - meas[k]) / meas[k] * 100 for k in keys))
        print(line)
        for k in keys:
            if len(roots) == 2 and abs(pred[k]["after"] - pred[k]["before"]) > 1e-9:
                print("  %-7s %-10s %6.2f -> %6.2f cy/CL, measured %6.2f" % (k[0], k[1], pred[k]["before"], pred[k]["after"], meas[k]))

if __name__ == "__main__":
    main()
