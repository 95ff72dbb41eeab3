/* gimple-nest.cc - the source-level model (rl_nest) of one loop nest, from GIMPLE.
 *
 * Called in a GIMPLE pass before "vect": loops and SCEV are initialised, the code
 * is still scalar and close to the source.
 *
 * Approach
 *  1. The nest is a chain of loops: an innermost loop (a leaf of the loop tree)
 *     and the loops enclosing it, outermost first; loop k of the chain is
 *     "depth k".  A loop with several inner loops (an imperfect nest: gemm's
 *     `C *= beta` loop beside its k loop, the sweeps of a time loop) is part of
 *     the chain of each of its leaves; each leaf is modelled with the accesses
 *     of its own loops only (those below the deepest loop with several inner
 *     loops), as if it ran alone inside the enclosing loops.  An enclosing loop
 *     whose trip count is unknown or whose bound is not affine (a `while`
 *     repetition loop) is dropped with everything above it: the nest inside it
 *     is modelled on its own.
 *  2. Everything GCC's SCEV gives us is expressed over the iteration counters
 *     t_k = 0, 1, 2, ... of the loops ("t-space": chrec {base, +, step}_k means
 *     base + step * t_k).  The model wants the source iterators i_k, so for each
 *     loop we pick the induction variable of the source (a header PHI whose chrec
 *     is {lower, +, step}_k, preferring user variables) and substitute
 *     t_k = (i_k - lower_k) / step_k ("i-space").  The exclusive upper bound is
 *     lower + step * (latch executions + 1).
 *  3. Intermediate values are small polynomials (rl_poly): sums of terms
 *     coef * [one iterator] * [up to 3 parameters], plus at most one pointer
 *     base.  They allow the products of iterators and sizes that appear in byte
 *     addresses (8*n*j); the final subscripts and bounds must be affine.
 *     Parameters are invariant SSA names followed back through casts and
 *     arithmetic to a PARM_DECL default definition (n_5(D) -> "n"), a global read
 *     outside the nest (n.0_1 = n -> "n") or, failing that, the SSA name's variable.
 *  4. Accesses come from find_data_references_in_loop for a perfect nest, and
 *     statement by statement from the leaf's own blocks otherwise (used for the
 *     list of references, their statements and read/write; both fail on calls
 *     but sqrt, whose errno call is a cold path).  memset/memcpy calls are no
 *     references there: each is a nest of its own, the loops enclosing it plus
 *     a synthetic innermost loop over the elements of its block.  For each
 *     reference we do our own address analysis rather than use DR_ACCESS_FNS,
 *     because DR folds VLA row offsets into DR_BASE_OBJECT:
 *       - ARRAY_REFs of a DECL of array type with one index per dimension
 *         (static `double a[N][M]`): the indices are the subscripts ("direct").
 *       - everything else (pointers, VLAs, MEM_REFs): the byte address
 *         base + poly is flattened, divided by the element size and
 *         delinearised: divided first by the extents known from the types
 *         (constant row sizes, VLA element strides of the ARRAY_REFs), then by
 *         the size parameters found in the iterator coefficients (a[j*n+i] ->
 *         a[j][i] with extent n).  All accesses of one array use the same
 *         divisors, so a[j*n+i], (*a)[n] a[j][i] and a[j][i] give the same
 *         subscripts.  Constant offsets go to the outer dimension when they are
 *         multiples of a parametric divisor ((j+1)*n+i -> [j+1][i]).
 *     Array identity is the base pointer: a PARM_DECL's default definition, a
 *     DECL, or a global pointer loaded outside the nest, compared by name.  Two
 *     different pointer parameters are two different arrays: we assume they do
 *     not alias (GCC may still version the loop for aliasing in vect; the model
 *     describes the no-alias version).
 *  5. Flops and stores are counted on the statements of the innermost loop.
 *  6. An OpenMP collapse(N) loop (one merged loop) is read as the nest of its N
 *     source loops: its values are evaluated at points of the merged index
 *     stepping instead of through SCEV (section "OpenMP collapse(N)" below).
 *
 * Nothing here asserts or calls a fatal function: every unexpected shape becomes
 * a "not analysed" reason.
 */
#include "plugin/plugin-internal.h"

#include <stdarg.h>

namespace {

/* ------------------------------------------------------------------------ */
/* Polynomials over iterators and parameters                                */
/* ------------------------------------------------------------------------ */

#define RL_POLY_TERMS 32
#define RL_POLY_DEG 3

struct rl_term
{
  long long coef;
  int iter;                 /* depth in the nest, -1: no iterator */
  int npar;
  int par[RL_POLY_DEG];     /* indices into rl_nest.params, sorted */
};

struct rl_poly
{
  int nterms;
  rl_term t[RL_POLY_TERMS];
  tree base;                /* pointer base of an address, NULL_TREE if none */
};

/* Why a conversion to a polynomial failed. */
enum rl_err { ERR_NONE, ERR_NONAFFINE, ERR_LOADED, ERR_TOOBIG, ERR_PARAMS };

struct nest_ctx
{
  function *fun;
  class loop *outer;
  edge pre;                          /* preheader edge of the nest */
  class loop *loops[RL_MAX_LOOPS];
  int nloops;
  rl_nest *out;
  const rl_define *defines;
  int ndefines;
  /* t_k = (i_k - lower[k]) / step[k], lower in i-space */
  rl_poly lower[RL_MAX_LOOPS];
  long long step[RL_MAX_LOOPS];
  int own_from;                      /* first depth whose blocks are this leaf's own */
  tree split_iv[RL_MAX_LOOPS];       /* the iterator of a split loop's second part (the
				        header PHI SCEV cannot follow), NULL_TREE */
  bool bound_unknown;                /* analyse_loop failed on the trip count or bound */
  int bad_depth;                     /* deepest loop with a statement not modelled, -1 */
  int block_moves;                   /* memset/memcpy calls left to their own model */
  bool omp_static;                   /* an outlined OpenMP loop, static schedule */
  bool omp_used;                     /* its schedule's bounds were read for one thread */
  struct coll_state *coll;           /* an OpenMP collapse(N) loop read as N loops */
  rl_err err;
  int depth;                         /* recursion guard of tree_to_poly */
  char *why;
  size_t whylen;
};

/* Record the reason of the failure (the first one wins) and return false. */
static bool ATTRIBUTE_PRINTF (2, 3)
fail (nest_ctx *c, const char *fmt, ...)
{
  if (c->why && c->whylen && !c->why[0])
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (c->why, c->whylen, fmt, ap);
      va_end (ap);
    }
  return false;
}

static bool
set_err (nest_ctx *c, rl_err e)
{
  if (c->err == ERR_NONE)
    c->err = e;
  return false;
}

static void
poly_zero (rl_poly *p)
{
  p->nterms = 0;
  p->base = NULL_TREE;
}

static bool
same_monomial (const rl_term *a, const rl_term *b)
{
  if (a->iter != b->iter || a->npar != b->npar)
    return false;
  for (int k = 0; k < a->npar; k++)
    if (a->par[k] != b->par[k])
      return false;
  return true;
}

/* P += T, merging equal monomials and dropping zero terms. */
static bool
poly_add_term (nest_ctx *c, rl_poly *p, const rl_term *t)
{
  if (t->coef == 0)
    return true;
  for (int k = 0; k < p->nterms; k++)
    if (same_monomial (&p->t[k], t))
      {
	if (__builtin_add_overflow (p->t[k].coef, t->coef, &p->t[k].coef))
	  return set_err (c, ERR_TOOBIG);
	if (p->t[k].coef == 0)
	  p->t[k] = p->t[--p->nterms];
	return true;
      }
  if (p->nterms == RL_POLY_TERMS)
    return set_err (c, ERR_TOOBIG);
  p->t[p->nterms++] = *t;
  return true;
}

static bool
poly_const (nest_ctx *c, rl_poly *p, long long v)
{
  rl_term t = { v, -1, 0, { 0, 0, 0 } };
  poly_zero (p);
  return poly_add_term (c, p, &t);
}

/* DST += SIGN * SRC.  Two pointer bases may only cancel (SRC - SRC). */
static bool
poly_add (nest_ctx *c, rl_poly *dst, const rl_poly *src, int sign)
{
  if (src->base)
    {
      if (sign > 0 && !dst->base)
	dst->base = src->base;
      else if (sign < 0 && dst->base == src->base)
	dst->base = NULL_TREE;
      else
	return set_err (c, ERR_NONAFFINE);
    }
  for (int k = 0; k < src->nterms; k++)
    {
      rl_term t = src->t[k];
      if (sign < 0 && __builtin_mul_overflow (t.coef, -1LL, &t.coef))
	return set_err (c, ERR_TOOBIG);
      if (!poly_add_term (c, dst, &t))
	return false;
    }
  return true;
}

/* Product of two terms; false if it has two iterators or too many parameters. */
static bool
term_mul (nest_ctx *c, const rl_term *a, const rl_term *b, rl_term *r)
{
  if (a->iter >= 0 && b->iter >= 0)
    return set_err (c, ERR_NONAFFINE);
  if (a->npar + b->npar > RL_POLY_DEG)
    return set_err (c, ERR_NONAFFINE);
  if (__builtin_mul_overflow (a->coef, b->coef, &r->coef))
    return set_err (c, ERR_TOOBIG);
  r->iter = a->iter >= 0 ? a->iter : b->iter;
  /* merge the sorted parameter lists */
  int i = 0, j = 0;
  r->npar = 0;
  while (i < a->npar || j < b->npar)
    if (j == b->npar || (i < a->npar && a->par[i] <= b->par[j]))
      r->par[r->npar++] = a->par[i++];
    else
      r->par[r->npar++] = b->par[j++];
  return true;
}

/* OUT = A * B; a pointer base may only be multiplied by the constant 1. */
static bool
poly_mul (nest_ctx *c, const rl_poly *a, const rl_poly *b, rl_poly *out)
{
  rl_poly r;
  poly_zero (&r);
  if (a->base || b->base)
    {
      const rl_poly *ptr = a->base ? a : b, *other = a->base ? b : a;
      if (other->base || other->nterms != 1 || other->t[0].iter >= 0
	  || other->t[0].npar != 0 || other->t[0].coef != 1)
	return set_err (c, ERR_NONAFFINE);
      *out = *ptr;
      return true;
    }
  for (int i = 0; i < a->nterms; i++)
    for (int j = 0; j < b->nterms; j++)
      {
	rl_term t;
	if (!term_mul (c, &a->t[i], &b->t[j], &t) || !poly_add_term (c, &r, &t))
	  return false;
      }
  *out = r;
  return true;
}

static bool
poly_scale (nest_ctx *c, rl_poly *p, long long f)
{
  rl_poly k;
  if (!poly_const (c, &k, f))
    return false;
  return poly_mul (c, p, &k, p);
}

static bool
poly_has_iters (const rl_poly *p)
{
  for (int k = 0; k < p->nterms; k++)
    if (p->t[k].iter >= 0)
      return true;
  return false;
}

static bool
poly_equal (const rl_poly *a, const rl_poly *b)
{
  if (a->nterms != b->nterms || a->base != b->base)
    return false;
  for (int i = 0; i < a->nterms; i++)
    {
      bool found = false;
      for (int j = 0; j < b->nterms && !found; j++)
	found = same_monomial (&a->t[i], &b->t[j]) && a->t[i].coef == b->t[j].coef;
      if (!found)
	return false;
    }
  return true;
}

/* 1 if the parameters of D (a multiset) are contained in those of T. */
static bool
params_contain (const rl_term *t, const rl_term *d)
{
  int used[RL_POLY_DEG] = { 0, 0, 0 };
  for (int i = 0; i < d->npar; i++)
    {
      bool found = false;
      for (int j = 0; j < t->npar && !found; j++)
	if (!used[j] && t->par[j] == d->par[i])
	  used[j] = found = true;
      if (!found)
	return false;
    }
  return true;
}

/* T / D for a term T whose parameters contain D's and whose coefficient D's divides. */
static rl_term
term_div (const rl_term *t, const rl_term *d)
{
  rl_term r = *t;
  r.coef = t->coef / d->coef;
  r.npar = 0;
  int used[RL_POLY_DEG] = { 0, 0, 0 };
  for (int i = 0; i < d->npar; i++)
    for (int j = 0; j < t->npar; j++)
      if (!used[j] && t->par[j] == d->par[i])
	{
	  used[j] = 1;
	  break;
	}
  for (int j = 0; j < t->npar; j++)
    if (!used[j])
      r.par[r.npar++] = t->par[j];
  return r;
}

/* A divisor usable for delinearisation: a single monomial coef * params, no
 * iterator, coef > 0. */
static bool
poly_is_divisor (const rl_poly *d)
{
  return !d->base && d->nterms == 1 && d->t[0].iter < 0 && d->t[0].coef > 0;
}

/* Exact division by a single-monomial divisor; false if not exact. */
static bool
poly_div_exact (const rl_poly *a, const rl_poly *d, rl_poly *q)
{
  if (!poly_is_divisor (d) || a->base)
    return false;
  poly_zero (q);
  for (int k = 0; k < a->nterms; k++)
    {
      if (!params_contain (&a->t[k], &d->t[0]) || a->t[k].coef % d->t[0].coef)
	return false;
      q->t[q->nterms++] = term_div (&a->t[k], &d->t[0]);
    }
  return true;
}

/* Split E = Q * D + R for a delinearisation divisor D: terms divisible by D go to
 * Q; with a constant divisor, pure constants are split with |R| <= D/2. */
static bool
poly_split (nest_ctx *c, const rl_poly *e, const rl_poly *d, rl_poly *q, rl_poly *r)
{
  const rl_term *dt = &d->t[0];
  poly_zero (q);
  poly_zero (r);
  for (int k = 0; k < e->nterms; k++)
    {
      const rl_term *t = &e->t[k];
      if (dt->npar == 0 && t->iter < 0 && t->npar == 0)
	{
	  long long quo = t->coef / dt->coef, rem = t->coef % dt->coef;
	  if (2 * rem > dt->coef)
	    quo++, rem -= dt->coef;
	  else if (2 * rem < -dt->coef)
	    quo--, rem += dt->coef;
	  rl_term tq = { quo, -1, 0, { 0, 0, 0 } }, tr = { rem, -1, 0, { 0, 0, 0 } };
	  if (!poly_add_term (c, q, &tq) || !poly_add_term (c, r, &tr))
	    return false;
	}
      else if (params_contain (t, dt) && t->coef % dt->coef == 0)
	{
	  rl_term tq = term_div (t, dt);
	  if (!poly_add_term (c, q, &tq))
	    return false;
	}
      else if (!poly_add_term (c, r, t))
	return false;
    }
  return true;
}

/* Convert an i-space polynomial to rl_aff; false if not affine. */
static bool
poly_to_aff (const rl_poly *p, int nloops, rl_aff *a)
{
  memset (a, 0, sizeof *a);
  if (p->base)
    return false;
  for (int k = 0; k < p->nterms; k++)
    {
      const rl_term *t = &p->t[k];
      if (t->iter >= 0)
	{
	  if (t->npar || t->iter >= nloops)
	    return false;
	  a->it[t->iter] += t->coef;
	}
      else if (t->npar == 1)
	a->par[t->par[0]] += t->coef;
      else if (t->npar == 0)
	a->cst += t->coef;
      else
	return false;
    }
  return true;
}

/* ------------------------------------------------------------------------ */
/* From trees (SCEV chrecs, invariant expressions) to polynomials           */
/* ------------------------------------------------------------------------ */

static const char *
decl_name_or_null (tree decl)
{
  if (decl && DECL_P (decl) && DECL_NAME (decl))
    return IDENTIFIER_POINTER (DECL_NAME (decl));
  return NULL;
}

