#!/usr/bin/env python3
"""The figures of the verbose loop-version, sibling-loop and loop-copies notes are in the JSON remarks file.

Usage: remarks-figures.py NAME STDERR JSON
Per analysed loop of STDERR (verbose notes) it checks against the nest of JSON at the same
file:line (docs/remarks.md, `versions` and `siblings`):
  versions  "loop versions (...): vectorised copy V cy/CL, scalar copy S cy/CL; ..." <->
            versions.vectorised_cycles_per_unit / scalar_cycles_per_unit (the notes' 3
            significant digits: 1 %), which copy is "(reported)", the alias check's outcome
            (the note's phrase), the compared references; no note -> no `versions`
  siblings  "one of N loops inside the loop at line L: ..." <-> siblings.inner_loops,
            enclosing_line, modelled, extra_bytes ("the others add X not touched here"), the
            earlier loop's reuse (array, producer_line, level, between_bytes); no note -> no
            `siblings`
  copies    "GCC made N copies of this source loop (unroll-and-jam by F: ...); ...; the other copy
            (at L:C): T cy/CL" <-> copies.count, statement_repeats, others (line, column,
            cycles_per_unit); no note -> no `copies`
Prints "PASS: remarks-figures: NAME: ..." per loop checked or "FAIL: ...".
"""
import json
import re
import sys

NOTE = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: note: roofline: (?P<text>.*)$")
UNITS = {"B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}
OUTCOMES = [("the alias check always fails", "always"), ("overlap where", "sometimes"),
            ("depends on the addresses", "runtime"), ("no tested pair", "never")]


def close(a, b, tol=0.01):
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-12)


def size(text):
    num, unit = text.split()
    return float(num) * UNITS[unit]


def check_versions(text, v, problems):
    if v is None:
        problems.append("versions note without JSON versions")
        return
    m = re.search(r"vectorised copy ([0-9.]+) cy/CL, scalar copy (?:([0-9.]+) cy/CL|\(its code not found\))", text)
    if not m or not close(float(m.group(1)), v["vectorised_cycles_per_unit"]):
        problems.append("vectorised copy %s vs %s" % (m and m.group(1), v["vectorised_cycles_per_unit"]))
    if m and (m.group(2) is None) != (v["scalar_cycles_per_unit"] is None):
        problems.append("scalar copy found in one of note and JSON only")
    elif m and m.group(2) and not close(float(m.group(2)), v["scalar_cycles_per_unit"]):
        problems.append("scalar copy %s vs %s" % (m.group(2), v["scalar_cycles_per_unit"]))
    reported = "scalar" if "the scalar copy runs (reported)" in text else "vectorised"
    if reported != v["reported"]:
        problems.append("reported %s vs %s" % (reported, v["reported"]))
    outcome = next((o for phrase, o in OUTCOMES if phrase in text), None)
    if outcome != v["alias_check"]:
        problems.append("alias check %s vs %s" % (outcome, v["alias_check"]))
    pair = v.get("alias_pair")
    if pair and (pair["stored"] not in text or pair["other"] not in text):
        problems.append("alias pair %s not in the note" % pair)
    if outcome == "sometimes" and "where %s = 0" % v.get("overlap_where_zero") not in text:
        problems.append("overlap condition %s not in the note" % v.get("overlap_where_zero"))


