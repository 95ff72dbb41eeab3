/* gimple-omp.cc - OpenMP worksharing loops as GCC outlines them.
 *
 * GCC moves the body of `#pragma omp parallel for` into FN._omp_fn.N and, for
 * schedule(static) without a chunk size, computes each thread's share of the
 * iteration space with
 *
 *     nthr = omp_get_num_threads ();  tid = omp_get_thread_num ();
 *     q = count / nthr;  tt = count % nthr;
 *     if (tid < tt) { tt = 0; q++; }
 *     start = tt + q * tid;  end = start + q;
 *     for (i = start; i < end; i++) ...
 *
 * The nest model reads that loop in the view of a single thread (nthr = 1,
 * tid = 0): start becomes 0, end becomes count, so the loop runs over the
 * original iteration space, and the multicore scaling divides it among the
 * threads as for any other loop.  Values the loop shares with the enclosing
 * function come through the data argument (.omp_data_i): loads of its fields,
 * named by the fields (which carry the names of the shared variables).
 *
 * collapse(N) merges the N loops into one iteration space whose thread share
 * is computed as above; GCC recovers the loop indices of the thread's first
 * iteration by % and / with the inner loops' trip counts (rl_omp_collapse_
 * structure) and then steps the innermost index, resetting it and stepping the
 * next one at the end of its range.  gimple-nest.cc reads that loop as the
 * original nest of N loops.
 *
 * Other schedules (dynamic, guided, runtime: GOMP_loop_*_start/next calls, and
 * static with a chunk size: a loop over chunks) are recognised to give their
 * reason.
 */
#include "plugin/plugin-internal.h"

namespace {

bool
call_to (gimple *s, enum built_in_function f)
{
  return s && is_gimple_call (s) && gimple_call_builtin_p (s, f);
}

/* Whether T is, through integer conversions, the result of a call to F. */
bool
ssa_from_call (tree t, enum built_in_function f)
{
  for (int i = 0; i < 4 && t && TREE_CODE (t) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (t); i++)
    {
      gimple *d = SSA_NAME_DEF_STMT (t);
      if (call_to (d, f))
	return true;
      if (!is_gimple_assign (d) || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d)))
	return false;
      t = gimple_assign_rhs1 (d);
    }
  return false;
}

/* The name GCC gave SSA (its variable's or its own identifier), or NULL. */
const char *
ssa_name_str (tree ssa)
{
  tree id = ssa && TREE_CODE (ssa) == SSA_NAME ? SSA_NAME_IDENTIFIER (ssa) : NULL_TREE;
  return id ? IDENTIFIER_POINTER (id) : NULL;
}

/* The schedule a GOMP_loop_* call of STMT stands for, or NULL. */
const char *
gomp_loop_schedule (gimple *stmt)
{
  if (!is_gimple_call (stmt) || !gimple_call_fndecl (stmt)
      || !DECL_NAME (gimple_call_fndecl (stmt)))
    return NULL;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (stmt)));
  if (!strstr (n, "GOMP_loop_") || (!strstr (n, "_start") && !strstr (n, "_next")))
    return NULL;
  static const char *const kinds[] = { "dynamic", "guided", "runtime", "static", "auto" };
  for (const char *k : kinds)
    if (strstr (n, k))
      return k;
  return "runtime";
}

/* Whether a header PHI of a loop of FUN is GCC's chunk counter of
   schedule(static, CHUNK) (".trip"). */
bool
has_chunk_loop (function *fun)
{
  RL_FOR_EACH_LOOP (fun, loop)
    for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	const char *n = ssa_name_str (gimple_phi_result (gsi.phi ()));
	if (n && !strncmp (n, ".trip", 5))
	  return true;
      }
  return false;
}

/* T without the integer conversions that define it. */
tree
strip_conversions (tree t)
{
  for (int i = 0; i < 4 && t && TREE_CODE (t) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (t); i++)
    {
      gimple *d = SSA_NAME_DEF_STMT (t);
      if (!is_gimple_assign (d) || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d)))
	break;
      t = gimple_assign_rhs1 (d);
    }
  return t;
}