/* A stable name for an SSA name: its variable's name, else "_N". */
static void
ssa_display_name (tree ssa, char *buf, size_t len)
{
  const char *n = SSA_NAME_VAR (ssa) ? decl_name_or_null (SSA_NAME_VAR (ssa)) : NULL;
  if (n)
    snprintf (buf, len, "%s", n);
  else
    snprintf (buf, len, "_%u", SSA_NAME_VERSION (ssa));
}

/* Index of parameter NAME in the nest (added when new, value from the defines). */
static bool
param_poly (nest_ctx *c, const char *name, rl_poly *out)
{
  int idx = rl_nest_param_index (c->out, name);
  if (idx < 0 || idx >= RL_MAX_PARAMS)
    return set_err (c, ERR_PARAMS);
  rl_param *p = &c->out->params[idx];
  if (!p->has_value)
    for (int k = 0; k < c->ndefines; k++)
      if (c->defines[k].name && !strcmp (c->defines[k].name, name))
	{
	  p->has_value = 1;
	  p->value = c->defines[k].value;
	}
  rl_term t = { 1, -1, 1, { idx, 0, 0 } };
  poly_zero (out);
  return poly_add_term (c, out, &t);
}

static int
depth_of_loop_num (nest_ctx *c, int num)
{
  for (int k = 0; k < c->nloops; k++)
    if (c->loops[k] && c->loops[k]->num == num)
      return k;
  return -1;
}

static bool
defined_in_nest (nest_ctx *c, tree ssa)
{
  if (SSA_NAME_IS_DEFAULT_DEF (ssa))
    return false;
  basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (ssa));
  return bb && flow_bb_inside_loop_p (c->outer, bb);
}

/* Does SSA (defined in the nest) depend on a value loaded from memory in the nest? */
static bool
depends_on_load_in_nest (nest_ctx *c, tree ssa)
{
  tree work[32];
  int n = 0, seen = 0;
  work[n++] = ssa;
  while (seen < n && seen < 32)
    {
      tree s = work[seen++];
      if (TREE_CODE (s) != SSA_NAME || !defined_in_nest (c, s))
	continue;
      gimple *def = SSA_NAME_DEF_STMT (s);
      if (gimple_assign_load_p (def) || is_gimple_call (def))
	return true;
      ssa_op_iter it;
      tree use;
      if (gimple_code (def) == GIMPLE_PHI)
	{
	  for (unsigned a = 0; a < gimple_phi_num_args (def); a++)
	    {
	      tree arg = gimple_phi_arg_def (def, a);
	      if (TREE_CODE (arg) == SSA_NAME && n < 32)
		work[n++] = arg;
	    }
	  continue;
	}
      FOR_EACH_SSA_TREE_OPERAND (use, def, it, SSA_OP_USE)
	{
	  bool dup = false;
	  for (int k = 0; k < n && !dup; k++)
	    dup = work[k] == use;
	  if (!dup && n < 32)
	    work[n++] = use;
	}
    }
  return false;
}

static bool tree_to_poly (nest_ctx *c, tree e, class loop *l, rl_poly *out);
static bool value_poly (nest_ctx *c, tree op, class loop *l, rl_poly *out);
static bool coll_value (nest_ctx *c, tree ssa, rl_poly *out);

/* OUT = A op B for the arithmetic codes we model. */
static bool
combine (nest_ctx *c, enum tree_code code, tree a, tree b, class loop *l, rl_poly *out)
{
  rl_poly pa, pb;
  switch (code)
    {
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
    case SSA_NAME:
    case INTEGER_CST:
    case ADDR_EXPR:
      return tree_to_poly (c, a, l, out);
    case NEGATE_EXPR:
      if (!tree_to_poly (c, a, l, out))
	return false;
      return poly_scale (c, out, -1);
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
      if (!tree_to_poly (c, a, l, &pa) || !tree_to_poly (c, b, l, &pb))
	return false;
      if (!poly_add (c, &pa, &pb, code == MINUS_EXPR ? -1 : 1))
	return false;
      *out = pa;
      return true;
    case MULT_EXPR:
      if (!tree_to_poly (c, a, l, &pa) || !tree_to_poly (c, b, l, &pb))
	return false;
      return poly_mul (c, &pa, &pb, out);
    case EXACT_DIV_EXPR:
    case TRUNC_DIV_EXPR:
      /* by a constant, when exact: VLA element sizes are (n*8) /[ex] 8 */
      if (TREE_CODE (b) != INTEGER_CST || !tree_fits_shwi_p (b) || tree_to_shwi (b) <= 0)
	return set_err (c, ERR_NONAFFINE);
      if (!tree_to_poly (c, a, l, &pa) || !poly_const (c, &pb, tree_to_shwi (b)))
	return false;
      if (!poly_div_exact (&pa, &pb, out))
	return set_err (c, ERR_NONAFFINE);
      return true;
    case LSHIFT_EXPR:
      if (TREE_CODE (b) != INTEGER_CST || !tree_fits_uhwi_p (b) || tree_to_uhwi (b) > 40)
	return set_err (c, ERR_NONAFFINE);
      if (!tree_to_poly (c, a, l, out))
	return false;
      return poly_scale (c, out, 1LL << tree_to_uhwi (b));
    default:
      return set_err (c, ERR_NONAFFINE);
    }
}

/* Whether DEF splits 0 (the first merged iteration of thread 0) into the
 * indices of an OpenMP collapse(N) loop: 0 % n, 0 / n, 0 & m, 0 >> k. */
static bool
zero_index_split (nest_ctx *c, gimple *def, class loop *l)
{
  enum tree_code code = gimple_assign_rhs_code (def);
  rl_poly x;
  if (code != TRUNC_MOD_EXPR && code != TRUNC_DIV_EXPR && code != BIT_AND_EXPR
      && code != RSHIFT_EXPR)
    return false;
  rl_err saved = c->err;
  bool zero = tree_to_poly (c, gimple_assign_rhs1 (def), l, &x) && !x.base && x.nterms == 0;
  c->err = saved;
  return zero;
}

/* A size passed as an argument (PolyBench's kernels take their sizes so): when no
 * define= gives it and every call of the function in this file passes the same
 * constant, that constant, with the number of calls.  A function whose address is
 * taken (calls through pointers) or without calls in the file keeps it unknown. */
static void
param_from_calls (nest_ctx *c, tree parm, rl_param *p)
{
  cgraph_node *node = c->fun ? cgraph_node::get (c->fun->decl) : NULL;
  if (p->has_value || !node || node->address_taken || !node->callers)
    return;
  int idx = 0;
  tree a = DECL_ARGUMENTS (c->fun->decl);
  for (; a && a != parm; a = DECL_CHAIN (a))
    idx++;
  if (!a)
    return;
  long long value = 0;
  int n = 0;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller, n++)
    {
      gcall *call = e->call_stmt;
      if (!call || (unsigned) idx >= gimple_call_num_args (call))
	return;
      tree arg = gimple_call_arg (call, idx);
      if (TREE_CODE (arg) != INTEGER_CST || !tree_fits_shwi_p (arg)
	  || (n && tree_to_shwi (arg) != value))
	return;
      value = tree_to_shwi (arg);
    }
  p->has_value = 1;
  p->value = value;
  p->from_calls = n;
}

/* An SSA name defined outside the nest: follow its definition through copies,
 * casts and arithmetic; otherwise it is a leaf: a pointer base or a parameter. */
static bool
invariant_ssa_to_poly (nest_ctx *c, tree ssa, class loop *l, rl_poly *out)
{
  bool is_ptr = POINTER_TYPE_P (TREE_TYPE (ssa));
  gimple *def = SSA_NAME_IS_DEFAULT_DEF (ssa) ? NULL : SSA_NAME_DEF_STMT (ssa);
  /* an OpenMP static schedule's chunk bounds, read for one thread: the
     original iteration space (gimple-omp.cc) */
  tree single;
  if (c->omp_static && rl_omp_single_thread_value (ssa, &single))
    {
      c->omp_used = true;
      if (!single)
	return poly_const (c, out, 0);
      return tree_to_poly (c, single, l, out);
    }
  if (c->coll && def && is_gimple_assign (def) && zero_index_split (c, def, l))
    return poly_const (c, out, 0);
  if (def && is_gimple_assign (def) && !gimple_assign_load_p (def))
    {
      enum tree_code code = gimple_assign_rhs_code (def);
      tree r1 = gimple_assign_rhs1 (def);
      tree r2 = gimple_num_ops (def) > 2 ? gimple_assign_rhs2 (def) : NULL_TREE;
      bool modelled = false;
      switch (code)
	{
	CASE_CONVERT: case NON_LVALUE_EXPR: case SSA_NAME:
	case INTEGER_CST: case NEGATE_EXPR: case PLUS_EXPR: case MINUS_EXPR:
	case POINTER_PLUS_EXPR: case MULT_EXPR: case LSHIFT_EXPR: case ADDR_EXPR:
	case EXACT_DIV_EXPR: case TRUNC_DIV_EXPR:
	  modelled = (INTEGRAL_TYPE_P (TREE_TYPE (r1)) || POINTER_TYPE_P (TREE_TYPE (r1))
		      || code == ADDR_EXPR);
	  break;
	default:
	  break;
	}
      if (modelled)
	{
	  rl_err saved = c->err;
	  if (combine (c, code, r1, r2, l, out))
	    return true;
	  /* not affine (e.g. n*m*k): fall back to a leaf */
	  if (c->err == ERR_TOOBIG || c->err == ERR_PARAMS)
	    return false;
	  c->err = saved;
	}
    }
  if (is_ptr)
    {
      poly_zero (out);
      out->base = ssa;
      return true;
    }
  if (!INTEGRAL_TYPE_P (TREE_TYPE (ssa)))
    return set_err (c, ERR_NONAFFINE);
  /* a global size read outside the nest: n.0_1 = n */
  if (def && gimple_assign_load_p (def) && DECL_P (gimple_assign_rhs1 (def))
      && decl_name_or_null (gimple_assign_rhs1 (def)))
    return param_poly (c, decl_name_or_null (gimple_assign_rhs1 (def)), out);
  /* a shared variable of an OpenMP region: n_8 = *.omp_data_i.n */
  if (rl_omp_shared_name (def))
    return param_poly (c, rl_omp_shared_name (def), out);
  char name[RL_NAME_MAX];
  ssa_display_name (ssa, name, sizeof name);
  if (!param_poly (c, name, out))
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (ssa) && SSA_NAME_VAR (ssa)
      && TREE_CODE (SSA_NAME_VAR (ssa)) == PARM_DECL)
    param_from_calls (c, SSA_NAME_VAR (ssa), &c->out->params[out->t[0].par[0]]);
  return true;
}

/* Convert E (a chrec or an expression of invariants) to a t-space polynomial.
 * L is the loop in which E is used (for SSA names SCEV has not instantiated). */
static bool
tree_to_poly_1 (nest_ctx *c, tree e, class loop *l, rl_poly *out)
{
  poly_zero (out);
  if (!e || e == chrec_dont_know || e == chrec_known)
    return set_err (c, ERR_NONAFFINE);
  tree type = TREE_TYPE (e);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      {
	if (!type || TYPE_PRECISION (type) > 64)
	  return set_err (c, ERR_NONAFFINE);
	wide_int w = wi::sext (wi::to_wide (e), TYPE_PRECISION (type));
	return poly_const (c, out, w.to_shwi ());
      }
    case POLYNOMIAL_CHREC:
      {
	int k = depth_of_loop_num (c, CHREC_VARIABLE (e));
	rl_poly left, right, tk;
	if (k < 0)
	  return set_err (c, ERR_NONAFFINE);
	if (!tree_to_poly (c, CHREC_LEFT (e), l, &left)
	    || !tree_to_poly (c, CHREC_RIGHT (e), l, &right))
	  return false;
	if (right.base || poly_has_iters (&right))
	  return set_err (c, ERR_NONAFFINE);
	rl_term t = { 1, k, 0, { 0, 0, 0 } };
	poly_zero (&tk);
	if (!poly_add_term (c, &tk, &t) || !poly_mul (c, &tk, &right, &tk))
	  return false;
	if (!poly_add (c, &left, &tk, 1))
	  return false;
	*out = left;
	return true;
      }
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
      if (!INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (e, 0)))
	  && !POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (e, 0))))
	return set_err (c, ERR_NONAFFINE);
      return tree_to_poly (c, TREE_OPERAND (e, 0), l, out);
    case NEGATE_EXPR:
      return combine (c, NEGATE_EXPR, TREE_OPERAND (e, 0), NULL_TREE, l, out);
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case LSHIFT_EXPR:
    case EXACT_DIV_EXPR:
    case TRUNC_DIV_EXPR:
      return combine (c, TREE_CODE (e), TREE_OPERAND (e, 0), TREE_OPERAND (e, 1), l, out);
    case ADDR_EXPR:
      {
	tree op = TREE_OPERAND (e, 0);
	if (VAR_P (op) || TREE_CODE (op) == PARM_DECL)
	  {
	    out->base = op;
	    return true;
	  }
	if (TREE_CODE (op) == MEM_REF)
	  return combine (c, POINTER_PLUS_EXPR, TREE_OPERAND (op, 0),
			  TREE_OPERAND (op, 1), l, out);
	return set_err (c, ERR_NONAFFINE);
      }
    case SSA_NAME:
      if (!defined_in_nest (c, e))
	return invariant_ssa_to_poly (c, e, l, out);
      return value_poly (c, e, l, out);
    case PARM_DECL:
    case VAR_DECL:
      if (INTEGRAL_TYPE_P (type) && decl_name_or_null (e))
	return param_poly (c, decl_name_or_null (e), out);
      return set_err (c, ERR_NONAFFINE);
    default:
      return set_err (c, ERR_NONAFFINE);
    }
}

static bool
tree_to_poly (nest_ctx *c, tree e, class loop *l, rl_poly *out)
{
  if (c->depth > 48)
    return set_err (c, ERR_TOOBIG);
  c->depth++;
  bool ok = tree_to_poly_1 (c, e, l, out);
  c->depth--;
  return ok;
}

/* SCEV gave up on SSA (defined in the nest, used in loop L): typically a
 * conversion of a signed affine value to sizetype it cannot prove free of
 * overflow, as in a + (sizetype) (j*m + i) * 8.  Evaluate the defining
 * statement's operands separately (casts are taken as value-preserving: signed
 * overflow is undefined in C).  Only for definitions in L or a loop around L,
 * so that the value is not a final value of an inner loop. */
static bool
decompose_in_nest (nest_ctx *c, tree ssa, class loop *l, rl_poly *out)
{
  gimple *def = SSA_NAME_DEF_STMT (ssa);
  class loop *dl = def && gimple_bb (def) ? gimple_bb (def)->loop_father : NULL;
  if (!def || !is_gimple_assign (def) || gimple_assign_load_p (def)
      || !dl || (dl != l && !flow_loop_nested_p (dl, l)))
    return set_err (c, depends_on_load_in_nest (c, ssa) ? ERR_LOADED : ERR_NONAFFINE);
  enum tree_code code = gimple_assign_rhs_code (def);
  tree r1 = gimple_assign_rhs1 (def);
  tree r2 = gimple_num_ops (def) > 2 ? gimple_assign_rhs2 (def) : NULL_TREE;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (r1)) && !POINTER_TYPE_P (TREE_TYPE (r1)))
    return set_err (c, ERR_NONAFFINE);
  return combine (c, code, r1, r2, l, out);
}

/* The iterator of the split loop at depth K in t-space: lower + step * t_k (its lower
 * bound has no iterator terms, so it reads the same in both spaces). */
static bool
split_iv_poly (nest_ctx *c, int k, rl_poly *out)
{
  rl_poly tk;
  rl_term t = { c->step[k], k, 0, { 0, 0, 0 } };
  poly_zero (&tk);
  *out = c->lower[k];
  return poly_add_term (c, &tk, &t) && poly_add (c, out, &tk, 1);
}

