#!/usr/bin/env python3
"""Predicted vs measured kernel times on PolyBench/C 4.2.1.

  bench/polybench/run.py POLYBENCH_DIR [--quick] [--machine FILE] [--cc gcc-12]
                         [--sizes MEDIUM,LARGE] [--builds vector,scalar] [--out FILE]

PolyBench/C 4.2.1 is not part of this tree: unpack the official tarball
(https://sourceforge.net/projects/polybench/files/, polybench-c-4.2.1-beta.tar.gz) or clone
https://github.com/shinawy/PolyBenchC-4.2.1 and give its directory.

For every kernel, dataset size (MEDIUM, LARGE) and build (vector: -O3 -march=native;
scalar: the same with -fno-tree-vectorize), the kernel is compiled with -DPOLYBENCH_TIME
and the plugin (remarks-dir=DIR, quiet), once with the plugin's default machine and, with
--machine FILE (a roofline-bench file of this host), once more with that file: the plugin
never changes the generated code, so one binary serves both.  The binary is run on the host
pinned to CPU 1 (taskset) under the measurement lock (flock /tmp/rl-measure.lock, nice -5),
held over several kernels for at most about 2 minutes at a time, several runs per kernel, the
runs of a kernel's builds taken in turn (vector, scalar, vector, ...: a change of the shared
host's load falls on both builds alike; --separate measures one build after the other, as
before); the 1-minute load average before each kernel is printed and saved; PolyBench's own
timer measures the kernel call only (arrays allocated and initialised, caches flushed
before the timer starts).

The predicted kernel time is read from the JSON remarks: the entry of the kernel_* function
in the file's "functions" list (its "seconds"); when GCC inlined the kernel into main (no
kernel_* entry), the sum of "performance.predicted_time.seconds" over the nests whose loops
lie inside the kernel_* function of the source.  Nests not analysed or not predicted are listed under their kernel with the reason.  The error is |predicted - measured| /
measured with the best measured time (other work on a shared host only makes runs slower),
and with the median next to it.  Printed per kernel: analysed nests / nests inside
the kernel function, measured best and median, predicted, error; then the median |error|
over (a) kernels whose nests are all analysed and (b) every kernel with a prediction, per
size and build and over both.

--quick: 8 kernels, MEDIUM only, fewer runs (a smoke test, about a minute).
"""
import argparse
import fcntl
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

LOCK = "/tmp/rl-measure.lock"
QUICK = ["gemm", "atax", "bicg", "jacobi-2d", "covariance", "trmm", "floyd-warshall", "nussinov"]
BUILDS = {"vector": [], "scalar": ["-fno-tree-vectorize"]}


def kernels(pb):
    out = []
    for src in sorted(glob.glob(os.path.join(pb, "**", "*.c"), recursive=True)):
        if "/utilities/" in src or src.endswith(".orig.c"):
            continue
        out.append((os.path.basename(src)[:-2], src))
    return out


def kernel_lines(src):
    """First and last line of the kernel_* function of SRC."""
    start = end = None
    with open(src) as f:
        for no, line in enumerate(f, 1):
            if start is None and re.match(r"^(static )?void kernel_", line):
                start = no
            elif start is not None and line.startswith("}"):
                end = no
                break
    return start, end