def check_siblings(text, s, problems):
    m = re.match(r"one of (\d+) loops inside the loop at line (\d+): ", text)
    if s is None:
        problems.append("sibling note without JSON siblings")
        return
    if int(m.group(1)) != s["inner_loops"] or int(m.group(2)) != s["enclosing_line"]:
        problems.append("loops %s at line %s vs %s at %s" % (m.group(1), m.group(2),
                        s["inner_loops"], s["enclosing_line"]))
    modelled = "the layer conditions of the loops around count" in text or "reuses nothing" in text
    if modelled != s["modelled"]:
        problems.append("modelled %s vs %s" % (modelled, s["modelled"]))
    m = re.search(r"the others add ([0-9.]+ \w+) not touched here", text)
    if m and not close(size(m.group(1)), s["extra_bytes"]):
        problems.append("extra %s vs %s B" % (m.group(1), s["extra_bytes"]))
    if not m and s["modelled"] and s["counted"] and s["extra_bytes"] > 0:
        problems.append("extra bytes %s B not in the note" % s["extra_bytes"])
    m = re.search(r"; (\S+) (written|read) by the loop at line (\d+) is (?:used here from (\w+)|loaded again here)", text)
    u = s.get("reuse")
    if bool(m) != bool(u):
        problems.append("reuse in one of note and JSON only")
    elif m:
        if (m.group(1), m.group(2) == "written", int(m.group(3)), m.group(4)) != \
           (u["array"], u["written"], u["producer_line"], u["level"]):
            problems.append("reuse %s vs %s" % (m.groups(), u))
        b = re.search(r"data touched between the two uses:? \(?([0-9.]+ \w+)", text)
        if b and not close(size(b.group(1)), u["between_bytes"]):
            problems.append("between %s vs %s B" % (b.group(1), u["between_bytes"]))


def check_copies(text, c, problems):
    if c is None:
        problems.append("copies note without JSON copies")
        return
    m = re.match(r"GCC made (\d+) copies of this source loop", text)
    if int(m.group(1)) != c["count"]:
        problems.append("count %s vs %s" % (m.group(1), c["count"]))
    f = re.search(r"unroll-and-jam by (\d+)", text)
    if (int(f.group(1)) if f else 1) != c["statement_repeats"]:
        problems.append("repeats %s vs %s" % (f and f.group(1), c["statement_repeats"]))
    others = re.findall(r"copy \(at (\d+):(\d+)\): (?:([0-9.]+) cy/CL|not analysed)", text)
    if len(others) != len(c["others"]):
        problems.append("%d other copies vs %d" % (len(others), len(c["others"])))
    for (line, col, cy), o in zip(others, c["others"]):
        if (int(line), int(col)) != (o["line"], o["column"]) or (cy == "") != (o["cycles_per_unit"] is None) \
           or (cy and not close(float(cy), o["cycles_per_unit"])):
            problems.append("other copy %s:%s %s vs %s" % (line, col, cy, o))


def main():
    name, stderr, remarks = sys.argv[1:4]
    nests = {}
    for n in json.load(open(remarks))["nests"]:
        if n.get("analysed"):
            nests[n["location"]["line"]] = n
    notes = {}
    for line in open(stderr, encoding="utf-8", errors="replace"):
        m = NOTE.match(line.rstrip("\n"))
        if m:
            notes.setdefault(int(m.group("line")), []).append(m.group("text"))
    failed = checked = 0
    for line, n in sorted(nests.items()):
        problems = []
        texts = notes.get(line, [])
        vers = [t for t in texts if t.startswith("loop versions")]
        sibs = [t for t in texts if re.match(r"one of \d+ loops inside", t)]
        copies = [t for t in texts if t.startswith("GCC made ")]
        if copies:
            check_copies(copies[0], n.get("copies"), problems)
        elif "copies" in n:
            problems.append("JSON copies without a note")
        if vers:
            check_versions(vers[0], n.get("versions"), problems)
        elif "versions" in n:
            problems.append("JSON versions without a note")
        if sibs:
            check_siblings(sibs[0], n.get("siblings"), problems)
        elif "siblings" in n:
            problems.append("JSON siblings without a note")
        if not vers and not sibs and not copies:
            continue
        checked += 1
        if problems:
            failed += 1
            print("FAIL: remarks-figures: %s: line %d: %s" % (name, line, "; ".join(problems)))
        else:
            print("PASS: remarks-figures: %s: line %d (%s)" % (name, line,
                  ", ".join(k for k, l in (("versions", vers), ("siblings", sibs),
                                           ("copies", copies)) if l)))
    if not checked:
        print("FAIL: remarks-figures: %s: no loop-version, sibling or copies note" % name)
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
