/* rtl-body.cc - the instructions GCC generated for each innermost loop.
 *
 * Two RTL passes feed this file (registered by roofline-plugin.cc):
 *
 *  1. rl_rtl_record_loops, inside loop2 after unrolling: RTL loops still carry
 *     their GIMPLE numbers there.  For each innermost loop remember its number,
 *     the sorted INSN_UIDs of its non-debug insns and the unroll factor that
 *     loop2_unroll applied (loop->lpt_decision).
 *
 *  2. rl_rtl_extract_bodies, after sched2: the loop tree is gone; rebuild it with
 *     loop_optimizer_init (AVOID_CFG_MODIFICATIONS) (fresh numbers), match each
 *     innermost loop to the recorded loop sharing the most INSN_UIDs, and turn
 *     its insns into rl_insn records (mnemonic, class, widths, memory kind), in
 *     layout order (as in the .s file), leaving out blocks the profile says run
 *     in fewer than 1 of 20 passes (errno calls of sqrt, assert paths).  If
 *     several late loops match one record (rare), the best match wins.
 *
 * Classification walks the SET pattern (rtx codes, modes), not the target's
 * attribute enums: that is target-neutral and robust; any rtx it does not know
 * is RL_IC_OTHER.  The only x86-specific part is the mnemonic (the first word of
 * the output template, with %v and the dialect braces resolved).
 *
 * Nothing here modifies the insn stream or the CFG.
 */
#include "plugin/compat.h"
#include "target.h"
#include "rtl-iter.h"
#include "sreal.h"
#include "plugin/plugin-internal.h"
#include "model/rows.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ state */

/* One innermost loop of the current function, recorded inside loop2. */
struct rl_loop_record {
  int num;              /* GIMPLE loop number */
  int unroll;           /* unroll factor applied by loop2_unroll, >= 1 */
  int *uids;            /* sorted INSN_UIDs of the body (non-debug insns) */
  int nuids;
  rl_body *body;        /* extracted after sched2, or NULL */
  rl_row_code *rows;    /* the code around it (model/rows.h), with BODY */
  int best_common;      /* UIDs shared with the RTL loop BODY came from */
  char hot_call[64];    /* function called in BODY ("" if none) */
};

namespace {

int
cmp_int (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return x < y ? -1 : x > y;
}

/* Sorted UIDs of the non-debug insns of the blocks of LOOP. */
int *
loop_uids (class loop *loop, int *n)
{
  basic_block *bbs = get_loop_body (loop);
  int cap = 64, cnt = 0;
  int *v = XNEWVEC (int, cap);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bbs[i], insn)
	{
	  if (!NONDEBUG_INSN_P (insn))
	    continue;
	  if (cnt == cap)
	    {
	      cap *= 2;
	      v = XRESIZEVEC (int, v, cap);
	    }
	  v[cnt++] = INSN_UID (insn);
	}
    }
  free (bbs);
  qsort (v, cnt, sizeof (int), cmp_int);
  *n = cnt;
  return v;
}

int
common_count (const int *a, int na, const int *b, int nb)
{
  int i = 0, j = 0, c = 0;
  while (i < na && j < nb)
    {
      if (a[i] < b[j])
	i++;
      else if (a[i] > b[j])
	j++;
      else
	{
	  c++;
	  i++;
	  j++;
	}
    }
  return c;
}

/* ------------------------------------------------------------ modes, rtx */

int
mode_bits (machine_mode mode)
{
  if (mode == VOIDmode || mode == BLKmode)
    return 0;
  poly_uint64 b = GET_MODE_BITSIZE (mode);
  if (!b.is_constant ())
    return 0;
  return (int) b.to_constant ();
}

/* FP element width of MODE (32/64, also 16 for HF), 0 if not floating point. */
int
elem_bits_of (machine_mode mode)
{
  if (mode == VOIDmode || mode == BLKmode)
    return 0;
  machine_mode inner = GET_MODE_INNER (mode);
  if (!SCALAR_FLOAT_MODE_P (inner))
    return 0;
  return mode_bits (inner);
}

bool
float_mode_p (machine_mode mode)
{
  return elem_bits_of (mode) != 0;
}

/* First MEM inside X, or NULL. */
rtx
find_mem (rtx x)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, ALL)
    if (MEM_P (*iter))
      return CONST_CAST_RTX (*iter);
  return NULL_RTX;
}

/* X is a memory reference, possibly behind an extension, a subreg, a
 * broadcast, a lane selection or a one-operand unspec: a pure load source. */
rtx
pure_mem_source (rtx x)
{
  for (int depth = 0; depth < 4 && x; depth++)
    {
      switch (GET_CODE (x))
	{
	case MEM:
	  return x;
	case SUBREG:
	  x = SUBREG_REG (x);
	  break;
	case ZERO_EXTEND:
	case SIGN_EXTEND:
	case VEC_DUPLICATE:
	case VEC_SELECT:
	  x = XEXP (x, 0);
	  break;
	case VEC_MERGE:
	  /* a masked load (mask in a register) or a load that zeroes the other
	     lanes (vmovsd/vmovd (mem)) is a pure load; inserting into a live
	     register (vpinsrb, vmovhpd (mem)) is a shuffle with a load */
	  if (!CONST_INT_P (XEXP (x, 2))
	      || XEXP (x, 1) == CONST0_RTX (GET_MODE (x)))
	    x = XEXP (x, 0);
	  else
	    return NULL_RTX;
	  break;
	case UNSPEC:
	  if (XVECLEN (x, 0) != 1)
	    return NULL_RTX;
	  x = XVECEXP (x, 0, 0);
	  break;
	default:
	  return NULL_RTX;
	}
    }
  return NULL_RTX;
}

/* The operation whose class decides an insn: look through AVX-512 masking
 * (vec_merge OP REG MASK) and through lane merges of scalar ops. */
rtx
strip_merge (rtx x)
{
  for (int depth = 0; depth < 4 && x; depth++)
    {
      if (GET_CODE (x) == VEC_MERGE)
	{
	  rtx a = XEXP (x, 0);
	  if (GET_CODE (a) == VEC_DUPLICATE && !MEM_P (XEXP (a, 0))
	      && !REG_P (XEXP (a, 0)) && GET_CODE (XEXP (a, 0)) != SUBREG)
	    a = XEXP (a, 0);
	  switch (GET_CODE (a))
	    {
	    case PLUS: case MINUS: case MULT: case DIV: case SQRT: case FMA:
	    case SMAX: case SMIN: case UMAX: case UMIN:
	    case AND: case IOR: case XOR: case ASHIFT: case ASHIFTRT:
	    case LSHIFTRT:
	      x = a;
	      continue;
	    case VEC_MERGE:
	      x = a;
	      continue;
	    default:
	      return x;
	    }
	}
      return x;
    }
  return x;
}