def compile_kernel(a, pb, name, src, size, build, bindir, machine, tag):
    """Compile NAME; returns the JSON path (and the binary when TAG is 'default')."""
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rdir = os.path.join(bindir, "remarks-%s-%s-%s" % (size, build, tag))
    os.makedirs(rdir, exist_ok=True)
    flags = ["-O3", "-march=native"] + BUILDS[build] + [
        "-DPOLYBENCH_TIME", "-D%s_DATASET" % size,
        "-I" + os.path.join(pb, "utilities"), "-I" + os.path.dirname(src)]
    plug = ["-fplugin=" + os.path.join(top, "roofline.so"),
            "-fplugin-arg-roofline-remarks-dir=" + rdir, "-fplugin-arg-roofline-quiet"]
    if machine:
        plug.append("-fplugin-arg-roofline-machine=" + machine)
    obj = os.path.join(rdir, name + ".o")   # remarks are named after the output: NAME.c.roofline.json
    cmd = ["nice", "-n", "10", a.cc] + flags + plug + ["-c", src, "-o", obj]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write("compile failed: %s\n%s" % (" ".join(cmd), r.stderr[-2000:]))
        return None, None
    exe = None
    if tag == "default":
        exe = os.path.join(bindir, "%s-%s-%s" % (name, size, build))
        util = os.path.join(bindir, "polybench-%s.o" % build)
        if not os.path.exists(util):
            subprocess.run(["nice", "-n", "10", a.cc] + flags + ["-c",
                            os.path.join(pb, "utilities", "polybench.c"), "-o", util], check=True)
        subprocess.run([a.cc, obj, util, "-lm", "-o", exe], check=True)
    return os.path.join(rdir, name + ".c.roofline.json"), exe


class Lock:
    """The measurement lock, held over several runs: a session ends (the lock is released for
    the others) once it has lasted SESSION seconds, before the next run starts (so a section
    lasts at most SESSION plus one run: 30 s for floyd-warshall LARGE on a 4.5 GHz Zen 5)."""
    SESSION = 100.0

    def __init__(self):
        self.f, self.t0 = None, 0.0

    def enter(self):
        if self.f and time.time() - self.t0 > self.SESSION:
            self.leave()
        if not self.f:
            self.f = open(LOCK, "a")
            fcntl.flock(self.f, fcntl.LOCK_EX)
            self.t0 = time.time()

    def leave(self):
        if self.f:
            fcntl.flock(self.f, fcntl.LOCK_UN)
            self.f.close()
            self.f = None


def measure(lock, exe, size, quick):
    """Runs of EXE under the lock, pinned to CPU 1: a list of kernel seconds."""
    # at least LO runs, at most HI, more than LO only while the runs of this kernel stay
    # within BUDGET seconds
    lo, hi, budget = (2, 3, 10.0) if quick else ((5, 11, 6.0) if size == "MEDIUM" else (3, 5, 20.0))
    times = []
    t0 = time.time()
    while len(times) < hi:
        lock.enter()   # a new session when this one has lasted long enough
        r = subprocess.run(["nice", "-n", "-5", "taskset", "-c", "1", exe],
                           capture_output=True, text=True)
        v = [float(x) for x in r.stdout.split() if re.match(r"^[0-9]+\.[0-9]+$", x)]
        if r.returncode != 0 or len(v) != 1:
            break
        times.append(v[0])
        el = time.time() - t0
        if len(times) >= lo and el * (len(times) + 1) / len(times) > budget:
            break
    return times


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def measure_interleaved(lock, exes, size, quick):
    """Runs of the builds of one kernel taken in turn (build 1, build 2, build 1, ...), so that
    a change of the shared host's load falls on every build alike: {build: [seconds]}, and the
    1-minute load average before the first run."""
    lo, hi, budget = (2, 3, 10.0) if quick else ((5, 11, 6.0) if size == "MEDIUM" else (3, 5, 20.0))
    budget *= len(exes)
    times = {b: [] for b in exes}
    load = load1()
    t0 = time.time()
    for rnd in range(hi):
        for b, exe in exes.items():
            lock.enter()
            r = subprocess.run(["nice", "-n", "-5", "taskset", "-c", "1", exe],
                               capture_output=True, text=True)
            v = [float(x) for x in r.stdout.split() if re.match(r"^[0-9]+\.[0-9]+$", x)]
            if r.returncode != 0 or len(v) != 1:
                return times, load
            times[b].append(v[0])
        el = time.time() - t0
        if rnd + 1 >= lo and el * (rnd + 2) / (rnd + 1) > budget:
            break
    return times, load


