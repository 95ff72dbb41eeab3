#!/usr/bin/env python3
"""In-core benchmark (issue 4, acceptance 2): predicted vs measured cy/CL on this host.

For every kernel of kernels.c and every variant (flags below):
  predicted  the plugin's L1 prediction max(T_OL, T_nOL) on machine emr-host (cy/CL);
  measured   harness.c on L1-resident data, best of reps, core cycles from a calibrated
             add-chain clock (run under flock /tmp/rl-measure.lock: the VM is shared);
  llvm-mca   the same loop body (extracted from gcc -S: the loop whose instruction count is
             the plugin's "instructions per pass"), llvm-mca -mcpu=MCPU, Total Cycles /
             iterations, scaled to a cache line with the plugin's iterations per pass.
Usage: bench/incore/run.py [--reps N] [--runs N] [--mcpu sapphirerapids]
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

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)

def kernel_lines():
    m = {}
    for i, l in enumerate(open(os.path.join(HERE, "kernels.c")), 1):
        r = re.match(r"K\((\w+)\)", l)
        if r:
            m[i] = r.group(1)
    return m

def predict(variant, flags, tmp):
    src = os.path.join(HERE, "kernels.c")
    out = sh([CC] + COMMON + flags + ["-DVARIANT=" + variant, "-fplugin=" + ROOT + "/roofline.so",
              "-fplugin-arg-roofline-machine=emr-host", "-fplugin-arg-roofline-verbose",
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
        if t.startswith("in-core"):
            d["incore"] = t
    asm = sh([CC] + COMMON + flags + ["-DVARIANT=" + variant, "-S", src, "-o", "-"]).stdout
    return res, asm, float(t_ms.group(1)) if t_ms else None

INSN = re.compile(r"^\t[a-z]")

def loop_bodies(asm, fn):
    """Loops (label .. backward jump) of function FN in the .s text: lists of insn lines."""
    m = re.search(r"^%s:\n(.*?)\t\.size\t%s," % (re.escape(fn), re.escape(fn)), asm, re.S | re.M)
    if not m:
        return []
    lines = m.group(1).splitlines()
    labels = {l[:-1]: i for i, l in enumerate(lines) if re.match(r"^\.L\w+:$", l)}
    loops = []
    for j, l in enumerate(lines):
        r = re.match(r"^\tj\w+\t(\.L\w+)$", l)
        if r and r.group(1) in labels and labels[r.group(1)] < j:
            body = [x for x in lines[labels[r.group(1)]:j + 1] if INSN.match(x)]
            loops.append(body)
    return loops

def mca(body, mcpu):
    txt = "\n".join(body) + "\n"
    out = sh(["llvm-mca", "-mcpu=" + mcpu, "-iterations=500"], input=txt)
    tot = re.search(r"Total Cycles:\s+(\d+)", out.stdout)
    return int(tot.group(1)) / 500.0 if tot else None

def main():
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
        r = sh([CC] + COMMON + flags + ["-DVARIANT=" + v, "-c", os.path.join(HERE, "kernels.c"), "-o", o])
        if r.returncode:
            sys.exit(r.stderr)
        objs.append(o)
    exe = os.path.join(tmp, "harness")
    r = sh([CC, "-O2", "-I", tmp, os.path.join(HERE, "harness.c")] + objs + ["-lm", "-o", exe])
    if r.returncode:
        sys.exit(r.stderr)
    # several runs, a pause between them; per kernel the fastest run (the VM is shared: a busy
    # sibling vCPU slows throughput-bound loops, never speeds them up)
    meas, clk = {}, []
    for r in range(runs):
        if r:
            time.sleep(2)
        run = sh(["flock", "/tmp/rl-measure.lock", exe, str(reps)])
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
    fmax = max(clk)
    print("core clock (add chain): first %.3f GHz, fastest in the run %.3f GHz (used); llvm-mca -mcpu=%s" % (clk[0], fmax, mcpu))
    print("%-8s %-9s %7s %7s %7s %7s %7s  %s" % ("variant", "kernel", "pred", "meas", "err%", "mca", "err%", "bound (plugin)"))
    errs, merrs = [], []
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
            print("%-8s %-9s %7.2f %7.2f %+7.1f %7s %7s  %s" % (v, k, p, m, e,
                  "%.2f" % mc if mc else "-", "%+.1f" % me if me is not None else "-",
                  bound.group(1) if bound else ""))
    print("kernels: %d; median |error|: ours %.1f %%, llvm-mca %.1f %% (%d bodies)" % (
        len(errs), statistics.median(errs), statistics.median(merrs) if merrs else float("nan"), len(merrs)))
    print("plugin time per translation unit (18 loops or 4): " + ", ".join(
        "%s %.1f ms" % (v, t) for v, t in plugin_ms.items() if t is not None))

if __name__ == "__main__":
    main()