/* The value of operand OP of a statement in loop L, as a t-space polynomial. */
static bool
value_poly (nest_ctx *c, tree op, class loop *l, rl_poly *out)
{
  if (TREE_CODE (op) == SSA_NAME && defined_in_nest (c, op))
    {
      for (int k = 0; k < c->nloops; k++)
	if (c->split_iv[k] && op == c->split_iv[k])
	  return split_iv_poly (c, k, out);
      if (c->coll)
	return coll_value (c, op, out);
      tree ch = analyze_scalar_evolution (l, op);
      ch = instantiate_scev (c->pre, l, ch);
      if (!ch || chrec_contains_undetermined (ch) || ch == op)
	return decompose_in_nest (c, op, l, out);
      return tree_to_poly (c, ch, l, out);
    }
  return tree_to_poly (c, op, l, out);
}

/* t-space -> i-space: replace t_k by (i_k - lower_k) / step_k. */
static bool
to_i_space (nest_ctx *c, const rl_poly *in, rl_poly *out)
{
  rl_poly r;
  poly_zero (&r);
  r.base = in->base;
  for (int k = 0; k < in->nterms; k++)
    {
      const rl_term *t = &in->t[k];
      if (t->iter < 0)
	{
	  if (!poly_add_term (c, &r, t))
	    return false;
	  continue;
	}
      long long step = c->step[t->iter];
      if (step == 0 || t->coef % step)
	return set_err (c, ERR_NONAFFINE);
      rl_poly mono, diff, prod;
      rl_term m = *t, it = { 1, t->iter, 0, { 0, 0, 0 } };
      m.iter = -1;
      m.coef = t->coef / step;
      poly_zero (&mono);
      poly_zero (&diff);
      if (!poly_add_term (c, &mono, &m) || !poly_add_term (c, &diff, &it)
	  || !poly_add (c, &diff, &c->lower[t->iter], -1)
	  || !poly_mul (c, &mono, &diff, &prod) || !poly_add (c, &r, &prod, 1))
	return false;
    }
  *out = r;
  return true;
}

/* ------------------------------------------------------------------------ */
/* Loops                                                                    */
/* ------------------------------------------------------------------------ */

/* Is BB one of the blocks whose statements belong to the modelled leaf: a
 * block of a chain loop at depth own_from or deeper (not in a sibling loop, not
 * in the body of a loop with several inner loops)?  In a perfect nest every
 * block of the nest is. */
static bool
own_block_p (const nest_ctx *c, basic_block bb)
{
  for (int k = c->own_from; k < c->nloops; k++)
    if (bb->loop_father == c->loops[k])
      return true;
  return false;
}

/* A header PHI of LOOP that is an affine induction variable {lower,+,step}_LOOP
 * with a constant step; user variables preferred over compiler temporaries. */
static tree
source_iv_chrec (nest_ctx *c, class loop *loop)
{
  tree best = NULL_TREE;
  bool best_user = false;
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi); gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res) || !INTEGRAL_TYPE_P (TREE_TYPE (res)))
	continue;
      tree ch = analyze_scalar_evolution (loop, res);
      ch = instantiate_scev (c->pre, loop, ch);
      if (!ch || TREE_CODE (ch) != POLYNOMIAL_CHREC
	  || CHREC_VARIABLE (ch) != (unsigned) loop->num
	  || TREE_CODE (CHREC_RIGHT (ch)) != INTEGER_CST
	  || integer_zerop (CHREC_RIGHT (ch))
	  || chrec_contains_undetermined (CHREC_LEFT (ch)))
	continue;
      tree var = SSA_NAME_VAR (res);
      bool user = var && DECL_NAME (var) && !DECL_ARTIFICIAL (var);
      if (!best || (user && !best_user))
	{
	  best = ch;
	  best_user = user;
	}
    }
  return best;
}

/* Latch executions of LOOP (an expression over invariants and outer IVs), or
 * NULL_TREE.  Like number_of_latch_executions, but computed afresh: the cached
 * loop->nb_iterations can be stale after loop splitting (seen with -O3), and we
 * must not reset GCC's caches.  may_be_zero is ignored: a guard outside the
 * loop ensures the loop runs. */
static tree
latch_executions (class loop *loop)
{
  edge exit = single_exit (loop);
  class tree_niter_desc desc;
  if (!exit || !number_of_iterations_exit (loop, exit, &desc, false))
    return NULL_TREE;
  if (!desc.niter || chrec_contains_undetermined (desc.niter))
    return NULL_TREE;
  return desc.niter;
}

/* Whether the body of LOOP (its inner loop of the nest, or its first memory
 * statement) runs before the exit test of each iteration: then it executes
 * latch executions + 1 times (rotated loops, the usual case); otherwise (exit
 * test at the top dominating the body, as GCC 11 -O2 leaves some outer loops)
 * only latch executions times. */
static bool
body_before_exit_test (class loop *loop, class loop *inner)
{
  edge exit = single_exit (loop);
  if (!exit || !dom_info_available_p (CDI_DOMINATORS))
    return true;
  basic_block body = inner ? inner->header : NULL;
  if (!body)
    {
      basic_block *bbs = get_loop_body (loop);
      for (unsigned i = 0; i < loop->num_nodes && !body; i++)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
	  if (!is_gimple_debug (gsi_stmt (gsi)) && gimple_vuse (gsi_stmt (gsi)))
	    {
	      body = bbs[i];
	      break;
	    }
      free (bbs);
    }
  /* the test ends its block: a body in the same block runs before it; a body
   * in a block the test dominates runs after it; anything else (a body guarded
   * inside a rotated loop) runs before it */
  if (!body || body == exit->src)
    return true;
  return !dominated_by_p (CDI_DOMINATORS, body, exit->src);
}

static bool
bound_fail (nest_ctx *c)
{
  if (c->err == ERR_PARAMS)
    return fail (c, "too many parameters");
  c->bound_unknown = true;
  return fail (c, "non-affine loop bound");
}

static bool
trip_count_fail (nest_ctx *c)
{
  c->bound_unknown = true;
  return fail (c, "unknown trip count");
}

/* GCC's loop splitting (-fsplit-loops, on at -O3) cuts a loop whose body tests its
 * iterator against a bound into two loops.  Cholesky's
 *     for (j = 0; j < i; j++) { for (k = 0; k < j; k++) ...; ... }
 * becomes a first loop that runs j from 0 while j + 1 <= MIN (0, i - 1) (the iterations
 * without the k loop) and a second loop that continues from the first's exit value up
 * to i.  SCEV does not follow that start value (a loop-closed PHI of the first loop), so
 * the second loop's iterator is read here, from the two loops' increments and exit tests:
 *   first loop:  start L0, continues while j' < T (j' = j + 1): exit value X = max (L0 + 1, T)
 *   second loop: from X, continues while j' < U: iterations [X, U).
 * T = MIN (Ta, Tb) with Tb >= U everywhere (the split at U - 1) reads as Ta: when Tb is
 * the smaller, X >= Tb >= U with either and the second loop is empty.  The max must be
 * decided by a constant difference.  Unit steps only; anything else: not recognised. */

/* Header PHI of LOOP stepping by 1: *NEXT its latch value PHI + 1. */
static bool
unit_increment (class loop *loop, gphi *phi, tree *next)
{
  tree latch = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (loop));
  if (!latch || TREE_CODE (latch) != SSA_NAME)
    return false;
  gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (latch));
  if (!a || gimple_assign_rhs_code (a) != PLUS_EXPR
      || gimple_assign_rhs1 (a) != gimple_phi_result (phi)
      || !integer_onep (gimple_assign_rhs2 (a)))
    return false;
  *next = latch;
  return true;
}

/* LOOP's exit test on NEXT as "continue while NEXT < *OP + *ADD". */
static bool
continue_limit (class loop *loop, tree next, tree *op, long long *add)
{
  edge exit = single_exit (loop);
  gimple_stmt_iterator gsi;
  gcond *cond = NULL;
  if (exit)
    {
      gsi = gsi_last_bb (exit->src);
      cond = gsi_end_p (gsi) ? NULL : dyn_cast<gcond *> (gsi_stmt (gsi));
    }
  if (!cond)
    return false;
  enum tree_code code = gimple_cond_code (cond);
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  if (rhs == next)
    {
      code = swap_tree_comparison (code);
      std::swap (lhs, rhs);
    }
  if (lhs != next)
    return false;
  if (exit->flags & EDGE_TRUE_VALUE)
    code = invert_tree_comparison (code, false);
  if (code != LT_EXPR && code != LE_EXPR)
    return false;
  *op = rhs;
  *add = code == LE_EXPR ? 1 : 0;
  return true;
}

/* OUT = the i-space value of invariant E (used in LOOP) plus ADD. */
static bool
bound_poly (nest_ctx *c, tree e, class loop *loop, long long add, rl_poly *out)
{
  rl_poly t, a;
  return tree_to_poly (c, e, loop, &t) && to_i_space (c, &t, out)
	 && poly_const (c, &a, add) && poly_add (c, out, &a, 1);
}

/* *D = A - B when that is a constant. */
static bool
const_difference (nest_ctx *c, const rl_poly *a, const rl_poly *b, long long *d)
{
  rl_poly x = *a;
  if (!poly_add (c, &x, b, -1) || x.base || x.nterms > 1)
    return false;
  *d = x.nterms ? x.t[0].coef : 0;
  return x.nterms == 0 || (x.t[0].iter < 0 && x.t[0].npar == 0);
}

/* The first loop's threshold T (its exit test "continue while j' < M + ADD"), a MIN
 * resolved against the second loop's bound U. */
static bool
split_threshold (nest_ctx *c, tree m, long long add, class loop *first,
		 const rl_poly *u, rl_poly *t)
{
  gassign *def = TREE_CODE (m) == SSA_NAME ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (m)) : NULL;
  if (!def || gimple_assign_rhs_code (def) != MIN_EXPR)
    return bound_poly (c, m, first, add, t);
  rl_poly ta, tb;
  long long da, db;
  if (!bound_poly (c, gimple_assign_rhs1 (def), first, add, &ta)
      || !bound_poly (c, gimple_assign_rhs2 (def), first, add, &tb))
    return false;
  if (const_difference (c, &tb, u, &db) && db >= 0)
    *t = ta;
  else if (const_difference (c, &ta, u, &da) && da >= 0)
    *t = tb;
  else
    return false;
  return true;
}

/* The start X of LOOP's iterator INIT: the exit value of the first part of a split loop. */
static bool
split_start (nest_ctx *c, tree init, const rl_poly *u, rl_poly *x)
{
  gphi *lc = init && TREE_CODE (init) == SSA_NAME
    ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (init)) : NULL;
  if (!lc || gimple_phi_num_args (lc) != 1 || TREE_CODE (gimple_phi_arg_def (lc, 0)) != SSA_NAME)
    return false;
  tree y = gimple_phi_arg_def (lc, 0);
  gassign *inc = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (y));
  class loop *first = inc && gimple_bb (inc) ? gimple_bb (inc)->loop_father : NULL;
  gphi *z = inc && TREE_CODE (gimple_assign_rhs1 (inc)) == SSA_NAME
    ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (gimple_assign_rhs1 (inc))) : NULL;
  tree next, m;
  long long add, d;
  if (!first || !z || gimple_bb (z) != first->header || !unit_increment (first, z, &next)
      || next != y || !continue_limit (first, y, &m, &add))
    return false;
  rl_poly l1, t;
  tree l0 = PHI_ARG_DEF_FROM_EDGE (z, loop_preheader_edge (first));
  if (!bound_poly (c, l0, first, 1, &l1) || !split_threshold (c, m, add, first, u, &t)
      || !const_difference (c, &t, &l1, &d))
    return false;
  *x = d >= 0 ? t : l1;
  return true;
}

/* Bounds of the loop at depth K when it is the second part of a split loop; records
 * its iterator for the values that use it. */
static bool
split_second_loop (nest_ctx *c, int k, rl_poly *lower, rl_poly *upper)
{
  class loop *loop = c->loops[k];
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi); gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree res = gimple_phi_result (phi), next, op;
      long long add;
      if (virtual_operand_p (res) || !INTEGRAL_TYPE_P (TREE_TYPE (res))
	  || !unit_increment (loop, phi, &next) || !continue_limit (loop, next, &op, &add))
	continue;
      rl_err saved = c->err;
      if (!bound_poly (c, op, loop_outer (loop), add, upper)
	  || !split_start (c, PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (loop)),
			   upper, lower)
	  || poly_has_iters (lower) || lower->base)
	{
	  c->err = saved;
	  continue;
	}
      c->split_iv[k] = res;
      return true;
    }
  return false;
}

static bool
uses_split_iv (const nest_ctx *c)
{
  for (int k = 0; k < c->nloops; k++)
    if (c->split_iv[k])
      return true;
  return false;
}

/* Loop K of the nest from LOWER, UPPER (i-space) and STEP. */
static bool
record_loop (nest_ctx *c, int k, const rl_poly *lower, const rl_poly *upper, long long step)
{
  class loop *loop = c->loops[k];
  rl_loop *rl = &c->out->loops[k];
  if (!poly_to_aff (lower, c->nloops, &rl->lower)
      || !poly_to_aff (upper, c->nloops, &rl->upper))
    {
      c->bound_unknown = true;
      return fail (c, "non-affine loop bound");
    }
  c->lower[k] = *lower;
  c->step[k] = step;
  rl->step = step;
  expanded_location x = expand_location (rl_loop_location (loop));
  rl->line = x.line;
  rl->column = x.column;
  rl->gcc_loop_num = loop->num;
  return true;
}

static bool
analyse_loop (nest_ctx *c, int k)
{
  class loop *loop = c->loops[k];
  rl_poly lower, niter, upper, tmp;

  c->err = ERR_NONE;
  tree ni = latch_executions (loop);
  if (!ni)
    return trip_count_fail (c);

  /* the source iterator; without one, the second part of a split loop or the
     iteration counter itself */
  tree iv = source_iv_chrec (c, loop);
  long long step = 1;
  poly_zero (&lower);
  if (!iv && split_second_loop (c, k, &lower, &upper))
    return record_loop (c, k, &lower, &upper, 1);
  if (iv)
    {
      wide_int w = wi::sext (wi::to_wide (CHREC_RIGHT (iv)),
			     TYPE_PRECISION (TREE_TYPE (CHREC_RIGHT (iv))));
      step = w.to_shwi ();
      if (!tree_to_poly (c, CHREC_LEFT (iv), loop_outer (loop), &tmp)
	  || !to_i_space (c, &tmp, &lower))
	return bound_fail (c);
    }

  /* With |step| > 1 niter is X / |step|; then lower + step*(X/|step| + 1) and
   * lower + sign(step)*(X + 1) are equivalent exclusive bounds. */
  long long mult = step;
  if (TREE_CODE (ni) == TRUNC_DIV_EXPR && TREE_CODE (TREE_OPERAND (ni, 1)) == INTEGER_CST
      && tree_fits_shwi_p (TREE_OPERAND (ni, 1))
      && tree_to_shwi (TREE_OPERAND (ni, 1)) == (step < 0 ? -step : step))
    {
      ni = TREE_OPERAND (ni, 0);
      mult = step < 0 ? -1 : 1;
    }
  tree raw = ni;
  ni = instantiate_scev (c->pre, loop_outer (loop), ni);
  /* a count over a split loop's iterator: SCEV does not know it, tree_to_poly does */
  if ((!ni || chrec_contains_undetermined (ni)) && uses_split_iv (c))
    ni = raw;
  if (!ni || chrec_contains_undetermined (ni))
    return trip_count_fail (c);
  if (!tree_to_poly (c, ni, loop_outer (loop), &tmp) || !to_i_space (c, &tmp, &niter))
    return bound_fail (c);

  /* upper = lower + mult * (niter + 1), or without + 1 when the body follows
   * the exit test */
  rl_poly one;
  bool plus_one = body_before_exit_test (loop, k + 1 < c->nloops ? c->loops[k + 1] : NULL);
  if (!plus_one)
    {
      /* the body sees the incremented IV (j_22 = j_18 + 1 tested at the top):
       * name that value the iterator, which is how the source reads */
      rl_poly s;
      if (!poly_const (c, &s, step) || !poly_add (c, &lower, &s, 1))
	return bound_fail (c);
    }
  if (!poly_const (c, &one, plus_one ? 1 : 0) || !poly_add (c, &niter, &one, 1)
      || !poly_scale (c, &niter, mult))
    return bound_fail (c);
  upper = lower;
  if (!poly_add (c, &upper, &niter, 1))
    return bound_fail (c);
  return record_loop (c, k, &lower, &upper, step);
}

