/* roofline-core.so - plugin entry: pass registration and the per-function
 * pipeline.
 *
 * Passes (see docs/internals.md):
 *   roofline       GIMPLE, before "vect":   rl_nest of every innermost loop with
 *                                           the loops enclosing it, and of every
 *                                           memset/memcpy in a loop
 *   roofline_vf    GIMPLE, after "vect":    vector factor of each innermost loop
 *   roofline_rtl   RTL, after "loop2_doloop": INSN_UIDs of the innermost loops
 *   roofline_emit  RTL, after "sched2":     generated instructions, model, notes
 * Nothing here changes the IL: the passes only read.
 *
 * The options (options.cc), the machine (machine-choice.cc) and the remarks
 * live in one rl_unit_state; what the passes collect for the current function
 * lives in one rl_function_state, reset once its notes are out (emit.cc).
 */
#include "plugin/plugin-state.h"
#include "model/versions.h"

#include <time.h>

#include "diag/nest-context.h"

static rl_unit_state rl_unit;
static rl_function_state rl_fn;

/* ------------------------------------------------------------ per function */

static void
rl_function_state_reset (rl_function_state *fs)
{
  fs->nests.clear ();
  fs->fndecl = NULL_TREE;
  rl_rtl_records_clear (&fs->rtl);
}

/* The body GCC generated for the innermost loop of P, with the vector factor
   and iterations per pass; NULL when none was extracted (then the in-core terms
   come from the source).  The caller frees it. */
static rl_body *
rl_generated_body (const rl_pending &p)
{
  const rl_body *found = rl_rtl_body (&rl_fn.rtl, p.innermost_num);
  if (!found || found->ninsns <= 0)
    return NULL;
  rl_body *body = XNEW (rl_body);
  *body = *found;
  body->vector_factor = p.vector_factor > 0 ? p.vector_factor : 1;
  body->iters_per_pass = body->vector_factor * (body->unroll > 0 ? body->unroll : 1);
  return body;
}

/* Non-temporal stores in the generated code (rtl-body.cc, UNSPEC_MOVNT): the
   traffic model's flag is per nest, so it is set only when every store of BODY
   is non-temporal.  NT_TEXT gets the sentence for verbose output. */
static void
rl_mark_nontemporal_stores (rl_nest *nest, const rl_body *body, char *nt_text, size_t len)
{
  int nstores = 0, nnt = 0;
  const char *ntname = "";
  for (int i = 0; body && i < body->ninsns; i++)
    if (body->insns[i].mem == RL_MEM_STORE)
      {
	nstores++;
	if (body->insns[i].nontemporal)
	  {
	    nnt++;
	    ntname = body->insns[i].mnemonic;
	  }
      }
  if (nnt > 0 && nnt == nstores)
    nest->nontemporal_stores = 1;
  rl_diag_nontemporal_note (nnt, nstores, ntname, nt_text, len);
}

/* The code a memset/memcpy call runs, for the in-core terms: per pass one
   32-byte store (and for memcpy one 32-byte load) covering 32 bytes of
   elements, as glibc's AVX2 routines do for large blocks.  The caller frees it. */
static rl_body *
rl_block_move_body (const rl_nest *nest)
{
  rl_body *body = XCNEW (rl_body);
  int esz = nest->narrays > 0 ? nest->arrays[0].elem_size : 8;
  for (int a = 0; a < nest->naccesses && body->ninsns < RL_MAX_INSNS; a++)
    {
      rl_insn *in = &body->insns[body->ninsns++];
      in->cls = nest->accesses[a].is_write ? RL_IC_STORE : RL_IC_LOAD;
      snprintf (in->mnemonic, sizeof in->mnemonic, "%s", rl_iclass_name (in->cls));
      in->width = 256;
      in->mem = nest->accesses[a].is_write ? RL_MEM_STORE : RL_MEM_LOAD;
      in->mem_width = 256;
      in->mem_align = 256;
      in->mem_base = -1;
    }
  body->vector_factor = esz > 0 && esz <= 32 ? 32 / esz : 1;
  body->unroll = 1;
  body->iters_per_pass = body->vector_factor;
  return body;
}