/* Whether S is X % D or X / D (DIV) of collapse(N)'s index arithmetic, also as
   X & (D - 1) or X >> log2 (D) for a power of two D; *X and *D are then set (a
   constant D also in *CST, else *CST is 0).  A division by the thread count is
   the schedule's, not an index. */
bool
index_op (gimple *s, bool div, tree *x, tree *d, HOST_WIDE_INT *cst)
{
  if (!s || !is_gimple_assign (s))
    return false;
  enum tree_code code = gimple_assign_rhs_code (s);
  tree r2 = gimple_num_ops (s) > 2 ? gimple_assign_rhs2 (s) : NULL_TREE;
  *x = gimple_assign_rhs1 (s);
  *d = r2;
  *cst = r2 && TREE_CODE (r2) == INTEGER_CST && tree_fits_shwi_p (r2) ? tree_to_shwi (r2) : 0;
  if (code == (div ? TRUNC_DIV_EXPR : TRUNC_MOD_EXPR))
    return !ssa_from_call (r2, BUILT_IN_OMP_GET_NUM_THREADS) && (TREE_CODE (r2) != INTEGER_CST
								|| *cst > 0);
  if (!r2 || TREE_CODE (r2) != INTEGER_CST || !tree_fits_shwi_p (r2))
    return false;
  HOST_WIDE_INT v = tree_to_shwi (r2);
  if (!div && code == BIT_AND_EXPR && v > 0 && !(v & (v + 1)))
    *cst = v + 1;
  else if (div && code == RSHIFT_EXPR && v > 0 && v < 40)
    *cst = (HOST_WIDE_INT) 1 << v;
  else
    return false;
  return true;
}

/* Whether the divisors D1 (constant C1) and D2 (C2) are the same count. */
bool
same_count (tree d1, HOST_WIDE_INT c1, tree d2, HOST_WIDE_INT c2)
{
  if (c1 || c2)
    return c1 == c2;
  return operand_equal_p (strip_conversions (d1), strip_conversions (d2), 0);
}

/* The statement of FUN (outside loops, before LOOP) that is an index
   operation (DIV or not) on X, by the count D (constant C) unless both are
   unset; NULL if none. */
gimple *
find_index_op (function *fun, class loop *loop, bool div, tree x, tree d, HOST_WIDE_INT c)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if (bb->loop_father != fun->x_current_loops->tree_root
	  || (dom_info_available_p (CDI_DOMINATORS)
	      && !dominated_by_p (CDI_DOMINATORS, loop->header, bb)))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  tree sx, sd;
	  HOST_WIDE_INT sc;
	  gimple *s = gsi_stmt (gsi);
	  if (index_op (s, div, &sx, &sd, &sc) && strip_conversions (sx) == x
	      && ((!d && !c) || same_count (d, c, sd, sc)))
	    return s;
	}
    }
  return NULL;
}

/* The merged start of collapse(N) in FUN before LOOP: the value both split by
   the same count with % and / (GCC names the quotient ".tem"), which is no
   quotient itself; NULL_TREE if none. */
tree
collapse_start (function *fun, class loop *loop)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	tree x, d;
	HOST_WIDE_INT c;
	gimple *s = gsi_stmt (gsi);
	if (!index_op (s, true, &x, &d, &c))
	  continue;
	const char *n = ssa_name_str (gimple_assign_lhs (s));
	x = strip_conversions (x);
	if (!n || strncmp (n, ".tem", 4) || TREE_CODE (x) != SSA_NAME)
	  continue;
	gimple *dx = SSA_NAME_DEF_STMT (x);
	tree y, e;
	HOST_WIDE_INT ce;
	if (index_op (dx, true, &y, &e, &ce))
	  continue;             /* a quotient of the chain */
	if (!loop || find_index_op (fun, loop, false, x, d, c))
	  return x;
      }
  return NULL_TREE;
}

/* Whether FUN finds the first indices of a non-rectangular collapse(N) (an
   inner bound depends on an outer index): GCC solves for them in floating
   point (the merged start converted to double) with temporaries named ".it". */