/* ------------------------------------------------------------------------ */
/* Accesses                                                                 */
/* ------------------------------------------------------------------------ */

enum acc_mode { ACC_DIRECT, ACC_FLAT };

struct acc_info
{
  char name[RL_NAME_MAX];
  int line;
  bool write;
  rl_elem_kind kind;
  int esz;
  int align;
  bool pure_pointer;             /* no ARRAY_REF: pointer arithmetic only */
  int lanes;                     /* elements of a vector access written in the source, else 1 */
  acc_mode mode;
  /* ACC_DIRECT: subscripts and extents from the decl type */
  int ndims;
  rl_poly sub[RL_MAX_DIMS];
  long long ext[RL_MAX_DIMS];
  bool has_ext0;
  /* ACC_FLAT: element offset and divisors known from the types, innermost first */
  rl_poly elems;
  int nforced;
  rl_poly forced[RL_MAX_DIMS];
  /* a field of an array of structs (p[i].x): the struct array seen as an array
     of the field's elements, STRUCT_ELEMS of them per struct, the field at
     FIELD_BYTES; 0 for a plain array */
  long long struct_elems;
  long long field_bytes;
};

/* Name of the array whose base is BASE (a DECL or a pointer SSA name). */
static void
base_name (tree base, char *buf, size_t len)
{
  const char *n = NULL;
  if (DECL_P (base))
    n = decl_name_or_null (base);
  else if (TREE_CODE (base) == SSA_NAME)
    {
      gimple *def = SSA_NAME_IS_DEFAULT_DEF (base) ? NULL : SSA_NAME_DEF_STMT (base);
      if (def && gimple_assign_load_p (def) && DECL_P (gimple_assign_rhs1 (def)))
	n = decl_name_or_null (gimple_assign_rhs1 (def));
      if (!n)
	n = rl_omp_shared_name (def);
      if (!n)
	{
	  ssa_display_name (base, buf, len);
	  return;
	}
    }
  snprintf (buf, len, "%s", n ? n : "?");
}

/* Best-effort name of the array a reference accesses, for messages: follow the
 * address back through pointer arithmetic to a named pointer or declaration. */
static void
ref_display_name (tree ref, char *buf, size_t len)
{
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == TARGET_MEM_REF)
    ref = TREE_OPERAND (ref, 0);
  for (int steps = 0; steps < 16 && TREE_CODE (ref) == SSA_NAME; steps++)
    {
      if (SSA_NAME_VAR (ref) && decl_name_or_null (SSA_NAME_VAR (ref)))
	break;
      gimple *def = SSA_NAME_IS_DEFAULT_DEF (ref) ? NULL : SSA_NAME_DEF_STMT (ref);
      if (!def || !is_gimple_assign (def))
	break;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME && code != ADDR_EXPR
	  && !CONVERT_EXPR_CODE_P (code))
	break;
      ref = gimple_assign_rhs1 (def);
    }
  if (TREE_CODE (ref) == ADDR_EXPR)
    ref = TREE_OPERAND (ref, 0);
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  const char *n = get_name (ref);
  snprintf (buf, len, "%s", n ? n : "?");
}

static rl_elem_kind
elem_kind (tree type)
{
  if (TREE_CODE (type) == REAL_TYPE && TYPE_PRECISION (type) == 32)
    return RL_ELEM_FLOAT;
  if (TREE_CODE (type) == REAL_TYPE && TYPE_PRECISION (type) == 64)
    return RL_ELEM_DOUBLE;
  if (TREE_CODE (type) == INTEGER_TYPE && TYPE_PRECISION (type) == 32)
    return RL_ELEM_INT;
  return RL_ELEM_OTHER;
}

/* Extents of the nested array type TYPE (outermost first); false if not constant
 * (the outermost may be unknown: *has_ext0 = false). */
static bool
array_type_extents (tree type, long long *ext, int *ndims, bool *has_ext0)
{
  *ndims = 0;
  *has_ext0 = true;
  for (; TREE_CODE (type) == ARRAY_TYPE; type = TREE_TYPE (type))
    {
      if (*ndims == RL_MAX_DIMS)
	return false;
      tree dom = TYPE_DOMAIN (type);
      long long e = -1;
      if (dom && TYPE_MAX_VALUE (dom) && TYPE_MIN_VALUE (dom)
	  && tree_fits_shwi_p (TYPE_MAX_VALUE (dom)) && tree_fits_shwi_p (TYPE_MIN_VALUE (dom)))
	e = tree_to_shwi (TYPE_MAX_VALUE (dom)) - tree_to_shwi (TYPE_MIN_VALUE (dom)) + 1;
      if (e < 0 && *ndims > 0)
	return false;
      if (e < 0)
	*has_ext0 = false;
      ext[(*ndims)++] = e;
    }
  return true;
}

static bool
access_fail (nest_ctx *c, const char *name)
{
  switch (c->err)
    {
    case ERR_LOADED:
      return fail (c, "indirect access to %s", name);
    case ERR_PARAMS:
      return fail (c, "too many parameters");
    case ERR_TOOBIG:
      return fail (c, "subscript of %s too complex", name);
    default:
      return fail (c, "non-affine subscript of %s", name);
    }
}

/* Divisors of a field access into a declared array of structs S[M][N] (or a
 * single struct): in elements of the field, the struct array is [M][N * E]
 * with E elements per struct; the fields and the arrays inside the struct are
 * offsets within the innermost dimension.  Through a pointer nothing is known
 * from the types (the rows are found from the subscripts). */
static void
struct_divisors (nest_ctx *c, acc_info *a, tree core)
{
  long long ext[RL_MAX_DIMS];
  int nd;
  bool h0;
  if (!DECL_P (core))
    return;
  if (TREE_CODE (TREE_TYPE (core)) != ARRAY_TYPE)
    {
      a->has_ext0 = true;
      a->ext[0] = a->struct_elems;
      return;
    }
  if (!array_type_extents (TREE_TYPE (core), ext, &nd, &h0))
    return;
  if (nd > 0 && (nd > 1 || h0))
    ext[nd - 1] *= a->struct_elems;
  for (int d = nd - 1; d >= 1; d--)
    poly_const (c, &a->forced[a->nforced++], ext[d]);
  a->has_ext0 = h0;
  a->ext[0] = ext[0];
}

/* Element divisors (in elements, innermost first) known from the types of a
 * flattened reference: ratios of the strides of the ARRAY_REFs, the row size of
 * the MEM_REF's array type, or the inner extents of a DECL of array type. */
static void
forced_divisors (nest_ctx *c, acc_info *a, tree core, const rl_poly *strides, int npeeled)
{
  a->nforced = 0;
  if (a->struct_elems)
    {
      struct_divisors (c, a, core);
      return;
    }
  if (DECL_P (core) && TREE_CODE (TREE_TYPE (core)) == ARRAY_TYPE)
    {
      long long ext[RL_MAX_DIMS];
      int nd;
      bool h0;
      if (!array_type_extents (TREE_TYPE (core), ext, &nd, &h0))
	return;
      for (int d = nd - 1; d >= 1; d--)
	poly_const (c, &a->forced[a->nforced++], ext[d]);
      a->has_ext0 = h0;
      a->ext[0] = ext[0];
      return;
    }
  /* strides in elements; stride[0] of the innermost ARRAY_REF should be 1 */
  rl_poly prev;
  poly_const (c, &prev, 1);
  for (int d = 0; d < npeeled; d++)
    {
      rl_poly q;
      if (!poly_div_exact (&strides[d], &prev, &q) || !poly_is_divisor (&q))
	return;
      if (d > 0)
	{
	  if (a->nforced == RL_MAX_DIMS - 1)
	    return;
	  a->forced[a->nforced++] = q;
	}
      prev = strides[d];
    }
  /* the row type of a MEM_REF core with a constant size: (*p)[M] */
  tree t = TREE_TYPE (core);
  if (TREE_CODE (core) == MEM_REF && TREE_CODE (t) == ARRAY_TYPE && npeeled > 0
      && TYPE_SIZE_UNIT (t) && tree_fits_shwi_p (TYPE_SIZE_UNIT (t)) && a->esz > 0)
    {
      rl_poly row, q;
      poly_const (c, &row, tree_to_shwi (TYPE_SIZE_UNIT (t)) / a->esz);
      if (poly_div_exact (&row, &prev, &q) && poly_is_divisor (&q)
	  && a->nforced < RL_MAX_DIMS - 1)
	a->forced[a->nforced++] = q;
    }
}

/* The element of REF into A: lanes of a vector access written in the source
 * (intrinsics: *(__m256d *) &b[i]; analyse_accesses adds lanes 1..), element
 * kind and size.  DISP names REF in messages. */
static bool
ref_element (nest_ctx *c, tree ref, const char *disp, acc_info *a)
{
  tree type = TREE_TYPE (ref);
  a->lanes = 1;
  if (VECTOR_TYPE_P (type))
    {
      poly_uint64 lanes = TYPE_VECTOR_SUBPARTS (type);
      if (!lanes.is_constant () || lanes.to_constant () > RL_MAX_ACCESSES)
	return fail (c, "vector access to %s of unknown size", disp);
      a->lanes = (int) lanes.to_constant ();
      type = TREE_TYPE (type);
    }
  a->kind = elem_kind (type);
  if (!TYPE_SIZE_UNIT (type) || !tree_fits_shwi_p (TYPE_SIZE_UNIT (type))
      || tree_to_shwi (TYPE_SIZE_UNIT (type)) <= 0)
    return fail (c, "access to %s of unknown size", disp);
  a->esz = tree_to_shwi (TYPE_SIZE_UNIT (type));
  return true;
}

/* The fields of REF, a COMPONENT_REF: add their byte offset to A->field_bytes
 * and peel the ARRAY_REFs and fields down to the struct (array) they select
 * from, into PEELED[*NPEELED] and *CORE.  Only scalar fields whose struct size
 * and offset are multiples of the element size are modelled. */
static bool
peel_struct_fields (nest_ctx *c, const char *disp, tree *peeled, int *npeeled,
		    tree *core, acc_info *a)
{
  tree st = NULL_TREE;
  while (TREE_CODE (*core) == COMPONENT_REF || TREE_CODE (*core) == ARRAY_REF)
    {
      if (TREE_CODE (*core) == ARRAY_REF)
	{
	  if (*npeeled == RL_MAX_DIMS)
	    return fail (c, "too many dimensions in %s", disp);
	  peeled[(*npeeled)++] = *core;
	  *core = TREE_OPERAND (*core, 0);
	  continue;
	}
      tree field = TREE_OPERAND (*core, 1);
      tree off = component_ref_field_offset (*core);
      if (DECL_BIT_FIELD (field))
	return fail (c, "bit-field access in %s", disp);
      if (!off || !tree_fits_shwi_p (off) || !tree_fits_shwi_p (DECL_FIELD_BIT_OFFSET (field)))
	return fail (c, "struct field of %s at a variable offset", disp);
      a->field_bytes += tree_to_shwi (off)
	+ tree_to_shwi (DECL_FIELD_BIT_OFFSET (field)) / BITS_PER_UNIT;
      *core = TREE_OPERAND (*core, 0);
      st = TREE_TYPE (*core);
    }
  tree sz = TYPE_SIZE_UNIT (st);
  if (!sz || !tree_fits_shwi_p (sz) || tree_to_shwi (sz) <= 0)
    return fail (c, "struct of %s of unknown size", disp);
  long long bytes = tree_to_shwi (sz);
  if (bytes % a->esz)
    return fail (c, "struct field access in %s: struct size %lld B not a multiple of the "
		 "field's %d B", disp, bytes, a->esz);
  if (a->field_bytes % a->esz)
    return fail (c, "struct field access in %s: field offset %lld B not a multiple of the "
		 "field's %d B", disp, a->field_bytes, a->esz);
  a->struct_elems = bytes / a->esz;
  return true;
}

/* Peel the ARRAY_REFs of REF, innermost first, into PEELED[*NPEELED]; *CORE
 * is what is left: a MEM_REF or a variable.  The fields of a struct and the
 * arrays of structs around them are peeled too (see peel_struct_fields). */
static bool
peel_array_refs (nest_ctx *c, tree ref, const char *disp, tree *peeled, int *npeeled,
		 tree *core, acc_info *a)
{
  *npeeled = 0;
  *core = ref;
  while (TREE_CODE (*core) == ARRAY_REF)
    {
      if (*npeeled == RL_MAX_DIMS)
	return fail (c, "too many dimensions in %s", disp);
      peeled[(*npeeled)++] = *core;
      *core = TREE_OPERAND (*core, 0);
    }
  if (TREE_CODE (*core) == COMPONENT_REF
      && !peel_struct_fields (c, disp, peeled, npeeled, core, a))
    return false;
  if (TREE_CODE (*core) != MEM_REF && !VAR_P (*core) && TREE_CODE (*core) != PARM_DECL)
    return fail (c, "unsupported access to %s", disp);
  return true;
}

/* Index polynomials (elements) IDX and strides (bytes) STRIDE of the NPEELED
 * ARRAY_REFs PEELED, innermost first, in loop L. */
static bool
index_polys (nest_ctx *c, tree *peeled, int npeeled, class loop *l, const char *disp,
	     rl_poly *idx, rl_poly *stride)
{
  rl_poly tmp;
  for (int d = 0; d < npeeled; d++)
    {
      tree low = array_ref_low_bound (peeled[d]);
      tree esz = array_ref_element_size (peeled[d]);
      rl_poly lp;
      c->err = ERR_NONE;
      if (!value_poly (c, TREE_OPERAND (peeled[d], 1), l, &tmp)
	  || !to_i_space (c, &tmp, &idx[d])
	  || !tree_to_poly (c, low, l, &lp) || !poly_add (c, &idx[d], &lp, -1)
	  || !tree_to_poly (c, esz, l, &stride[d]))
	return access_fail (c, disp);
      if (stride[d].base || poly_has_iters (&stride[d]))
	return fail (c, "non-affine subscript of %s", disp);
    }
  return true;
}

/* A reference to the declared variable CORE with one index per dimension
 * (a[i][j], or a scalar in memory): a direct access into A.  False if the
 * reference must be flattened (A's name and alignment are set either way). */
static bool
direct_access (tree core, const rl_poly *idx, int npeeled, acc_info *a)
{
  base_name (core, a->name, sizeof a->name);
  a->align = DECL_ALIGN_UNIT (core);
  int nd = 0;
  bool h0 = false;
  if (TREE_CODE (TREE_TYPE (core)) != ARRAY_TYPE && npeeled == 0)
    {
      /* a scalar in memory: one element */
      a->mode = ACC_DIRECT;
      a->ndims = 1;
      a->ext[0] = 1;
      a->has_ext0 = true;
      poly_zero (&a->sub[0]);
      return true;
    }
  if (array_type_extents (TREE_TYPE (core), a->ext, &nd, &h0) && nd == npeeled)
    {
      a->mode = ACC_DIRECT;
      a->ndims = nd;
      a->has_ext0 = h0;
      for (int d = 0; d < nd; d++)
	a->sub[d] = idx[nd - 1 - d];
      return true;
    }
  return false;
}

/* A flattened access into A: byte address = base + P + sum idx*stride, in
 * elements. */