/* Class of the operation OP (the source of a SET to a register). */
rl_iclass
classify_op (rtx op, machine_mode *opmode)
{
  op = strip_merge (op);
  machine_mode mode = GET_MODE (op);
  *opmode = mode;
  bool fp = float_mode_p (mode);
  enum rtx_code code = GET_CODE (op);

  switch (code)
    {
    case PLUS:
    case MINUS:
      if (fp)
	{
	  /* a*b+c written as separate rtx (targets without an fma pattern
	     that still contract) */
	  if (GET_CODE (XEXP (op, 0)) == MULT || GET_CODE (XEXP (op, 1)) == MULT)
	    return RL_IC_FMA;
	  return RL_IC_FADD;
	}
      return RL_IC_IALU;
    case SMAX: case SMIN:
      return fp ? RL_IC_FADD : RL_IC_IALU;
    case UMAX: case UMIN:
      return RL_IC_IALU;
    case MULT:
      return fp ? RL_IC_FMUL : RL_IC_IALU;
    case FMA:
      return RL_IC_FMA;
    case DIV:
      return fp ? RL_IC_FDIV : RL_IC_OTHER;   /* integer division: OTHER */
    case UDIV: case MOD: case UMOD:
      return RL_IC_OTHER;
    case SQRT:
      return fp ? RL_IC_FSQRT : RL_IC_OTHER;
    case NEG: case ABS:
      return fp ? RL_IC_OTHER : RL_IC_IALU;   /* FP: sign-mask logic */
    case AND: case IOR: case XOR: case NOT:
    case ASHIFT: case ASHIFTRT: case LSHIFTRT: case ROTATE: case ROTATERT:
    case SS_PLUS: case US_PLUS: case SS_MINUS: case US_MINUS:
    case POPCOUNT: case CLZ: case CTZ: case BSWAP:
      return fp ? RL_IC_OTHER : RL_IC_IALU;
    case COMPARE:
      {
	machine_mode m = GET_MODE (XEXP (op, 0));
	if (m == VOIDmode)
	  m = GET_MODE (XEXP (op, 1));
	*opmode = m;
	return float_mode_p (m) ? RL_IC_FADD : RL_IC_IALU;
      }
    case IF_THEN_ELSE:
      return fp || VECTOR_MODE_P (mode) ? RL_IC_OTHER : RL_IC_IALU; /* cmov */
    case REG: case SUBREG: case CONST_INT: case CONST_DOUBLE: case CONST:
    case SYMBOL_REF: case LABEL_REF: case CONST_WIDE_INT:
      /* register moves and constants: GPR moves are integer ALU work,
	 vector moves, zeroing and FP constants OTHER */
      if (mode == VOIDmode)
	return RL_IC_IALU;
      return (fp || VECTOR_MODE_P (mode)) ? RL_IC_OTHER : RL_IC_IALU;
    case ZERO_EXTEND: case SIGN_EXTEND: case TRUNCATE:
      return (fp || VECTOR_MODE_P (mode)) ? RL_IC_OTHER : RL_IC_IALU;
    default:
      if (COMPARISON_P (op))
	{
	  machine_mode m = GET_MODE (XEXP (op, 0));
	  if (m == VOIDmode)
	    m = GET_MODE (XEXP (op, 1));
	  *opmode = m;
	  return float_mode_p (m) ? RL_IC_FADD : RL_IC_IALU;   /* vcmppd, setcc */
	}
      if ((code == UNSPEC || code == UNSPEC_VOLATILE) && XVECLEN (op, 0) > 0)
	{
	  rtx e0 = XVECEXP (op, 0, 0);
	  /* (unspec [(compare ...)] UNSPEC_NOTRAP): ucomisd */
	  if (GET_CODE (e0) == COMPARE || COMPARISON_P (e0))
	    return classify_op (e0, opmode);
	  /* mask-producing compares and the like: width of the widest
	     operand, not of the result (vcmppd zmm -> k is a 512-bit op) */
	  for (int i = 0; i < XVECLEN (op, 0); i++)
	    {
	      machine_mode m = GET_MODE (XVECEXP (op, 0, i));
	      if (mode_bits (m) > mode_bits (*opmode)
		  && GET_MODE_CLASS (m) != MODE_CC)
		*opmode = m;
	    }
	  return RL_IC_OTHER;
	}
      /* FLOAT, FIX, FLOAT_EXTEND, FLOAT_TRUNCATE, VEC_CONCAT, VEC_SELECT,
	 VEC_DUPLICATE, VEC_MERGE, UNSPEC, CONST_VECTOR, ... */
      return RL_IC_OTHER;
    }
}

/* ------------------------------------------------------------- mnemonic */

/* Condition suffix of a comparison operand as the target prints it (%C). */
void
print_cond (char *out, size_t outlen, rtx cmp, int letter)
{
  out[0] = 0;
  if (!cmp || !COMPARISON_P (cmp) || !targetm.asm_out.print_operand)
    return;
  rtx op0 = XEXP (cmp, 0);
  if (GET_MODE_CLASS (GET_MODE (op0)) != MODE_CC)
    return;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return;
  targetm.asm_out.print_operand (f, cmp, letter);
  fclose (f);
  if (buf)
    {
      snprintf (out, outlen, "%s", buf);
      free (buf);
    }
}

/* The text operand code CODE of operand OPNO prints into a mnemonic (a
 * condition suffix for %C %c %F %f, a size suffix for %z), appended at OUT+*N. */
void
append_operand_code (char code, int opno, char *out, size_t *n, size_t outlen)
{
  if ((code == 'C' || code == 'c' || code == 'F' || code == 'f')
      && opno < recog_data.n_operands)
    {
      char cond[16];
      print_cond (cond, sizeof cond, recog_data.operand[opno], code);
      for (const char *q = cond; *q && *n + 1 < outlen; q++)
	out[(*n)++] = *q;
    }
  else if (code == 'z' && opno < recog_data.n_operands)
    {
      machine_mode m = GET_MODE (recog_data.operand[opno]);
      if (SCALAR_INT_MODE_P (m))
	switch (mode_bits (m))
	  {
	  case 8: out[(*n)++] = 'b'; break;
	  case 16: out[(*n)++] = 'w'; break;
	  case 32: out[(*n)++] = 'l'; break;
	  case 64: out[(*n)++] = 'q'; break;
	  default: break;
	  }
    }
}

