#!/usr/bin/env python3
"""Per-nest times of a PolyBench kernel in PolyBench's own setting (allocation, initialisation,
cache flush, one timed call): variant k keeps the first k top-level loops of the kernel's scop
(the later ones are compiled out), so time(k) - time(k-1) is the k-th nest's time with the data
where the earlier nests left it.  The variants' runs are taken in turn (1, 2, ..., 1, 2, ...)
pinned to CPU 1 under /tmp/rl-measure.lock at nice -5; best of RUNS each.

  nestprefix.py POLYBENCH_DIR KERNEL SIZE BUILD RUNS [WORKDIR]
      BUILD: vector (-O3 -march=native) or scalar (the same with -fno-tree-vectorize)

Prints per nest: its first source line, best and median time of the prefix, the nest's share
(difference of the best times) in ms.  The kernel source is copied to WORKDIR and patched
there (PolyBench itself is never changed).
"""
import os, re, subprocess, sys, statistics, tempfile, glob


def top_level_loops(lines):
    """Line indices of the top-level statements inside #pragma scop .. endscop."""
    s = next(i for i, l in enumerate(lines) if "#pragma scop" in l)
    e = next(i for i, l in enumerate(lines) if "#pragma endscop" in l)
    starts, depth, complete = [], 0, True
    for i in range(s + 1, e):
        code = lines[i].split("//")[0].strip()
        if not code:
            continue
        # a loop header at brace depth 0 after a complete statement (the inner loops of a
        # brace-less nest follow their header, which is not complete)
        if depth == 0 and complete and re.match(r"for\s*\(", code):
            starts.append(i)
        depth += code.count("{") - code.count("}")
        complete = code.endswith(";") or code.endswith("}")
    return s, e, starts


def main():
    pb, kernel, size, build, runs = sys.argv[1:6]
    runs = int(runs)
    work = sys.argv[6] if len(sys.argv) > 6 else tempfile.mkdtemp(prefix="nestprefix-")
    os.makedirs(work, exist_ok=True)
    src = glob.glob(os.path.join(pb, "**", kernel + ".c"), recursive=True)[0]
    lines = open(src).read().split("\n")
    s, e, starts = top_level_loops(lines)
    # a top-level loop without braces ends where the next starts: compile out from there on
    flags = ["-O3", "-march=native", "-DPOLYBENCH_TIME", "-D%s_DATASET" % size,
             "-I" + os.path.join(pb, "utilities"), "-I" + os.path.dirname(src)]
    if build == "scalar":
        flags.append("-fno-tree-vectorize")
    util = os.path.join(work, "polybench-%s.o" % build)
    if not os.path.exists(util):
        subprocess.run(["nice", "-n", "10", "gcc-12"] + flags +
                       ["-c", os.path.join(pb, "utilities", "polybench.c"), "-o", util], check=True)
    exes = []
    for k in range(1, len(starts) + 1):
        v = list(lines)
        if k < len(starts):
            v[starts[k]] = "#if 0\n" + v[starts[k]]
            v[e] = "#endif\n" + v[e]
        f = os.path.join(work, "%s-%d.c" % (kernel, k))
        open(f, "w").write("\n".join(v))
        exe = os.path.join(work, "%s-%s-%s-%d" % (kernel, size, build, k))
        subprocess.run(["nice", "-n", "10", "gcc-12"] + flags + [f, util, "-lm", "-o", exe], check=True)
        exes.append(exe)
    times = [[] for _ in exes]
    la = open("/proc/loadavg").read().split()[:3]
    for r in range(runs):
        for k, exe in enumerate(exes):
            out = subprocess.run(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5",
                                  "taskset", "-c", "1", exe], capture_output=True, text=True)
            times[k].append(float(out.stdout.split()[0]))
    cpu = {}
    for l in open("/proc/cpuinfo"):
        if ":" in l:
            a, b = [x.strip() for x in l.split(":", 1)]
            cpu.setdefault(a, b)
    print("%s %s %s, best of %d; %s family %s model %s; load average before %s, after %s" %
          (kernel, size, build, runs, cpu.get("vendor_id"), cpu.get("cpu family"), cpu.get("model"),
           " ".join(la), " ".join(open("/proc/loadavg").read().split()[:3])))
    prev = 0.0
    for k, t in enumerate(times):
        b = min(t)
        print("nest %d (line %d): prefix best %.6f ms median %.6f ms; nest %.6f ms" %
              (k + 1, starts[k] + 1, b * 1e3, statistics.median(t) * 1e3, (b - prev) * 1e3))
        prev = b


if __name__ == "__main__":
    main()
