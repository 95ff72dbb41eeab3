/* Interfaces between the files of plugin/ (C++; GCC types allowed here only). */
#ifndef RL_PLUGIN_INTERNAL_H
#define RL_PLUGIN_INTERNAL_H

#include "plugin/compat.h"
#include "polyhedral/nest.h"
#include "portmodel/portmodel.h"

/* Location of a GIMPLE loop (the for-condition). */
static inline location_t
rl_loop_location (class loop *loop)
{
  return find_loop_location (loop).get_location_t ();
}

/* gimple-nest.cc: build the model of the innermost loop LEAF with the loops
 * enclosing it (GIMPLE, before vect, loops and SCEV initialised).  Known parameter
 * values come from DEFINES (NAME=VALUE pairs, may be NULL).  Returns true and
 * fills OUT, or false with a "not analysed" reason in WHY (e.g. "call to foo in
 * loop body").  CTX says what surrounds the modelled loops, in both cases. */
struct rl_define { const char *name; long long value; };
struct rl_leaf_context
{
  /* where the note goes: the outermost loop of the chain that is LEAF's own
     (below any loop with several inner loops and any dropped loop) */
  class loop *note_loop;
  /* deepest enclosing loop with several inner loops, and how many it has;
     NULL for a perfect nest */
  class loop *branch;
  int nsiblings;
  /* deepest enclosing loop left out of the model (its trip count unknown or its
     bound not affine) with the reason, and how many loops were left out with it
     (it and those around it); NULL if none */
  class loop *dropped_loop;
  int ndropped;
  char dropped_reason[64];
  /* deepest enclosing loop whose own statements (outside its inner loop) were
     left out because one cannot be modelled (a timer call), with the reason;
     NULL if none */
  class loop *outside_loop;
  char outside_reason[96];
  /* the leaf's own statements are only memset/memcpy calls: each gets its own
     model (rl_gimple_build_block_move_nest), the leaf none */
  bool only_block_moves;
  /* an OpenMP worksharing loop with a static schedule, read over its original
     iteration space (gimple-omp.cc) */
  bool omp_static;
  /* rejected for its OpenMP schedule or collapse clause (the reason says which) */
  bool omp_rejected;
  location_t loc;       /* where the note goes */
};
bool rl_gimple_build_leaf_nest (function *fun, class loop *leaf,
				const rl_define *defines, int ndefines,
				rl_nest *out, rl_leaf_context *ctx, char *why, size_t whylen);

/* gimple-omp.cc: OpenMP worksharing loops as GCC outlines them (FN._omp_fn.N).
 * The kind of FUN: no worksharing loop, schedule(static) (bounds from
 * omp_get_thread_num / omp_get_num_threads), collapse(N) with a static
 * schedule over a rectangular or a non-rectangular nest, or another schedule (*SCHEDULE: "dynamic", "guided", "runtime",
 * "static, CHUNK", ...). */
enum rl_omp_kind { RL_OMP_NONE, RL_OMP_STATIC, RL_OMP_COLLAPSED, RL_OMP_COLLAPSED_NONRECT,
		   RL_OMP_OTHER_SCHEDULE };
rl_omp_kind rl_omp_function_kind (function *fun, const char **schedule);
/* Forget the kind computed last (the IL may have changed since): called at
   the start and end of each run of the nest pass. */
void rl_omp_function_kind_forget (void);
/* gimple-omp.cc: the collapse(N) structure of LOOP in FUN (an outlined
 * function of kind RL_OMP_COLLAPSED): GCC splits the thread's first merged
 * iteration START into the N loop indices with % and / (& and >> for powers of
 * two) by the trip counts of the inner loops; TOTAL is the merged trip count
 * (the schedule divides it among the threads).  COUNT[k] is the trip count of
 * loop k for k >= 1 (COUNT[0] is NULL_TREE: only TOTAL has it).  False if the
 * pattern is not found before LOOP. */
