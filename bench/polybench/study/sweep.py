#!/usr/bin/env python3
"""Predicted vs measured time of one PolyBench kernel over problem sizes (one variable at a time).
  sweep.py POLYBENCH_DIR KERNEL BUILD RUNS "N=100 M=80" "N=200 M=160" ...   [--huge]
Each size: compile with -D defines and the plugin (default machine), predicted seconds of
kernel_* from the JSON remarks (as bench/polybench/run.py reads them), best of RUNS runs
pinned to CPU 1 under /tmp/rl-measure.lock; --huge runs with hugepages.so preloaded."""
import fcntl, glob, json, os, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import importlib.util
spec = importlib.util.spec_from_file_location("run", os.path.join(os.path.dirname(
    os.path.abspath(__file__)), "..", "run.py"))
run = importlib.util.module_from_spec(spec); spec.loader.exec_module(run)

top = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
args = [a for a in sys.argv[1:] if a != "--huge"]
huge = "--huge" in sys.argv
pb, kernel, build, runs = args[0], args[1], args[2], int(args[3])
src = [s for s in glob.glob(os.path.join(pb, "**", kernel + ".c"), recursive=True)][0]
lines = run.kernel_lines(src)
work = "/tmp/pbl/sweep-%s-%s" % (kernel, build)
os.makedirs(work, exist_ok=True)
print("load average before: %s" % open("/proc/loadavg").read().split()[:3])
print("%-22s %10s %10s %6s" % ("sizes", "pred s", "best s", "m/p"))
for sz in args[4:]:
    tag = sz.replace(" ", "_").replace("=", "")
    d = ["-D" + x for x in sz.split()]
    flags = ["-O3", "-march=native", "-DPOLYBENCH_TIME", "-I" + pb + "/utilities",
             "-I" + os.path.dirname(src)] + d + (["-fno-tree-vectorize"] if build == "scalar" else [])
    rdir = os.path.join(work, tag); os.makedirs(rdir, exist_ok=True)
    obj = os.path.join(rdir, kernel + ".o")
    subprocess.run(["nice", "-n", "10", "gcc-12"] + flags + [
        "-fplugin=" + top + "/roofline.so", "-fplugin-arg-roofline-remarks-dir=" + rdir,
        "-fplugin-arg-roofline-quiet", "-c", src, "-o", obj], check=True)
    util = os.path.join(work, "pb.o")
    if not os.path.exists(util):
        subprocess.run(["gcc-12"] + flags + ["-c", pb + "/utilities/polybench.c", "-o", util], check=True)
    exe = os.path.join(rdir, kernel)
    subprocess.run(["gcc-12", obj, util, "-lm", "-o", exe], check=True)
    _, _, pred, _ = run.nests_of(os.path.join(rdir, kernel + ".c.roofline.json"), src, lines)
    env = dict(os.environ)
    if huge:
        env["LD_PRELOAD"] = "/tmp/pbl/hugepages.so"
    best = 1e9
    with open("/tmp/rl-measure.lock", "a") as lk:
        fcntl.flock(lk, fcntl.LOCK_EX)
        for r in range(runs):
            out = subprocess.run(["nice", "-n", "-5", "taskset", "-c", "1", exe], env=env,
                                 capture_output=True, text=True).stdout
            best = min(best, float(out.split()[0]))
    print("%-22s %10.4g %10.4g %6.2f" % (sz, pred or 0, best, best / pred if pred else 0), flush=True)
print("load average after: %s" % open("/proc/loadavg").read().split()[:3])
