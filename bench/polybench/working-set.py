#!/usr/bin/env python3
"""The plugin's working set of every PolyBench/C 4.2.1 kernel against the true footprint.

  bench/polybench/working-set.py POLYBENCH_DIR [--cc gcc-12] [--sizes MEDIUM,LARGE]

The true footprint of a kernel is the number of distinct elements of each array that the
kernel_* function reads or writes, times the element size.  It is derived by hand from
PolyBench's array declarations and the kernel's loop bounds and subscripts (the table TRUE
below: one expression per array in the dataset-size macros of the kernel's header, each
with the reasoning in a comment); the sizes are read from the header (MEDIUM_DATASET,
LARGE_DATASET).

The plugin's figure: each kernel is compiled with the plugin (-O3 -march=native); the JSON
remarks give, for every nest inside the kernel_* function, the bytes of each array the nest
touches ("performance.working_set_arrays").  The kernel's figure for an array is the largest
over its nests (the union of the nests' footprints equals the largest one in every kernel
here: where two nests touch an array, one of them touches all of what the other does, except
lu and ludcmp, whose last nest touches the whole matrix anyway); the kernel's working set is the
sum over arrays.  Arrays touched only by nests the plugin does not analyse have no figure:
the kernel is then reported as partial and its arrays compared one by one.  The dataset
sizes are given to the plugin with define= (lower-case macro names, the names of the kernel's
size arguments) for the kernels GCC does not inline into main.

Prints per kernel and size: true bytes, plugin bytes, the relative difference, and the
arrays that differ by more than 5 %; exits 1 when a fully analysed kernel is off by more
than 5 %.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

# elements touched per array, in the header's size macros (expressions in Python syntax)
TRUE = {
    # data read whole; corr: diagonal, j > i and the mirrored j < i, corr[M-1][M-1] set
    # after the loops
    "correlation": {"data": "N*M", "corr": "M*M", "mean": "M", "stddev": "M"},
    # cov[i][j] for j >= i and cov[j][i]: all M*M
    "covariance": {"data": "N*M", "cov": "M*M", "mean": "M"},
    "gemm": {"C": "NI*NJ", "A": "NI*NK", "B": "NK*NJ"},
    "gemver": {"A": "N*N", "u1": "N", "v1": "N", "u2": "N", "v2": "N", "w": "N", "x": "N",
               "y": "N", "z": "N"},
    "gesummv": {"A": "N*N", "B": "N*N", "tmp": "N", "x": "N", "y": "N"},
    # A[i][k] for k < i and A[i][i]: the lower triangle with the diagonal
    "symm": {"C": "M*N", "A": "M*(M+1)//2", "B": "M*N"},
    # C[i][j] for j <= i
    "syr2k": {"C": "N*(N+1)//2", "A": "N*M", "B": "N*M"},
    "syrk": {"C": "N*(N+1)//2", "A": "N*M"},
    # A[k][i] for k > i: the strict lower triangle
    "trmm": {"A": "M*(M-1)//2", "B": "M*N"},
    "2mm": {"tmp": "NI*NJ", "A": "NI*NK", "B": "NK*NJ", "C": "NJ*NL", "D": "NI*NL"},
    "3mm": {"E": "NI*NJ", "A": "NI*NK", "B": "NK*NJ", "F": "NJ*NL", "C": "NJ*NM",
            "D": "NM*NL", "G": "NI*NL"},
    "atax": {"A": "M*N", "x": "N", "y": "N", "tmp": "M"},
    "bicg": {"A": "N*M", "s": "M", "q": "N", "p": "M", "r": "N"},
    "doitgen": {"A": "NR*NQ*NP", "C4": "NP*NP", "sum": "NP"},
    "mvt": {"x1": "N", "x2": "N", "y_1": "N", "y_2": "N", "A": "N*N"},
    # A[i][j] for j <= i
    "cholesky": {"A": "N*(N+1)//2"},
    # r[k-i-1] and r[k]: all of r; y[0..N-1]; the local z[i] for i < k <= N-1: N-1
    "durbin": {"r": "N", "y": "N", "z": "N-1"},
    # R[k][k] and R[k][j] for j > k: the upper triangle with the diagonal
    "gramschmidt": {"A": "M*N", "R": "N*(N+1)//2", "Q": "M*N"},
    "lu": {"A": "N*N"},
    "ludcmp": {"A": "N*N", "b": "N", "y": "N", "x": "N"},
    # L[i][j] for j <= i
    "trisolv": {"L": "N*(N+1)//2", "x": "N", "b": "N"},
    "deriche": {"imgIn": "W*H", "imgOut": "W*H", "y1": "W*H", "y2": "W*H"},
    "floyd-warshall": {"path": "N*N"},
    # table[i][j] (j > i), table[i+1][j] and table[k+1][j] reach the diagonal, table[i][j-1]
    # reaches table[0][0], table[i+1][j-1] with j = i+1 the N-1 elements below it
    "nussinov": {"table": "N*(N+1)//2 + N-1", "seq": "N"},
    # u: rows 1..N-2, every column; v: every row, columns 1..N-2; p, q: rows 1..N-2,
    # columns 0..N-2
    "adi": {"u": "(N-2)*N", "v": "N*(N-2)", "p": "(N-2)*(N-1)", "q": "(N-2)*(N-1)"},
    "fdtd-2d": {"ex": "NX*NY", "ey": "NX*NY", "hz": "NX*NY", "_fict_": "TMAX"},
    # the 7-point stencil reads every element but the 12 edges' N-2 and the 8 corners
    "heat-3d": {"A": "N**3 - 12*(N-2) - 8", "B": "N**3 - 12*(N-2) - 8"},
    "jacobi-1d": {"A": "N", "B": "N"},
    # the 5-point stencil reads every element but the 4 corners
    "jacobi-2d": {"A": "N*N - 4", "B": "N*N - 4"},
    "seidel-2d": {"A": "N*N"},
}
# bytes per element: DATA_TYPE double unless the header makes it float (deriche) or int
# (floyd-warshall, nussinov, whose seq is of type base, a char)
ELEM = {("floyd-warshall", "path"): 4, ("nussinov", "table"): 4, ("nussinov", "seq"): 1,
        ("deriche", "imgIn"): 4, ("deriche", "imgOut"): 4, ("deriche", "y1"): 4, ("deriche", "y2"): 4}


def sizes_of(header, size):
    vals, inside = {}, False
    with open(header) as f:
        for line in f:
            if re.match(r"^#\s*ifdef\s+%s_DATASET" % size, line):
                inside = True
            elif inside and re.match(r"^#\s*endif", line):
                break
            elif inside:
                m = re.match(r"^#\s*define\s+(\w+)\s+(\d+)", line)
                if m:
                    vals[m.group(1)] = int(m.group(2))
    return vals


def kernel_lines(src):
    start = None
    with open(src) as f:
        for no, line in enumerate(f, 1):
            if start is None and re.match(r"^(static )?void kernel_", line):
                start = no
            elif start is not None and line.startswith("}"):
                return start, no
    return None, None


def plugin_arrays(a, pb, src, size, work):
    """{array: bytes} (largest over the kernel's analysed nests), analysed, total nests"""
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    name = os.path.basename(src)[:-2]
    rdir = os.path.join(work, size)
    os.makedirs(rdir, exist_ok=True)
    cmd = ["nice", "-n", "10", a.cc, "-O3", "-march=native", "-DPOLYBENCH_TIME", "-D%s_DATASET" % size,
           "-I" + os.path.join(pb, "utilities"), "-I" + os.path.dirname(src),
           "-fplugin=" + os.path.join(top, "roofline.so"), "-fplugin-arg-roofline-quiet",
           "-fplugin-arg-roofline-remarks-dir=" + rdir, "-c", src, "-o", os.path.join(rdir, name + ".o")]
    # a kernel GCC does not inline (doitgen) sees its sizes as parameters: give their values
    # (the kernel's size arguments are the header's macros in lower case)
    cmd += ["-fplugin-arg-roofline-define=%s=%d" % (k.lower(), v) for k, v in sizes_of(
        os.path.join(os.path.dirname(src), name + ".h"), size).items()]
    subprocess.run(cmd, check=True, capture_output=True)
    with open(os.path.join(rdir, name + ".c.roofline.json")) as f:
        doc = json.load(f)
    lo, hi = kernel_lines(src)
    per, analysed, total, methods = {}, 0, 0, set()
    for n in doc["nests"]:
        loc = n.get("location", {})
        if not loc.get("file", "").endswith(os.path.basename(src)) or not lo <= loc.get("line", 0) <= hi:
            continue
        total += 1
        p = n.get("performance") or {}
        if not n.get("analysed") or p.get("working_set_arrays") is None:
            continue
        analysed += 1
        methods.add(p.get("working_set_method"))
        for e in p["working_set_arrays"]:
            per[e["array"]] = max(per.get(e["array"], 0.0), e["bytes"])
    return per, analysed, total, methods


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("polybench")
    ap.add_argument("--cc", default="gcc-12")
    ap.add_argument("--sizes", default="MEDIUM,LARGE")
    a = ap.parse_args()
    pb = os.path.abspath(a.polybench)
    srcs = sorted(s for s in glob.glob(os.path.join(pb, "**", "*.c"), recursive=True)
                  if "/utilities/" not in s and not s.endswith(".orig.c"))
    bad, worst = 0, 0.0
    with tempfile.TemporaryDirectory(prefix="rl-ws-") as work:
        print("%-7s %-15s %5s %14s %14s %8s  %s" % ("size", "kernel", "nests", "true B", "plugin B",
                                                   "diff", "arrays off by > 5 % / missing"))
        for size in a.sizes.split(","):
            for src in srcs:
                name = os.path.basename(src)[:-2]
                vals = sizes_of(os.path.join(os.path.dirname(src), name + ".h"), size)
                true = {arr: eval(expr, {}, dict(vals)) * ELEM.get((name, arr), 8)
                        for arr, expr in TRUE[name].items()}
                per, an, tot, methods = plugin_arrays(a, pb, src, size, work)
                got = sum(per.get(arr, 0.0) for arr in true)
                extra = [arr for arr in per if arr not in true]
                notes = []
                for arr, b in true.items():
                    if arr not in per:
                        notes.append("%s missing" % arr)
                    elif abs(per[arr] - b) > 0.05 * b:
                        notes.append("%s %.4g vs %.4g" % (arr, per[arr], b))
                notes += ["%s not in the table" % x for x in extra]
                if methods - {"distinct elements"}:
                    notes.append("method: %s" % ",".join(sorted(str(m) for m in methods)))
                tb = sum(true.values())
                d = (got - tb) / tb
                full = an == tot and an > 0 and not any("missing" in x for x in notes)
                if full:
                    worst = max(worst, abs(d))
                    if abs(d) > 0.05:
                        bad += 1
                print("%-7s %-15s %2d/%-2d %14.0f %14.0f %7.2f%%  %s%s" % (
                    size, name, an, tot, tb, got, 100 * d, "" if full else "[partial] ", "; ".join(notes)))
    print("kernels whose nests are all analysed: largest |difference| %.2f %%, %d over 5 %%" % (100 * worst, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