/* First word of template TEMPL with %-codes resolved, into OUT. */
void
template_mnemonic (const char *templ, char *out, size_t outlen)
{
  size_t n = 0;
  int in_dialect = 0;         /* inside {att|intel}: 1 first alt, 2 others */
  const char *p = templ;
  out[0] = 0;
  while (*p == ' ' || *p == '\t')
    p++;
  for (; *p && n + 1 < outlen; p++)
    {
      char c = *p;
      if (c == '{')
	{
	  in_dialect = 1;
	  continue;
	}
      if (c == '|' && in_dialect)
	{
	  in_dialect = 2;
	  continue;
	}
      if (c == '}' && in_dialect)
	{
	  in_dialect = 0;
	  continue;
	}
      if (in_dialect == 2)
	continue;
      if (c == ' ' || c == '\t' || c == '\n' || c == ';')
	break;
      if (c == '%')
	{
	  char code = p[1];
	  if (!code)
	    break;
	  p++;
	  if (code == 'v')
	    {
#ifdef TARGET_AVX
	      if (TARGET_AVX)
		out[n++] = 'v';
#endif
	      continue;
	    }
	  if (code == ';')
	    break;
	  if (code == '%')
	    {
	      out[n++] = '%';
	      continue;
	    }
	  if (ISALPHA (code) && ISDIGIT (p[1]))
	    {
	      int opno = p[1] - '0';
	      p++;
	      while (ISDIGIT (p[1]))
		opno = opno * 10 + (*++p - '0');
	      append_operand_code (code, opno, out, &n, outlen);
	      continue;
	    }
	  /* punctuation codes (%+ %! %^ %* ...) print prefixes or nothing */
	  continue;
	}
      out[n++] = c;
    }
  out[n] = 0;
}

/* X mentions an x87 stack register (or we cannot tell). */
bool
mentions_stack_reg (rtx x)
{
#ifdef STACK_REGS
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, NONCONST)
    if (REG_P (*iter) && STACK_REG_P (*iter))
      return true;
  return false;
#else
  return false;
#endif
}

/* Mnemonic of INSN from its output template; false if not available. */
bool
insn_mnemonic (rtx_insn *insn, char *out, size_t outlen)
{
  out[0] = 0;
  if (CALL_P (insn))
    {
      snprintf (out, outlen, "call");
      return true;
    }
  int code = recog_memoized (insn);
  if (code < 0)
    return false;
  int fmt = insn_data[code].output_format;
  if (fmt != INSN_OUTPUT_FORMAT_SINGLE && fmt != INSN_OUTPUT_FORMAT_MULTI
      && fmt != INSN_OUTPUT_FORMAT_FUNCTION)
    return false;
  /* Output functions assume final's state: x87 ones (output_fp_compare, ...)
     assert that reg-stack (after sched2) has converted the registers; jump
     and call output functions look at final's state.  Only plain templates
     for those. */
  if (fmt == INSN_OUTPUT_FORMAT_FUNCTION
      && (JUMP_P (insn) || mentions_stack_reg (PATTERN (insn))))
    return false;
  /* Operands and the alternative, as final_scan_insn has them.  After reload
     every insn satisfies its constraints; if one does not, give up instead of
     letting GCC report it. */
  extract_insn (insn);
  if (!constrain_operands (1, get_enabled_alternatives (insn)))
    {
      which_alternative = -1;
      return false;
    }

  const char *templ = NULL;
  char *sink = NULL;
  size_t sinklen = 0;
  if (fmt == INSN_OUTPUT_FORMAT_FUNCTION)
    {
      /* Some output functions print through output_asm_insn themselves and
	 return "": catch that text instead of writing into the .s file. */
      FILE *saved = asm_out_file;
      rtx_insn *saved_cur = current_output_insn;
      FILE *f = open_memstream (&sink, &sinklen);
      if (!f)
	return false;
      asm_out_file = f;
      current_output_insn = insn;
      templ = get_insn_template (code, insn);
      asm_out_file = saved;
      current_output_insn = saved_cur;
      fclose (f);
    }
  else
    templ = get_insn_template (code, insn);

  if (templ && templ[0] && templ[0] != '#')
    template_mnemonic (templ, out, outlen);
  else if (sink && sink[0])
    {
      /* already printed text: "\tmnemonic\toperands" */
      const char *q = sink;
      while (*q == ' ' || *q == '\t')
	q++;
      size_t k = 0;
      while (q[k] && q[k] != ' ' && q[k] != '\t' && q[k] != '\n' && k + 1 < outlen)
	{
	  out[k] = q[k];
	  k++;
	}
      out[k] = 0;
    }
  free (sink);
  which_alternative = -1;
  return out[0] != 0;
}

/* ------------------------------------------------------- classification */

/* The SET that describes INSN: the pattern, or the first SET of a PARALLEL. */
rtx
main_set (rtx pat)
{
  if (GET_CODE (pat) == SET)
    return pat;
  if (GET_CODE (pat) == PARALLEL)
    for (int i = 0; i < XVECLEN (pat, 0); i++)
      {
	rtx e = XVECEXP (pat, 0, i);
	if (GET_CODE (e) == SET)
	  return e;
      }
  return NULL_RTX;
}


/* ------------------------------------------------- register dependencies */

void
add_reg (int *v, int *n, int max, int regno, unsigned *addr_mask, bool in_addr)
{
  for (int i = 0; i < *n; i++)
    if (v[i] == regno)
      {
	/* a register used both as data and as address is a data use */
	if (addr_mask && !in_addr)
	  *addr_mask &= ~(1u << i);
	return;
      }
  if (*n >= max)
    return;
  if (addr_mask && in_addr)
    *addr_mask |= 1u << *n;
  v[(*n)++] = regno;
}

/* Register uses inside X (IN_ADDR: X is (part of) a memory address). */
void
walk_uses (rtx x, bool in_addr, rl_insn *ri, int depth)
{
  if (!x || depth > 32)
    return;
  enum rtx_code code = GET_CODE (x);
  if (code == REG)
    {
      if (HARD_REGISTER_P (x))
	add_reg (ri->uses, &ri->nuses, RL_MAX_USES, (int) REGNO (x), &ri->use_addr,
		 in_addr);
      return;
    }
  if (code == MEM)
    {
      walk_uses (XEXP (x, 0), true, ri, depth + 1);
      return;
    }
  const char *fmt = GET_RTX_FORMAT (code);
  for (int i = GET_RTX_LENGTH (code) - 1; i >= 0; i--)
    {
      if (fmt[i] == 'e')
	walk_uses (XEXP (x, i), in_addr, ri, depth + 1);
      else if (fmt[i] == 'E')
	for (int j = 0; j < XVECLEN (x, i); j++)
	  walk_uses (XVECEXP (x, i, j), in_addr, ri, depth + 1);
    }
}

