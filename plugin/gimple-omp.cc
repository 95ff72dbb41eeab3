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
 * Other schedules (dynamic, guided, runtime: GOMP_loop_*_start/next calls, and
 * static with a chunk size: a loop over chunks) and collapse(N) (one merged
 * iteration space, indices recovered by / and %) are recognised to give their
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
  if (!strstr (n, "GOMP_loop_") || !strstr (n, "_start"))
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

/* Whether FUN splits a merged iteration space into loop indices the way
   collapse(N) does: the outer indices are divisions of the merged counter
   that GCC names ".tem" (a division by the thread count is the schedule's). */
bool
has_collapsed_indices (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (!is_gimple_assign (s))
	  continue;
	enum tree_code code = gimple_assign_rhs_code (s);
	if ((code == TRUNC_MOD_EXPR || code == TRUNC_DIV_EXPR)
	    && !ssa_from_call (gimple_assign_rhs2 (s), BUILT_IN_OMP_GET_NUM_THREADS))
	  {
	    const char *n = ssa_name_str (gimple_assign_lhs (s));
	    if (code == TRUNC_DIV_EXPR && n && !strncmp (n, ".tem", 4))
	      return true;
	  }
      }
  return false;
}

} /* namespace */

rl_omp_kind
rl_omp_function_kind (function *fun, const char **schedule)
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
  if (has_collapsed_indices (fun))
    return RL_OMP_COLLAPSED;
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