static bool
flat_access (nest_ctx *c, tree core, const rl_poly *idx, const rl_poly *stride,
	     int npeeled, class loop *l, const char *disp, acc_info *a)
{
  rl_poly bytes, tmp;
  poly_zero (&bytes);
  c->err = ERR_NONE;
  if (TREE_CODE (core) == MEM_REF)
    {
      rl_poly off;
      if (!value_poly (c, TREE_OPERAND (core, 0), l, &tmp)
	  || !to_i_space (c, &tmp, &bytes)
	  || !tree_to_poly (c, TREE_OPERAND (core, 1), l, &off)
	  || !poly_add (c, &bytes, &off, 1))
	return access_fail (c, disp);
    }
  else
    bytes.base = core;
  if (!bytes.base)
    return fail (c, "access to %s without a base pointer", disp);
  rl_poly field;
  if (a->field_bytes
      && (!poly_const (c, &field, a->field_bytes) || !poly_add (c, &bytes, &field, 1)))
    return access_fail (c, disp);
  if (TREE_CODE (bytes.base) == SSA_NAME && defined_in_nest (c, bytes.base))
    return fail (c, "indirect access to %s", disp);
  base_name (bytes.base, a->name, sizeof a->name);
  if (DECL_P (bytes.base))
    a->align = DECL_ALIGN_UNIT (bytes.base);
  for (int d = 0; d < npeeled; d++)
    {
      rl_poly prod;
      if (!poly_mul (c, &idx[d], &stride[d], &prod) || !poly_add (c, &bytes, &prod, 1))
	return access_fail (c, disp);
    }
  tree base = bytes.base;
  bytes.base = NULL_TREE;
  /* bytes -> elements */
  rl_poly esz;
  poly_const (c, &esz, a->esz);
  if (!poly_div_exact (&bytes, &esz, &a->elems))
    return fail (c, "misaligned access to %s", disp);
  a->mode = ACC_FLAT;
  /* the dimensions of a declared array accessed through a MEM_REF come from its type */
  forced_divisors (c, a, DECL_P (base) ? base : core, stride, npeeled);
  return true;
}

/* Analyse the memory reference REF of STMT (a write if WRITE) into A. */
static bool
analyse_ref (nest_ctx *c, tree ref, gimple *stmt, bool write, acc_info *a)
{
  class loop *l = loop_containing_stmt (stmt);
  char disp[RL_NAME_MAX];
  ref_display_name (ref, disp, sizeof disp);

  memset (a, 0, sizeof *a);
  a->line = LOCATION_LINE (gimple_location (stmt));
  if (a->line == 0)   /* e.g. moved out of the inner loop by store motion */
    a->line = LOCATION_LINE (rl_loop_location (l));
  a->write = write;
  if (!ref_element (c, ref, disp, a))
    return false;

  tree peeled[RL_MAX_DIMS];
  int npeeled;
  tree core;
  if (!peel_array_refs (c, ref, disp, peeled, &npeeled, &core, a))
    return false;
  a->pure_pointer = npeeled == 0 && TREE_CODE (core) == MEM_REF;

  rl_poly idx[RL_MAX_DIMS], stride[RL_MAX_DIMS];
  if (!index_polys (c, peeled, npeeled, l, disp, idx, stride))
    return false;
  if (DECL_P (core) && !a->struct_elems && direct_access (core, idx, npeeled, a))
    return true;
  return flat_access (c, core, idx, stride, npeeled, l, disp, a);
}

/* Divisors of a flattened access: the forced ones, then size parameters found in
 * the coefficients of the iterators (lowest degree first). */
static int
derive_divisors (nest_ctx *c, const acc_info *a, rl_poly *div)
{
  int n = 0;
  rl_poly q = a->elems, quo, rem;
  for (int k = 0; k < a->nforced && n < RL_MAX_DIMS - 1; k++)
    {
      div[n++] = a->forced[k];
      if (!poly_split (c, &q, &a->forced[k], &quo, &rem))
	return n;
      q = quo;
    }
  while (n < RL_MAX_DIMS - 1)
    {
      const rl_term *best = NULL;
      for (int k = 0; k < q.nterms; k++)
	if (q.t[k].iter >= 0 && q.t[k].npar > 0 && (!best || q.t[k].npar < best->npar))
	  best = &q.t[k];
      if (!best)
	break;
      rl_term d = *best;
      d.coef = 1;
      d.iter = -1;
      poly_zero (&div[n]);
      poly_add_term (c, &div[n], &d);
      if (!poly_split (c, &q, &div[n], &quo, &rem))
	break;
      n++;
      q = quo;
    }
  return n;
}

/* The divisors of the flattened accesses to the array of ACC[FIRST] (all of
 * ACC[FIRST..NACC) with its name) into DIV[*NDIV]; they must agree, and all
 * accesses must have the same mode, element and (direct) rank. */
static bool
array_divisors (nest_ctx *c, acc_info *acc, int nacc, int first, rl_poly *div, int *ndiv)
{
  acc_info *a0 = &acc[first];
  *ndiv = 0;
  for (int k = first; k < nacc; k++)
    {
      acc_info *a = &acc[k];
      if (strcmp (a->name, a0->name))
	continue;
      if (a->mode != a0->mode || a->esz != a0->esz || a->kind != a0->kind
	  || (a->mode == ACC_DIRECT && a->ndims != a0->ndims))
	return fail (c, "inconsistent accesses to %s", a0->name);
      if (a->mode == ACC_FLAT)
	{
	  rl_poly d[RL_MAX_DIMS];
	  int nd = derive_divisors (c, a, d);
	  for (int i = 0; i < nd && i < *ndiv; i++)
	    if (!poly_equal (&d[i], &div[i]))
	      return fail (c, "inconsistent dimensions of %s", a0->name);
	  for (int i = *ndiv; i < nd; i++)
	    div[i] = d[i];
	  if (nd > *ndiv)
	    *ndiv = nd;
	}
    }
  return true;
}

/* Rank and extents of ARR from its first access A0 and the divisors DIV[NDIV]. */
static bool
array_extents (nest_ctx *c, rl_array *arr, const acc_info *a0, const rl_poly *div, int ndiv)
{
  if (a0->mode == ACC_DIRECT)
    {
      arr->ndims = a0->ndims;
      arr->has_extent0 = a0->has_ext0;
      for (int d = 0; d < arr->ndims; d++)
	if (d > 0 || a0->has_ext0)
	  arr->extent[d].cst = a0->ext[d];
      return true;
    }
  arr->ndims = ndiv + 1;
  arr->delinearized = a0->pure_pointer && ndiv > 0;
  arr->has_extent0 = ndiv == a0->nforced && a0->has_ext0;
  if (arr->has_extent0)
    arr->extent[0].cst = a0->ext[0];
  for (int k = 0; k < ndiv; k++)
    if (!poly_to_aff (&div[k], c->nloops, &arr->extent[arr->ndims - 1 - k]))
      return fail (c, "non-affine extent of %s", a0->name);
  return true;
}

/* Add access A to array AI (ARR, divisors DIV[NDIV]) of the nest: its subscripts
 * (a flattened one split by the divisors). */
static bool
add_access (nest_ctx *c, int ai, const rl_array *arr, const acc_info *a,
	    const rl_poly *div, int ndiv)
{
  rl_nest *out = c->out;
  rl_access *ra = &out->accesses[out->naccesses++];
  ra->array = ai;
  ra->is_write = a->write;
  ra->line = a->line;
  rl_poly subs[RL_MAX_DIMS];
  if (a->mode == ACC_DIRECT)
    for (int d = 0; d < a->ndims; d++)
      subs[d] = a->sub[d];
  else
    {
      rl_poly q = a->elems, quo, rem;
      for (int i = 0; i < ndiv; i++)
	{
	  c->err = ERR_NONE;
	  if (!poly_split (c, &q, &div[i], &quo, &rem))
	    return access_fail (c, arr->name);
	  subs[arr->ndims - 1 - i] = rem;
	  q = quo;
	}
      subs[0] = q;
    }
  for (int d = 0; d < arr->ndims; d++)
    if (!poly_to_aff (&subs[d], c->nloops, &ra->sub[d]))
      return fail (c, "non-affine subscript of %s", arr->name);
  return true;
}

/* Add the accesses of array NAME (all of ACC[] with that name) to the nest. */
static bool
add_array (nest_ctx *c, acc_info *acc, int nacc, int first)
{
  rl_nest *out = c->out;
  acc_info *a0 = &acc[first];
  if (out->narrays == RL_MAX_ARRAYS)
    return fail (c, "too many arrays");
  int ai = out->narrays++;
  rl_array *arr = &out->arrays[ai];
  snprintf (arr->name, sizeof arr->name, "%s", a0->name);
  arr->kind = a0->kind;
  arr->elem_size = a0->esz;
  arr->align = a0->align;

  rl_poly div[RL_MAX_DIMS];
  int ndiv;
  if (!array_divisors (c, acc, nacc, first, div, &ndiv)
      || !array_extents (c, arr, a0, div, ndiv))
    return false;
  for (int k = first; k < nacc; k++)
    if (!strcmp (acc[k].name, a0->name) && !add_access (c, ai, arr, &acc[k], div, ndiv))
      return false;
  return true;
}

/* STMT is a call to a target builtin that stores its second argument
 * non-temporally to the address of its first (x86: __builtin_ia32_movntpd256
 * from _mm256_stream_pd, movnti, movntdq, movntps, movntsd, ...); *REF is then
 * the stored memory reference.  The RTL decides whether the stores really are
 * non-temporal (rtl-body.cc); here it is only a store. */
static bool
nontemporal_store_call (gimple *stmt, tree *ref)
{
  if (!is_gimple_call (stmt) || gimple_call_lhs (stmt) || gimple_call_num_args (stmt) != 2)
    return false;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_MD))
    return false;
  const char *n = decl_name_or_null (fn);
  if (!n || strncmp (n, "__builtin_ia32_movnt", 20))
    return false;
  tree ptr = gimple_call_arg (stmt, 0), val = gimple_call_arg (stmt, 1);
  if (!POINTER_TYPE_P (TREE_TYPE (ptr)) || !TYPE_SIZE_UNIT (TREE_TYPE (val)))
    return false;
  *ref = build2 (MEM_REF, TREE_TYPE (val), ptr, build_int_cst (TREE_TYPE (ptr), 0));
  return true;
}

/* STMT is a call to a math function on register values whose only side effect
 * is errno (not const only because of -fmath-errno): sqrt, which GCC inlines
 * with the errno call on a cold path (rtl-body.cc leaves that path out; the
 * square root is an instruction, counted in count_stmt_flops), and the other
 * libm functions of real arguments and result (exp, log, pow, fmin, ...),
 * which stay calls: the port model costs them from the call table or the
 * nest is refused there ("call to exp in the generated code").  lgamma and
 * gamma are not among them: they also set signgam. */
static bool
inline_math_call (gimple *stmt)
{
  if (!is_gimple_call (stmt) || !gimple_call_lhs (stmt)
      || TREE_CODE (gimple_call_lhs (stmt)) != SSA_NAME)
    return false;
  tree fn = gimple_call_fndecl (stmt);
  switch (gimple_call_combined_fn (stmt))
    {
    case CFN_SQRT: case CFN_BUILT_IN_SQRT: case CFN_BUILT_IN_SQRTF:
      break;
    case CFN_BUILT_IN_LGAMMA: case CFN_BUILT_IN_LGAMMAF: case CFN_BUILT_IN_LGAMMAL:
    case CFN_BUILT_IN_LGAMMA_R: case CFN_BUILT_IN_LGAMMAF_R: case CFN_BUILT_IN_LGAMMAL_R:
      return false;
    default:
      if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
	  || DECL_FUNCTION_CODE (fn) == BUILT_IN_GAMMA
	  || DECL_FUNCTION_CODE (fn) == BUILT_IN_GAMMAF
	  || TREE_CODE (TREE_TYPE (gimple_call_lhs (stmt))) != REAL_TYPE
	  || gimple_call_num_args (stmt) == 0)
	return false;
      for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
	if (TREE_CODE (TREE_TYPE (gimple_call_arg (stmt, i))) != REAL_TYPE)
	  return false;
      break;
    }
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      tree a = gimple_call_arg (stmt, i);
      if (TREE_CODE (a) != SSA_NAME && !CONSTANT_CLASS_P (a))
	return false;
    }
  return true;
}

/* A block of memory set or copied in one statement: a call to memset, memcpy
 * or memmove, or an aggregate copy (GCC folds memcpy of a known size between
 * declared arrays into MEM <char[N]> [&c] = MEM <char[N]> [&a]).  Modelled as
 * a loop of its own (rl_gimple_build_block_move_nest); in the loop around it,
 * it is not a reference. */
struct block_move
{
  tree dst, src;        /* pointers; SRC NULL_TREE for memset */
  tree len;             /* bytes */
  const char *name;
};

/* The address of REF, without a MEM_REF at offset 0 around it. */
static tree
block_address (tree ref)
{
  if (TREE_CODE (ref) == MEM_REF && integer_zerop (TREE_OPERAND (ref, 1)))
    return TREE_OPERAND (ref, 0);
  return build_fold_addr_expr (ref);
}