/* Whether P and Q are versions under one if-conversion guard. */
static bool
rl_share_version_guard (const rl_pending &p, const rl_pending &q)
{
  for (int i = 0; i < p.nguards; i++)
    for (int j = 0; j < q.nguards; j++)
      if (p.guards[i][0] == q.guards[j][0] && p.guards[i][1] == q.guards[j][1])
	return true;
  return false;
}

/* Whether the copy GCC kept of the source loop P (removed in vect) is
   recorded: a loop that survived vect at P's location or under the same
   if-conversion guard (the two versions of an outer loop can have their notes
   at different lines).  When the kept copy was not recorded (e.g. the
   location-less copy of a rejected OpenMP loop), P stays the only report of
   its source loop and is emitted as before. */
static bool
rl_kept_copy_recorded (const rl_pending &p)
{
  for (const rl_pending &q : rl_fn.nests)
    if (&q != &p && !q.removed && !q.block_move
	&& (q.loc == p.loc || rl_share_version_guard (p, q)))
      return true;
  return false;
}

/* Whether a removed loop copy before P in the function has P's location: the
   verbose note on removed copies is said once per source loop. */
static bool
rl_removed_copy_said (const rl_pending &p)
{
  for (const rl_pending &q : rl_fn.nests)
    {
      if (&q == &p)
	return false;
      if (q.removed && q.loc == p.loc)
	return true;
    }
  return false;
}

/* The report of the scalar copy vect made of P's vectorised loop (versioning),
   on a copy of P's nest (*VNEST, freed by the caller), or NULL when its code
   was not found or calls a function. */
static rl_report *
rl_model_version_copy (const rl_pending &p, rl_nest **vnest)
{
  const rl_body *found = rl_rtl_body (&rl_fn.rtl, p.version_num);
  *vnest = NULL;
  if (!found || found->ninsns <= 0 || rl_rtl_body_call (&rl_fn.rtl, p.version_num))
    return NULL;
  rl_body *body = XNEW (rl_body);
  *body = *found;
  body->vector_factor = 1;
  body->iters_per_pass = body->unroll > 0 ? body->unroll : 1;
  *vnest = rl_nest_alloc ();
  if (!*vnest)
    {
      XDELETE (body);
      return NULL;
    }
  **vnest = *p.nest;
  (*vnest)->vector_factor = 1;
  rl_report *r = XNEW (rl_report);
  rl_report_build_cores (*vnest, body, rl_unit.machine, rl_unit.ports, p.threads, r);
  XDELETE (body);
  return r;
}

/* The first call in the generated body of P that the call table of the port
   table does not cost ("indirect call" for one through a register), or NULL. */
static const char *
rl_uncosted_call (const rl_pending &p)
{
  const char *hot = rl_rtl_body_call (&rl_fn.rtl, p.innermost_num);
  const rl_body *b = rl_rtl_body (&rl_fn.rtl, p.innermost_num);
  if (!hot || !b)
    return hot;
  const rl_calls *calls = rl_unit.ports ? rl_unit.ports->calls : NULL;
  bool seen = false;
  for (int i = 0; i < b->ninsns; i++)
    {
      const rl_insn *in = &b->insns[i];
      if (strcmp (in->mnemonic, "call"))
	continue;
      seen = true;
      if (!in->callee[0])
	return "indirect call";
      if (!rl_calls_find (calls, in->callee))
	return in->callee;
    }
  return seen ? NULL : hot;
}

/* Whether P is a loop copy GCC deleted in vect whose kept copy is recorded: a
   copy without code, predicting it would give the source loop a second note. */
static bool
rl_removed_with_kept_copy (const rl_pending &p)
{
  return p.removed && rl_kept_copy_recorded (p);
}

/* Model the pending nest P with its generated code: its report (NULL when P
   is not analysed or a removed copy; P.nest NULL and P.reason set when the
   generated code calls a function).  NT_TEXT: the non-temporal store
   sentence. */
