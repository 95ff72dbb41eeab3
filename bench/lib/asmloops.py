"""The loops of one function in GCC's assembler output (gcc -S), for the benchmarks that hand a
kernel's loop to llvm-mca (bench/accuracy/run.py, bench/incore/run.py)."""
import re

INSN = re.compile(r"^\t[a-z]")


def loop_bodies(asm, fn):
    """Loops (label .. backward jump to it) of function FN in the .s text ASM: lists of its
    instruction lines, innermost first as they end in the text."""
    m = re.search(r"^%s:\n(.*?)\t\.size\t%s," % (re.escape(fn), re.escape(fn)), asm, re.S | re.M)
    if not m:
        return []
    lines = m.group(1).splitlines()
    labels = {l[:-1]: i for i, l in enumerate(lines) if re.match(r"^\.L\w+:$", l)}
    loops = []
    for j, l in enumerate(lines):
        r = re.match(r"^\tj\w+\t(\.L\w+)$", l)
        if r and r.group(1) in labels and labels[r.group(1)] < j:
            loops.append([x for x in lines[labels[r.group(1)]:j + 1] if INSN.match(x)])
    return loops
