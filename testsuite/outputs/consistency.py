#!/usr/bin/env python3
"""One verdict per loop: the concise notes of a compilation agree with each other.

Usage: consistency.py NAME STDERR JSON [CAP]
  STDERR  the compiler's diagnostics (the plugin's concise notes)
  JSON    the remarks file of the same compilation (work per unit and clock of each nest)
  CAP     the most cores any multicore figure may name (default: no limit)

Per analysed loop (ECM note, data note, advice note at one file:line:col) it checks:
  ecm      the data note's bottleneck total (x of T cy/CL) is the ECM prediction at the data
           level, and the named term is that term of the ECM braces
  verdict  memory-bound exactly when the bottleneck is a data transfer, core-bound otherwise
  perf     P on 1 core = work per unit x clock / T (the JSON's work and clock)
  place    the CARM placement: Q % of a roof at G GFLOP/s with Q = 100 P / G <= 100, no
           "above every roof", a memory roof of a level not beyond the data level
  cores    no figure names more cores than CAP; after "saturates at n cores (S)" no
           performance on more cores exceeds S; "does not saturate ... on N cores (n_S = k)"
           has k > N
  advice   "at its best bound (T cy/CL with data in X)" names the prediction and level; a gain
           "Kx on 1 core" / "+N % on 1 core" is T / T_after at the data level
  once     one ECM note per location, unless the notes say which loop version each is
Numbers in notes have 3 significant digits and ECM cycles one decimal: comparisons allow 1 %
(2 % for ratios of two rounded figures) and 0.05 cy.  Prints "PASS: consistency: NAME" or one "FAIL: consistency: NAME: ..." per
problem.
"""
import json
import re
import sys

LEVELS = ["L1", "L2", "L3", "MEM"]
NOTE = re.compile(r"^(?P<loc>[^:\s]+:\d+:\d+): (?:note|optimized): roofline: (?P<text>.*)$")
ECM = re.compile(r"^ECM \{(?P<terms>[^}]*)\} cy/CL -> \{(?P<pred>[^}]*)\} cy/CL on (?P<m>\S+)")
RATE = re.compile(r"([0-9.]+) ([kMGT]?)(FLOP|LUP|it)/s on 1 core")
SCALE = {"": 1e-9, "k": 1e-6, "M": 1e-3, "G": 1.0, "T": 1e3}


def close(a, b, tol=0.01):
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-12)


def parse_ecm(text):
    m = ECM.match(text)
    if not m:
        return None
    core, data = m.group("terms").split("||")
    terms = [float(x) for x in data.split("|")]
    pred = [float(x) for x in m.group("pred").split("]")]
    return {"t_ol": float(core), "t_nol": terms[0], "transfers": terms[1:], "pred": pred,
            "text": text}


def level_index(name, nlev):
    """0.. for cache levels, nlev for MEM"""
    return nlev if name == "MEM" else LEVELS.index(name)


def bottleneck_term(ecm, text, problems):
    """(kind, cycles, total) of the data note's bottleneck phrase"""
    m = re.search(r"bottleneck: core \([^;]*T_OL ([0-9.]+) cy/CL\)", text)
    if m:
        return "core", float(m.group(1)), float(m.group(1))
    m = re.search(r"bottleneck: loads \(T_nOL ([0-9.]+) of ([0-9.]+) cy/CL\)", text)
    if m:
        if not close(float(m.group(1)), ecm["t_nol"]):
            problems.append("bottleneck T_nOL %s is not the ECM's %g" % (m.group(1), ecm["t_nol"]))
        return "loads", float(m.group(1)), float(m.group(2))
    m = re.search(r"bottleneck: (memory|(\w+)-(\w+)) transfer \(([0-9.]+) of ([0-9.]+) cy/CL\)", text)
    if m:
        x = float(m.group(4))
        k = len(ecm["transfers"]) - 1 if m.group(1) == "memory" else LEVELS.index(m.group(2))
        if k >= len(ecm["transfers"]) or not close(x, ecm["transfers"][k]):
            problems.append("bottleneck term %g is not the ECM's transfer %d" % (x, k))
        return "transfer", x, float(m.group(5))
    problems.append("no bottleneck phrase")
    return None, 0, 0


def check_place(text, perf, lv, problems):
    if "above every roof" in text:
        problems.append("the point is above every roof: %s" % text[text.find("CARM"):])
        return
    m = re.search(r"CARM AI [0-9.e+-]+ flop/B at (\d+) % of the (.+?) (roof|ceiling|peak) "
                  r"\(([0-9.]+) GFLOP/s\)", text)
    if not m:
        if "no roofline" not in text and "CARM AI" in text:
            problems.append("CARM placement without a roof")
        return
    q, roof, g = int(m.group(1)), m.group(2), float(m.group(4))
    if q > 100:
        problems.append("placed at %d %% of the %s %s" % (q, roof, m.group(3)))
    if perf is not None and abs(100 * perf / g - q) > 0.5 + 0.02 * q:
        problems.append("placement %d %% but %g / %g GFLOP/s = %.1f %%" % (q, perf, g, 100 * perf / g))
    if m.group(3) == "roof" and roof in LEVELS and LEVELS.index(roof) > lv:
        problems.append("placed under the %s roof, beyond the data level" % roof)


