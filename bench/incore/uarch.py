#!/usr/bin/env python3
"""Instruction latencies and throughputs of the core it runs on (x86-64, AVX2; zmm rows
need AVX-512F): the figures of a port table (docs/port-tables.md) that timing can measure.

Each test is a block of instructions in inline assembly, repeated (.rept) and timed; the
core clock comes from a dependent chain of 1-cycle register adds (clock.h), not the TSC.
  lat_*  one dependency chain: cycles per instruction = the latency;
  tp_*   12 (or as many as registers allow) independent chains: cycles per instruction =
         the reciprocal throughput; mixes (e.g. tp_add_fma_y, 1 vaddpd + 1 vfmadd231pd)
         show which instructions share pipes; loads and stores hit L1 (stores 2112 B after
         the loads' block: no 4 KiB aliasing with the loads, every store line-aligned).
  mix_*  cycles per group (the group is named in the row).
  st_*   (--set streams) loads and stores walking L1-resident arrays as compiled loops do:
         st_<width s x y z>_<L>l<S>s_<working set>k[_u4][_dep]...: L load streams and S store
         streams, one vector each per group, cycles per group; _u4 unrolled by 4 (no 1-cy
         loop-counter bound per group), _dep the stored value computed from the loads, _fixed
         the same lines every iteration (as mix_*), _2m arrays 2 MiB apart, _vzu a vzeroupper
         before every sweep; update / daxpy: the store goes into the first load stream.
Usage (under the measurement lock, on one CPU; ~20 s):
  bench/incore/uarch.py [--set core|streams|all] [--runs N] [--only SUBSTRING] [--out FILE]
The output records the CPU (lscpu), the compiler, the load average and the clock.
"""
import os, re, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
CC = os.environ.get("CC", "gcc-12")

V = {"x": "xmm", "y": "ymm", "z": "zmm"}

def chains(fmt, n=12, **kw):
    """N independent instructions: fmt with {k} = 0..n-1."""
    return [fmt.format(k=k, **kw) for k in range(n)]

TESTS = []   # (name, block of instruction strings, unit: "insn" or "group", needs avx512)
STREAMS = [] # streaming tests: dicts, see stream()

def lat(name, insn, z=False):
    TESTS.append((name, [insn], "insn", z))

def tp(name, block, z=False, unit="insn"):
    TESTS.append((name, block, unit, z))