bool
has_nonrect_collapse (function *fun)
{
  bool it = false, flt = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  const char *n = ssa_name_str (gimple_phi_result (gsi.phi ()));
	  it |= n && !strncmp (n, ".it.", 4);
	}
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (!is_gimple_assign (s))
	    continue;
	  const char *n = ssa_name_str (gimple_assign_lhs (s));
	  it |= n && !strncmp (n, ".it.", 4);
	  flt |= gimple_assign_rhs_code (s) == FLOAT_EXPR;
	}
    }
  return it && flt;
}

} /* namespace */

bool
rl_omp_collapse_structure (function *fun, class loop *loop, rl_omp_collapse *out)
{
  memset (out, 0, sizeof *out);
  tree v = collapse_start (fun, loop);
  if (!v)
    return false;
  /* innermost first: start % count, start / count, (start / count) % count' ... */
  tree inner[8];
  int n = 0;
  HOST_WIDE_INT prod = 1;
  tree cur = v;
  for (;;)
    {
      tree x, d;
      HOST_WIDE_INT c;
      gimple *m = find_index_op (fun, loop, false, cur, NULL_TREE, 0);
      if (!m || n == 7)
	break;
      index_op (m, false, &x, &d, &c);
      inner[n++] = c ? build_int_cst (TREE_TYPE (x), c) : d;
      prod = c && prod > 0 && prod < ((HOST_WIDE_INT) 1 << 30) && c < ((HOST_WIDE_INT) 1 << 30)
	? prod * c : 0;
      /* the quotient, from CUR, or folded from the start (constant counts) */
      gimple *q = find_index_op (fun, loop, true, cur, d, c);
      if (!q && prod)
	q = find_index_op (fun, loop, true, v, NULL_TREE, prod);
      if (!q)
	return false;
      cur = gimple_assign_lhs (q);
    }
  if (n == 0)
    return false;
  out->n = n + 1;
  out->start = v;
  for (int k = 0; k < n; k++)
    out->count[out->n - 1 - k] = inner[k];
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_assign (s) && gimple_assign_rhs_code (s) == TRUNC_DIV_EXPR
	    && ssa_from_call (gimple_assign_rhs2 (s), BUILT_IN_OMP_GET_NUM_THREADS))
	  out->total = gimple_assign_rhs1 (s);
      }
  return out->total != NULL_TREE;
}

namespace {

} /* namespace */

/* The kind of FUN (see rl_omp_function_kind), from a walk of all its
   statements. */
static rl_omp_kind
omp_function_kind_scan (function *fun, const char **schedule)
{
  *schedule = NULL;
  bool thread_num = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	const char *k = gomp_loop_schedule (s);
	if (k)
	  {
	    *schedule = k;
	    return RL_OMP_OTHER_SCHEDULE;
	  }
	thread_num |= call_to (s, BUILT_IN_OMP_GET_THREAD_NUM);
      }
  if (!thread_num)
    return RL_OMP_NONE;
  if (has_chunk_loop (fun))
    {
      *schedule = "static, CHUNK";
      return RL_OMP_OTHER_SCHEDULE;
    }
  if (collapse_start (fun, NULL))
    return RL_OMP_COLLAPSED;
  if (has_nonrect_collapse (fun))
    return RL_OMP_COLLAPSED_NONRECT;
  return RL_OMP_STATIC;
}

bool
rl_omp_single_thread_value (tree ssa, tree *value)
{
  *value = NULL_TREE;
  if (TREE_CODE (ssa) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (ssa))
    return false;
  gimple *def = SSA_NAME_DEF_STMT (ssa);
  if (call_to (def, BUILT_IN_OMP_GET_THREAD_NUM))
    return true;                        /* thread 0 */
  if (is_gimple_assign (def))
    {
      enum tree_code code = gimple_assign_rhs_code (def);
      if ((code != TRUNC_DIV_EXPR && code != TRUNC_MOD_EXPR)
	  || !ssa_from_call (gimple_assign_rhs2 (def), BUILT_IN_OMP_GET_NUM_THREADS))
	return false;
      /* count / 1 = count; count % 1 = 0 */
      if (code == TRUNC_DIV_EXPR)
	*value = gimple_assign_rhs1 (def);
      return true;
    }
  /* q and tt after `if (tid < tt) { tt = 0; q++; }`: the value on the edge
     from that test (the branch thread 0 takes when count % 1 = 0) */
  if (gimple_code (def) != GIMPLE_PHI || gimple_phi_num_args (def) != 2)
    return false;
  for (unsigned a = 0; a < 2; a++)
    {
      basic_block src = gimple_phi_arg_edge (as_a<gphi *> (def), a)->src;
      gimple_stmt_iterator gl = gsi_last_bb (src);
      gimple *last = gsi_end_p (gl) ? NULL : gsi_stmt (gl);
      if (!last || gimple_code (last) != GIMPLE_COND)
	continue;
      if (ssa_from_call (gimple_cond_lhs (last), BUILT_IN_OMP_GET_THREAD_NUM)
	  || ssa_from_call (gimple_cond_rhs (last), BUILT_IN_OMP_GET_THREAD_NUM))
	{
	  *value = gimple_phi_arg_def (def, a);
	  return true;
	}
    }
  return false;
}