static rl_report *
rl_model_pending (rl_pending &p, char *nt_text, size_t len)
{
  nt_text[0] = '\0';
  if (rl_removed_with_kept_copy (p) || !p.nest)
    return NULL;
  /* a call GCC left in the loop costs far more than the one instruction the
     port model sees: only calls the port table's call table costs (exp, pow,
     ... from libm, libmvec's vector variants) are modelled.  P keeps its nest
     (reason set, not analysed): its siblings may borrow its accesses. */
  const char *called = rl_uncosted_call (p);
  if (called)
    {
      snprintf (p.reason, sizeof p.reason,
		"call to %s in the generated code (its cost is not modelled)", called);
      return NULL;
    }
  rl_body *body = p.block_move ? rl_block_move_body (p.nest) : rl_generated_body (p);
  if (p.block_move)
    p.vector_factor = body->vector_factor;
  p.nest->vector_factor = p.vector_factor;
  rl_mark_nontemporal_stores (p.nest, body, nt_text, len);
  rl_report *r = XNEW (rl_report);
  /* the layer conditions are analysed once per nest, also for cores=N */
  rl_report_build_cores (p.nest, body, rl_unit.machine, rl_unit.ports, p.threads, r);
  /* a vectorised loop GCC versioned: price its scalar copy too; the report
     shown is the copy that runs when the alias check decides it */
  if (p.version_num)
    {
      rl_nest *vnest = NULL;
      rl_report *rv = rl_model_version_copy (p, &vnest);
      rl_alias_check chk;
      rl_report_versions v;
      rl_versions_alias_check (p.nest, &chk);
      rl_report_versions_fill (r, rv, &chk, &v);
      rl_diag_versions_note (r, &v, p.version_text, sizeof p.version_text);
      if (v.scalar_reported)
	{
	  XDELETE (r);          /* the vectorised copy never runs */
	  r = rv;
	  p.version_nest = vnest;
	}
      else
	{
	  XDELETE (rv);
	  if (vnest)
	    rl_nest_free (vnest);
	}
      r->versions = v;
    }
  if (p.repeat_line && r->perf.valid)
    rl_time_per_repetition (&r->perf.time, p.repeat_line);
  if (r->perf.valid)
    rl_time_set_function (&r->perf.time, rl_source_function_name (p.loc, rl_fn.fndecl));
  /* what the layer conditions assumed about the sibling loops (their numbers) */
  r->branch_line = p.branch_line;
  r->branch_loops = p.nsiblings;
  if (p.branch_line && r->have_lc)
    rl_diag_sibling_reuse_note (&r->lc, p.branch_line, p.nsiblings, p.sibling_text,
				sizeof p.sibling_text);
  XDELETE (body);
  return r;
}

/* Emit the notes of the pending nest P with its report R (NULL: not analysed
   or a removed copy), then free R (P's nest is freed with the function's). */
static void
rl_emit_pending (rl_pending &p, rl_report *r, const char *nt_text)
{
  if (p.reported_by)
    ;                   /* a copy reported by another (rl_merge_loop_copies) */
  else if (rl_removed_with_kept_copy (p))
    {
      if (!rl_removed_copy_said (p))
	rl_emit_removed_copy (&rl_unit, p);
    }
  else if (!r)
    rl_emit_not_analysed (&rl_unit, p, rl_fn.fndecl);
  else
    rl_emit_report (&rl_unit, p, r, nt_text);
  XDELETE (r);
}

/* End of the current function: model every pending nest, give each its
   share of the function's predicted time, emit the notes in order, then
   reset the per-function state. */