/* Uses and defs of one SET (or a bare expression). */
void
set_regs (rtx set, rl_insn *ri)
{
  rtx dest = SET_DEST (set);
  walk_uses (SET_SRC (set), false, ri, 0);
  /* partial writes read the old value */
  bool partial = false;
  while (GET_CODE (dest) == SUBREG || GET_CODE (dest) == STRICT_LOW_PART
	 || GET_CODE (dest) == ZERO_EXTRACT)
    {
      if (GET_CODE (dest) != SUBREG)
	partial = true;
      dest = XEXP (dest, 0);
    }
  if (MEM_P (dest))
    walk_uses (XEXP (dest, 0), true, ri, 0);
  else if (REG_P (dest) && HARD_REGISTER_P (dest))
    {
      if (partial)
	add_reg (ri->uses, &ri->nuses, RL_MAX_USES, (int) REGNO (dest), &ri->use_addr,
		 false);
      add_reg (ri->defs, &ri->ndefs, RL_MAX_DEFS, (int) REGNO (dest), NULL, false);
    }
}

/* Memory operand facts for the split-line and forwarding models. */
void
mem_facts (rtx mem, rl_insn *ri)
{
  ri->mem_base = -1;
  if (!mem)
    return;
  ri->mem_align = (int) MEM_ALIGN (mem);
  rtx a = XEXP (mem, 0);
  if (GET_CODE (a) == PLUS && CONST_INT_P (XEXP (a, 1)))
    {
      ri->mem_disp = (long) INTVAL (XEXP (a, 1));
      a = XEXP (a, 0);
    }
  if (GET_CODE (a) == PLUS)
    a = XEXP (a, 0);
  if (REG_P (a))
    ri->mem_base = (int) REGNO (a);
  /* a spill slot (GCC saves values across a call there): frame-based, and no
     array or aggregate behind it (GCC names a spilled register's variable) */
  tree e = MEM_EXPR (mem);
  if (REG_P (a) && (!e || (DECL_P (e) && !AGGREGATE_TYPE_P (TREE_TYPE (e))))
      && (REGNO (a) == STACK_POINTER_REGNUM || REGNO (a) == HARD_FRAME_POINTER_REGNUM
	  || REGNO (a) == FRAME_POINTER_REGNUM))
    ri->spill_slot = 1;
}

void
collect_regs (rtx_insn *insn, rl_insn *ri)
{
  ri->ndefs = ri->nuses = 0;
  ri->use_addr = 0;
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) == COND_EXEC)
    pat = COND_EXEC_CODE (pat);
  if (GET_CODE (pat) == SET)
    set_regs (pat, ri);
  else if (GET_CODE (pat) == PARALLEL)
    {
      for (int i = 0; i < XVECLEN (pat, 0); i++)
	{
	  rtx e = XVECEXP (pat, 0, i);
	  if (GET_CODE (e) == SET)
	    set_regs (e, ri);
	  else if (GET_CODE (e) != CLOBBER)
	    walk_uses (e, false, ri, 0);
	}
    }
  else
    walk_uses (pat, false, ri, 0);
  mem_facts (find_mem (pat), ri);
}

/* SRC, stored to memory, is a non-temporal move: the target's unspec is named
 * UNSPEC_MOVNT (x86: movntps/pd, movntdq, movnti, movntsd/ss, movntq and their
 * VEX/EVEX forms; sse.md, i386.md, mmx.md).  By name, so that no target's unspec
 * numbering is compiled in. */
int
nontemporal_src_p (rtx src)
{
  while (GET_CODE (src) == SUBREG || GET_CODE (src) == VEC_MERGE)
    src = XEXP (src, 0);
  if (GET_CODE (src) != UNSPEC)
    return 0;
  int k = XINT (src, 1);
  return k >= 0 && k < (int) NUM_UNSPEC_VALUES && unspec_strings[k]
	 && !strcmp (unspec_strings[k], "UNSPEC_MOVNT");
}

/* A SET to memory DEST from SRC: a store; a read-modify-write op keeps its
 * operation class. */
void
classify_store (rtx dest, rtx src, rl_insn *ri)
{
  ri->mem = RL_MEM_STORE;
  ri->mem_width = mode_bits (GET_MODE (dest));
  ri->width = ri->mem_width;
  ri->elem_bits = elem_bits_of (GET_MODE (dest));
  ri->nontemporal = nontemporal_src_p (src);
  rtx s = src;
  while (GET_CODE (s) == SUBREG || GET_CODE (s) == VEC_SELECT
	 || GET_CODE (s) == VEC_MERGE || GET_CODE (s) == UNSPEC)
    {
      if (GET_CODE (s) == UNSPEC && XVECLEN (s, 0) != 1)
	break;
      s = GET_CODE (s) == UNSPEC ? XVECEXP (s, 0, 0) : XEXP (s, 0);
    }
  if (REG_P (s) || CONSTANT_P (s) || GET_CODE (s) == CONST_VECTOR)
    ri->cls = RL_IC_STORE;
  else
    {
      machine_mode om;
      ri->cls = classify_op (src, &om);
      if (ri->cls == RL_IC_OTHER && (GET_CODE (src) == VEC_SELECT
				     || GET_CODE (src) == UNSPEC))
	ri->cls = RL_IC_STORE;
    }
}

/* A SET to register DEST from SRC: a pure load, or an operation (possibly
 * with a memory operand). */
void
classify_reg_set (rtx dest, rtx src, rl_insn *ri)
{
  rtx m = pure_mem_source (src);
  if (m)
    {
      ri->cls = RL_IC_LOAD;
      ri->mem = RL_MEM_LOAD;
      ri->mem_width = GET_CODE (src) == VEC_SELECT
	? mode_bits (GET_MODE (src)) : mode_bits (GET_MODE (m));
      ri->width = mode_bits (GET_MODE (dest));
      ri->elem_bits = elem_bits_of (GET_MODE (dest));
      return;
    }
  machine_mode om = VOIDmode;
  ri->cls = classify_op (src, &om);
  if (om == VOIDmode || GET_MODE_CLASS (om) == MODE_CC)
    om = GET_MODE (dest);
  if (GET_MODE_CLASS (om) == MODE_CC)
    om = VOIDmode;
  ri->width = mode_bits (om);
  ri->elem_bits = elem_bits_of (om);
  rtx mm = find_mem (src);
  if (mm)
    {
      ri->mem = RL_MEM_LOAD_OP;
      ri->mem_width = mode_bits (GET_MODE (mm));
    }
}