static bool
block_move_of (gimple *stmt, block_move *bm)
{
  if (gimple_call_builtin_p (stmt, BUILT_IN_MEMSET)
      || gimple_call_builtin_p (stmt, BUILT_IN_MEMCPY)
      || gimple_call_builtin_p (stmt, BUILT_IN_MEMMOVE))
    {
      bool set = gimple_call_builtin_p (stmt, BUILT_IN_MEMSET);
      bm->dst = gimple_call_arg (stmt, 0);
      bm->src = set ? NULL_TREE : gimple_call_arg (stmt, 1);
      bm->len = gimple_call_arg (stmt, 2);
      bm->name = set ? "memset" : gimple_call_builtin_p (stmt, BUILT_IN_MEMCPY)
	? "memcpy" : "memmove";
      return true;
    }
  if (!gimple_assign_single_p (stmt) || !gimple_vdef (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt), rhs = gimple_assign_rhs1 (stmt);
  tree type = TREE_TYPE (lhs);
  if (TREE_CODE (type) != ARRAY_TYPE || !TYPE_SIZE_UNIT (type)
      || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
    return false;
  bool set = TREE_CODE (rhs) == CONSTRUCTOR && CONSTRUCTOR_NELTS (rhs) == 0;
  if (!set && !REFERENCE_CLASS_P (rhs) && !DECL_P (rhs))
    return false;
  bm->dst = block_address (lhs);
  bm->src = set ? NULL_TREE : block_address (rhs);
  bm->len = TYPE_SIZE_UNIT (type);
  bm->name = set ? "memset" : "memcpy";
  return true;
}

static bool
block_move_call (gimple *stmt)
{
  block_move bm;
  return block_move_of (stmt, &bm);
}

/* The references of the leaf's own blocks (own_block_p), statement by
 * statement, with non-temporal store builtins as stores; calls to sqrt have
 * none.  *SPECIAL_CALLS counts both kinds.  False if a statement is not
 * analysable (another call, asm, volatile). */
struct ref_rec { tree ref; gimple *stmt; bool write; };

static bool
collect_own_refs (nest_ctx *c, vec<ref_rec> *refs, int *special_calls)
{
  basic_block *bbs = get_loop_body_in_dom_order (c->outer);
  vec<data_reference_p> drs = vNULL;
  bool ok = true;
  *special_calls = 0;
  for (unsigned i = 0; i < c->outer->num_nodes && ok; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
	 own_block_p (c, bbs[i]) && !gsi_end_p (gsi) && ok; gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	tree ref;
	if (nontemporal_store_call (s, &ref))
	  {
	    ref_rec r = { ref, s, true };
	    refs->safe_push (r);
	    (*special_calls)++;
	    continue;
	  }
	if (inline_math_call (s) || block_move_call (s))
	  {
	    (*special_calls)++;
	    c->block_moves += block_move_call (s);
	    continue;
	  }
	unsigned from = drs.length ();
	if (!find_data_references_in_stmt (c->outer, s, &drs))
	  ok = false;
	for (unsigned k = from; ok && k < drs.length (); k++)
	  {
	    ref_rec r = { DR_REF (drs[k]), DR_STMT (drs[k]), DR_IS_WRITE (drs[k]) };
	    refs->safe_push (r);
	  }
      }
  free_data_refs (drs);
  free (bbs);
  return ok;
}

/* Why the references of the leaf's own blocks are not analysable: a call, asm
 * or volatile access. */
static bool
explain_dataref_failure (nest_ctx *c)
{
  basic_block *bbs = get_loop_body (c->outer);
  char first[RL_NAME_MAX + 120] = "", buf[RL_NAME_MAX + 120];
  c->bad_depth = -1;
  for (unsigned i = 0; i < c->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
	 own_block_p (c, bbs[i]) && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	const char *what = NULL;
	if (is_gimple_call (s) && !gimple_call_internal_p (s)
	    && !(gimple_call_flags (s) & (ECF_CONST | ECF_PURE)) && !inline_math_call (s)
	    && !block_move_call (s))
	  {
	    const char *n = decl_name_or_null (gimple_call_fndecl (s));
	    if (gimple_call_builtin_p (s, BUILT_IN_GOMP_PARALLEL))
	      snprintf (buf, sizeof buf, "OpenMP parallel region in loop body (its loops "
			"are analysed in the outlined function %s)", rl_omp_outlined_name (s));
	    else if (n)
	      snprintf (buf, sizeof buf, "call to %s in loop body", n);
	    else
	      snprintf (buf, sizeof buf, "indirect call in loop body");
	    what = buf;
	  }
	else if (gimple_code (s) == GIMPLE_ASM)
	  what = "inline asm in loop body";
	else if (gimple_has_volatile_ops (s))
	  what = "volatile access in loop body";
	if (!what)
	  continue;
	/* the first one found names the reason; the deepest one decides
	   whether leaving out the statements of the loops above it helps */
	if (!first[0])
	  snprintf (first, sizeof first, "%s", what);
	int d = depth_of_loop_num (c, bbs[i]->loop_father->num);
	if (d > c->bad_depth)
	  c->bad_depth = d;
      }
  free (bbs);
  return fail (c, "%s", first[0] ? first : "data references not analysable");
}

/* Whether LOOP contains a memset/memcpy/memmove call. */
static bool
has_block_move (class loop *loop)
{
  return rl_gimple_loop_any_stmt (loop, block_move_call);
}

/* The arrays of the N accesses ACC with their accesses, grouped by array in
 * order of first appearance. */
static bool
add_arrays (nest_ctx *c, acc_info *acc, unsigned n)
{
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++)
    {
      bool seen = false;
      for (unsigned j = 0; j < i && !seen; j++)
	seen = !strcmp (acc[j].name, acc[i].name);
      if (!seen)
	ok = add_array (c, acc, n, i);
    }
  return ok;
}

static bool
analyse_accesses (nest_ctx *c)
{
  vec<data_reference_p> datarefs = vNULL;
  auto_vec<ref_rec> refs;
  int special_calls = 0;
  /* a perfect nest: every reference of the outer loop; else those of the
     leaf's own loops, and without the memset/memcpy calls (their own model) */
  tree res = c->own_from == 0 && !has_block_move (c->outer)
    ? find_data_references_in_loop (c->outer, &datarefs) : chrec_dont_know;
  if (res == chrec_dont_know)
    {
      free_data_refs (datarefs);
      if (!collect_own_refs (c, &refs, &special_calls)
	  || (c->own_from == 0 && special_calls == 0))
	return explain_dataref_failure (c);
    }
  else
    {
      for (unsigned i = 0; i < datarefs.length (); i++)
	{
	  ref_rec r = { DR_REF (datarefs[i]), DR_STMT (datarefs[i]), DR_IS_WRITE (datarefs[i]) };
	  refs.safe_push (r);
	}
      free_data_refs (datarefs);
    }
  unsigned nrefs = refs.length (), n = 0;
  if (nrefs == 0 && c->block_moves > 0)
    return fail (c, "only memset/memcpy calls in loop body");
  if (nrefs > RL_MAX_ACCESSES)
    return fail (c, "too many accesses");
  acc_info *acc = XCNEWVEC (acc_info, RL_MAX_ACCESSES);
  bool ok = true;
  for (unsigned i = 0; i < nrefs && ok; i++)
    {
      ok = analyse_ref (c, refs[i].ref, refs[i].stmt, refs[i].write, &acc[n]);
      if (!ok)
	break;
      /* the lanes of a source vector access: the next elements */
      int lanes = acc[n].lanes;
      if (n + lanes > RL_MAX_ACCESSES)
	{
	  ok = fail (c, "too many accesses");
	  break;
	}
      for (int k = 1; k < lanes && ok; k++)
	{
	  acc_info *a = &acc[n + k];
	  *a = acc[n];
	  rl_poly off;
	  c->err = ERR_NONE;
	  ok = poly_const (c, &off, k)
	    && poly_add (c, a->mode == ACC_DIRECT ? &a->sub[a->ndims - 1] : &a->elems, &off, 1);
	  if (!ok)
	    ok = access_fail (c, a->name);
	}
      n += lanes;
    }
  ok = ok && add_arrays (c, acc, n);
  XDELETEVEC (acc);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Flops and statements of the innermost body                               */
/* ------------------------------------------------------------------------ */

/* 0 for float, 1 for double, -1 otherwise */
static int
precision_index (tree type)
{
  if (!type || TREE_CODE (type) != REAL_TYPE)
    return -1;
  if (TYPE_PRECISION (type) == 32)
    return 0;
  if (TYPE_PRECISION (type) == 64)
    return 1;
  return -1;
}

static void
count_stmt_flops (gimple *s, rl_nest *out)
{
  if (is_gimple_assign (s))
    {
      int p = precision_index (TREE_TYPE (gimple_assign_lhs (s)));
      if (p < 0)
	return;
      switch (gimple_assign_rhs_code (s))
	{
	case PLUS_EXPR: case MINUS_EXPR: out->flops[p].add++; break;
	case MULT_EXPR: out->flops[p].mul++; break;
	case RDIV_EXPR: out->flops[p].div++; break;
	default: break;
	}
      return;
    }
  if (!is_gimple_call (s) || !gimple_call_lhs (s))
    return;
  int p = precision_index (TREE_TYPE (gimple_call_lhs (s)));
  if (p < 0)
    return;
  switch (gimple_call_combined_fn (s))
    {
    case CFN_SQRT: case CFN_BUILT_IN_SQRT: case CFN_BUILT_IN_SQRTF:
      out->flops[p].sqrt++;
      break;
    case CFN_FMA: case CFN_FMS: case CFN_FNMA: case CFN_FNMS:
    case CFN_BUILT_IN_FMA: case CFN_BUILT_IN_FMAF:
      out->flops[p].fma++;
      break;
    default:
      break;
    }
}

static void
count_innermost_body (nest_ctx *c)
{
  class loop *inner = c->loops[c->nloops - 1];
  basic_block *bbs = get_loop_body (inner);
  for (unsigned i = 0; i < inner->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_debug (s))
	  continue;
	count_stmt_flops (s, c->out);
	if (is_gimple_assign (s) && gimple_store_p (s))
	  c->out->nstatements++;
      }
  free (bbs);
}

/* ------------------------------------------------------------------------ */
/* memset / memcpy / memmove as a loop of their own                         */
/* ------------------------------------------------------------------------ */

/* The element type of the block at pointer PTR: the type pointed to, or of the
 * array element whose address it is; char when unknown. */
static tree
block_element_type (tree ptr)
{
  tree t = NULL_TREE;
  while (TREE_CODE (ptr) == ADDR_EXPR && TREE_CODE (TREE_OPERAND (ptr, 0)) == MEM_REF
	 && integer_zerop (TREE_OPERAND (TREE_OPERAND (ptr, 0), 1)))
    ptr = TREE_OPERAND (TREE_OPERAND (ptr, 0), 0);
  if (TREE_CODE (ptr) == ADDR_EXPR)
    t = TREE_TYPE (TREE_OPERAND (ptr, 0));
  else if (POINTER_TYPE_P (TREE_TYPE (ptr)))
    t = TREE_TYPE (TREE_TYPE (ptr));
  while (t && TREE_CODE (t) == ARRAY_TYPE)
    t = TREE_TYPE (t);
  if (!t || (!INTEGRAL_TYPE_P (t) && !SCALAR_FLOAT_TYPE_P (t)) || !TYPE_SIZE_UNIT (t)
      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (t)))
    return char_type_node;
  return t;
}

/* The access of STMT to the block at PTR (a write if WRITE) in the loop at
 * depth K (the synthetic loop of the block's elements) into A. */
static bool
block_access (nest_ctx *c, gimple *stmt, tree ptr, tree type, bool write, int k, acc_info *a)
{
  tree ref = build2 (MEM_REF, type, ptr, build_int_cst (TREE_TYPE (ptr), 0));
  if (!analyse_ref (c, ref, stmt, write, a))
    return false;
  rl_term t = { 1, k, 0, { 0, 0, 0 } };
  c->err = ERR_NONE;
  if (!poly_add_term (c, a->mode == ACC_DIRECT ? &a->sub[a->ndims - 1] : &a->elems, &t))
    return access_fail (c, a->name);
  return true;
}

/* The synthetic innermost loop at depth K over the elements of TYPE that STMT
 * (the block move BM) sets or copies: 0 <= e < length / element size. */
static bool
block_loop (nest_ctx *c, gimple *stmt, const block_move *bm, tree type, int k)
{
  rl_poly len, tmp, upper;
  long long esz = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  class loop *l = gimple_bb (stmt)->loop_father;
  c->err = ERR_NONE;
  if (!tree_to_poly (c, bm->len, l, &tmp) || !to_i_space (c, &tmp, &len))
    return fail (c, "non-affine length of %s", bm->name);
  rl_poly div;
  poly_const (c, &div, esz);
  if (!poly_div_exact (&len, &div, &upper))
    return fail (c, "%s length not a multiple of the element size", bm->name);
  rl_loop *rl = &c->out->loops[k];
  rl_poly zero;
  poly_zero (&zero);
  if (!poly_to_aff (&zero, c->nloops, &rl->lower) || !poly_to_aff (&upper, c->nloops, &rl->upper))
    return fail (c, "non-affine loop bound");
  rl->step = 1;
  expanded_location x = expand_location (gimple_location (stmt));
  rl->line = x.line;
  rl->column = x.column;
  rl->gcc_loop_num = -1;
  c->lower[k] = zero;
  c->step[k] = 1;
  return true;
}

/* The accesses of the block move BM of STMT: the source read (memcpy,
 * memmove), the destination written, over the synthetic loop at depth K. */
static bool
block_accesses (nest_ctx *c, gimple *stmt, const block_move *bm, tree type, int k)
{
  acc_info acc[2];
  unsigned n = 0;
  if (bm->src)
    {
      if (!block_access (c, stmt, bm->src, type, false, k, &acc[n]))
	return false;
      n++;
    }
  if (!block_access (c, stmt, bm->dst, type, true, k, &acc[n]))
    return false;
  n++;
  c->out->nstatements = 1;
  return add_arrays (c, acc, n);
}

/* ------------------------------------------------------------------------ */
/* OpenMP collapse(N): one merged loop read as the nest of N loops          */
/* ------------------------------------------------------------------------ */

/* GCC runs the N collapsed loops as one loop L over the merged iteration space
 * (gimple-omp.cc).  Each pass through L goes from one index vector A to the
 * next, B: either the innermost index steps (scenario N-1), or the indices
 * below level s wrap to their first value and index s steps (scenario s).  Level
 * k is counted by t_k = 0 .. count_k - 1 (t-space, as for any loop).  The
 * values of L are affine functions of A or of B; we find them by evaluating at
 * points: given the scenario and A (polynomials in the parameters), every value
 * of L is a polynomial in the parameters.  A header PHI h holds E_h(A) for an
 * affine E_h found from its value on entry (E_h(0), the thread's first
 * iteration, thread 0 of 1) and its latch value E_h(B) in each scenario; the
 * conditions on the way (the wrap tests) are decided at the point, sizes taken
 * as large.  A value used by the accesses is then sampled at enough points to
 * give its affine form, and checked at the wrap points. */

struct coll_phi
{
  tree res;
  bool known;
  rl_poly c0;                         /* E(0) */
  rl_poly a[RL_MAX_LOOPS];            /* E(t) = c0 + sum a_k t_k */
};

#define RL_COLL_PHIS 24

struct coll_state
{
  int n;
  class loop *loop;
  rl_poly count[RL_MAX_LOOPS];
  int nphis;
  coll_phi phis[RL_COLL_PHIS];
  /* the point being evaluated: scenario and A */
  bool at_point;
  int scen;
  rl_poly A[RL_MAX_LOOPS];
  int steps;                          /* evaluation budget */
};

/* -1, 0, 1: the sign of P (no iterators) with the parameters taken as large
   and positive; 2 when it is not known. */
static int
coll_sign (const rl_poly *p)
{
  if (p->base)
    return 2;
  int deg = -1, sign = 0;
  for (int k = 0; k < p->nterms; k++)
    {
      if (p->t[k].iter >= 0)
	return 2;
      int s = p->t[k].coef > 0 ? 1 : -1;
      if (p->t[k].npar > deg)
	deg = p->t[k].npar, sign = s;
      else if (p->t[k].npar == deg && s != sign)
	return 2;
    }
  return sign;
}

/* Decide A CODE B at the current point. */
static bool
coll_decide (nest_ctx *c, enum tree_code code, tree a, tree b, bool *res)
{
  rl_poly pa, pb;
  if (!tree_to_poly (c, a, c->coll->loop, &pa) || !tree_to_poly (c, b, c->coll->loop, &pb)
      || !poly_add (c, &pa, &pb, -1))
    return false;
  int s = coll_sign (&pa);
  if (s == 2)
    return set_err (c, ERR_NONAFFINE);
  switch (code)
    {
    case LT_EXPR: *res = s < 0; return true;
    case LE_EXPR: *res = s <= 0; return true;
    case GT_EXPR: *res = s > 0; return true;
    case GE_EXPR: *res = s >= 0; return true;
    case EQ_EXPR: *res = s == 0; return true;
    case NE_EXPR: *res = s != 0; return true;
    default: return set_err (c, ERR_NONAFFINE);
    }
}

/* Decide the condition COND (a comparison, or a boolean SSA name defined by one). */
static bool
coll_decide_tree (nest_ctx *c, tree cond, bool *res)
{
  if (TREE_CODE (cond) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (cond)
      && is_gimple_assign (SSA_NAME_DEF_STMT (cond)))
    {
      gimple *d = SSA_NAME_DEF_STMT (cond);
      if (TREE_CODE_CLASS (gimple_assign_rhs_code (d)) == tcc_comparison)
	return coll_decide (c, gimple_assign_rhs_code (d), gimple_assign_rhs1 (d),
			    gimple_assign_rhs2 (d), res);
    }
  if (COMPARISON_CLASS_P (cond))
    return coll_decide (c, TREE_CODE (cond), TREE_OPERAND (cond, 0), TREE_OPERAND (cond, 1),
			res);
  return set_err (c, ERR_NONAFFINE);
}

/* The argument of PHI (in L, not its header) taken at the current point: the
   path from the block's immediate dominator, deciding each test on the way. */
