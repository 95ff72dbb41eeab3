#!/usr/bin/env python3
"""Summary of `sh bench/incore/loop-exit.sh lag RUNS` outputs: per loop and data level the cycles per
pass (long loop, N >= 192), the exit penalty per run (median over N >= 192 of long - chunked,
the chunk boundaries taken off), their mean over the runs, and the line fitted to the mean
penalty of the loops faster than 1.9 cy per pass (the rule of machines/ports/zen5.yml loop_exit).
Usage: python3 bench/incore/loop-exit-lag.py OUTPUT..."""
import re, sys, statistics as st
cur=None; res={}
for f in sys.argv[1:]:
    for l in open(f):
        m=re.match(r"# lag '(\w+)' data (\w+)", l)
        if m: cur=(m.group(1), m.group(2)); rows=[]; continue
        m=re.match(r"# clock .* median (-?[\d.]+) cy", l)
        if m and cur:
            pp=[r[2]/r[0] for r in rows if r[0]>=192]
            res.setdefault(cur, []).append((float(m.group(1)), st.median(pp) if pp else 0, st.median([r[5] for r in rows if r[0]>=192]) if pp else 0))
            cur=None; continue
        if cur and re.match(r"\s+\d+ ", l):
            v=[float(x) for x in l.split()]
            rows.append((v[0], v[1], v[2], v[3], v[4], v[6]))
order=['load','init','copy','update','add','chain','chainr','fma','adds','copym2','copym3','copym4','copym6']
print("%-8s %-4s %8s %8s  %s" % ("loop","data","cy/pass","penalty","runs (median long-ch64+chunk correction per run)"))
for k in sorted(res, key=lambda x:(['L1','L2','L3','MEM'].index(x[1]), order.index(x[0]))):
    r=res[k]
    print("%-8s %-4s %8.2f %8.1f  %s" % (k[0],k[1], st.median([x[1] for x in r]), st.median([x[0] for x in r]), " ".join("%.0f" % x[0] for x in r)))
print()
print("means over runs, and the line fitted to the loops faster than 2 cy per pass (excluding chainr, see text):")
pts=[]
for k in sorted(res, key=lambda x:(['L1','L2','L3','MEM'].index(x[1]), order.index(x[0]))):
    r=res[k]; t=st.median([x[1] for x in r]); m=st.mean([x[0] for x in r])
    print("%-8s %-4s %6.2f cy/pass  mean %6.1f cy  (%d runs)" % (k[0], k[1], t, m, len(r)))
    if t < 1.9 and k[0] != 'chainr':
        pts.append((t, m))
n=len(pts); sx=sum(p[0] for p in pts); sy=sum(p[1] for p in pts); sxx=sum(p[0]**2 for p in pts); sxy=sum(p[0]*p[1] for p in pts)
b=(n*sxy-sx*sy)/(n*sxx-sx*sx); a=(sy-b*sx)/n
print("fit over %d loops: penalty = %.1f %+.1f x cy/pass; zero at %.2f cy/pass; at 1.0 cy/pass %.1f" % (n, a, b, -a/b, a+b))