static void
rl_function_end (void)
{
  size_t n = rl_fn.nests.size ();
  std::vector<rl_report *> reports (n, (rl_report *) NULL);
  std::vector<rl_time *> times (n, (rl_time *) NULL);
  struct nt_sentence { char text[256]; };
  std::vector<nt_sentence> nt (n);
  for (size_t i = 0; i < n; i++)
    reports[i] = rl_model_pending (rl_fn.nests[i], nt[i].text, sizeof nt[i].text);
  /* copies GCC made of one source loop are reported once */
  rl_merge_loop_copies (rl_fn.nests, reports);
  for (size_t i = 0; i < n; i++)
    if (reports[i] && reports[i]->analysed && reports[i]->perf.valid
	&& !rl_fn.nests[i].reported_by)
      times[i] = &reports[i]->perf.time;
  rl_time_function_totals (times.data (), (int) n);
  for (size_t i = 0; i < n; i++)
    rl_emit_pending (rl_fn.nests[i], reports[i], nt[i].text);
  /* freed when all are out: a nest's model lends its accesses to its siblings' */
  for (rl_pending &p : rl_fn.nests)
    {
      if (p.nest)
	rl_nest_free (p.nest);
      if (p.version_nest)
	rl_nest_free (p.version_nest);
    }
  rl_function_state_reset (&rl_fn);
}

/* Start of function FUN (its nest pass): the nests of an earlier function
   whose emit pass did not run are reported first. */
static void
rl_function_begin (function *fun)
{
  if (rl_fn.fndecl && rl_fn.fndecl != fun->decl)
    rl_function_end ();
  rl_fn.fndecl = fun->decl;
}

/* Line of LOOP's location, 0 if unknown. */
static int
rl_loop_line (class loop *loop)
{
  return expand_location (rl_loop_location (loop)).line;
}

/* The verbose sentences on what surrounds the modelled loops of P (CTX). */
static void
rl_describe_leaf_context (rl_pending &p, const rl_leaf_context &ctx)
{
  if (ctx.branch && ctx.nsiblings > 1)
    {
      p.branch_line = rl_loop_line (ctx.branch);
      p.nsiblings = ctx.nsiblings;
      rl_diag_sibling_note (p.branch_line, ctx.nsiblings, p.sibling_text,
			    sizeof p.sibling_text);
    }
  if (ctx.dropped_loop)
    p.repeat_line = rl_loop_line (ctx.dropped_loop) > 0 ? rl_loop_line (ctx.dropped_loop) : -1;
  if (ctx.dropped_loop)
    rl_diag_unknown_outer_note (rl_loop_line (ctx.dropped_loop), ctx.dropped_reason,
				ctx.ndropped, p.repeat_text, sizeof p.repeat_text);
  if (ctx.outside_loop)
    rl_diag_outside_statements_note (rl_loop_line (ctx.outside_loop), ctx.outside_reason,
				     p.outside_text, sizeof p.outside_text);
}

/* Whether a sibling of LOOP comes from the same source loop (same location):
   a copy GCC made by splitting or versioning. */
static bool
rl_has_twin (class loop *loop)
{
  location_t loc = rl_loop_location (loop);
  for (class loop *s = loop_outer (loop)->inner; s; s = s->next)
    if (s != loop && s->inner && rl_loop_location (s) == loc)
      return true;
  return false;
}

/* The IFN_LOOP_VECTORIZED guards (if-converted, original) that if-conversion
   put on LOOP and the loops enclosing it, innermost first, into P: each
   guarded loop is one of two versions made for the vectoriser, vect keeps
   one and deletes the other (for outer-loop vectorisation the guard is on
   the outer loop, and the original outer loop's inner loop can have a guard
   of its own).  A guard is named by its two loop numbers, the same for every
   loop in either version.  The guard search walks up from a loop's
   preheader, which exists only while GCC keeps preheaders (as it does in the
   loop pipeline, where the nest pass runs). */
static void
rl_if_conversion_guards (class loop *loop, rl_pending &p)
{
  p.nguards = 0;
  if (!loops_state_satisfies_p (LOOPS_HAVE_PREHEADERS)
      || loops_state_satisfies_p (LOOPS_MAY_HAVE_MULTIPLE_LATCHES))
    return;
  for (class loop *l = loop; l && loop_outer (l) && p.nguards < RL_MAX_VERSION_GUARDS;
       l = loop_outer (l))
    {
      gimple *g = vect_loop_vectorized_call (l);
      if (!g || gimple_call_num_args (g) < 2)
	continue;
      for (int k = 0; k < 2; k++)
	{
	  tree num = gimple_call_arg (g, k);
	  p.guards[p.nguards][k] = tree_fits_shwi_p (num) ? (int) tree_to_shwi (num) : -1;
	}
      p.nguards++;
    }
}