def build_tests():
    for w in "xyz":
        r, z = V[w], w == "z"
        lat("lat_addpd_" + w, "vaddpd %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_mulpd_" + w, "vmulpd %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_fmapd_" + w, "vfmadd231pd %{0}14, %{0}15, %{0}0".format(r), z)
        lat("lat_divpd_" + w, "vdivpd %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_divps_" + w, "vdivps %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_sqrtpd_" + w, "vsqrtpd %{0}0, %{0}0".format(r), z)
        lat("lat_sqrtps_" + w, "vsqrtps %{0}0, %{0}0".format(r), z)
        lat("lat_maxpd_" + w, "vmaxpd %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_paddq_" + w, "vpaddq %{0}14, %{0}0, %{0}0".format(r), z)
        lat("lat_andpd_" + w, ("vpandq" if z else "vandpd") + " %{0}14, %{0}0, %{0}0".format(r), z)
        if w != "x":
            lat("lat_permpd_" + w, "vpermpd $0x1b, %{0}0, %{0}0".format(r), z)
            lat("lat_shufpd_" + w, "vshufpd $5, %{0}14, %{0}0, %{0}0".format(r), z)
        tp("tp_addpd_" + w, chains("vaddpd %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        tp("tp_mulpd_" + w, chains("vmulpd %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        tp("tp_fmapd_" + w, chains("vfmadd231pd %{r}14, %{r}15, %{r}{k}", r=r), z)
        tp("tp_add_fma_" + w, [("vaddpd %{r}14, %{r}{k}, %{r}{k}" if k % 2 else
                                "vfmadd231pd %{r}14, %{r}15, %{r}{k}").format(r=r, k=k)
                               for k in range(12)], z)
        tp("tp_add_mul_" + w, [("vaddpd %{r}14, %{r}{k}, %{r}{k}" if k % 2 else
                                "vmulpd %{r}14, %{r}{k}, %{r}{k}").format(r=r, k=k)
                               for k in range(12)], z)
        tp("tp_divpd_" + w, chains("vdivpd %{r}14, %{r}15, %{r}{k}", r=r), z)
        tp("tp_divps_" + w, chains("vdivps %{r}14, %{r}15, %{r}{k}", r=r), z)
        tp("tp_sqrtpd_" + w, chains("vsqrtpd %{r}14, %{r}{k}", r=r), z)
        tp("tp_sqrtps_" + w, chains("vsqrtps %{r}14, %{r}{k}", r=r), z)
        tp("tp_paddq_" + w, chains("vpaddq %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        tp("tp_andpd_" + w, chains(("vpandq" if z else "vandpd") + " %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        tp("tp_maxpd_" + w, chains("vmaxpd %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        if w != "x":
            tp("tp_permpd_" + w, chains("vpermpd $0x1b, %{r}14, %{r}{k}", r=r), z)
            tp("tp_shufpd_" + w, chains("vshufpd $5, %{r}14, %{r}{k}, %{r}{k}", r=r), z)
        # loads and stores of this width (one 4 KiB block: L1)
        b = {"x": 16, "y": 32, "z": 64}[w]
        tp("tp_load_" + w, [("vmovupd %d(%%0), %%%s%d" % (k * b, r, k)) for k in range(12)], z)
        tp("tp_store_" + w, [("vmovupd %%%s14, %d(%%1)" % (r, k * b)) for k in range(12)], z)
        tp("tp_loadop_add_" + w, [("vaddpd %d(%%0), %%%s%d, %%%s%d" % (k * b, r, k, r, k))
                                  for k in range(12)], z)
        tp("mix_2load_1store_" + w, [x for k in range(4) for x in (
            "vmovupd %d(%%0), %%%s%d" % (2 * k * b, r, 2 * k),
            "vmovupd %d(%%0), %%%s%d" % ((2 * k + 1) * b, r, 2 * k + 1),
            "vmovupd %%%s14, %d(%%1)" % (r, k * b))], z, unit="group3")
        tp("mix_1load_1store_" + w, [x for k in range(6) for x in (
            "vmovupd %d(%%0), %%%s%d" % (k * b, r, k),
            "vmovupd %%%s14, %d(%%1)" % (r, k * b))], z, unit="group2")
        tp("mix_3load_1store_" + w, [x for k in range(3) for x in (
            "vmovupd %d(%%0), %%%s%d" % (3 * k * b, r, 3 * k),
            "vmovupd %d(%%0), %%%s%d" % ((3 * k + 1) * b, r, 3 * k + 1),
            "vmovupd %d(%%0), %%%s%d" % ((3 * k + 2) * b, r, 3 * k + 2),
            "vmovupd %%%s14, %d(%%1)" % (r, k * b))], z, unit="group4")
    # scalar double
    lat("lat_addsd", "vaddsd %xmm14, %xmm0, %xmm0")
    lat("lat_mulsd", "vmulsd %xmm14, %xmm0, %xmm0")
    lat("lat_fmasd", "vfmadd231sd %xmm14, %xmm15, %xmm0")
    lat("lat_divsd", "vdivsd %xmm14, %xmm0, %xmm0")
    lat("lat_divss", "vdivss %xmm14, %xmm0, %xmm0")
    lat("lat_sqrtsd", "vsqrtsd %xmm0, %xmm0, %xmm0")
    lat("lat_sqrtss", "vsqrtss %xmm0, %xmm0, %xmm0")
    lat("lat_addsd_mem", "vaddsd (%0), %xmm0, %xmm0")
    tp("tp_addsd", chains("vaddsd %xmm14, %xmm{k}, %xmm{k}"))
    tp("tp_fmasd", chains("vfmadd231sd %xmm14, %xmm15, %xmm{k}"))
    tp("tp_divsd", chains("vdivsd %xmm14, %xmm15, %xmm{k}"))
    tp("tp_divss", chains("vdivss %xmm14, %xmm15, %xmm{k}"))
    tp("tp_sqrtsd", chains("vsqrtsd %xmm14, %xmm14, %xmm{k}"))
    tp("tp_sqrtss", chains("vsqrtss %xmm14, %xmm14, %xmm{k}"))
    tp("tp_load_sd", [("vmovsd %d(%%0), %%xmm%d" % (8 * k, k)) for k in range(12)])
    tp("tp_store_sd", [("vmovsd %%xmm14, %d(%%1)" % (8 * k)) for k in range(12)])
    tp("tp_loadop_addsd", [("vaddsd %d(%%0), %%xmm%d, %%xmm%d" % (8 * k, k, k)) for k in range(12)])
    # shuffles and friends (ymm)
    lat("lat_hadd_y", "vhaddpd %ymm14, %ymm0, %ymm0")
    lat("lat_extract_y", "vextractf128 $1, %ymm0, %xmm0")
    lat("lat_insert_y", "vinsertf128 $1, %xmm0, %ymm0, %ymm0")
    lat("lat_perm2f128_y", "vperm2f128 $1, %ymm0, %ymm0, %ymm0")
    lat("lat_unpck_y", "vunpcklpd %ymm14, %ymm0, %ymm0")
    lat("lat_blendv_y", "vblendvpd %ymm13, %ymm14, %ymm0, %ymm0")
    lat("lat_cvtdq2pd_y", "vcvtdq2pd %xmm0, %ymm0")
    tp("tp_hadd_y", chains("vhaddpd %ymm14, %ymm{k}, %ymm{k}"))
    tp("tp_extract_y", chains("vextractf128 $1, %ymm14, %xmm{k}"))
    tp("tp_insert_y", chains("vinsertf128 $1, %xmm14, %ymm{k}, %ymm{k}"))
    tp("tp_perm2f128_y", chains("vperm2f128 $1, %ymm14, %ymm{k}, %ymm{k}"))
    tp("tp_unpck_y", chains("vunpcklpd %ymm14, %ymm{k}, %ymm{k}"))
    tp("tp_blendv_y", chains("vblendvpd %ymm13, %ymm14, %ymm{k}, %ymm{k}"))
    tp("tp_bcast_y", chains("vbroadcastsd %xmm14, %ymm{k}"))
    tp("tp_bcast_mem_y", [("vbroadcastsd %d(%%0), %%ymm%d" % (8 * k, k)) for k in range(12)])
    tp("tp_cvtdq2pd_y", chains("vcvtdq2pd %xmm14, %ymm{k}"))
    # integer
    gp = ["rcx", "rdx", "r8", "r9", "r10", "r11", "rdi", "rbx"]
    lat("lat_add64", "addq %rcx, %rax")
    lat("lat_imul64", "imulq %rcx, %rax")
    lat("lat_load_gpr", "movq (%rax), %rax")
    lat("lat_load_fp_movq", "vmovq (%rax), %xmm0\n\tvmovq %xmm0, %rax")
    lat("lat_movq_roundtrip", "vmovq %rax, %xmm0\n\tvmovq %xmm0, %rax")
    tp("tp_add64", ["addq %%rsi, %%%s" % g for g in gp])
    tp("tp_imul64", ["imulq %%rsi, %%%s" % g for g in gp])
    tp("tp_load_gpr", ["movq %d(%%0), %%%s" % (8 * k, g) for k, g in enumerate(gp)])
    tp("tp_store_gpr", ["movq %%rsi, %d(%%1)" % (8 * k) for k in range(8)])
    tp("tp_lea", ["leaq 8(%%rsi), %%%s" % g for g in gp])
    tp("mix_add64_fma_y", [x for k in range(6) for x in (
        "addq %%rsi, %%%s" % gp[k], "vfmadd231pd %%ymm14, %%ymm15, %%ymm%d" % k)],
       unit="group2")
    tp("tp_loadop_fma_y", [("vfmadd231pd %d(%%0), %%ymm15, %%ymm%d" % (32 * k, k)) for k in range(12)])
    tp("mix_ld_gpr_ld_y", [x for k in range(6) for x in (
        "movq %d(%%0), %%%s" % (8 * k, gp[k]), "vmovupd %d(%%0), %%ymm%d" % (512 + 32 * k, k))],
       unit="group2")

REGS = list(range(14)) + list(range(16, 32))   # 30 chains (16-31: EVEX, AVX-512VL)

def mixw(name, ops):
    """A mix of independent chains on 30 registers (ymm; needs AVX-512VL for ymm16-31):
    OPS = [(format with {r} = the chain's register, count), ...]; cycles per instruction."""
    block, k = [], 0
    for fmt, n in ops:
        for _ in range(n):
            block.append(fmt.format(r="%%ymm%d" % REGS[k], x="%%xmm%d" % REGS[k]))
            k += 1
    tp(name, block, True)

def build_mixes():
    FMA = "vfmadd231pd %ymm14, %ymm15, {r}"
    ADD = "vaddpd %ymm14, {r}, {r}"
    MUL = "vmulpd %ymm14, {r}, {r}"
    AND = "vpandq %ymm14, {r}, {r}"
    PERM = "vpermpd $0x1b, %ymm14, {r}"
    SHUF = "vshufpd $5, %ymm14, {r}, {r}"
    mixw("w_fma16", [(FMA, 16)])
    mixw("w_add16", [(ADD, 16)])
    mixw("w_fma12_add4", [(FMA, 12), (ADD, 4)])
    mixw("w_fma8_add8", [(FMA, 8), (ADD, 8)])
    mixw("w_fma4_add12", [(FMA, 4), (ADD, 12)])
    mixw("w_mul8_add8", [(MUL, 8), (ADD, 8)])
    mixw("w_fma8_and8", [(FMA, 8), (AND, 8)])
    mixw("w_add8_and8", [(ADD, 8), (AND, 8)])
    mixw("w_fma8_add8_and8", [(FMA, 8), (ADD, 8), (AND, 8)])
    mixw("w_fma8_perm8", [(FMA, 8), (PERM, 8)])
    mixw("w_add8_perm8", [(ADD, 8), (PERM, 8)])
    mixw("w_fma8_shuf8", [(FMA, 8), (SHUF, 8)])
    mixw("w_add8_shuf8", [(ADD, 8), (SHUF, 8)])
    # where does X go?  MUL (f-pipes of the FMA) + X and ADD + X, 8 chains each (no latency
    # bound): X on the MUL pipes -> 0.5 / 0.25 cy per insn, on the ADD pipes -> 0.25 / 0.5,
    # on one of each -> 0.33 / 0.33, on all four -> 0.25 / 0.25
    for xn, x in (("max", "vmaxpd %ymm14, {r}, {r}"), ("perm", PERM),
                  ("blendv", "vblendvpd %ymm13, %ymm14, {r}, {r}"),
                  ("ext", "vextractf128 $1, %ymm14, {x}"), ("ins", "vinsertf128 $1, %xmm14, {r}, {r}"),
                  ("bcast", "vbroadcastsd %xmm14, {r}"), ("cvt", "vcvtdq2pd %xmm14, {r}"),
                  ("p2f128", "vperm2f128 $1, %ymm14, {r}, {r}")):
        # X first: registers 0-7 (VEX-only forms)
        mixw("w_mul8_%s8" % xn, [(x, 8), (MUL, 8)])
        mixw("w_add8_%s8" % xn, [(x, 8), (ADD, 8)])
    mixw("w_fma8_ld8", [(FMA, 8)] + [("vmovupd %d(%%0), {r}" % (32 * k), 1) for k in range(8)])
    mixw("w_fma8_add8_ld4", [(FMA, 8), (ADD, 8)] + [("vmovupd %d(%%0), {r}" % (32 * k), 1) for k in range(4)])
    mixw("w_fma8_add8_st4", [(FMA, 8), (ADD, 8)] + [("vmovupd %%ymm14, %d(%%1)" % (32 * k), 1) for k in range(4)])

# Streaming tests: loads and stores that walk L1-resident arrays as a compiled loop does (one
# group per iteration of an addq/cmpq/jne loop, the index in a register), against the mix_*
# tests above, which hit the same few lines on every pass.
SW = {"s": (8, "xmm", "vmovsd"), "x": (16, "xmm", "vmovupd"),
      "y": (32, "ymm", "vmovupd"), "z": (64, "zmm", "vmovupd")}
POOL_ARRAY = 65536          # bytes per array slot of the pool (5 slots)
HUGE_SLOT = 2 << 20         # arrays 2 MiB apart, as bench/accuracy/harness.c places them

def stream(name, w, loads, stores, ws_kib, unroll=1, into=None, fixed=False, lay=17, dep=False,
           slot=POOL_ARRAY, restart=""):
    """LOADS load streams (arrays 0..LOADS-1) and STORES (0 or 1) store stream (array LOADS,
    or array INTO: a store into a loaded array, the update / daxpy shape) of width W (s x y z),
    each array a share of WS_KIB KiB (the working set, all arrays); arrays LAY lines apart mod
    4 KiB (0: same 4 KiB offset); UNROLL groups per loop iteration; FIXED: the address never
    moves (every iteration the same lines, as mix_*); DEP: the stored value is computed from the
    loads as GCC's code does (first load a move, the others vaddpd/vaddsd memory operands, one
    vmulpd for a single load).  Unit: cycles per group (one vector of
    every stream)."""
    b = SW[w][0]
    narr = loads + (stores if into is None else 0)
    nbytes = (ws_kib * 1024 // max(1, narr)) // (unroll * b) * (unroll * b)
    STREAMS.append(dict(name=name, w=w, loads=loads, stores=stores, into=into, unroll=unroll,
                        fixed=fixed, lay=lay, nbytes=nbytes, b=b, z=(w == "z"), dep=dep, slot=slot, restart=restart))

def build_streams():
    mixes = ((1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1))
    for w in "sxyz":
        for ws in (12, 24, 36):
            for l, st in mixes:
                stream("st_%s_%dl%ds_%dk" % (w, l, st, ws), w, l, st, ws)
        for l, st in mixes:
            stream("st_%s_%dl%ds_24k_u4" % (w, l, st), w, l, st, 24, unroll=4)
            stream("st_%s_%dl%ds_fixed" % (w, l, st), w, l, st, 24, fixed=True)
        for l, st in mixes[2:]:
            for ws in (12, 24, 36):
                stream("st_%s_%dl%ds_%dk_dep" % (w, l, st, ws), w, l, st, ws, dep=True)
            stream("st_%s_%dl%ds_24k_dep_u4" % (w, l, st), w, l, st, 24, unroll=4, dep=True)
        for l, st in ((1, 1), (2, 1), (3, 1)):
            stream("st_%s_%dl%ds_24k_dep_2m" % (w, l, st), w, l, st, 24, dep=True, slot=HUGE_SLOT)
            stream("st_%s_%dl%ds_24k_dep_u4_2m" % (w, l, st), w, l, st, 24, dep=True, unroll=4,
                   slot=HUGE_SLOT)
        for l, st in ((0, 1), (1, 1), (2, 1), (3, 1)):
            stream("st_%s_%dl%ds_24k_dep_vzu" % (w, l, st), w, l, st, 24, dep=True,
                   restart="vzeroupper")
        for lay in (0, 5, 32):        # other distances of the arrays modulo 4 KiB (lines)
            for ws in (12, 24, 36):
                stream("st_%s_2l1s_%dk_dep_lay%d" % (w, ws, lay), w, 2, 1, ws, dep=True, lay=lay)
        stream("st_%s_daxpy_24k_dep_2m" % w, w, 2, 1, 24, into=0, dep=True, slot=HUGE_SLOT)
        stream("st_%s_daxpy_24k_dep" % w, w, 2, 1, 24, into=0, dep=True)
        stream("st_%s_daxpy_24k_dep_u4" % w, w, 2, 1, 24, into=0, dep=True, unroll=4)
        stream("st_%s_update_24k" % w, w, 1, 1, 24, into=0)        # a[i] = s * a[i]
        stream("st_%s_daxpy_24k" % w, w, 2, 1, 24, into=0)         # a[i] += s * b[i]
        stream("st_%s_2l1s_24k_alias" % w, w, 2, 1, 24, lay=0)     # streams 4 KiB-aliased
        stream("st_%s_2l1s_4k" % w, w, 2, 1, 4)
        stream("st_%s_2l1s_96k" % w, w, 2, 1, 96)                  # beyond L1 (48 KiB)

def c_stream(i, t):
    """The C function s<I>: IT sweeps over the arrays, one group per inner iteration."""
    b, reg, mov = SW[t["w"]]
    if t["z"]:
        reg = "zmm"
    idx = "%%rdx" if t["fixed"] else "%%rax"
    body, k = [], 0
    op = "vaddsd" if t["w"] == "s" else "vaddpd"
    for j in range(t["unroll"]):
        off = j * b
        if t["dep"]:
            r = "%%%%%s%d" % (reg, j % 12)
            sa = t["loads"] if t["into"] is None else t["into"]
            for x in range(t["loads"]):
                body.append("%s %d(%%[p%d],%s), %s" % (mov, off, x, idx, r) if x == 0 else
                            "%s %d(%%[p%d],%s), %s, %s" % (op, off, x, idx, r, r))
            if t["loads"] == 1:
                m = op.replace("add", "mul")
                body.append("%s %%%%%s15, %s, %s" % (m, reg, r, r))
            body.append("%s %s, %d(%%[p%d],%s)" % (mov, r, off, sa, idx))
            continue
        for x in range(t["loads"]):
            body.append("%s %d(%%[p%d],%s), %%%%%s%d" % (mov, off, x, idx, reg, k % 12))
            k += 1
        for _ in range(t["stores"]):
            sa = t["loads"] if t["into"] is None else t["into"]
            body.append("%s %%%%%s14, %d(%%[p%d],%s)" % (mov, reg, off, sa, idx))
    vr = "zmm" if t["z"] else "ymm"
    init = "".join('"vbroadcastsd (%%[p0]), %%%%%s%d\\n\\t"\n\t\t' % (vr, r) for r in range(16))
    ptrs = ", ".join('[p%d] "r"(pool + %d)' % (x, (x * t["slot"] + x * t["lay"] * 64) // 8)
                     for x in range(5))
    return (ZATTR if t["z"] else "") + r"""
static void s%d(long it)
{
	__asm__ volatile(%s"xorl %%%%edx, %%%%edx\n\t"
		"1:\n\t%s\n\txorl %%%%eax, %%%%eax\n\t.p2align 5\n\t"
		"2:\n\t%s\n\taddq $%d, %%%%rax\n\tcmpq %%[n], %%%%rax\n\tjne 2b\n\t"
		"decq %%[it]\n\tjnz 1b\n\tvzeroupper"
		: [it] "+r"(it) : %s, [n] "r"(%dL)
		: "rax", "rdx", "memory",
		  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
		  "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}
""" % (i, init, t["restart"], "\\n\\t".join(body), t["unroll"] * b, ptrs, t["nbytes"])

PRELUDE = r"""
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clock.h"
static double ld[1024] __attribute__((aligned(4096)));
static double st[1024] __attribute__((aligned(4096)));
static double pool[5 * 2097152 / 8 + 4096] __attribute__((aligned(4096)));
"""

ZATTR = '__attribute__((target("avx512f,avx512vl")))'
ZCLOB = "".join(', "xmm%d"' % k for k in range(16, 32))

def c_test(i, name, block, z, reps):
    """The C function t<I>: the block repeated REPS times in a loop of IT passes.  Operands
    (named): ld (loads; ld[0] = 1.0 feeds the registers), st (stores; st[1000] holds its own
    address: the pointer chase), it (the pass count).  Blocks write %0 for ld, %1 for st."""
    r = "zmm" if z else "ymm"
    init = "".join("\"vbroadcastsd (%%[ld]), %%%%%s%d\\n\\t\"\n\t\t" % (r, k) for k in range(32 if z else 16))
    body = "\\n\\t".join(x.replace("%", "%%").replace("%%0", "%[ld]").replace("%%1", "%[st]")
                         .replace("\n\t", "\\n\\t") for x in block)
    return (ZATTR if z else "") + r"""
static void t%d(long it)
{
	__asm__ volatile(%s"leaq 5888(%%[st]), %%%%rax\n\tmovq $1, %%%%rsi\n\t"
		"movq $1, %%%%rcx\n\tmovq $1, %%%%rdx\n\tmovq $1, %%%%r8\n\tmovq $1, %%%%r9\n\t"
		"movq $1, %%%%r10\n\tmovq $1, %%%%r11\n\tmovq $1, %%%%rdi\n\tmovq $1, %%%%rbx\n\t"
		"1:\n\t.rept %d\n\t%s\n\t.endr\n\tdecq %%[it]\n\tjnz 1b\n\tvzeroupper"
		: [it] "+r"(it) : [ld] "r"(ld), [st] "r"(st + 264)
		: "rax", "rsi", "rcx", "rdx", "r8", "r9", "r10", "r11", "rdi", "rbx", "memory",
		  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
		  "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"%s);
}
""" % (i, init, reps, body, ZCLOB if z else "")

def generate(tests, streams, path):
    src = [PRELUDE]
    for i, (name, block, unit, z) in enumerate(tests):
        reps = max(1, 96 // len(block))
        src.append(c_test(i, name, block, z, reps))
    for i, t in enumerate(streams):
        src.append(c_stream(i, t))
    src.append("struct t { const char *name; void (*fn)(long); long n; int z; long it; };\n")
    src.append("static const struct t tests[] = {\n")
    for i, (name, block, unit, z) in enumerate(tests):
        reps = max(1, 96 // len(block))
        per = {"insn": len(block)}.get(unit, len(block) // int(unit[5:]) if unit.startswith("group") else 1)
        src.append("\t{ \"%s\", t%d, %d, %d, 40 },\n" % (name, i, reps * per, int(z)))
    for i, t in enumerate(streams):
        groups = t["nbytes"] // t["b"]
        src.append("\t{ \"%s\", s%d, %d, %d, %d },\n" % (t["name"], i, groups, int(t["z"]),
                                                          max(4, 1000000 // groups)))
    src.append("};\n")
    src.append(r"""
int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 30;
	int z = __builtin_cpu_supports("avx512f");
	for (int i = 0; i < 1024; i++)
		ld[i] = st[i] = 1.0;
	for (unsigned i = 0; i < sizeof pool / sizeof pool[0]; i++)
		pool[i] = 1.0;
	void *self = &st[1000];
	memcpy(&st[1000], &self, sizeof self);
	double g = clock_ghz_of(200);
	for (unsigned k = 0; k < sizeof tests / sizeof tests[0]; k++) {
		if (tests[k].z && !z)
			continue;
		double best = 1e30;
		for (int r = 0; r < runs; r++) {
			long it = tests[k].it;
			double t0 = now_ns();
			tests[k].fn(it);
			double t = (now_ns() - t0) / (it * (double)tests[k].n);
			if (t < best)
				best = t;
		}
		double g2 = clock_ghz_of(5);
		if (g2 > g)
			g = g2;
		printf("%s %.6f\n", tests[k].name, best);
	}
	printf("clock_ghz %.4f\n", g);
	return 0;
}
""")
    open(path, "w").write("".join(src))

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)

def lscpu():
    out = sh(["lscpu"]).stdout
    get = lambda k: (re.search(r"^%s:\s*(.*)$" % k, out, re.M) or [None, "?"])[1]
    return "%s, %s, family %s model %s stepping %s" % (get("Model name"), get("Vendor ID"),
                                                       get("CPU family"), get("Model"), get("Stepping"))

def main():
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    only = args[args.index("--only") + 1] if "--only" in args else None
    outp = args[args.index("--out") + 1] if "--out" in args else None
    sets = args[args.index("--set") + 1] if "--set" in args else "core"
    build_tests()
    build_mixes()
    build_streams()
    tests = [t for t in TESTS if (not only or only in t[0]) and sets in ("core", "all")]
    streams = [t for t in STREAMS if (not only or only in t["name"]) and sets in ("streams", "all")]
    tmp = tempfile.mkdtemp(prefix="rl-uarch-")
    c = os.path.join(tmp, "uarch.c")
    generate(tests, streams, c)
    exe = os.path.join(tmp, "uarch")
    r = sh([CC, "-O2", "-mavx2", "-mfma", "-I", HERE, c, "-o", exe])
    if r.returncode:
        sys.exit(r.stderr[:4000])
    la0 = open("/proc/loadavg").read().split()[0]
    best, clk = {}, 0.0
    for k in range(runs):
        if k:
            time.sleep(1)
        t0 = time.time()
        out = sh(["flock", "/tmp/rl-measure.lock", "nice", "-n", "-5", "taskset", "-c", "1", exe, "20"])
        if out.returncode:
            out = sh(["flock", "/tmp/rl-measure.lock", "taskset", "-c", "1", exe, "20"])
        for l in out.stdout.splitlines():
            p = l.split()
            if p[0] == "clock_ghz":
                clk = max(clk, float(p[1]))
            else:
                best[p[0]] = min(best.get(p[0], 1e30), float(p[1]))
        sys.stderr.write("run %d: %.1f s\n" % (k + 1, time.time() - t0))
    la1 = open("/proc/loadavg").read().split()[0]
    lines = ["# bench/incore/uarch.py on %s (lscpu); %s; %s" % (lscpu(), sh([CC, "--version"]).stdout.splitlines()[0],
                                                               time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
             "# %d runs under flock /tmp/rl-measure.lock nice -n -5 taskset -c 1, best of 20 timings per run, best run;"
             " loadavg %s -> %s; core clock (add chain) %.3f GHz" % (runs, la0, la1, clk),
             "# lat_*: cycles per instruction of one chain (latency); tp_*: reciprocal throughput;"
             " mix_*: cycles per group"]
    for name, _, unit, _ in tests:
        if name in best:
            lines.append("%-22s %7.3f cy per %s" % (name, best[name] * clk, unit))
    for t in streams:
        if t["name"] in best:
            lines.append("%-22s %7.3f cy per group (%d B per array)" % (t["name"], best[t["name"]] * clk,
                                                                     t["nbytes"]))
    txt = "\n".join(lines) + "\n"
    sys.stdout.write(txt)
    if outp:
        open(outp, "w").write(txt)

if __name__ == "__main__":
    main()
