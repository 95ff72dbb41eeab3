#!/usr/bin/env python3
"""What-if, not the model: PolyBench kernel predictions with strided L2 lines priced at C cycles
each and without the L1-TLB term for them (the rule docs/polybench.md, "The matrix-product family
at LARGE", proposes).

  whatif-strided.py REMARKS_DIR KERNEL_SOURCE FILL C [C...]

REMARKS_DIR holds the JSON remarks of one kernel's build (run.py --keep DIR: DIR/remarks-SIZE-
BUILD-default).  For every nest inside kernel_* whose page-walk term is the L1 TLB's (strides of
a page or more: every page touch is a new line, L1's layer condition violated), the L1-L2 term
becomes  T_L1L2 + touches x (C - FILL)  (FILL: the machine file's L1-L2 fill cost per line),
the page-walk term is dropped, and the level's prediction is re-composed with the overlapping
rule (max of T_OL, T_nOL and the transfers up to the data level); the nest's seconds scale by
new / old cycles per unit.  Prints the kernel's predicted seconds before and for each C."""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run import kernel_lines  # noqa: E402  (one home: bench/polybench/run.py)

LEVELS = ["L1", "L2", "L3", "MEM"]


def nest_seconds(n, fill, c):
    pt = (n.get("performance") or {}).get("predicted_time") or {}
    secs = pt.get("seconds")
    e = n.get("ecm") or {}
    pw = e.get("page_walks") or {}
    if secs is None or c is None or pw.get("tlb_level") != "L1" or e.get("overlap") != "zen":
        return secs
    lvl = LEVELS.index(n["performance"]["data_level"])
    tr = list(e["transfers"])
    tr[0] += pw["page_touches_per_unit"] * (c - fill)
    new = max([e["t_ol"], e["t_nol"]] + tr[:lvl])
    return secs * new / n["performance"]["cycles_per_unit"]


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    rdir, src, fill = sys.argv[1], sys.argv[2], float(sys.argv[3])
    cs = [None] + [float(x) for x in sys.argv[4:]]
    lo, hi = kernel_lines(src)
    js = glob.glob(os.path.join(rdir, "*.roofline.json"))
    with open(js[0]) as f:
        doc = json.load(f)
    inside = [n for n in doc["nests"] if n.get("location", {}).get("file", "").endswith(os.path.basename(src))
              and lo <= n["location"].get("line", 0) <= hi]
    out = []
    for c in cs:
        s = [nest_seconds(n, fill, c) for n in inside]
        out.append(sum(x for x in s if x is not None))
    print(" ".join("%.4g" % x for x in out))


if __name__ == "__main__":
    main()
