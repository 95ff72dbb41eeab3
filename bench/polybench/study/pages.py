#!/usr/bin/env python3
"""Time PolyBench binaries with 4 KiB pages and with 2 MiB pages (LD_PRELOAD hugepages.so),
alternating, best of RUNS each, one kernel+build per hold of the measurement lock.
  pages.py BINDIR SIZE RUNS kernel...   (binaries BINDIR/kernel-SIZE-{vector,scalar})"""
import fcntl, os, subprocess, sys, time

bindir, size, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
shim = os.path.join(bindir, "..", "hugepages.so")
print("load average before: %s" % open("/proc/loadavg").read().split()[:3])
print("%-16s %-6s %10s %10s %7s" % ("kernel", "build", "4KiB s", "2MiB s", "ratio"))
for k in sys.argv[4:]:
    for b in ("vector", "scalar"):
        exe = os.path.join(bindir, "%s-%s-%s" % (k, size, b))
        best = {"4k": 1e9, "2m": 1e9}
        with open("/tmp/rl-measure.lock", "a") as lk:
            fcntl.flock(lk, fcntl.LOCK_EX)
            for r in range(runs):
                for tag in ("4k", "2m"):
                    env = dict(os.environ)
                    if tag == "2m":
                        env["LD_PRELOAD"] = os.path.abspath(shim)
                    out = subprocess.run(["nice", "-n", "-5", "taskset", "-c", "1", exe],
                                         env=env, capture_output=True, text=True).stdout
                    best[tag] = min(best[tag], float(out.split()[0]))
        print("%-16s %-6s %10.4f %10.4f %7.2f" % (k, b, best["4k"], best["2m"],
                                                 best["4k"] / best["2m"]), flush=True)
print("load average after: %s" % open("/proc/loadavg").read().split()[:3])