/* The record of INSN: class, widths, memory kind, mnemonic, registers. */
void
classify_insn (rtx_insn *insn, rl_insn *ri)
{
  memset (ri, 0, sizeof *ri);
  ri->cls = RL_IC_OTHER;
  ri->mem = RL_MEM_NONE;

  rtx pat = PATTERN (insn);
  rtx set = main_set (pat);
  const char *fallback = GET_RTX_NAME (GET_CODE (pat));

  if (JUMP_P (insn) || (set && SET_DEST (set) == pc_rtx))
    {
      ri->cls = RL_IC_BRANCH;
      fallback = "jump";
    }
  else if (CALL_P (insn))
    {
      /* the callee's symbol: the port model costs known math calls by it */
      ri->cls = RL_IC_OTHER;
      fallback = "call";
      rtx call = get_call_rtx_from (insn);
      rtx addr = call && MEM_P (XEXP (call, 0)) ? XEXP (XEXP (call, 0), 0) : NULL_RTX;
      if (addr && GET_CODE (addr) == SYMBOL_REF)
	snprintf (ri->callee, sizeof ri->callee, "%s", XSTR (addr, 0));
    }
  else if (set)
    {
      rtx dest = SET_DEST (set);
      rtx src = SET_SRC (set);
      while (GET_CODE (dest) == SUBREG || GET_CODE (dest) == STRICT_LOW_PART
	     || GET_CODE (dest) == ZERO_EXTRACT)
	dest = XEXP (dest, 0);
      fallback = GET_RTX_NAME (GET_CODE (src));
      if (MEM_P (dest))
	classify_store (dest, src, ri);
      else
	classify_reg_set (dest, src, ri);
    }
  else
    {
      /* no SET: unspec_volatile, prefetch, asm, trap_if, ... */
      rtx mm = find_mem (pat);
      if (mm)
	{
	  ri->mem = RL_MEM_LOAD_OP;
	  ri->mem_width = mode_bits (GET_MODE (mm));
	}
    }

  if (!insn_mnemonic (insn, ri->mnemonic, sizeof ri->mnemonic))
    snprintf (ri->mnemonic, sizeof ri->mnemonic, "%s", fallback);
  collect_regs (insn, ri);
}

bool
real_insn_p (rtx_insn *insn)
{
  if (!NONDEBUG_INSN_P (insn))
    return false;
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) == USE || GET_CODE (pat) == CLOBBER)
    return false;
  return true;
}

/* BB is on a path that (by the profile, guessed or measured) runs in fewer
 * than 1 of RL_COLD_RATIO passes through LOOP: errno calls of sqrt, assert and
 * bounds-check failures.  Such paths are left out of the body; the model
 * costs one pass through the hot blocks. */
#define RL_COLD_RATIO 20
bool
cold_block_p (function *fun, class loop *loop, basic_block bb)
{
  if (bb == loop->header)
    return false;
  if (BB_PARTITION (bb) == BB_COLD_PARTITION
      || probably_never_executed_bb_p (fun, bb))
    return true;
  profile_count hc = loop->header->count;
  if (!hc.initialized_p () || !bb->count.initialized_p () || !hc.nonzero_p ()
      || !hc.compatible_p (bb->count))
    return false;
  return bb->count.apply_scale (RL_COLD_RATIO, 1) < hc;
}

/* Name of the function CALL_INSN calls into BUF ("indirect call" when it is not
   a symbol). */
void
called_name (rtx_insn *insn, char *buf, size_t len)
{
  rtx call = get_call_rtx_from (insn);
  rtx addr = call && MEM_P (XEXP (call, 0)) ? XEXP (XEXP (call, 0), 0) : NULL_RTX;
  if (addr && GET_CODE (addr) == SYMBOL_REF)
    snprintf (buf, len, "%s", XSTR (addr, 0));
  else
    snprintf (buf, len, "indirect call");
}

/* ------------------------------------------------- memory dependences */

/* The memory operand of INSN for the dependences through memory: the
 * destination of a store, else the first MEM of the pattern. */
rtx
dependence_mem (rtx_insn *insn)
{
  rtx set = main_set (PATTERN (insn));
  if (set && MEM_P (SET_DEST (set)))
    return SET_DEST (set);
  return find_mem (PATTERN (insn));
}

/* Number the memory locations of B: records whose memory operands have equal
   address expressions and the same mode get the same mem_loc (1, 2, ...); a
   store whose source reads its own destination is a read-modify-write.  MEMS[i]
   is the memory operand of record i (NULL none), INSNS[i] its insn.  Whether an
   address changes from pass to pass is the model's question
   (portmodel/latency.c). */
void
number_mem_locations (rl_body *b, rtx *mems, rtx_insn **insns)
{
  int next = 1;
  for (int i = 0; i < b->ninsns; i++)
    {
      rtx m = mems[i];
      if (!m || MEM_VOLATILE_P (m))
	continue;
      rl_insn *ri = &b->insns[i];
      rtx set = main_set (PATTERN (insns[i]));
      if (ri->mem == RL_MEM_STORE && set && MEM_P (SET_DEST (set)))
	{
	  subrtx_iterator::array_type array;
	  FOR_EACH_SUBRTX (iter, array, SET_SRC (set), ALL)
	    if (MEM_P (*iter) && rtx_equal_p (*iter, m))
	      ri->mem_rmw = 1;
	}
      for (int j = 0; j < i && !ri->mem_loc; j++)
	if (mems[j] && b->insns[j].mem_loc && GET_MODE (mems[j]) == GET_MODE (m)
	    && rtx_equal_p (XEXP (mems[j], 0), XEXP (m, 0)))
	  ri->mem_loc = b->insns[j].mem_loc;
      if (!ri->mem_loc)
	ri->mem_loc = next++;
    }
}

/* The step of hard register REGNO per pass of B: the constant C of its one
   definition "REGNO = REGNO + C" (*POS its index), 0 with *POS -1 when the body
   does not define it; false for any other definition. */
