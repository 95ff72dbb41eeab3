/* loop-copies.cc - copies GCC made of one source loop before the nest pass
 * (unroll-and-jam: the outer loop unrolled, its inner loops fused into a main
 * copy whose body repeats each statement, and a remainder copy of the original
 * nest for the last iterations; two versions that both survived).  Each copy
 * is an innermost loop of its own, so without this each would get its notes;
 * the copies are found by their source signature and reported once.  Loop
 * distribution also leaves several loops at one location, but each with other
 * statements: their signatures differ and each keeps its notes.
 */
#include "plugin/plugin-state.h"

#include <algorithm>

/* The source locations (without their block) of the statements of LEAF's
   body that store (STORES) or only load (else), sorted. */
static std::vector<location_t>
rl_body_locations (class loop *leaf, bool stores)
{
  std::vector<location_t> locs;
  basic_block *bbs = get_loop_body (leaf);
  for (unsigned i = 0; i < leaf->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!is_gimple_debug (stmt) && gimple_vuse (stmt)
	    && (gimple_vdef (stmt) != NULL_TREE) == stores
	    && gimple_location (stmt) != UNKNOWN_LOCATION)
	  locs.push_back (LOCATION_LOCUS (gimple_location (stmt)));
      }
  free (bbs);
  std::sort (locs.begin (), locs.end ());
  return locs;
}

/* The signature is the innermost loop's location and its stores: GCC's copies
   have the same stores (unroll-and-jam repeats them in the main copy), while
   its loads can differ (a load of the outer loop's body moved into the fused
   inner loop); the parts loop distribution makes store different data.  A
   body without stores is signed by its loads. */
void
rl_copy_signature (class loop *leaf, rl_pending &p)
{
  std::vector<location_t> locs = rl_body_locations (leaf, true);
  if (locs.empty ())
    locs = rl_body_locations (leaf, false);
  p.inner_loc = LOCATION_LOCUS (rl_loop_location (leaf));
  p.body_stmts = (int) locs.size ();
  locs.erase (std::unique (locs.begin (), locs.end ()), locs.end ());
  p.body_distinct = (int) locs.size ();
  p.body_key = 0;
  for (location_t l : locs)
    p.body_key = p.body_key * 1000003UL + (unsigned long) l;
}

/* Whether P can be a copy of a source loop that another pending nest copies. */
static bool
rl_copy_candidate (const rl_pending &p)
{
  return !p.removed && !p.block_move && !p.skip && !p.reported_by
	 && p.inner_loc != UNKNOWN_LOCATION && p.body_distinct > 0;
}

static bool
rl_same_source (const rl_pending &p, const rl_pending &q)
{
  return p.inner_loc == q.inner_loc && p.body_key == q.body_key
	 && p.body_distinct == q.body_distinct;
}

/* How many times P's body repeats each signed statement (rounded down). */
static int
rl_statement_repeats (const rl_pending &p)
{
  return p.body_distinct > 0 ? std::max (1, p.body_stmts / p.body_distinct) : 1;
}

/* Whether location A comes before B in the source (line, then column). */
static bool
rl_location_before (location_t a, location_t b)
{
  expanded_location x = expand_location (a), y = expand_location (b);
  return x.line < y.line || (x.line == y.line && x.column < y.column);
}

/* Report the copies GROUP (indices into NESTS) once. */
static void
rl_merge_group (std::vector<rl_pending> &nests, std::vector<rl_report *> &reports,
		const std::vector<size_t> &group)
{
  size_t rep = group.size ();
  for (size_t k = 0; k < group.size (); k++)
    if (reports[group[k]] && reports[group[k]]->analysed
	&& (rep == group.size ()
	    || rl_statement_repeats (nests[group[k]]) > rl_statement_repeats (nests[group[rep]])))
      rep = k;
  if (rep == group.size ())
    return;             /* no copy analysed: each keeps its reason */
  rl_pending &r = nests[group[rep]];
  location_t first = r.loc;
  for (size_t g : group)
    {
      if (g == group[rep])
	continue;
      expanded_location x = expand_location (nests[g].loc);
      rl_report_add_copy (reports[group[rep]], reports[g], x.line, x.column,
			  rl_statement_repeats (r));
      nests[g].reported_by = (int) group[rep] + 1;
      if (nests[g].loc != UNKNOWN_LOCATION && rl_location_before (nests[g].loc, first))
	first = nests[g].loc;
    }
  /* the note goes to the earliest copy's location: GCC keeps the loop's own
     location in one copy and a statement's of the body in another */
  r.loc = first;
  expanded_location x = expand_location (first);
  reports[group[rep]]->line = x.line;
  reports[group[rep]]->column = x.column;
}

void
rl_merge_loop_copies (std::vector<rl_pending> &nests, std::vector<rl_report *> &reports)
{
  for (size_t i = 0; i < nests.size (); i++)
    {
      if (!rl_copy_candidate (nests[i]))
	continue;
      std::vector<size_t> group (1, i);
      for (size_t j = i + 1; j < nests.size (); j++)
	if (rl_copy_candidate (nests[j]) && rl_same_source (nests[i], nests[j]))
	  group.push_back (j);
      if (group.size () > 1)
	rl_merge_group (nests, reports, group);
    }
}