/* The thread count of P (cores=; for an OpenMP worksharing loop without
   cores=, the machine's cores) and whether only= shows its notes. */
static void
rl_pending_threads_and_focus (function *fun, rl_pending &p, bool omp)
{
  const rl_options *opts = &rl_unit.opts;
  p.threads = opts->cores;
  if (omp && !opts->cores_given && rl_unit.machine->cores > 0)
    p.threads = rl_unit.machine->cores;
  if (omp)
    rl_diag_omp_static_note (p.threads, opts->cores_given, p.omp_text, sizeof p.omp_text);
  expanded_location x = expand_location (p.loc);
  p.hidden = !rl_options_focus (opts, function_name (fun), x.file, x.line);
}

/* The pending entry of the innermost loop LEAF with the loops enclosing it. */
static rl_pending
rl_model_leaf (function *fun, class loop *leaf)
{
  rl_pending p = {};
  rl_leaf_context ctx;
  p.nest = rl_nest_alloc ();
  const rl_options *opts = &rl_unit.opts;
  bool ok = p.nest
    && rl_gimple_build_leaf_nest (fun, leaf, opts->defines.data (), (int) opts->defines.size (),
				  p.nest, &ctx, p.reason, sizeof p.reason);
  p.loc = ctx.loc ? ctx.loc : rl_loop_location (leaf);
  p.innermost_num = leaf->num;
  rl_copy_signature (leaf, p);
  rl_if_conversion_guards (leaf, p);
  rl_pending_threads_and_focus (fun, p, ok && ctx.omp_static);
  if (!ok)
    {
      rl_nest_free (p.nest);
      p.nest = NULL;
      /* GCC splits a triangular loop (for j < i { for k < j }) and leaves the
	 iterations whose inner loop is empty as a sibling loop: without any
	 statement, or with a bound GCC computes with MIN.  Nothing the user
	 wrote as a loop: the copy with the inner loop gets the note.  A loop
	 that only calls memset/memcpy (GCC made them of a source loop) is
	 modelled through its calls */
      p.skip = (ctx.branch && (!rl_gimple_loop_touches_memory (leaf) || rl_has_twin (leaf)))
	|| ctx.only_block_moves
	/* a copy GCC made of a rejected OpenMP loop (versioned, no location) */
	|| (ctx.omp_rejected && p.loc == UNKNOWN_LOCATION)
	/* the loop OpenMP adds to merge a reduction's partial results */
	|| rl_omp_reduction_merge_loop (leaf);
      return p;
    }
  /* vector types before vect come from the source: not vectorised by GCC */
  p.source_lanes = rl_gimple_vector_factor (leaf);
  rl_describe_leaf_context (p, ctx);
  return p;
}

/* The pending entry of the memset/memcpy call CALL, modelled as a loop of its
   own inside the loops enclosing it. */
static rl_pending
rl_model_block_move (function *fun, gimple *call)
{
  rl_pending p = {};
  rl_leaf_context ctx;
  p.nest = rl_nest_alloc ();
  const rl_options *opts = &rl_unit.opts;
  bool ok = p.nest
    && rl_gimple_build_block_move_nest (fun, call, opts->defines.data (),
					(int) opts->defines.size (), p.nest, &ctx, p.reason,
					sizeof p.reason);
  p.loc = ctx.loc ? ctx.loc : gimple_location (call);
  rl_pending_threads_and_focus (fun, p, false);
  p.innermost_num = -1;         /* no loop in the generated code */
  p.source_lanes = 1;
  p.block_move = true;
  if (!ok)
    {
      rl_nest_free (p.nest);
      p.nest = NULL;
      return p;
    }
  rl_describe_leaf_context (p, ctx);
  rl_diag_block_move_note (rl_gimple_block_move_name (call), 32, p.block_text,
			   sizeof p.block_text);
  return p;
}

/* The memset/memcpy/memmove calls inside LOOP's blocks (any depth), in block
   order. */