bool
register_step (const rl_body *b, rtx_insn **insns, unsigned regno, long *step, int *pos)
{
  *step = 0;
  *pos = -1;
  for (int i = 0; i < b->ninsns; i++)
    {
      const rl_insn *in = &b->insns[i];
      bool def = false;
      for (int k = 0; k < in->ndefs; k++)
	def |= in->defs[k] == (int) regno;
      if (CALL_P (insns[i]))
	return false;
      if (!def)
	continue;
      rtx set = main_set (PATTERN (insns[i]));
      if (*pos >= 0 || !set || !REG_P (SET_DEST (set)) || REGNO (SET_DEST (set)) != regno)
	return false;
      rtx src = SET_SRC (set);
      if (GET_CODE (src) != PLUS || !REG_P (XEXP (src, 0)) || REGNO (XEXP (src, 0)) != regno
	  || !CONST_INT_P (XEXP (src, 1)))
	return false;
      *step = (long) INTVAL (XEXP (src, 1));
      *pos = i;
    }
  return true;
}

/* How much address part X has moved at record UPTO of B since the start of the
   pass (UPTO = ninsns: over the whole pass), from the steps of its registers;
   false when a register steps irregularly or X is not linear. */
bool
address_shift (const rl_body *b, rtx_insn **insns, rtx x, int upto, long *out, int depth)
{
  long l, r;
  int pos;
  if (depth > 8)
    return false;
  switch (GET_CODE (x))
    {
    case REG:
      if (!register_step (b, insns, REGNO (x), &l, &pos))
	return false;
      *out = pos >= 0 && pos < upto ? l : 0;
      return true;
    case CONST_INT:
    case SYMBOL_REF:
    case LABEL_REF:
    case CONST:
      *out = 0;
      return true;
    case PLUS:
      if (!address_shift (b, insns, XEXP (x, 0), upto, &l, depth + 1)
	  || !address_shift (b, insns, XEXP (x, 1), upto, &r, depth + 1))
	return false;
      *out = l + r;
      return true;
    case MULT:
    case ASHIFT:
      if (!CONST_INT_P (XEXP (x, 1))
	  || !address_shift (b, insns, XEXP (x, 0), upto, &l, depth + 1))
	return false;
      r = (long) INTVAL (XEXP (x, 1));
      if (GET_CODE (x) == ASHIFT && (r < 0 || r > 8))
	return false;
      *out = GET_CODE (x) == MULT ? l * r : l << r;
      return true;
    default:
      return false;
    }
}

/* The register part of address A (A without a constant displacement) and the
   displacement. */
rtx
address_parts (rtx a, long *disp)
{
  *disp = 0;
  if (GET_CODE (a) == PLUS && CONST_INT_P (XEXP (a, 1)))
    {
      *disp = (long) INTVAL (XEXP (a, 1));
      return XEXP (a, 0);
    }
  return a;
}

/* Whether load L of B reads what store S wrote: 0 in the same pass (S before
   L), 1 in the pass after; -1 neither.  Both addresses have the same register
   part and move with the loop by the same step per pass. */
int
store_load_distance (const rl_body *b, rtx *mems, rtx_insn **insns, int s, int l)
{
  long ds, dl, shs, shl, step;
  if (GET_MODE (mems[s]) != GET_MODE (mems[l]))
    return -1;
  rtx xs = address_parts (XEXP (mems[s], 0), &ds);
  rtx xl = address_parts (XEXP (mems[l], 0), &dl);
  if (!rtx_equal_p (xs, xl)
      || !address_shift (b, insns, xs, b->ninsns, &step, 0) || step == 0
      || !address_shift (b, insns, xs, s, &shs, 0)
      || !address_shift (b, insns, xl, l, &shl, 0))
    return -1;
  long d = (ds + shs) - (dl + shl);
  if (d == 0 && s < l)
    return 0;
  return d == step ? 1 : -1;
}

/* Loads of B that read a store of B at an address that moves with the loop
   (rl_insn.mem_dep): the loop-carried latency through memory of p[j] =
   f(p[j-1]) when GCC keeps p[j-1] in memory. */
void
find_moving_dependences (rl_body *b, rtx *mems, rtx_insn **insns)
{
  for (int l = 0; l < b->ninsns; l++)
    {
      rl_insn *li = &b->insns[l];
      if (!mems[l] || MEM_VOLATILE_P (mems[l])
	  || (li->mem != RL_MEM_LOAD && li->mem != RL_MEM_LOAD_OP))
	continue;
      for (int s = 0; s < b->ninsns && !li->mem_dep; s++)
	{
	  if (!mems[s] || b->insns[s].mem != RL_MEM_STORE || MEM_VOLATILE_P (mems[s]))
	    continue;
	  int d = store_load_distance (b, mems, insns, s, l);
	  if (d >= 0)
	    {
	      li->mem_dep = s + 1;
	      li->mem_dep_dist = d;
	    }
	}
    }
}

/* Build the body of late loop LOOP into B, in layout order, without cold
 * blocks. */
void
build_body (function *fun, class loop *loop, rl_body *b, char *hot_call, size_t len)
{
  memset (b, 0, sizeof *b);
  hot_call[0] = 0;
  /* the memory operand and the insn of each record */
  static rtx mems[RL_MAX_INSNS];
  static rtx_insn *insns[RL_MAX_INSNS];
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if (!flow_bb_inside_loop_p (loop, bb))
	continue;
      if (cold_block_p (fun, loop, bb))
	continue;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	{
	  if (!real_insn_p (insn))
	    continue;
	  if (CALL_P (insn) && !hot_call[0])
	    called_name (insn, hot_call, len);
	  if (b->ninsns >= RL_MAX_INSNS)
	    goto full;
	  mems[b->ninsns] = dependence_mem (insn);
	  insns[b->ninsns] = insn;
	  classify_insn (insn, &b->insns[b->ninsns++]);
	}
    }
full:
  number_mem_locations (b, mems, insns);
  find_moving_dependences (b, mems, insns);
}

/* ------------------------------------------------- the code around a loop */

/* Runs of BB per run of the block HEAD by GCC's profile, -1 unknown. */
double
runs_per (basic_block bb, basic_block head)
{
  profile_count hc = head->count;
  if (!hc.initialized_p () || !hc.nonzero_p () || !bb->count.initialized_p ()
      || !bb->count.compatible_p (hc))
    return -1;
  return bb->count.to_sreal_scale (hc).to_double ();
}

/* The child of OUTER that holds BB (BB not directly in OUTER), or NULL. */
class loop *
child_loop_of (class loop *outer, basic_block bb)
{
  class loop *l = bb->loop_father;
  while (l && loop_outer (l) && loop_outer (l) != outer)
    l = loop_outer (l);
  return l && loop_outer (l) == outer ? l : NULL;
}

/* A loop GCC made for the iterations left over: innermost, entered from the remainder code,
   running fewer than RL_ROWS_SMALL_LOOP iterations per run of the enclosing loop's header
   (a remainder of at most one vector pass of 16 elements). */