static bool
coll_phi_arg (nest_ctx *c, gphi *phi, tree *arg)
{
  basic_block b = gimple_bb (phi);
  if (!dom_info_available_p (CDI_DOMINATORS))
    return set_err (c, ERR_NONAFFINE);
  basic_block cur = get_immediate_dominator (CDI_DOMINATORS, b);
  for (int steps = 0; cur && steps < 16; steps++)
    {
      if (!flow_bb_inside_loop_p (c->coll->loop, cur))
	break;
      edge e = NULL;
      gimple_stmt_iterator gl = gsi_last_bb (cur);
      gimple *last = gsi_end_p (gl) ? NULL : gsi_stmt (gl);
      if (last && gimple_code (last) == GIMPLE_COND)
	{
	  bool taken;
	  if (!coll_decide (c, gimple_cond_code (last), gimple_cond_lhs (last),
			    gimple_cond_rhs (last), &taken))
	    return false;
	  if (EDGE_COUNT (cur->succs) != 2)
	    break;
	  edge e0 = EDGE_SUCC (cur, 0), e1 = EDGE_SUCC (cur, 1);
	  bool first_true = (e0->flags & EDGE_TRUE_VALUE) != 0;
	  e = taken == first_true ? e0 : e1;
	}
      else if (single_succ_p (cur))
	e = single_succ_edge (cur);
      if (!e)
	break;
      if (e->dest == b)
	{
	  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	    if (gimple_phi_arg_edge (phi, i) == e)
	      {
		*arg = gimple_phi_arg_def (phi, i);
		return true;
	      }
	  break;
	}
      cur = e->dest;
    }
  return set_err (c, ERR_NONAFFINE);
}

static coll_phi *
coll_find_phi (coll_state *cs, tree res)
{
  for (int g = 0; g < cs->nphis; g++)
    if (cs->phis[g].res == res)
      return &cs->phis[g];
  return NULL;
}

/* E(T) for the affine form of H at the point T (terms of unknown
   coefficients must meet a zero T_k). */
static bool
coll_phi_at (nest_ctx *c, const coll_phi *h, const rl_poly *t, rl_poly *out)
{
  *out = h->c0;
  for (int k = 0; k < c->coll->n; k++)
    {
      rl_poly m;
      if (t[k].nterms == 0)
	continue;
      if (!poly_mul (c, &h->a[k], &t[k], &m) || !poly_add (c, out, &m, 1))
	return false;
    }
  return true;
}

/* The value of SSA (defined in L) at the current point. */
static bool
coll_eval (nest_ctx *c, tree ssa, rl_poly *out)
{
  coll_state *cs = c->coll;
  gimple *def = SSA_NAME_DEF_STMT (ssa);
  if (++cs->steps > 4000)
    return set_err (c, ERR_TOOBIG);
  if (gimple_code (def) == GIMPLE_PHI)
    {
      if (gimple_bb (def) == cs->loop->header)
	{
	  coll_phi *h = coll_find_phi (cs, ssa);
	  if (!h || !h->known)
	    return set_err (c, ERR_NONAFFINE);
	  return coll_phi_at (c, h, cs->A, out);
	}
      tree arg;
      return coll_phi_arg (c, as_a<gphi *> (def), &arg)
	&& tree_to_poly (c, arg, cs->loop, out);
    }
  if (!is_gimple_assign (def))
    return set_err (c, ERR_NONAFFINE);
  if (gimple_assign_load_p (def))
    return set_err (c, ERR_LOADED);
  enum tree_code code = gimple_assign_rhs_code (def);
  if (code == COND_EXPR)
    {
      bool taken;
      return coll_decide_tree (c, gimple_assign_rhs1 (def), &taken)
	&& tree_to_poly (c, taken ? gimple_assign_rhs2 (def) : gimple_assign_rhs3 (def),
			 cs->loop, out);
    }
  tree r1 = gimple_assign_rhs1 (def);
  tree r2 = gimple_num_ops (def) > 2 ? gimple_assign_rhs2 (def) : NULL_TREE;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (r1)) && !POINTER_TYPE_P (TREE_TYPE (r1))
      && code != ADDR_EXPR)
    return set_err (c, ERR_NONAFFINE);
  return combine (c, code, r1, r2, cs->loop, out);
}

/* Evaluate SSA in scenario S at A = T. */
static bool
coll_eval_at (nest_ctx *c, tree ssa, int s, const rl_poly *t, rl_poly *out)
{
  coll_state *cs = c->coll;
  cs->at_point = true;
  cs->scen = s;
  for (int k = 0; k < cs->n; k++)
    cs->A[k] = t[k];
  cs->steps = 0;
  c->err = ERR_NONE;
  bool ok = tree_to_poly (c, ssa, cs->loop, out);
  cs->at_point = false;
  return ok && !poly_has_iters (out);
}

/* The point of scenario S with T_k = V_k for k <= S and the last index of
   the levels below S (count_k - 1) for k > S. */
static bool
coll_point (nest_ctx *c, int s, const long long *v, rl_poly *t)
{
  coll_state *cs = c->coll;
  for (int k = 0; k < cs->n; k++)
    {
      if (k <= s)
	{
	  if (!poly_const (c, &t[k], v[k]))
	    return false;
	  continue;
	}
      rl_poly one;
      t[k] = cs->count[k];
      if (!poly_const (c, &one, 1) || !poly_add (c, &t[k], &one, -1))
	return false;
    }
  return true;
}

/* B, the successor of A = T in scenario S. */
static bool
coll_next (nest_ctx *c, int s, const rl_poly *t, rl_poly *b)
{
  rl_poly one;
  for (int k = 0; k < c->coll->n; k++)
    if (k < s)
      b[k] = t[k];
    else if (k > s)
      poly_zero (&b[k]);
  b[s] = t[s];
  return poly_const (c, &one, 1) && poly_add (c, &b[s], &one, 1);
}

/* Whether level K's count is known to be at least MIN (a parametric count is
   taken as large). */
static bool
coll_count_at_least (const coll_state *cs, int k, long long min)
{
  const rl_poly *p = &cs->count[k];
  if (poly_has_iters (p))
    return false;
  for (int i = 0; i < p->nterms; i++)
    if (p->t[i].npar > 0)
      return coll_sign (p) > 0;
  long long v = p->nterms ? p->t[0].coef : 0;
  return v >= min;
}

/* The header PHIs of L (integers and pointers): E(0) from the value on entry,
   then a_s from the latch value at the first point of scenario s (innermost
   level first: the points of scenario s only use a_k, k > s), and a check of
   every latch value at a second point of each scenario. */
static void
coll_solve_phis (nest_ctx *c)
{
  coll_state *cs = c->coll;
  edge pre = loop_preheader_edge (cs->loop), latch = loop_latch_edge (cs->loop);
  cs->nphis = 0;
  for (gphi_iterator gsi = gsi_start_phis (cs->loop->header);
       !gsi_end_p (gsi) && cs->nphis < RL_COLL_PHIS; gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      if (virtual_operand_p (res)
	  || (!INTEGRAL_TYPE_P (TREE_TYPE (res)) && !POINTER_TYPE_P (TREE_TYPE (res))))
	continue;
      coll_phi *h = &cs->phis[cs->nphis++];
      memset (h, 0, sizeof *h);
      h->res = res;
      c->err = ERR_NONE;
      h->known = tree_to_poly (c, PHI_ARG_DEF_FROM_EDGE (gsi.phi (), pre), cs->loop, &h->c0);
    }
  rl_poly t[RL_MAX_LOOPS], b[RL_MAX_LOOPS], v, e;
  long long zero[RL_MAX_LOOPS] = { 0 }, ones[RL_MAX_LOOPS];
  for (int k = 0; k < RL_MAX_LOOPS; k++)
    ones[k] = 1;
  for (int s = cs->n - 1; s >= 0; s--)
    for (int g = 0; g < cs->nphis; g++)
      {
	coll_phi *h = &cs->phis[g];
	gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (h->res));
	if (h->known)
	  h->known = coll_point (c, s, zero, t)
	    && coll_eval_at (c, PHI_ARG_DEF_FROM_EDGE (phi, latch), s, t, &v)
	    && poly_add (c, &v, &h->c0, -1);
	if (h->known)
	  h->a[s] = v;
      }
  for (int s = cs->n - 1; s >= 0; s--)
    {
      bool room = coll_count_at_least (cs, s, 3);
      for (int k = 0; k < s && room; k++)
	room = coll_count_at_least (cs, k, 2);
      for (int g = 0; g < cs->nphis; g++)
	{
	  coll_phi *h = &cs->phis[g];
	  gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (h->res));
	  if (h->known && room)
	    h->known = coll_point (c, s, ones, t) && coll_next (c, s, t, b)
	      && coll_eval_at (c, PHI_ARG_DEF_FROM_EDGE (phi, latch), s, t, &v)
	      && coll_phi_at (c, h, b, &e) && poly_equal (&v, &e);
	}
    }
}

/* The affine form (t-space) of SSA, a value of L used by the accesses, into
   OUT: sampled at A = 0 and A = e_k in the innermost scenario; a value of
   iteration B (computed after the step) or of iteration A (before it), told
   apart and checked at the first point of each other scenario. */
static bool
coll_affine (nest_ctx *c, tree ssa, rl_poly *out)
{
  coll_state *cs = c->coll;
  int n = cs->n;
  rl_poly t[RL_MAX_LOOPS], v0, vk, a[RL_MAX_LOOPS], w, pred;
  long long pt[RL_MAX_LOOPS] = { 0 };
  for (int k = 0; k < n; k++)
    if (!coll_count_at_least (cs, k, k == n - 1 ? 3 : 2))
      return set_err (c, ERR_NONAFFINE);
  if (!coll_point (c, n - 1, pt, t) || !coll_eval_at (c, ssa, n - 1, t, &v0))
    return false;
  for (int k = 0; k < n; k++)
    {
      pt[k] = 1;
      bool ok = coll_point (c, n - 1, pt, t) && coll_eval_at (c, ssa, n - 1, t, &vk);
      pt[k] = 0;
      if (!ok || !poly_add (c, &vk, &v0, -1))
	return false;
      a[k] = vk;
    }
  /* of iteration A: c0 = v0; of iteration B: c0 = v0 - a_{n-1} */
  bool of_a = true, of_b = true;
  rl_poly c0a = v0, c0b = v0;
  if (!poly_add (c, &c0b, &a[n - 1], -1))
    return false;
  for (int s = n - 2; s >= 0; s--)
    {
      if (!coll_point (c, s, pt, t) || !coll_eval_at (c, ssa, s, t, &w))
	return false;
      /* A = (0.., count_k - 1 for k > s), B = e_s */
      rl_poly pa = c0a, pb = c0b, m;
      for (int k = s + 1; k < n && of_a; k++)
	of_a = poly_mul (c, &a[k], &t[k], &m) && poly_add (c, &pa, &m, 1);
      of_a = of_a && poly_equal (&pa, &w);
      of_b = of_b && poly_add (c, &pb, &a[s], 1) && poly_equal (&pb, &w);
    }
  if (!of_a && !of_b)
    return set_err (c, ERR_NONAFFINE);
  pred = of_b && !of_a ? c0b : c0a;
  for (int k = 0; k < n; k++)
    {
      rl_poly m, it;
      rl_term tk = { 1, k, 0, { 0, 0, 0 } };
      poly_zero (&it);
      if (!poly_add_term (c, &it, &tk) || !poly_mul (c, &a[k], &it, &m)
	  || !poly_add (c, &pred, &m, 1))
	return false;
    }
  *out = pred;
  return true;
}

/* A value of L: at the current point, or as an affine form. */
static bool
coll_value (nest_ctx *c, tree ssa, rl_poly *out)
{
  if (c->coll->at_point)
    return coll_eval (c, ssa, out);
  return coll_affine (c, ssa, out);
}

/* COUNT[k] of the levels: the inner ones from the index split, the outermost
   as what remains of the merged count (a factor of its product, or the
   quotient). */
static bool
coll_counts (nest_ctx *c, const rl_omp_collapse *co)
{
  coll_state *cs = c->coll;
  rl_poly total, prod, q;
  c->err = ERR_NONE;
  if (!poly_const (c, &prod, 1))
    return false;
  for (int k = 1; k < co->n; k++)
    if (!tree_to_poly (c, co->count[k], cs->loop, &cs->count[k])
	|| !poly_mul (c, &prod, &cs->count[k], &prod))
      return fail (c, "OpenMP collapse: non-affine loop bound");
  tree cur = co->total;
  for (int k = co->n - 1; k >= 1 && cur; k--)
    {
      gimple *d = TREE_CODE (cur) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (cur)
	? SSA_NAME_DEF_STMT (cur) : NULL;
      while (d && is_gimple_assign (d) && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d))
	     && TREE_CODE (gimple_assign_rhs1 (d)) == SSA_NAME)
	d = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (d));
      rl_poly x, y;
      cur = NULL_TREE;
      if (d && is_gimple_assign (d) && gimple_assign_rhs_code (d) == MULT_EXPR
	  && tree_to_poly (c, gimple_assign_rhs1 (d), cs->loop, &x)
	  && tree_to_poly (c, gimple_assign_rhs2 (d), cs->loop, &y))
	cur = poly_equal (&y, &cs->count[k]) ? gimple_assign_rhs1 (d)
	  : poly_equal (&x, &cs->count[k]) ? gimple_assign_rhs2 (d) : NULL_TREE;
    }
  c->err = ERR_NONE;
  if (cur && tree_to_poly (c, cur, cs->loop, &cs->count[0]))
    return true;
  c->err = ERR_NONE;
  if (!tree_to_poly (c, co->total, cs->loop, &total) || !poly_div_exact (&total, &prod, &q))
    return fail (c, "OpenMP collapse: non-affine loop bound");
  cs->count[0] = q;
  return true;
}

/* Whether E is step * t_k + lower (LOWER free of iterators): the source index
   of level K. */
static bool
coll_index_form (const rl_poly *e, int *k, long long *step, rl_poly *lower)
{
  *k = -1;
  poly_zero (lower);
  if (e->base)
    return false;
  for (int i = 0; i < e->nterms; i++)
    if (e->t[i].iter < 0)
      lower->t[lower->nterms++] = e->t[i];
    else if (*k >= 0 || e->t[i].npar)
      return false;
    else
      *k = e->t[i].iter, *step = e->t[i].coef;
  return *k >= 0;
}

/* Lower bound and step of each level in the source: from the values of L that
   carry a source variable (i, j) and are one level's index; 0 and 1 when none
   does.  Then the loops of the nest. */