def check_cores(text, cap, problems):
    for n in re.findall(r" on (\d+) cores", text):
        if cap and int(n) > cap:
            problems.append("names %s cores, more than the %d available" % (n, cap))
    m = re.search(r"saturates at (\d+) cores \(([0-9.]+) ([kMGT]?)\w+/s\)", text)
    if m:
        n_s, sat = int(m.group(1)), float(m.group(2)) * SCALE[m.group(3)]
        if cap and n_s > cap:
            problems.append("saturates at %d cores, more than the %d available" % (n_s, cap))
        for v, u, n in re.findall(r"([0-9.]+) ([kMGT]?)\w+/s on (\d+) cores", text):
            if int(n) >= n_s and float(v) * SCALE[u] > sat * 1.02:
                problems.append("%s%s on %s cores above the saturated %g" % (v, u, n, sat))
    m = re.search(r"does not saturate the memory on (\d+) cores \(n_S = (\d+)\)", text)
    if m and int(m.group(2)) <= int(m.group(1)):
        problems.append("'does not saturate on %s cores' with n_S = %s" % m.groups())


def check_advice(text, ecm, lv, level, problems):
    m = re.search(r"at its best bound \(([0-9.]+) cy/CL with data in (\w+)\)", text)
    if m:
        if not close(float(m.group(1)), ecm["pred"][lv]) or m.group(2) != level:
            problems.append("advice bound %s cy/CL in %s, note %g in %s" %
                            (m.group(1), m.group(2), ecm["pred"][lv], level))
        return
    m = re.search(r"-> \{([^}]*)\} cy/CL, (?:([0-9.]+)x|\+(\d+) %) on 1 core", text)
    if not m:
        return
    after = [float(x) for x in m.group(1).split("]")]
    gain = float(m.group(2)) if m.group(2) else 1 + int(m.group(3)) / 100
    if lv < len(after) and after[lv] > 0:
        # both ECM figures are rounded to 0.1 cy: the ratio lies between these bounds
        t, a = ecm["pred"][lv], after[lv]
        lo, hi = (t - 0.05) / (a + 0.05), (t + 0.05) / max(a - 0.05, 1e-9)
        if not (lo * 0.99 - 0.006 <= gain <= hi * 1.01 + 0.006):
            problems.append("advice gain %g on 1 core, ECM %g / %g = %.3g" %
                            (gain, t, a, t / a))


def json_nests(path):
    try:
        doc = json.load(open(path))
    except (OSError, ValueError):
        return {}
    nests = {}
    for n in doc.get("nests", []):
        loc = n.get("location") or {}
        p = n.get("performance") or {}
        if n.get("analysed") and p.get("work_per_unit"):
            key = (loc.get("line"), loc.get("column"))
            nests.setdefault(key, []).append(p)
    return nests


def per_loop(lines):
    loops = {}
    for line in lines:
        m = NOTE.match(line.rstrip("\n"))
        if m:
            loops.setdefault(m.group("loc"), []).append(m.group("text"))
    return loops


def check_loop(loc, texts, perfs, cap, problems):
    ecms = [e for e in (parse_ecm(t) for t in texts) if e]
    if not ecms:
        return
    if len(ecms) > 1 and len({e["text"] for e in ecms}) > 1 and \
       not all("version" in t for t in texts if t.startswith("ECM")):
        problems.append("%d different ECM notes, none says which loop version" % len(ecms))
        return
    ecm = ecms[0]
    data = [t for t in texts if t.startswith("data in ")]
    if not data:
        return
    text = data[0]
    level = text.split()[2]
    nlev = len(ecm["pred"]) - 1
    lv = level_index(level, nlev)
    kind, cycles, total = bottleneck_term(ecm, text, problems)
    if kind and not close(total, ecm["pred"][lv]):
        problems.append("bottleneck total %g is not the ECM prediction %g in %s" %
                        (total, ecm["pred"][lv], level))
    if kind == "core" and not close(cycles, ecm["t_ol"]):
        problems.append("bottleneck T_OL %g is not the ECM's %g" % (cycles, ecm["t_ol"]))
    verdict = re.search(r"; (memory|core)-bound", text)
    if kind and verdict and (verdict.group(1) == "memory") != (kind == "transfer"):
        problems.append("bottleneck %s but %s-bound" % (kind, verdict.group(1)))
    perf = None
    rate = RATE.search(text)
    if rate:
        perf = float(rate.group(1)) * SCALE[rate.group(2)]
        line, col = (int(x) for x in loc.split(":")[1:3])
        for p in perfs.get((line, col), [])[:1]:
            # the ECM note rounds cycles to 0.1: T lies within +-0.05 of the printed figure
            t = ecm["pred"][lv]
            want = p["work_per_unit"] * p["clock_ghz"] / t
            lo = p["work_per_unit"] * p["clock_ghz"] / (t + 0.05)
            hi = p["work_per_unit"] * p["clock_ghz"] / max(t - 0.05, 1e-9)
            if not (lo * 0.995 <= perf <= hi * 1.005):
                problems.append("%s %s/s on 1 core, work x clock / T = %g" %
                                (rate.group(1), rate.group(2) + rate.group(3), want))
        if rate.group(3) != "FLOP":
            perf = None
    check_place(text, perf, lv, problems)
    check_cores(text, cap, problems)
    for t in texts:
        if t.startswith("advice: "):
            check_advice(t, ecm, lv, level, problems)
            break


def main():
    name, stderr, remarks = sys.argv[1:4]
    cap = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    loops = per_loop(open(stderr, errors="replace"))
    perfs = json_nests(remarks)
    bad = 0
    for loc, texts in loops.items():
        problems = []
        check_loop(loc, texts, perfs, cap, problems)
        for p in problems:
            print("FAIL: consistency: %s: %s: %s" % (name, loc, p))
            bad += 1
    if not bad:
        print("PASS: consistency: %s (%d loops)" % (name, len(loops)))


if __name__ == "__main__":
    main()