#define RL_ROWS_SMALL_LOOP 16
bool
remainder_loop_p (class loop *s, basic_block head)
{
  double w = runs_per (s->header, head);
  return !s->inner && w >= 0 && w < RL_ROWS_SMALL_LOOP;
}

/* Append BB's instructions to BODY (block K in BLOCK when not NULL); false when full. */
bool
append_block (basic_block bb, rl_body *body, int *block, int k)
{
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    {
      if (!real_insn_p (insn))
	continue;
      if (body->ninsns >= RL_MAX_INSNS)
	return false;
      if (block)
	block[body->ninsns] = k;
      classify_insn (insn, &body->insns[body->ninsns++]);
    }
  return true;
}

/* The remainder block BB (runs W per run of the enclosing loop's header, -1 unknown: not
   costed) into RC; DIRECT: BB is not inside a loop of its own. */
bool
add_remainder_block (rl_row_code *rc, basic_block bb, double w, bool direct)
{
  w = w < 0 ? 0 : w;
  if (rc->nblocks >= RL_ROWS_MAX_BLOCKS
      || !append_block (bb, &rc->rem, rc->rem_block, rc->nblocks))
    return false;
  rc->block_weight[rc->nblocks++] = direct ? MIN (w, 1.0) : w;
  if (direct)
    rc->rem_entry = MAX (rc->rem_entry, MIN (w, 1.0));
  return true;
}

/* Whether BB, a block of the loop enclosing LOOP and of no loop inside it, runs on every
   execution of LOOP: it dominates LOOP's header (the enclosing loop's header, the vector
   loop's setup) or post-dominates it (the exit test after the loop, the latch).  By the
   code's structure, not by the profile: GCC's counts of the peeled epilogues are often
   inconsistent. */
bool
own_block_p (class loop *loop, basic_block bb)
{
  return dominated_by_p (CDI_DOMINATORS, loop->header, bb)
    || dominated_by_p (CDI_POST_DOMINATORS, loop->header, bb);
}

/* The blocks reached from LOOP's exits before the enclosing loop's header that do not run
   on every execution, small loops among them: the remainder code.  False when RC is
   full. */
bool
remainder_blocks (class loop *loop, rl_row_code *rc)
{
  class loop *outer = loop_outer (loop);
  basic_block head = outer->header;
  auto_vec<basic_block> work;
  auto_bitmap seen;
  rl_loop_exit_dests (loop, &work);
  bool ok = true;
  while (ok && !work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (bb == head || !flow_bb_inside_loop_p (outer, bb)
	  || !bitmap_set_bit (seen, bb->index))
	continue;
      double w = runs_per (bb, head);
      if (bb->loop_father != outer)
	{
	  class loop *s = child_loop_of (outer, bb);
	  if (!s || s == loop || !remainder_loop_p (s, head))
	    continue;
	  ok = add_remainder_block (rc, bb, w, false);
	}
      else if (!own_block_p (loop, bb))
	ok = add_remainder_block (rc, bb, w, true);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	work.safe_push (e->dest);
    }
  return ok;
}

/* The enclosing loop's own blocks run on every execution of LOOP into RC's own code, and
   the innermost loops entered on every pass of the enclosing loop: they share that code
   (each of them counts all of it as its own). */
bool
own_blocks (class loop *loop, rl_row_code *rc)
{
  class loop *outer = loop_outer (loop);
  basic_block *bbs = get_loop_body (outer);
  bool ok = true;
  for (unsigned i = 0; ok && i < outer->num_nodes; i++)
    if (bbs[i]->loop_father == outer && own_block_p (loop, bbs[i]))
      ok = append_block (bbs[i], &rc->own, NULL, 0);
  free (bbs);
  rc->sharers = 1;
  for (class loop *s = outer->inner; s; s = s->next)
    if (s != loop && !remainder_loop_p (s, outer->header)
	&& (dominated_by_p (CDI_DOMINATORS, loop->header, s->header)
	    || dominated_by_p (CDI_POST_DOMINATORS, loop->header, s->header)))
      rc->sharers++;
  return ok;
}

/* The code around the innermost late loop LOOP into RC (model/rows.h); dominators and
   post-dominators computed. */
void
build_row_code (class loop *loop, rl_row_code *rc)
{
  memset (rc, 0, sizeof *rc);
  class loop *outer = loop_outer (loop);
  if (!outer || !loop_outer (outer))
    {
      rc->why = RL_ROWS_NO_OUTER;
      return;
    }
  if (runs_per (outer->header, outer->header) < 0)
    {
      rc->why = RL_ROWS_NO_PROFILE;
      return;
    }
  if (!remainder_blocks (loop, rc) || !own_blocks (loop, rc))
    {
      memset (rc, 0, sizeof *rc);
      rc->why = RL_ROWS_TOO_LARGE;
      return;
    }
  /* weights per entry into the remainder code */
  for (int k = 0; k < rc->nblocks; k++)
    rc->block_weight[k] = rc->rem_entry > 0 ? rc->block_weight[k] / rc->rem_entry : 1;
  rc->found = 1;
}

/* Debugging aid (ROOFLINE_DUMP_INSNS set): the extracted records on stderr. */
void
dump_body (int num, const rl_body *b)
{
  fprintf (stderr, "roofline-insns: loop %d, %d insns\n", num, b->ninsns);
  for (int i = 0; i < b->ninsns; i++)
    {
      const rl_insn *in = &b->insns[i];
      fprintf (stderr, "  %-14s cls=%d w=%d e=%d mem=%d mw=%d defs=", in->mnemonic,
	       (int) in->cls, in->width, in->elem_bits, (int) in->mem, in->mem_width);
      for (int k = 0; k < in->ndefs; k++)
	fprintf (stderr, "%s%d", k ? "," : "", in->defs[k]);
      fprintf (stderr, " uses=");
      for (int k = 0; k < in->nuses; k++)
	fprintf (stderr, "%s%d%s", k ? "," : "", in->uses[k],
		 (in->use_addr >> k & 1) ? "a" : "");
      fprintf (stderr, " align=%d disp=%ld%s", in->mem_align, in->mem_disp,
	       in->nontemporal ? " nt" : "");
      if (in->mem_loc)
	fprintf (stderr, " loc=%d%s", in->mem_loc, in->mem_rmw ? " rmw" : "");
      if (in->mem_dep)
	fprintf (stderr, " dep=%d/%d", in->mem_dep - 1, in->mem_dep_dist);
      fputc ('\n', stderr);
    }
}

