#!/usr/bin/env python3
"""In-core benchmark: predicted vs measured cy/CL on the host that runs it.

For every kernel of kernels.c and every variant (flags below):
  predicted  the plugin's L1 prediction max(T_OL, T_nOL) on machine emr-host, or the one of
             --machine NAME|FILE (cy/CL);
  measured   harness.c on L1-resident data, best of reps, core cycles from a calibrated
             add-chain clock (run under flock /tmp/rl-measure.lock: the VM is shared);
  llvm-mca   the same loop body (extracted from gcc -S: the loop whose instruction count is
             the plugin's "instructions per pass"), llvm-mca -mcpu=MCPU, Total Cycles /
             iterations, scaled to a cache line with the plugin's iterations per pass.
Usage: bench/incore/run.py [--reps N] [--runs N] [--mcpu sapphirerapids] [--set calib|heldout]
                          [--wait-quiet SECONDS] [--serial] [--machine emr-host]
  --set heldout   the held-out kernels of heldout/kernels.c: loops that were NOT used to correct
                  any entry of machines/ports/glc.yml (the default set "calib" was).
  --wait-quiet S  before measuring, wait (checking every 20 s, at most S seconds) until the
                  1-min loadavg < 0.6 and no CI / overhead / roofline-bench process runs; then
                  measure anyway and say so in the output.
  --serial        also measure with an lfence after every call (harness.c -DRL_LFENCE) and print
                  it as column "ser" (diagnostic: no overlap of consecutive calls).
"""
import os, re, subprocess, sys, statistics, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CC = os.environ.get("CC", "gcc")
COMMON = ["-O3", "-march=native", "-fno-tree-loop-distribute-patterns", "-fno-math-errno"]
VARIANTS = {
    "avx2":   (["-mprefer-vector-width=256"], None),
    # GCC 12 -march=native (cooperlake) emits zmm loops by default
    "avx512": ([], None),
    "scalar": (["-fno-tree-vectorize"], None),
    "fast":   (["-ffast-math"], {"sum", "ssum", "sum4", "dot", "mm_dot"}),
    "fast256": (["-ffast-math", "-mprefer-vector-width=256"], {"sum", "ssum", "sum4", "dot", "mm_dot"}),
}
INNER = {"jacobi1d": lambda n: n - 2, "jacobi2d": lambda n: 254, "mm_dot": lambda n: n // 8,
         "sum4": lambda n: n // 4}
FLOAT = {"striad", "ssum", "sdiv"}
NELEM = 1024

sys.path.insert(0, os.path.join(ROOT, "bench", "lib"))
from asmloops import loop_bodies  # noqa: E402

# Held-out set (heldout/kernels.c): every kernel strict (-fno-fast-math) in scalar / AVX2 /
# AVX-512, the reductions also with -ffast-math at 512 and 256 bit.
HRED = {"sum2", "sum3", "nrm2", "snrm2", "asum"}
HVARIANTS = {
    "avx2":   (["-mprefer-vector-width=256"], None),
    "avx512": ([], None),
    "scalar": (["-fno-tree-vectorize"], None),
    "fast":   (["-ffast-math"], HRED),
    "fast256": (["-ffast-math", "-mprefer-vector-width=256"], HRED),
}
HINNER = {"w3": lambda n: n - 2, "st5": lambda n: n - 4, "sst5": lambda n: n - 4,
          "sum2": lambda n: n // 2}
HFLOAT = {"sst5", "saxpb", "sfmac", "snrm2", "sdivs", "shyp"}
SETS = {
    "calib":   ("kernels.c", VARIANTS, INNER, FLOAT),
    "heldout": (os.path.join("heldout", "kernels.c"), HVARIANTS, HINNER, HFLOAT),
}
KSRC = os.path.join(HERE, "kernels.c")

def loadavg():
    return float(open("/proc/loadavg").read().split()[0])

def busy():
    r = sh(["pgrep", "-f", r"\.ci/run|overhead\.sh|roofline-bench"])
    return [x for x in r.stdout.split() if int(x) != os.getpid()]

def wait_quiet(limit, step=20):
    """Wait until the machine is quiet; return a line saying how long and whether it was."""
    t0 = time.time()
    while True:
        la, b = loadavg(), busy()
        if la < 0.6 and not b:
            return "quiet after %.0f s (loadavg %.2f, no CI/bench processes)" % (time.time() - t0, la)
        if time.time() - t0 >= limit:
            return "NOT quiet after %.0f s (loadavg %.2f, busy pids %s): measured anyway" % (
                time.time() - t0, la, ",".join(b) or "none")
        time.sleep(step)

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)

def kernel_lines():
    m = {}
    for i, l in enumerate(open(KSRC), 1):
        r = re.match(r"K\((\w+)\)", l)
        if r:
            m[i] = r.group(1)
    return m

MACHINE = "emr-host"

def predict(variant, flags, tmp):
    src = KSRC
    out = sh([CC] + COMMON + flags + ["-DVARIANT=" + variant, "-fplugin=" + ROOT + "/roofline.so",
              "-fplugin-arg-roofline-machine=" + MACHINE, "-fplugin-arg-roofline-verbose",
              "-fno-diagnostics-show-caret", "-c", src, "-o", os.path.join(tmp, variant + ".o")])
    res, lines = {}, kernel_lines()
    t_ms = re.search(r"plugin time ([0-9.]+) ms", out.stderr)
    for l in out.stderr.splitlines():
        r = re.match(r".*kernels.c:(\d+):\d+: note: roofline: (.*)", l)
        if not r:
            continue
        name = lines.get(int(r.group(1)))
        if not name:
            continue
        d = res.setdefault(name, {})
        t = r.group(2)
        e = re.match(r"ECM \{([0-9.]+) \|\| ([0-9.]+) .*-> \{([0-9.]+) \]", t)
        if e:
            d["t_ol"], d["t_nol"], d["l1"] = float(e.group(1)), float(e.group(2)), float(e.group(3))
        u = re.match(r"unit of work = (\d+) iterations.*?(\d+) instructions per pass, (\d+) iterations per pass", t)
        if u:
            d["unit"], d["ninsn"], d["ipp"] = int(u.group(1)), int(u.group(2)), int(u.group(3))
        if t.startswith("in-core per pass"):
            d["incore"] = t
    asm = sh([CC] + COMMON + flags + ["-DVARIANT=" + variant, "-S", src, "-o", "-"]).stdout
    return res, asm, float(t_ms.group(1)) if t_ms else None

def mca(body, mcpu):
    txt = "\n".join(body) + "\n"
    out = sh(["llvm-mca", "-mcpu=" + mcpu, "-iterations=500"], input=txt)
    tot = re.search(r"Total Cycles:\s+(\d+)", out.stdout)
    return int(tot.group(1)) / 500.0 if tot else None

def main():
    global KSRC, VARIANTS, INNER, FLOAT, MACHINE
    reps = 200
    mcpu = "sapphirerapids"
    args = sys.argv[1:]
    if "--reps" in args:
        reps = int(args[args.index("--reps") + 1])
    runs = 3
    if "--runs" in args:
        runs = int(args[args.index("--runs") + 1])
    if "--mcpu" in args:
        mcpu = args[args.index("--mcpu") + 1]
    kset = args[args.index("--set") + 1] if "--set" in args else "calib"
    MACHINE = args[args.index("--machine") + 1] if "--machine" in args else MACHINE
    src, VARIANTS, INNER, FLOAT = SETS[kset]
    KSRC = os.path.join(HERE, src)
    quiet = int(args[args.index("--wait-quiet") + 1]) if "--wait-quiet" in args else None
    tmp = tempfile.mkdtemp(prefix="rl-incore-")
    preds, asms, plugin_ms = {}, {}, {}
    names = list(kernel_lines().values())
    for v, (flags, only) in VARIANTS.items():
        preds[v], asms[v], plugin_ms[v] = predict(v, flags, tmp)
    # harness
    with open(os.path.join(tmp, "kernels.list.h"), "w") as f:
        decl, calls = [], []
        for v, (flags, only) in VARIANTS.items():
            for k in names:
                decl.append("kfn %s_%s;" % (v, k))
                if only and k not in only:
                    continue
                n = NELEM * (2 if k in FLOAT else 1)
                inner = INNER.get(k, lambda n: n)(n)
                calls.append("X(%s, %s, %d, %d, %d)" % (v, k, n, inner, k in FLOAT))
        f.write("\n".join(decl) + "\n#define KERNELS " + " ".join(calls) + "\n")
    objs = []
    for v, (flags, only) in VARIANTS.items():
        o = os.path.join(tmp, v + ".bench.o")
        r = sh([CC] + COMMON + flags + ["-DVARIANT=" + v, "-c", KSRC, "-o", o])
        if r.returncode:
            sys.exit(r.stderr)
        objs.append(o)
    exe = os.path.join(tmp, "harness")
    r = sh([CC, "-O2", "-I", tmp, os.path.join(HERE, "harness.c")] + objs + ["-lm", "-o", exe])
    if r.returncode:
        sys.exit(r.stderr)
    serial = "--serial" in args
    if serial:
        r = sh([CC, "-O2", "-DRL_LFENCE", "-I", tmp, os.path.join(HERE, "harness.c")] + objs +
               ["-lm", "-o", exe + "-ser"])
        if r.returncode:
            sys.exit(r.stderr)
    # several runs, a pause between them; per kernel the fastest run (the VM is shared: a busy
    # sibling vCPU slows throughput-bound loops, never speeds them up)
    meas, clk, allm, smeas = {}, [], {}, {}
    qmsg = wait_quiet(quiet) if quiet is not None else None
    la = [loadavg()]
    for r in range(runs):
        if r:
            time.sleep(2)
        run = sh(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5", "taskset", "-c", "1", exe, str(reps)])
        la.append(loadavg())
        fm = None
        got = {}
        for l in run.stdout.splitlines():
            p = l.split()
            if p[0] == "clock_ghz_max":
                fm = float(p[1])
            elif p[0].startswith("clock_ghz"):
                clk.append(float(p[1]))
            else:
                got[(p[0], p[1])] = float(p[2])
        clk.append(fm)
        for k, v in got.items():
            meas[k] = min(meas.get(k, 1e30), v * fm)
            allm.setdefault(k, []).append(v * fm)
        if serial:
            time.sleep(1)
            run = sh(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5", "taskset", "-c", "1", exe + "-ser", str(reps)])
            fs = [float(l.split()[1]) for l in run.stdout.splitlines() if l.startswith("clock_ghz_max")][0]
            clk.append(fs)
            for l in run.stdout.splitlines():
                p = l.split()
                if not p[0].startswith("clock_ghz"):
                    smeas[(p[0], p[1])] = min(smeas.get((p[0], p[1]), 1e30), float(p[2]) * fs)
            la.append(loadavg())
    fmax = max(clk)
    print("# kernel set %s (%s); machine %s; %d runs x best of %d reps; loadavg before/after runs: %s" % (
        kset, os.path.relpath(KSRC, ROOT), MACHINE, runs, reps, " ".join("%.2f" % x for x in la)))
    if qmsg:
        print("# machine before measuring: " + qmsg)
    print("core clock (add chain): first %.3f GHz, fastest in the run %.3f GHz (used); llvm-mca -mcpu=%s" % (clk[0], fmax, mcpu))
    print("%-8s %-9s %7s %7s %7s %7s %7s %6s%s  %s" % ("variant", "kernel", "pred", "meas", "err%", "mca", "err%", "sprd%",
          "     ser   err%" if serial else "", "bound (plugin)"))
    errs, merrs, byb, serrs = [], [], {}, {}
    for v, (flags, only) in VARIANTS.items():
        for k in names:
            if only and k not in only:
                continue
            d = preds[v].get(k)
            if not d or "l1" not in d or (v, k) not in meas:
                print("%-8s %-9s  not analysed" % (v, k))
                continue
            m = meas[(v, k)] * d["unit"]
            p = d["l1"]
            e = 100.0 * (p - m) / m
            bodies = loop_bodies(asms[v], "%s_%s" % (v, k))
            cand = [b for b in bodies if len(b) == d["ninsn"]]
            mc = None
            if cand:
                c = mca(cand[0], mcpu)
                mc = c * d["unit"] / d["ipp"] if c else None
            me = 100.0 * (mc - m) / m if mc else None
            errs.append(abs(e))
            if me is not None:
                merrs.append(abs(me))
            bound = re.search(r"bound: ([^;]*)", d.get("incore", ""))
            unk = re.search(r"(\d+) instructions? not in the table", d.get("incore", ""))
            # spread: median of the runs' best vs the best run (noise of the shared VM)
            sp = 100.0 * (statistics.median(allm[(v, k)]) / min(allm[(v, k)]) - 1)
            bn = bound.group(1) if bound else ""
            cls = "div" if bn == "div" else "sc" if bn == "sc" else "latency" if bn == "latency" else \
                  "front end" if bn == "front end" else "ports"
            byb.setdefault(cls, ([], []))[0].append(abs(e))
            if me is not None:
                byb[cls][1].append(abs(me))
            sc = ""
            if serial:
                ms = smeas[(v, k)] * d["unit"]
                es = 100.0 * (p - ms) / ms
                serrs.setdefault(cls, []).append((abs(es), abs(100.0 * (mc - ms) / ms) if mc else None))
                sc = " %7.2f %+6.1f" % (ms, es)
            print("%-8s %-9s %7.2f %7.2f %+7.1f %7s %7s %6.1f%s  %s%s" % (v, k, p, m, e,
                  "%.2f" % mc if mc else "-", "%+.1f" % me if me is not None else "-", sp, sc,
                  bn, " (%s unknown insns)" % unk.group(1) if unk else ""))
    print("kernels: %d; median |error|: ours %.1f %%, llvm-mca %.1f %% (%d bodies)" % (
        len(errs), statistics.median(errs), statistics.median(merrs) if merrs else float("nan"), len(merrs)))
    for cls, (a, b) in sorted(byb.items()):
        print("  bound %-9s %2d kernels: median |error| ours %5.1f %%, llvm-mca %5.1f %%" % (
            cls, len(a), statistics.median(a), statistics.median(b) if b else float("nan")))
    if serial:
        for cls, l in sorted(serrs.items()):
            print("  vs ser: bound %-9s %2d kernels: median |error| ours %5.1f %%, llvm-mca %5.1f %%" % (
                cls, len(l), statistics.median(x for x, _ in l),
                statistics.median([y for _, y in l if y is not None] or [float("nan")])))
    print("plugin time per translation unit (18 loops or 4): " + ", ".join(
        "%s %.1f ms" % (v, t) for v, t in plugin_ms.items() if t is not None))

if __name__ == "__main__":
    main()
