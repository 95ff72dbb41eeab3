#!/usr/bin/env python3
"""Predicted vs measured cost of a column walk (bench/tlb/colwalk-kernel.c) over row counts
below and above the TLB reach, on the host it runs on.

For each ROWS the kernel is compiled with the plugin and the machine file of the host (the
file in machines/ whose `host:` is its CPU, i.e. the host's roofline-bench file, or
--machine NAME|PATH) - the prediction is the JSON remarks' performance.cycles_per_unit, the
ECM figure at the predicted data level - and timed (best of 300, core cycles from a
dependent add chain).  Prints one row per size and the median |error|.

  python3 bench/tlb/predict.py [--machine M] [--cc gcc-12] [--rows 64,1024,...]
Time it under the measurement lock:
  flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 python3 bench/tlb/predict.py
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNEL = os.path.join(ROOT, "bench", "tlb", "colwalk-kernel.c")
FLAGS = ["-O2", "-fno-tree-vectorize"]


def cpu_id():
    info = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            k, _, v = line.partition(":")
            k, v = k.strip(), v.strip()
            if k in ("vendor_id", "cpu family", "model", "model name") and k not in info:
                info[k] = v
    return info


def host_machine(info):
    """the machines/*.yml whose host: is this CPU"""
    want = (info.get("vendor_id"), int(info.get("cpu family", -1)), int(info.get("model", -1)))
    mdir = os.path.join(ROOT, "machines")
    for name in sorted(os.listdir(mdir)):
        if not name.endswith(".yml"):
            continue
        with open(os.path.join(mdir, name)) as f:
            for line in f:
                if line.startswith("host:"):
                    d = dict((k.strip(), v.strip()) for k, v in
                             (p.split(":") for p in line[5:].strip(" {}\n").split(",")))
                    got = (d["vendor"], int(d["family"]), int(d["model"]))
                    if got == want:
                        return os.path.join(mdir, name)
    return None


def predict(cc, machine, rows, tmp):
    remarks = os.path.join(tmp, "r%d.json" % rows)
    cmd = [cc] + FLAGS + ["-DROWS=%d" % rows, "-fplugin=" + os.path.join(ROOT, "roofline.so"),
                          "-fplugin-arg-roofline-machine=" + machine,
                          "-fplugin-arg-roofline-remarks=" + remarks, "-c", KERNEL,
                          "-o", os.path.join(tmp, "k.o")]
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    with open(remarks) as f:
        doc = json.load(f)
    for n in doc["nests"]:
        if n.get("analysed") and n["location"]["function"] == "colsum":
            walks = n["ecm"].get("page_walks", {}).get("cycles", 0.0)
            return n["performance"]["cycles_per_unit"], walks, n["performance"]["data_level"]
    raise SystemExit("colsum not analysed for ROWS=%d" % rows)


def measure(cc, rows, tmp):
    exe = os.path.join(tmp, "cw%d" % rows)
    subprocess.run([cc] + FLAGS + ["-DROWS=%d" % rows, "-DRL_TIMING", "-o", exe, KERNEL],
                   check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.split()
    return float(out[1]), float(out[2])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--machine", help="machine name or path (default: the host's file)")
    ap.add_argument("--cc", default="gcc-12")
    ap.add_argument("--rows", default="64,256,1024,2048,3072,6144,8192,16384,32768")
    args = ap.parse_args()
    info = cpu_id()
    machine = args.machine or host_machine(info)
    if not machine:
        raise SystemExit("no machines/*.yml describes this CPU (%s family %s model %s): run "
                         "roofline-bench or give --machine" % (info.get("vendor_id"),
                         info.get("cpu family"), info.get("model")))
    print("# %s, vendor %s family %s model %s; machine %s; load average %s" % (
        info.get("model name"), info.get("vendor_id"), info.get("cpu family"),
        info.get("model"), os.path.relpath(machine, ROOT) if os.path.isabs(machine) else machine,
        os.getloadavg()[0]))
    print("# colsum: b[i] += a[i][j], 8 columns, rows of 4160 B; cy per unit of work (8 iterations)")
    print("# rows   pages  data  predicted  page walks  without them  measured   error  error without  clock GHz")
    errs, errs0 = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for rows in [int(r) for r in args.rows.split(",")]:
            pred, walks, level = predict(args.cc, machine, rows, tmp)
            ghz, meas = measure(args.cc, rows, tmp)
            err, err0 = (pred - meas) / meas, (pred - walks - meas) / meas
            errs.append(abs(err))
            errs0.append(abs(err0))
            print("%6d %7d  %-4s %9.1f %11.1f %13.1f %9.1f %+7.1f %% %+9.1f %% %9.3f" % (
                rows, rows * 4160 // 4096 + rows * 8 // 4096 + 1, level, pred, walks,
                pred - walks, meas, 100 * err, 100 * err0, ghz))
            sys.stdout.flush()
    print("# median |error| %.1f %% (without the page-walk term %.1f %%) over %d sizes" % (
        100 * statistics.median(errs), 100 * statistics.median(errs0), len(errs)))


if __name__ == "__main__":
    main()
