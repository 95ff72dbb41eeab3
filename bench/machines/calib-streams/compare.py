#!/usr/bin/env python3
"""Join the plugin's ECM predictions (JSON remarks) with the harness's measurements."""
import json
import statistics
import sys

FIT = {"load", "store", "copy", "update", "add"}   # the kernels roofline-bench fitted on
LEVELS = ["L1", "L2", "L3", "MEM"]


def main(remarks, measured):
    pred = {}
    for nest in json.load(open(remarks))["nests"]:
        fn = nest["location"]["function"]
        pred[fn[2:] if fn.startswith("k_") else fn] = nest["ecm"]["predictions"]
    rows, errs = [], {}
    for line in open(measured):
        f = line.split()
        if f[0] == "clock":
            print(line.strip())
            continue
        kern, lv, meas = f[0], f[1], float(f[2])
        p = pred[kern][LEVELS.index(lv)]
        e = 100.0 * (p - meas) / meas
        held = "" if kern in FIT else " (held out)"
        rows.append((kern, lv, meas, p, e))
        errs.setdefault((lv, kern in FIT), []).append(abs(e))
        print(f"{kern:13s} {lv:4s} measured {meas:8.2f}  predicted {p:8.2f}  error {e:+6.1f} %{held}")
    for lv in LEVELS:
        for fit in (True, False):
            v = errs.get((lv, fit), [])
            if v:
                print(f"{lv:4s} {'fitted-traffic kernels' if fit else 'held-out kernels':22s}: "
                      f"median |error| {statistics.median(v):5.1f} %, max {max(v):5.1f} % (n={len(v)})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