def nests_missing(js, src, lines):
    """'line L: reason' of the nests inside the kernel_* function that are not analysed or
    have no predicted seconds"""
    try:
        with open(js) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return []
    out = []
    for n in doc.get("nests", []):
        loc = n.get("location", {})
        if not loc.get("file", "").endswith(os.path.basename(src)) or not lines[0] <= loc.get("line", 0) <= lines[1]:
            continue
        pt = (n.get("performance") or {}).get("predicted_time") or {}
        if not n.get("analysed"):
            out.append("line %d: %s" % (loc["line"], n.get("reason", "not analysed")))
        elif pt and pt.get("seconds") is None:
            out.append("line %d: %s" % (loc["line"], pt.get("assumption") or "no predicted seconds"))
    return out


def nests_of(js, src, lines):
    """(analysed, total, seconds or None, note) for the kernel_* function of SRC."""
    try:
        with open(js) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return 0, 0, None, "no JSON"
    lo, hi = lines
    inside = [n for n in doc.get("nests", [])
              if n.get("location", {}).get("file", "").endswith(os.path.basename(src))
              and lo <= n["location"].get("line", 0) <= hi]
    analysed = sum(1 for n in inside if n.get("analysed"))
    for fn in doc.get("functions", []) or []:
        if str(fn.get("function", "")).startswith("kernel_") and fn.get("seconds") is not None:
            unranked = fn.get("nests_unranked") or 0
            if unranked and not fn.get("nests_ranked"):
                return analysed, len(inside), None, "no nest of %s ranked" % fn["function"]
            if unranked:   # a partial sum: the kernel counts as not fully analysed
                return (max(analysed - unranked, 0), len(inside), fn["seconds"],
                        "%d nests of %s not ranked" % (unranked, fn["function"]))
            return analysed, len(inside), fn["seconds"], "function"
    secs, have, missing = 0.0, False, 0
    for n in inside:
        pt = (n.get("performance") or {}).get("predicted_time")
        if pt is None:
            continue
        have = True
        if pt.get("seconds") is None:
            missing += 1
        else:
            secs += pt["seconds"]
    if not have:
        return analysed, len(inside), None, "no predicted_time in the JSON"
    if missing == len(inside) or missing and missing == analysed:
        return analysed, len(inside), None, "no nest with predicted seconds"
    if missing:
        # a partial sum: the kernel counts as not fully analysed
        return analysed - missing, len(inside), secs, "%d nests without predicted seconds" % missing
    return analysed, len(inside), secs, "nests"


def median_or_none(v):
    return statistics.median(v) if v else None


def host_info():
    info = {}
    out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    for key in ("Vendor ID", "Model name", "CPU family", "Model", "Stepping"):
        m = re.search(r"^%s:\s*(.*)$" % key, out, re.M)
        info[key] = m.group(1).strip() if m else "?"
    with open("/proc/loadavg") as f:
        info["load"] = " ".join(f.read().split()[:3])
    return info


def print_summaries(out, rows, tags, sizes, builds):
    """The medians of |error| against the best and the median run, per size and build, and the
    median predicted / best measured."""
    for ref, col in (("best", 1), ("median", 3)):
        out("== median |error| (predicted vs %s measured)" % ref)
        for tag, _ in tags:
            for size in sizes + ["both"]:
                for build in builds + ["both"]:
                    sel = [r for r in rows if (size == "both" or r["size"] == size)
                           and (build == "both" or r["build"] == build)]
                    full = [r[tag][col] for r in sel
                            if r[tag][col] is not None and r["analysed"] == r["total"] > 0]
                    every = [r[tag][col] for r in sel if r[tag][col] is not None]
                    nfull = sum(1 for r in sel if r["analysed"] == r["total"] > 0)
                    fa, fb = median_or_none(full), median_or_none(every)
                    out("%-7s %-6s %-6s (a) all nests analysed: %5s over %2d of %2d;"
                        " (b) all: %5s over %2d of %2d" % (
                            tag, size, build, "%.0f %%" % (100 * fa) if fa is not None else "-",
                            len(full), nfull, "%.0f %%" % (100 * fb) if fb is not None else "-",
                            len(every), len(sel)))
    out("== median predicted / best measured (below 1: predicted too fast)")
    for tag, _ in tags:
        for size in sizes:
            for build in builds:
                q = [r[tag][0] / r["best"] for r in rows if r["size"] == size and r["build"] == build
                     and r[tag][0] is not None and r["best"] > 0]
                m = median_or_none(q)
                out("%-7s %-6s %-6s %s over %d kernels" % (tag, size, build,
                                                          "%.2f" % m if m is not None else "-", len(q)))