static bool
coll_levels (nest_ctx *c)
{
  coll_state *cs = c->coll;
  bool set[RL_MAX_LOOPS] = { false };
  for (int k = 0; k < cs->n; k++)
    {
      poly_zero (&c->lower[k]);
      c->step[k] = 1;
    }
  basic_block *bbs = get_loop_body_in_dom_order (cs->loop);
  for (unsigned i = 0; i < cs->loop->num_nodes; i++)
    for (gphi_iterator gsi = gsi_start_phis (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	tree res = gimple_phi_result (gsi.phi ());
	tree var = SSA_NAME_VAR (res);
	rl_poly e, lower;
	int k;
	long long step;
	if (virtual_operand_p (res) || !INTEGRAL_TYPE_P (TREE_TYPE (res)) || !var
	    || !DECL_NAME (var) || DECL_ARTIFICIAL (var))
	  continue;
	if (coll_affine (c, res, &e) && coll_index_form (&e, &k, &step, &lower) && !set[k])
	  {
	    set[k] = true;
	    c->lower[k] = lower;
	    c->step[k] = step;
	  }
      }
  free (bbs);
  c->err = ERR_NONE;
  for (int k = 0; k < cs->n; k++)
    {
      rl_loop *rl = &c->out->loops[k];
      rl_poly upper = cs->count[k];
      if (!poly_scale (c, &upper, c->step[k]) || !poly_add (c, &upper, &c->lower[k], 1)
	  || !poly_to_aff (&c->lower[k], c->nloops, &rl->lower)
	  || !poly_to_aff (&upper, c->nloops, &rl->upper))
	return fail (c, "OpenMP collapse: non-affine loop bound");
      rl->step = c->step[k];
      expanded_location x = expand_location (rl_loop_location (cs->loop));
      rl->line = x.line;
      rl->column = x.column;
      rl->gcc_loop_num = k == cs->n - 1 ? cs->loop->num : -1;
    }
  return true;
}

/* Model LOOP, the merged loop of collapse(CO->n), as the nest of its loops. */
static bool
build_collapsed (function *fun, class loop *loop, const rl_omp_collapse *co,
		 const rl_define *defines, int ndefines, rl_nest *out, char *why, size_t whylen)
{
  memset (out, 0, sizeof *out);
  if (co->n > RL_MAX_LOOPS)
    {
      snprintf (why, whylen, "loop nest too deep");
      return false;
    }
  if (!loop->latch || !loop_preheader_edge (loop) || !find_edge (loop->latch, loop->header))
    {
      snprintf (why, whylen, "loop structure not available");
      return false;
    }
  nest_ctx *c = XCNEW (nest_ctx);
  coll_state *cs = XCNEW (coll_state);
  c->fun = fun;
  c->outer = loop;
  c->out = out;
  c->defines = defines;
  c->ndefines = defines ? ndefines : 0;
  c->why = why;
  c->whylen = whylen;
  c->nloops = co->n;
  c->bad_depth = -1;
  c->omp_static = true;
  c->coll = cs;
  for (int k = 0; k < co->n; k++)
    c->loops[k] = loop;
  c->pre = loop_preheader_edge (loop);
  out->nloops = co->n;
  cs->n = co->n;
  cs->loop = loop;
  bool ok = coll_counts (c, co);
  /* the values are sampled at the second iteration of each loop and the third
     of the innermost one */
  for (int k = 0; ok && k < co->n; k++)
    if (!coll_count_at_least (cs, k, k == co->n - 1 ? 3 : 2))
      ok = fail (c, "OpenMP collapse whose innermost loop runs fewer than 3 times or "
		 "another loop once is not modelled");
  if (ok)
    {
      coll_solve_phis (c);
      ok = coll_levels (c) && analyse_accesses (c);
    }
  if (ok)
    count_innermost_body (c);
  XDELETE (cs);
  XDELETE (c);
  return ok;
}

} /* namespace */

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

/* What made build_chain fail, when something can be left out and retried
 * (depths in the chain, -1 otherwise): DROP_AT, an enclosing loop (not the
 * innermost) whose trip count or bound is not modelled; OUTSIDE_AT, an
 * enclosing loop whose own statements (outside its inner loop) include one
 * that is not modelled, such as a timer call. */
struct chain_failure { int drop_at, outside_at; bool only_block_moves, omp_used; };

/* Model the chain LOOPS[0..NLOOPS-1] (outermost first, the last one innermost)
 * whose own blocks start at depth OWN_FROM into OUT.  With MOVE_STMT (a memset
 * or memcpy call in the last loop), the model is that call alone, as one more
 * loop over the elements it sets or copies. */
static bool
build_chain (function *fun, class loop **loops, int nloops, int own_from, gimple *move_stmt,
	     const rl_define *defines, int ndefines, rl_nest *out, char *why, size_t whylen,
	     bool omp_static, chain_failure *failure)
{
  failure->drop_at = failure->outside_at = -1;
  failure->only_block_moves = failure->omp_used = false;
  if (why && whylen)
    why[0] = '\0';
  memset (out, 0, sizeof *out);
  if (nloops + (move_stmt != NULL) > RL_MAX_LOOPS)
    {
      snprintf (why, whylen, "loop nest too deep");
      return false;
    }
  nest_ctx *c = XCNEW (nest_ctx);
  c->fun = fun;
  c->outer = loops[0];
  c->out = out;
  c->defines = defines;
  c->ndefines = defines ? ndefines : 0;
  c->why = why;
  c->whylen = whylen;
  c->nloops = nloops;
  c->own_from = own_from;
  c->bad_depth = -1;
  c->omp_static = omp_static;
  for (int k = 0; k < nloops; k++)
    c->loops[k] = loops[k];
  c->pre = loop_preheader_edge (c->outer);
  if (move_stmt)
    c->nloops++;        /* c->loops[nloops] stays NULL: no GCC loop */
  out->nloops = c->nloops;

  bool ok = true;
  for (int k = 0; k < nloops && ok; k++)
    {
      ok = analyse_loop (c, k);
      if (!ok && c->bound_unknown && k < nloops - 1)
	failure->drop_at = k;
    }
  if (ok && move_stmt)
    {
      block_move bm;
      block_move_of (move_stmt, &bm);
      tree type = block_element_type (bm.dst);
      ok = block_loop (c, move_stmt, &bm, type, nloops)
	&& block_accesses (c, move_stmt, &bm, type, nloops);
    }
  else if (ok)
    {
      ok = analyse_accesses (c);
      if (!ok && c->bad_depth >= 0 && c->bad_depth < nloops - 1)
	failure->outside_at = c->bad_depth;
      failure->only_block_moves = !ok && c->block_moves > 0
	&& !strcmp (why, "only memset/memcpy calls in loop body");
    }
  if (ok && !move_stmt)
    count_innermost_body (c);
  failure->omp_used = c->omp_used;
  XDELETE (c);
  return ok;
}

namespace {

/* Model CHAIN[0..N-1] (whose own blocks start at OWN_FROM; with MOVE_STMT, a
 * memset/memcpy call in CHAIN[N-1] alone) into OUT, leaving out what cannot be
 * modelled around the innermost loop: an enclosing loop whose trip count or
 * bound is not modelled (with the loops above it), or the own statements of
 * an enclosing loop (a timer call).  CTX records what was left out. */
static bool
build_with_retries (function *fun, vec<class loop *> &chain, int own_from, gimple *move_stmt,
		    const rl_define *defines, int ndefines, rl_nest *out,
		    rl_leaf_context *ctx, char *why, size_t whylen)
{
  int n = chain.length ();
  int start = 0;
  chain_failure failure;
  bool ok;
  for (;;)
    {
      ctx->note_loop = chain[MIN (MAX (start, own_from), n - 1)];
      for (int k = start; k < n; k++)
	if (!loop_preheader_edge (chain[k]))
	  {
	    snprintf (why, whylen, "loop structure not available");
	    return false;
	  }
      ok = build_chain (fun, chain.address () + start, n - start, MAX (own_from - start, 0),
			move_stmt, defines, ndefines, out, why, whylen, ctx->omp_static,
			&failure);
      if (ok)
	break;
      ctx->only_block_moves = failure.only_block_moves;
      if (failure.drop_at >= 0)
	{
	  ctx->dropped_loop = chain[start + failure.drop_at];
	  ctx->ndropped = start + failure.drop_at + 1;
	  snprintf (ctx->dropped_reason, sizeof ctx->dropped_reason, "%s", why);
	  start += failure.drop_at + 1;
	}
      else if (failure.outside_at >= 0)
	{
	  ctx->outside_loop = chain[start + failure.outside_at];
	  snprintf (ctx->outside_reason, sizeof ctx->outside_reason, "%s", why);
	  own_from = start + failure.outside_at + 1;
	}
      else
	break;
    }
  /* a block move's note at its statement (the source loop GCC replaced), if
     it kept a location */
  ctx->loc = move_stmt && gimple_location (move_stmt) != UNKNOWN_LOCATION
    ? gimple_location (move_stmt) : rl_loop_location (ctx->note_loop);
  /* a loop of an outlined OpenMP function that does not take its bounds
     from the schedule is no worksharing loop */
  ctx->omp_static = ok && failure.omp_used;
  if (ok)
    {
      const char *fname = function_name (fun);
      snprintf (out->function, sizeof out->function, "%s", fname ? fname : "?");
      expanded_location x = expand_location (ctx->loc);
      snprintf (out->file, sizeof out->file, "%s", x.file ? x.file : "");
      out->line = x.line;
      out->column = x.column;
      out->vector_factor = 0;
    }
  return ok;
}

/* The loops from the outermost one down to LOOP. */
static void
loop_chain (class loop *loop, auto_vec<class loop *> *chain)
{
  for (class loop *l = loop; l && loop_outer (l); l = loop_outer (l))
    chain->safe_push (l);
  chain->reverse ();
}

/* Where the note of the merged loop LOOP goes: its own location, or (GCC
 * keeps none in the copy that steps the indices with branches) that of its
 * first memory access, in the body of the innermost source loop. */
static location_t
collapsed_location (class loop *loop)
{
  location_t loc = rl_loop_location (loop);
  if (loc != UNKNOWN_LOCATION)
    return loc;
  basic_block *bbs = get_loop_body_in_dom_order (loop);
  for (unsigned i = 0; i < loop->num_nodes && loc == UNKNOWN_LOCATION; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
	 !gsi_end_p (gsi) && loc == UNKNOWN_LOCATION; gsi_next (&gsi))
      if (!is_gimple_debug (gsi_stmt (gsi)) && gimple_vuse (gsi_stmt (gsi)))
	loc = gimple_location (gsi_stmt (gsi));
  free (bbs);
  return loc;
}

/* The merged loop LEAF of an OpenMP collapse(N) loop of FUN as the nest of its
 * N loops; the collapsed loops must be the whole nest (no loop inside them, none
 * around them in the outlined function). */
static bool
build_collapsed_leaf (function *fun, class loop *leaf, const rl_define *defines,
		      int ndefines, rl_nest *out, rl_leaf_context *ctx, char *why,
		      size_t whylen)
{
  rl_omp_collapse co;
  ctx->loc = collapsed_location (leaf);
  if (loop_outer (leaf) != fun->x_current_loops->tree_root)
    {
      snprintf (why, whylen, "OpenMP collapse with a loop inside the collapsed loops or "
		"around them is not modelled");
      ctx->omp_rejected = true;
      return false;
    }
  if (!rl_omp_collapse_structure (fun, leaf, &co))
    {
      snprintf (why, whylen, "OpenMP collapse: the split of the merged iteration space "
		"into the loop indices was not recognised");
      ctx->omp_rejected = true;
      return false;
    }
  ctx->omp_static = true;
  if (!build_collapsed (fun, leaf, &co, defines, ndefines, out, why, whylen))
    return false;
  const char *fname = function_name (fun);
  snprintf (out->function, sizeof out->function, "%s", fname ? fname : "?");
  expanded_location x = expand_location (ctx->loc);
  snprintf (out->file, sizeof out->file, "%s", x.file ? x.file : "");
  out->line = x.line;
  out->column = x.column;
  out->vector_factor = 0;
  return true;
}

/* Start of both entry points: false with a reason if LOOP cannot be modelled. */
static bool
begin_build (function *fun, class loop *loop, rl_nest *out, rl_leaf_context *ctx,
	     char *why, size_t whylen)
{
  memset (ctx, 0, sizeof *ctx);
  if (why && whylen)
    why[0] = '\0';
  if (!out)
    return false;
  memset (out, 0, sizeof *out);
  ctx->note_loop = loop;
  if (!fun || !loop || !loop_outer (loop) || !scev_initialized_p ())
    {
      snprintf (why, whylen, "loop structure not available");
      return false;
    }
  return true;
}

} /* namespace */

bool
rl_gimple_build_leaf_nest (function *fun, class loop *leaf,
			   const rl_define *defines, int ndefines,
			   rl_nest *out, rl_leaf_context *ctx, char *why, size_t whylen)
{
  if (!begin_build (fun, leaf, out, ctx, why, whylen))
    return false;
  /* OpenMP: only the static schedule's bounds are modelled */
  const char *schedule;
  switch (rl_omp_function_kind (fun, &schedule))
    {
    case RL_OMP_OTHER_SCHEDULE:
      snprintf (why, whylen, "OpenMP schedule(%s) is not modelled", schedule);
      ctx->omp_rejected = true;
      return false;
    case RL_OMP_COLLAPSED_NONRECT:
      snprintf (why, whylen, "OpenMP collapse over a non-rectangular nest (an inner "
		"bound depends on an outer index) is not modelled");
      /* GCC 11 puts the loop that finds the first indices inside the merged
	 loop: the note goes to the body of the outermost loop */
      ctx->loc = collapsed_location (leaf);
      for (class loop *l = leaf; ctx->loc == UNKNOWN_LOCATION && loop_outer (l);
	   l = loop_outer (l))
	ctx->loc = collapsed_location (l);
      ctx->omp_rejected = true;
      return false;
    case RL_OMP_COLLAPSED:
      return build_collapsed_leaf (fun, leaf, defines, ndefines, out, ctx, why, whylen);
    case RL_OMP_STATIC:
      ctx->omp_static = true;
      break;
    default:
      break;
    }
  auto_vec<class loop *> chain;
  loop_chain (leaf, &chain);
  int n = chain.length ();
  /* the leaf's own loops start below the deepest loop with several inner loops */
  int own_from = 0;
  for (int k = 0; k < n - 1; k++)
    if (chain[k]->inner && chain[k]->inner->next)
      {
	own_from = k + 1;
	ctx->branch = chain[k];
	/* inner loops as written: copies GCC made (split, versioned) share
	   their source loop's location */
	ctx->nsiblings = 0;
	for (class loop *s = chain[k]->inner; s; s = s->next)
	  {
	    bool copy = false;
	    for (class loop *t = chain[k]->inner; t != s && !copy; t = t->next)
	      copy = rl_loop_location (t) == rl_loop_location (s);
	    ctx->nsiblings += !copy;
	  }
      }
  return build_with_retries (fun, chain, own_from, NULL, defines, ndefines, out, ctx,
			     why, whylen);
}

bool
rl_gimple_build_block_move_nest (function *fun, gimple *call,
				 const rl_define *defines, int ndefines,
				 rl_nest *out, rl_leaf_context *ctx, char *why, size_t whylen)
{
  class loop *loop = gimple_bb (call)->loop_father;
  if (!begin_build (fun, loop, out, ctx, why, whylen))
    return false;
  ctx->loc = gimple_location (call);
  auto_vec<class loop *> chain;
  loop_chain (loop, &chain);
  return build_with_retries (fun, chain, chain.length (), call, defines,
			     ndefines, out, ctx, why, whylen);
}

const char *
rl_gimple_block_move_name (gimple *stmt)
{
  block_move bm;
  return block_move_of (stmt, &bm) ? bm.name : NULL;
}

/* Whether a statement of LOOP's body reads or writes memory (or calls). */
bool
rl_gimple_loop_any_stmt (class loop *loop, bool (*pred) (gimple *))
{
  basic_block *bbs = get_loop_body (loop);
  bool found = false;
  for (unsigned i = 0; i < loop->num_nodes && !found; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi) && !found;
	 gsi_next (&gsi))
      found = pred (gsi_stmt (gsi));
  free (bbs);
  return found;
}

static bool
touches_memory (gimple *stmt)
{
  return !is_gimple_debug (stmt) && gimple_vuse (stmt);
}

bool
rl_gimple_loop_touches_memory (class loop *loop)
{
  return rl_gimple_loop_any_stmt (loop, touches_memory);
}

/* Lanes of the vector statements of LOOP after vect.  With mixed element sizes
 * the vectorisation factor is the largest lane count (the narrowest elements
 * fill a vector), so that is what we return; 1 when nothing is vectorised. */
int
rl_gimple_vector_factor (class loop *loop)
{
  if (!loop || !loop->header)
    return 1;
  int best = 1;
  basic_block *bbs = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	tree lhs = gimple_get_lhs (gsi_stmt (gsi));
	if (!lhs || !TREE_TYPE (lhs) || !VECTOR_TYPE_P (TREE_TYPE (lhs)))
	  continue;
	poly_uint64 lanes = TYPE_VECTOR_SUBPARTS (TREE_TYPE (lhs));
	if (lanes.is_constant () && (int) lanes.to_constant () > best)
	  best = (int) lanes.to_constant ();
      }
  free (bbs);
  return best;
}