static void
rl_collect_block_moves (class loop *loop, std::vector<gimple *> *calls)
{
  basic_block *bbs = get_loop_body_in_dom_order (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
      if (rl_gimple_block_move_name (gsi_stmt (gsi)))
	calls->push_back (gsi_stmt (gsi));
  free (bbs);
}

/* Whether loop A starts before loop B in the source. */
static bool
rl_loop_before (class loop *a, class loop *b)
{
  expanded_location xa = expand_location (rl_loop_location (a));
  expanded_location xb = expand_location (rl_loop_location (b));
  return xa.line != xb.line ? xa.line < xb.line : xa.column < xb.column;
}

/* The innermost loops of the loop tree under LOOP, in source order (by their
   notes' locations). */
static void
rl_collect_leaves (class loop *loop, std::vector<class loop *> *leaves)
{
  if (!loop->inner)
    {
      leaves->push_back (loop);
      return;
    }
  std::vector<class loop *> kids;
  for (class loop *k = loop->inner; k; k = k->next)
    kids.push_back (k);
  /* GCC lists the children of a loop in reverse order of discovery: sort them
     by location (insertion sort, stable) */
  for (size_t i = 1; i < kids.size (); i++)
    for (size_t j = i; j > 0 && rl_loop_before (kids[j], kids[j - 1]); j--)
      std::swap (kids[j], kids[j - 1]);
  for (class loop *k : kids)
    rl_collect_leaves (k, leaves);
}

/* ------------------------------------------------------------------ passes */

static unsigned int
rl_execute_nest (function *fun)
{
  rl_function_begin (fun);
  rl_omp_function_kind_forget ();
  RL_FOR_EACH_LOOP (fun, loop)
    {
      if (loop_outer (loop) != fun->x_current_loops->tree_root)
	continue;
      /* one prediction per innermost loop, with the loops enclosing it */
      std::vector<class loop *> leaves;
      rl_collect_leaves (loop, &leaves);
      std::vector<rl_nest *> tree;
      for (class loop *leaf : leaves)
	{
	  rl_pending p = rl_model_leaf (fun, leaf);
	  if (!p.nest && p.skip)
	    continue;
	  rl_fn.nests.push_back (p);
	  tree.push_back (p.nest);
	}
      /* the innermost loops of one tree know each other (reuse between siblings) */
      rl_nest_link_siblings (tree.data (), (int) tree.size ());
      /* memset/memcpy calls (often source loops GCC replaced) as loops */
      std::vector<gimple *> calls;
      rl_collect_block_moves (loop, &calls);
      for (gimple *call : calls)
	rl_fn.nests.push_back (rl_model_block_move (fun, call));
    }
  rl_omp_function_kind_forget ();
  return 0;
}

/* Whether the block TARGET is reached from the exits of LOOP without leaving
   the loop enclosing it or going round it (its latch edge). */
static bool
rl_reached_after (class loop *loop, basic_block target)
{
  class loop *outer = loop_outer (loop);
  auto_vec<basic_block> work;
  auto_bitmap seen;
  rl_loop_exit_dests (loop, &work);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (bb == target)
	return true;
      if (!bitmap_set_bit (seen, bb->index) || bb == outer->header
	  || (outer->num && !flow_bb_inside_loop_p (outer, bb)))
	continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->dest != outer->header)
	  work.safe_push (e->dest);
    }
  return false;
}

/* The scalar copy vect made of the vectorised loop LOOP when it versioned it
   (for aliasing, or for alignment or the trip count): an innermost loop beside
   LOOP at the source line of P's innermost loop (vect moves the vector loop's
   location to its first statement, the copy keeps the loop's) or of LOOP,
   without vector code, that LOOP's exits do not lead to (its epilogues do)
   and whose exits do not lead to LOOP (a prologue peeled for alignment does).
   Recorded in P. */