struct rl_omp_collapse { int n; tree start, total; tree count[8]; };
bool rl_omp_collapse_structure (function *fun, class loop *loop, rl_omp_collapse *out);
/* gimple-omp.cc: whether SSA is part of the static schedule's arithmetic; its
 * value for a single thread (thread 0 of 1) is then *VALUE, or 0 when *VALUE
 * is NULL_TREE. */
bool rl_omp_single_thread_value (tree ssa, tree *value);
/* gimple-omp.cc: the shared variable a load DEF reads from the outlined
 * function's data argument (*.omp_data_i.x -> "x"), or NULL. */
const char *rl_omp_shared_name (gimple *def);
/* gimple-omp.cc: whether LOOP is the compare-and-swap loop that merges a
 * thread's partial reduction into the shared variable. */
bool rl_omp_reduction_merge_loop (class loop *loop);
/* gimple-omp.cc: the name of the function a GOMP_parallel CALL runs. */
const char *rl_omp_outlined_name (gimple *call);

/* gimple-nest.cc: a memset, memcpy or memmove call CALL in a loop (or an
 * aggregate copy GCC folded one into), modelled as one more loop over the
 * elements it sets or copies, inside the loops enclosing it (the element type is
 * the destination's); as rl_gimple_build_leaf_nest. */
bool rl_gimple_build_block_move_nest (function *fun, gimple *call,
				      const rl_define *defines, int ndefines,
				      rl_nest *out, rl_leaf_context *ctx, char *why, size_t whylen);
/* gimple-nest.cc: "memset", "memcpy" or "memmove" when STMT sets or copies a
 * block of memory (such a call, or an aggregate copy of an array), else NULL. */
const char *rl_gimple_block_move_name (gimple *stmt);

/* gimple-nest.cc: whether PRED holds for a statement of LOOP's body. */
bool rl_gimple_loop_any_stmt (class loop *loop, bool (*pred) (gimple *));

/* gimple-nest.cc: whether a statement of LOOP reads or writes memory or calls. */
bool rl_gimple_loop_touches_memory (class loop *loop);

/* gimple-nest.cc: vectorisation factor of LOOP after vect: lanes of the vector
 * type of its statements, 1 when no statement has a vector type. */
int rl_gimple_vector_factor (class loop *loop);

/* rtl-body.cc: what the RTL passes record for the current function (one entry
 * per innermost loop: GIMPLE number, INSN_UIDs, unroll factor, extracted body).
 * Part of the per-function state (plugin-state.h); zero-initialised it is empty. */
struct rl_loop_record;
struct rl_rtl_records
{
  rl_loop_record *recs;
  int nrecs, cap;
  tree fndecl;          /* function the records belong to */
};

/* rtl-body.cc: called in an RTL pass inside loop2 (loops still carry their GIMPLE
 * numbers): replace REC by the INSN_UIDs of each innermost loop of FUN. */
void rl_rtl_record_loops (rl_rtl_records *rec, function *fun);

/* rtl-body.cc: called after sched2: rebuild the loops, match each innermost RTL
 * loop to a recorded GIMPLE loop by INSN_UIDs and extract its instructions.
 * Afterwards rl_rtl_body(REC, num) returns the body for GIMPLE loop NUM or NULL. */
void rl_rtl_extract_bodies (rl_rtl_records *rec, function *fun);
const rl_body *rl_rtl_body (const rl_rtl_records *rec, int gimple_loop_num);
/* The function the extracted body of GIMPLE loop NUM calls outside its cold
 * paths (a libm function GCC did not inline), or NULL. */
const char *rl_rtl_body_call (const rl_rtl_records *rec, int gimple_loop_num);

/* The destination of every edge leaving LOOP, pushed onto OUT (rtl-body.cc). */
void rl_loop_exit_dests (class loop *loop, vec<basic_block> *out);
/* Forget everything recorded in REC (it is empty afterwards). */
void rl_rtl_records_clear (rl_rtl_records *rec);

#endif