def build_and_measure(a, pb, ks, sizes, builds, tags, work, reused):
    """Compile every kernel, size and build (outside the lock); unless times are reused or the
    builds are to be measured apart, time each kernel's builds in turn.  Returns the builds
    {(size, build): {kernel: (jsons, exe)}}, the times measured here and the load averages."""
    allbuilt, pre, loads = {}, {}, {}
    for size in sizes:
        for build in builds:
            built = {}
            for name, src in ks:   # compile first, outside the lock
                jsons, exe = {}, None
                for tag, mfile in tags:
                    js, e = compile_kernel(a, pb, name, src, size, build, work, mfile, tag)
                    jsons[tag] = js
                    exe = exe or e
                built[name] = (jsons, exe)
            allbuilt[(size, build)] = built
        if reused or a.separate or len(builds) < 2:
            continue
        lock = Lock()   # the builds of each kernel in turn
        for name, src in ks:
            exes = {b: allbuilt[(size, b)][name][1] for b in builds if allbuilt[(size, b)][name][1]}
            got, load = measure_interleaved(lock, exes, size, a.quick)
            for b, t in got.items():
                pre["%s %s %s" % (name, size, b)] = t
                loads["%s %s %s" % (name, size, b)] = load
        lock.leave()
    return allbuilt, pre, loads


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("polybench")
    ap.add_argument("--cc", default="gcc-12")
    ap.add_argument("--machine", help="roofline-bench file of this host (reported next to the default)")
    ap.add_argument("--sizes", default="MEDIUM,LARGE")
    ap.add_argument("--builds", default="vector,scalar")
    ap.add_argument("--kernels", help="comma list of kernel names (default: all 30)")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--separate", action="store_true",
                    help="measure the builds one after the other (all kernels of one build, then the "
                    "next) instead of taking the runs of a kernel's builds in turn")
    ap.add_argument("--keep", help="directory for binaries and remarks (default: a temporary one)")
    ap.add_argument("--out", help="also write the report to this file")
    ap.add_argument("--save-times", help="write the measured times to this JSON file")
    ap.add_argument("--reuse-times", help="take the measured times from --save-times files (a comma list) "
                    "instead of running (the plugin never changes the generated code, so a "
                    "rebuilt plugin predicts for the same binaries)")
    a = ap.parse_args()
    pb = os.path.abspath(a.polybench)
    if not os.path.isdir(os.path.join(pb, "utilities")):
        sys.exit("%s: not a PolyBench/C 4.2.1 directory (see --help for where to get it)" % pb)
    ks = kernels(pb)
    sizes, builds = a.sizes.split(","), a.builds.split(",")
    if a.kernels:
        want = a.kernels.split(",")
        ks = [k for k in ks if k[0] in want]
    if a.quick:
        ks = [k for k in ks if k[0] in QUICK]
        sizes = ["MEDIUM"]
    work = a.keep or tempfile.mkdtemp(prefix="rl-polybench-")
    os.makedirs(work, exist_ok=True)
    tags = [("default", None)] + ([("host", os.path.abspath(a.machine))] if a.machine else [])
    lines = []

    def out(s=""):
        print(s, flush=True)
        lines.append(s)

    info = host_info()
    saved, reused = {}, None
    if a.reuse_times:   # one file or a comma list (later files win)
        reused = {"times": {}, "from": []}
        for fn in a.reuse_times.split(","):
            with open(fn) as f:
                d = json.load(f)
            reused["times"].update(d["times"])
            reused["from"].append("%s (measured %s, load average before %s)" % (
                fn, d.get("date"), d.get("host", {}).get("load")))
    t_start = time.time()
    out("PolyBench/C 4.2.1: predicted vs measured kernel time")
    out("host: %s, family %s model %s stepping %s (%s); load average before: %s" % (
        info["Vendor ID"], info["CPU family"], info["Model"], info["Stepping"], info["Model name"], info["load"]))
    out("date: %s; compiler: %s; runs pinned to CPU 1 under %s" % (
        time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), a.cc, LOCK))
    if reused:
        for src in reused["from"]:
            out("measured times from %s" % src)
    out("machines: default = the plugin's choice for -march=native; host = %s" % (a.machine or "(none given)"))
    out()
    rows = []
    allbuilt, pre, loads = build_and_measure(a, pb, ks, sizes, builds, tags, work, reused)
    for size in sizes:
        for build in builds:
            out("== %s %s (-O3 -march=native%s)" % (size, build, " -fno-tree-vectorize" if build == "scalar" else ""))
            hdr = "%-16s %7s %11s %11s" % ("kernel", "nests", "best s", "median s")
            for tag, _ in tags:
                hdr += " %11s %7s" % ("pred(%s)" % tag[:4], "err")
            out(hdr)
            built = allbuilt[(size, build)]
            lock = Lock()
            for name, src in ks:
                jsons, exe = built[name]
                if not exe:
                    out("%-16s compilation failed" % name)
                    continue
                key = "%s %s %s" % (name, size, build)
                if reused:
                    times = reused["times"].get(key, [])
                elif key in pre:
                    times = pre[key]
                else:
                    loads[key] = load1()
                    times = measure(lock, exe, size, a.quick)
                saved[key] = times
                if not times:
                    out("%-16s run failed" % name)
                    continue
                if isinstance(times, dict):   # a summary (best, median, runs)
                    best, med, nruns = times["best"], times["median"], times["runs"]
                else:
                    best, med, nruns = min(times), statistics.median(times), len(times)
                rng = kernel_lines(src)
                row = {"kernel": name, "size": size, "build": build, "best": best, "median": med,
                       "runs": nruns}
                line = ""
                for tag, _ in tags:
                    an, tot, secs, how = nests_of(jsons[tag], src, rng)
                    row["analysed"], row["total"] = an, tot
                    err = abs(secs - best) / best if secs is not None and best > 0 else None
                    errm = abs(secs - med) / med if secs is not None and med > 0 else None
                    row[tag] = (secs, err, how, errm)
                    line += " %11s %7s" % ("%.4g" % secs if secs is not None else "-",
                                           "%.0f%%" % (100 * err) if err is not None else "-")
                out("%-16s %3d/%-3d %11.6f %11.6f%s   (%d runs%s)%s" % (
                    name, row["analysed"], row["total"], best, med, line, nruns,
                    ", load %.1f" % loads[key] if key in loads else "",
                    "" if all(row[t][0] is not None for t, _ in tags) else "  " + row["default"][2]))
                for m in nests_missing(jsons["default"], src, rng):
                    out("%-16s   %s" % ("", m))
                rows.append(row)
            lock.leave()
            out()
    print_summaries(out, rows, tags, sizes, builds)
    if not any(r[t][0] is not None for r in rows for t, _ in tags):
        out("no predicted_time in the JSON: no prediction to compare")
    with open("/proc/loadavg") as f:
        out("load average after: %s; wall time %.0f s" % (" ".join(f.read().split()[:3]), time.time() - t_start))
    if a.save_times and not reused:
        with open(a.save_times, "w") as f:
            json.dump({"host": info, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t_start)),
                       "times": saved, "load_before": loads,
                       "order": "separate builds" if a.separate or len(builds) < 2
                       else "builds in turn"}, f, indent=1)
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