const char *
rl_omp_shared_name (gimple *def)
{
  if (!def || !gimple_assign_load_p (def))
    return NULL;
  tree ref = gimple_assign_rhs1 (def);
  if (TREE_CODE (ref) != COMPONENT_REF)
    return NULL;
  tree base = TREE_OPERAND (ref, 0);
  if (TREE_CODE (base) == MEM_REF)
    base = TREE_OPERAND (base, 0);
  tree var = TREE_CODE (base) == SSA_NAME ? SSA_NAME_VAR (base) : base;
  const char *bn = var && DECL_P (var) && DECL_NAME (var)
    ? IDENTIFIER_POINTER (DECL_NAME (var)) : NULL;
  tree field = TREE_OPERAND (ref, 1);
  if (!bn || strcmp (bn, ".omp_data_i") || !DECL_NAME (field))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (field));
}

/* Whether S is an atomic compare-and-swap: GCC 12 __atomic_compare_exchange_N (or the
   internal function), GCC 11 __sync_val_compare_and_swap_N. */
static bool
compare_and_swap_call (gimple *s)
{
  if (!is_gimple_call (s))
    return false;
  if (gimple_call_internal_p (s))
    return gimple_call_internal_fn (s) == IFN_ATOMIC_COMPARE_EXCHANGE;
  static const enum built_in_function cas[] = {
    BUILT_IN_ATOMIC_COMPARE_EXCHANGE_4, BUILT_IN_ATOMIC_COMPARE_EXCHANGE_8,
    BUILT_IN_ATOMIC_COMPARE_EXCHANGE_16, BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_4,
    BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_8, BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_16,
    BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_4, BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_8,
    BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_16
  };
  for (enum built_in_function f : cas)
    if (gimple_call_builtin_p (s, f))
      return true;
  return false;
}

bool
rl_omp_reduction_merge_loop (class loop *loop)
{
  return rl_gimple_loop_any_stmt (loop, compare_and_swap_call);
}

const char *
rl_omp_outlined_name (gimple *call)
{
  tree fn = gimple_call_num_args (call) > 0 ? gimple_call_arg (call, 0) : NULL_TREE;
  if (fn && TREE_CODE (fn) == ADDR_EXPR)
    fn = TREE_OPERAND (fn, 0);
  if (fn && TREE_CODE (fn) == FUNCTION_DECL && DECL_NAME (fn))
    return IDENTIFIER_POINTER (DECL_NAME (fn));
  return "?";
}

/* The last function whose kind was computed: the nest pass asks once per
   innermost loop, and the walk over all statements of a large function with
   many loops would be repeated as often.  Valid while the IL does not change,
   i.e. within one run of the nest pass (rl_omp_function_kind_forget). */
static struct
{
  function *fun;
  rl_omp_kind kind;
  const char *schedule;
} omp_kind_memo;

void
rl_omp_function_kind_forget (void)
{
  omp_kind_memo.fun = NULL;
}

rl_omp_kind
rl_omp_function_kind (function *fun, const char **schedule)
{
  if (!fun || omp_kind_memo.fun != fun)
    {
      omp_kind_memo.kind = omp_function_kind_scan (fun, &omp_kind_memo.schedule);
      omp_kind_memo.fun = fun;
    }
  *schedule = omp_kind_memo.schedule;
  return omp_kind_memo.kind;
}