static void
rl_find_version_copy (class loop *loop, rl_pending &p)
{
  int line = LOCATION_LINE (rl_loop_location (loop));
  int source_line = p.nest->loops[p.nest->nloops - 1].line;
  for (class loop *s = loop_outer (loop)->inner; s; s = s->next)
    if (s != loop && !s->inner
	&& (LOCATION_LINE (rl_loop_location (s)) == source_line
	    || LOCATION_LINE (rl_loop_location (s)) == line)
	&& rl_gimple_vector_factor (s) == 1 && !rl_reached_after (loop, s->header)
	&& !rl_reached_after (s, loop->header))
      {
	p.version_num = s->num;
	return;
      }
}

/* After vect: the vector factor of each recorded innermost loop, and which
   of them vect deleted.  Loop numbers are not reused within a function, so a
   number whose slot in the loop array is empty (get_loop NULL) is a loop GCC
   removed: between the nest pass and this one only vect ran, and the loops it
   removes are versions whose guard it folded (IFN_LOOP_VECTORIZED of
   if-conversion, IFN_LOOP_DIST_ALIAS of loop distribution). */
static unsigned int
rl_execute_vf (function *fun)
{
  if (rl_fn.fndecl != fun->decl)
    return 0;
  for (rl_pending &p : rl_fn.nests)
    {
      if (p.innermost_num <= 0 || p.innermost_num >= (int) number_of_loops (fun))
	continue;
      class loop *l = get_loop (fun, p.innermost_num);
      if (!l)
	{
	  p.removed = true;
	  continue;
	}
      if (!p.nest)
	continue;
      p.vector_factor = rl_gimple_vector_factor (l);
      if (p.vector_factor > 0 && p.source_lanes > 1)
	p.vector_factor = p.vector_factor > p.source_lanes
	  ? p.vector_factor / p.source_lanes : 1;
      if (p.vector_factor > 1 && !p.block_move)
	rl_find_version_copy (l, p);
    }
  return 0;
}

/* Whether a pending nest of the function is modelled with the code GCC
   generates: a nest that was built (memset/memcpy models have their own
   code, rejected loops none).  Without one the RTL passes have nothing to
   record or extract (most functions with loops: their loops are rejected). */
static bool
rl_needs_generated_code (void)
{
  for (const rl_pending &p : rl_fn.nests)
    if (p.nest && !p.block_move)
      return true;
  return false;
}

static unsigned int
rl_execute_rtl_loops (function *fun)
{
  if (rl_needs_generated_code ())
    rl_rtl_record_loops (&rl_fn.rtl, fun);
  return 0;
}

static unsigned int
rl_execute_emit (function *fun)
{
  if (!rl_fn.nests.empty ())
    {
      if (rl_needs_generated_code ())
	rl_rtl_extract_bodies (&rl_fn.rtl, fun);
      rl_function_end ();
    }
  return 0;
}

/* The gates: the later passes run only while the function has pending nests
   (the vector-factor pass only for the function they belong to). */
static bool
rl_gate_vf (function *fun)
{
  return rl_fn.fndecl == fun->decl && !rl_fn.nests.empty ();
}

static bool
rl_gate_rtl_loops (function *)
{
  return rl_needs_generated_code ();
}

static bool
rl_gate_emit (function *)
{
  return !rl_fn.nests.empty ();
}

/* CPU time of the compiler's thread, in seconds: on a shared machine the
   wall clock would also count the time other processes ran. */
static double
rl_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One pass class for all four: the work differs only by the execute hook and
   the gate (NULL: always run).  A pass with nothing to do for a function is
   gated off: GCC then skips its bookkeeping around the pass too.  The time
   spent in it counts as plugin time. */
class rl_pass : public opt_pass
{
public:
  rl_pass (const pass_data &data, unsigned int (*exec) (function *), bool (*gate) (function *))
    : opt_pass (data, g), m_exec (exec), m_gate (gate) {}
  opt_pass *clone () final override { return new rl_pass (*this); }
  bool gate (function *fun) final override { return !m_gate || m_gate (fun); }
  unsigned int execute (function *fun) final override
  {
    double t0 = rl_now ();
    unsigned int todo = m_exec (fun);
    rl_unit.seconds += rl_now () - t0;
    return todo;
  }
private:
  unsigned int (*m_exec) (function *);
  bool (*m_gate) (function *);
};