/* Append an empty record to REC. */
rl_loop_record *
new_record (rl_rtl_records *rec)
{
  if (rec->nrecs == rec->cap)
    {
      rec->cap = rec->cap ? 2 * rec->cap : 8;
      rec->recs = XRESIZEVEC (rl_loop_record, rec->recs, rec->cap);
    }
  rl_loop_record *r = &rec->recs[rec->nrecs++];
  memset (r, 0, sizeof *r);
  return r;
}

/* Unroll factor loop2_unroll applied to LOOP (1: not unrolled). */
int
unroll_factor (class loop *loop)
{
  switch (loop->lpt_decision.decision)
    {
    case LPT_UNROLL_CONSTANT:
    case LPT_UNROLL_RUNTIME:
    case LPT_UNROLL_STUPID:
      return (int) loop->lpt_decision.times + 1;
    default:
      return 1;
    }
}

/* The record of REC sharing the most INSN_UIDs with late loop LOOP, or -1;
 * the number of shared UIDs in *COMMON. */
int
best_record_for (const rl_rtl_records *rec, class loop *loop, int *common)
{
  int nu = 0;
  int *uids = loop_uids (loop, &nu);
  int best = -1, bestc = 0;
  for (int i = 0; i < rec->nrecs; i++)
    {
      int c = common_count (uids, nu, rec->recs[i].uids, rec->recs[i].nuids);
      if (c > bestc)
	{
	  bestc = c;
	  best = i;
	}
    }
  XDELETEVEC (uids);
  *common = bestc;
  return best;
}

/* Match every innermost late loop of FUN to its record and extract its body
 * (a record keeps the body of the late loop sharing the most UIDs with it). */
void
extract_matched_bodies (rl_rtl_records *rec, function *fun)
{
  /* dominance for the code around the loops (build_row_code), computed afresh (what a
     pass left may be stale after sched2); freed again when none was there before */
  bool own_dom = !dom_info_available_p (fun, CDI_DOMINATORS);
  bool own_pdom = !dom_info_available_p (fun, CDI_POST_DOMINATORS);
  free_dominance_info (CDI_DOMINATORS);
  free_dominance_info (CDI_POST_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_POST_DOMINATORS);
  RL_FOR_EACH_LOOP_INNERMOST (fun, loop)
    {
      if (loop->num == 0 || loop->inner)
	continue;
      int bestc;
      int best = best_record_for (rec, loop, &bestc);
      if (best < 0 || bestc <= rec->recs[best].best_common)
	continue;
      rl_loop_record *r = &rec->recs[best];
      if (!r->body)
	r->body = XNEW (rl_body);
      build_body (fun, loop, r->body, r->hot_call, sizeof r->hot_call);
      if (!r->rows)
	r->rows = XNEW (rl_row_code);
      build_row_code (loop, r->rows);
      r->body->row_code = r->rows;
      if (getenv ("ROOFLINE_DUMP_INSNS"))
	{
	  dump_body (r->num, r->body);
	  fprintf (stderr, "roofline-insns: around loop %d: own code (shared by %d), then "
		   "remainder code (entered on %.3g of the executions) by block:\n", r->num,
		   r->rows->sharers, r->rows->rem_entry);
	  dump_body (r->num, &r->rows->own);
	  for (int k = 0; k < r->rows->nblocks; k++)
	    fprintf (stderr, "  block %d: %.3g runs per entry\n", k, r->rows->block_weight[k]);
	  dump_body (r->num, &r->rows->rem);
	}
      r->body->vector_factor = 0;   /* the caller knows it from GIMPLE */
      r->body->unroll = r->unroll;
      r->body->iters_per_pass = r->unroll;
      r->best_common = bestc;
    }
  if (own_pdom)
    free_dominance_info (CDI_POST_DOMINATORS);
  if (own_dom)
    free_dominance_info (CDI_DOMINATORS);
}

} // anon namespace

/* Push onto OUT the destination of every edge leaving LOOP (a block may come more than
   once). */
void
rl_loop_exit_dests (class loop *loop, vec<basic_block> *out)
{
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, body[i]->succs)
	if (!flow_bb_inside_loop_p (loop, e->dest))
	  out->safe_push (e->dest);
    }
  free (body);
}

/* ------------------------------------------------------------------ API */

void
rl_rtl_records_clear (rl_rtl_records *rec)
{
  for (int i = 0; i < rec->nrecs; i++)
    {
      XDELETEVEC (rec->recs[i].uids);
      XDELETE (rec->recs[i].body);
      XDELETE (rec->recs[i].rows);
    }
  XDELETEVEC (rec->recs);
  rec->recs = NULL;
  rec->nrecs = rec->cap = 0;
  rec->fndecl = NULL_TREE;
}

void
rl_rtl_record_loops (rl_rtl_records *rec, function *fun)
{
  rl_rtl_records_clear (rec);
  if (!fun || !loops_for_fn (fun))
    return;
  rec->fndecl = fun->decl;
  RL_FOR_EACH_LOOP_INNERMOST (fun, loop)
    {
      if (loop->num == 0 || loop->inner)
	continue;
      rl_loop_record *r = new_record (rec);
      r->num = loop->num;
      r->unroll = unroll_factor (loop);
      r->uids = loop_uids (loop, &r->nuids);
    }
}

void
rl_rtl_extract_bodies (rl_rtl_records *rec, function *fun)
{
  if (!fun || rec->nrecs == 0 || fun->decl != rec->fndecl)
    return;
  /* Rebuild the loop tree only if nobody else has one (after loop2_done
     current_loops is NULL); then leave the function as we found it. */
  bool own = false;
  if (!loops_for_fn (fun))
    {
      if (fun != cfun)
	return;
      loop_optimizer_init (AVOID_CFG_MODIFICATIONS);
      own = true;
    }
  if (loops_for_fn (fun))
    extract_matched_bodies (rec, fun);
  if (own)
    loop_optimizer_finalize (fun);
  /* leave no cached operands of ours behind */
  recog_data.insn = NULL;
  which_alternative = -1;
}

const rl_body *
rl_rtl_body (const rl_rtl_records *rec, int gimple_loop_num)
{
  for (int i = 0; i < rec->nrecs; i++)
    if (rec->recs[i].num == gimple_loop_num)
      return rec->recs[i].body;
  return NULL;
}

const char *
rl_rtl_body_call (const rl_rtl_records *rec, int gimple_loop_num)
{
  for (int i = 0; i < rec->nrecs; i++)
    if (rec->recs[i].num == gimple_loop_num && rec->recs[i].body)
      return rec->recs[i].hot_call[0] ? rec->recs[i].hot_call : NULL;
  return NULL;
}
