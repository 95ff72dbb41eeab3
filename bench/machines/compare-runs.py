#!/usr/bin/env python3
"""Compare two roofline-bench machine files row by row (acceptance 1): prints, per level and
core count, how many bandwidth rows agree within 5 %, and the key rows."""
import re, sys
def rows(path):
    out = {}
    for l in open(path):
        m = re.search(r"level: (\w+), width: (\d+), mix: (\w+), cores: (\d+), bandwidth: \"([\d.e+]+) GB/s\"(.*)", l)
        if m:
            out[m.groups()[:4]] = (float(m.group(5)), m.group(6))
        m = re.search(r"op: (\w+), width: (\d+), precision: (\w+), cores: (\d+), flops: \"([\d.e+]+) GFLOP/s\"(.*)", l)
        if m:
            out[("FP",) + m.groups()[:3] + (m.group(4),)] = (float(m.group(5)), m.group(6))
    return out
a, b = rows(sys.argv[1]), rows(sys.argv[2])
tol = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
groups = {}
for k in a:
    if k not in b: continue
    g = (k[0], k[-1]) if k[0] != "FP" else ("FP", k[-1])
    d = abs(a[k][0] - b[k][0]) / max(a[k][0], b[k][0]) * 100
    groups.setdefault(g, []).append((d, k))
for g in sorted(groups):
    ds = groups[g]
    ok = sum(1 for d, _ in ds if d <= tol)
    worst = max(ds)
    print(f"{g[0]:>3} cores={g[1]}: {ok}/{len(ds)} rows within {tol:.0f} %, median diff "
          f"{sorted(d for d,_ in ds)[len(ds)//2]:.1f} %, worst {worst[0]:.1f} % {worst[1]}")
print("key rows (widest width):")
for k in sorted(a):
    if k[0] != "FP" and k[1] == "512" and k[2] in ("load", "load_store"):
        print(f"  {k[0]:>3} {k[2]:<10} cores={k[3]}: {a[k][0]:8.2f} {b[k][0]:8.2f} GB/s  "
              f"diff {abs(a[k][0]-b[k][0])/max(a[k][0],b[k][0])*100:5.1f} %  run1 spread{a[k][1]}")
