#!/usr/bin/env python3
"""Two roofline-bench files of one host: do their ECM calibrations predict the same?
Prints, per calibration kernel and level, the predicted time of both files (ns per unit of
work = predicted cycles / the file's clock: the runs measure the clock too, and a guest's
clock moves with the host's boost) and their difference, the fitted link costs, rule and
layer-condition factors side by side.
Usage: compare-calib.py RUN1.yml RUN2.yml"""
import sys
import yaml


def load(path):
    m = yaml.safe_load(open(path))
    ghz = float(m["clock"].split()[0])
    pred = {(r["kernel"], r["level"]): float(r["predicted"].split()[0]) / ghz
            for r in m["calibration"]["rows"]}
    meas = {(r["kernel"], r["level"]): float(r["measured"].split()[0]) / ghz
            for r in m["calibration"]["rows"]}
    return m, pred, meas


def main(a, b):
    ma, pa, xa = load(a)
    mb, pb, xb = load(b)
    print(f"rule: {ma['ecm']['overlap']} / {mb['ecm']['overlap']}; clock {ma['clock']} / {mb['clock']}")
    for ca, cb in zip(ma["caches"], mb["caches"]):
        print(f"{ca['name']}: fill {ca.get('fill')} / {cb.get('fill')}, evict {ca.get('evict')} / "
              f"{cb.get('evict')}, lc_factor {ca.get('lc_factor')} / {cb.get('lc_factor')}")
    print(f"memory: fill {ma['memory'].get('fill')} / {mb['memory'].get('fill')}, evict "
          f"{ma['memory'].get('evict')} / {mb['memory'].get('evict')}, bandwidth "
          f"{ma['memory']['bandwidth']} / {mb['memory']['bandwidth']}")
    worst = 0.0
    n = within = 0
    for k in pa:
        d = 100.0 * (pb[k] - pa[k]) / pa[k]
        dm = 100.0 * (xb[k] - xa[k]) / xa[k]
        worst = max(worst, abs(d))
        n += 1
        within += abs(d) <= 3.0
        print(f"{k[0]:13s} {k[1]:4s} predicted {pa[k]:7.3f} {pb[k]:7.3f} ns ({d:+5.1f} %)   "
              f"measured {xa[k]:7.3f} {xb[k]:7.3f} ns ({dm:+5.1f} %)")
    print(f"predictions within 3 %: {within} / {n}; largest difference {worst:.1f} %")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