static const pass_data rl_gimple_pass_data = {
  GIMPLE_PASS, "roofline", OPTGROUP_LOOP, TV_PLUGIN_RUN, PROP_cfg | PROP_ssa, 0, 0, 0, 0
};
static const pass_data rl_rtl_pass_data = {
  RTL_PASS, "roofline_rtl", OPTGROUP_LOOP, TV_PLUGIN_RUN, PROP_cfg, 0, 0, 0, 0
};

static void
rl_register_pass (const pass_data &data, unsigned int (*exec) (function *),
		  bool (*gate) (function *), const char *ref, enum pass_positioning_ops pos,
		  const char *plugin)
{
  struct register_pass_info info;
  info.pass = new rl_pass (data, exec, gate);
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

static void
rl_register_passes (const char *plugin)
{
  rl_register_pass (rl_gimple_pass_data, rl_execute_nest, NULL, "vect",
		    PASS_POS_INSERT_BEFORE, plugin);
  static pass_data vf_data = rl_gimple_pass_data;
  vf_data.name = "roofline_vf";
  rl_register_pass (vf_data, rl_execute_vf, rl_gate_vf, "vect", PASS_POS_INSERT_AFTER,
		    plugin);
  rl_register_pass (rl_rtl_pass_data, rl_execute_rtl_loops, rl_gate_rtl_loops,
		    "loop2_doloop", PASS_POS_INSERT_AFTER, plugin);
  static pass_data emit_data = rl_rtl_pass_data;
  emit_data.name = "roofline_emit";
  rl_register_pass (emit_data, rl_execute_emit, rl_gate_emit, "sched2",
		    PASS_POS_INSERT_AFTER, plugin);
}

/* ------------------------------------------------------------------ finish */

/* timing=yes: the plugin's own CPU time and the compiler's, on stderr. */
static void
rl_print_timing (const rl_unit_state *u)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  double total = ts.tv_sec + ts.tv_nsec * 1e-9;
  double own = u->start_seconds + u->seconds + u->finish_seconds;
  fprintf (stderr, "roofline: plugin CPU time %.3f s (start %.3f s, passes %.3f s, end of unit "
	   "%.3f s) of the compiler's %.3f s (%.2f %%)\n", own, u->start_seconds, u->seconds,
	   u->finish_seconds, total, total > 0 ? 100 * own / total : 0.0);
}

static void
rl_finish (void *, void *)
{
  if (!rl_unit.machine)
    return;
  double t0 = rl_now ();
  if (!rl_fn.nests.empty ())
    rl_function_end ();
  rl_emit_unit_end (&rl_unit);
  rl_machine_free (rl_unit.machine);
  rl_unit.machine = NULL;
  rl_ports_free (rl_unit.ports);
  rl_unit.ports = NULL;
  rl_unit.finish_seconds = rl_now () - t0;
  if (rl_unit.opts.timing)
    rl_print_timing (&rl_unit);
}

/* Entry point, called by plugin/loader.cc (roofline.so) once it has checked
   that this is the GCC the plugin was built for. */
extern "C" int
roofline_core_init (struct plugin_name_args *info, struct plugin_gcc_version *)
{
  double t0 = rl_now ();
  static struct plugin_info plugin_info = { RL_VERSION, rl_options_help };
  register_callback (info->base_name, PLUGIN_INFO, NULL, &plugin_info);
  if (!rl_options_parse (info, &rl_unit.opts)
      || !rl_machine_choose_and_load (info->full_name, &rl_unit.opts, &rl_unit.machine,
				      &rl_unit.ports, &rl_unit.choice))
    return 0;  /* the error is counted: the compilation fails */
  rl_unit.remarks = rl_remarks_alloc (main_input_filename ? main_input_filename : "",
				      rl_unit.machine);
  rl_register_passes (info->base_name);
  register_callback (info->base_name, PLUGIN_FINISH, rl_finish, NULL);
  rl_unit.start_seconds = rl_now () - t0;
  return 0;
}
