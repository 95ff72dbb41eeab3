/* emit.cc - what the user sees: notes (inform, and -fopt-info through
 * dump_printf_loc), the remarks document and the names of its files.
 * The sentences come from diag/; this file decides where and when they go.
 */
#include "plugin/plugin-state.h"
#include "machines/select.h"

/* Whether the -fopt-info stream of the running pass prints "optimized"
   remarks (-fopt-info, -fopt-info-loop, -fopt-info-loop-optimized, ...: GCC
   sets the pass's alt_state and alt_flags from them).  Not for
   -fsave-optimization-record or a -fdump-* file alone. */
static bool
rl_opt_info_prints_notes (void)
{
  if (!dump_enabled_p () || !current_pass)
    return false;
  dump_file_info *dfi = g->get_dumps ()->get_dump_file_info (current_pass->static_pass_number);
  return dfi && dfi->alt_state && (dfi->alt_flags & MSG_OPTIMIZED_LOCATIONS) != TDF_NONE;
}

/* One note at LOC: an optimisation remark for -fopt-info /
   -fsave-optimization-record, and a diagnostic note unless quiet or -fopt-info
   prints the remark already (each note is shown once). */
static void
rl_note (const rl_options *opts, location_t loc, const char *text)
{
  if (!opts->quiet && !rl_opt_info_prints_notes ())
    inform (loc, "%s", text);
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (loc), "%s\n", text);
}

void
rl_emit_report (rl_unit_state *u, const rl_pending &p, const rl_report *r, const char *nt_text)
{
  const rl_options *opts = &u->opts;
  location_t loc = p.loc;
  char text[1024];
  if (p.hidden)         /* outside only=: the remarks keep it */
    {
      (r->analysed ? u->analysed : u->not_analysed)++;
      if (u->remarks)
	rl_remarks_add_report (u->remarks, r);
      return;
    }
  if (r->analysed)
    {
      u->analysed++;
      if (u->choice.estimated && !u->estimate_noted)
	{
	  rl_diag_machine_estimate_note (u->machine, u->choice.why, u->choice.file_cores,
					 rl_machine_describes_host (u->machine), text,
					 sizeof text);
	  rl_note (opts, loc, text);
	  u->estimate_noted = true;
	}
      rl_diag_ecm_note (r, text, sizeof text);
      rl_note (opts, loc, text);
      /* the concise note: ECM line, performance line, first advice;
	 verbose lists all advice below */
      if (rl_diag_perf_note (r, text, sizeof text))
	rl_note (opts, loc, text);
      if (!opts->verbose && rl_diag_advice_note (r, 0, text, sizeof text))
	rl_note (opts, loc, text);
      for (int i = 0; opts->verbose && rl_diag_verbose_note (r, i, text, sizeof text); i++)
	rl_note (opts, loc, text);
      if (opts->verbose && nt_text && nt_text[0])
	rl_note (opts, loc, nt_text);
      if (opts->verbose && p.version_text[0])
	rl_note (opts, loc, p.version_text);
      if (opts->verbose && r->copies.count)
	{
	  rl_diag_copies_note (r, text, sizeof text);
	  rl_note (opts, loc, text);
	}
      /* the loop tree around the nest: sibling loops, loops left out */
      if (opts->verbose && p.sibling_text[0])
	rl_note (opts, loc, p.sibling_text);
      if (opts->verbose && p.repeat_text[0])
	rl_note (opts, loc, p.repeat_text);
      if (opts->verbose && p.outside_text[0])
	rl_note (opts, loc, p.outside_text);
      if (opts->verbose && p.block_text[0])
	rl_note (opts, loc, p.block_text);
      if (opts->verbose && p.omp_text[0])
	rl_note (opts, loc, p.omp_text);
    }
  else
    {
      u->not_analysed++;
      rl_diag_not_analysed_note (r->reason, text, sizeof text);
      if (opts->verbose)
	rl_note (opts, loc, text);
    }
  if (u->remarks)
    rl_remarks_add_report (u->remarks, r);
}

const char *
rl_source_function_name (location_t loc, tree fndecl)
{
  /* the innermost function GCC inlined the statement at LOC from */
  for (tree block = LOCATION_BLOCK (loc); block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    if (inlined_function_outer_scope_p (block))
      {
	tree origin = block_ultimate_origin (block);
	if (origin && TREE_CODE (origin) == FUNCTION_DECL)
	  return lang_hooks.decl_printable_name (origin, 1);
      }
  /* a clone (kernel.constprop.0) belongs to the function it was made of */
  if (fndecl && DECL_ORIGIN (fndecl) && TREE_CODE (DECL_ORIGIN (fndecl)) == FUNCTION_DECL)
    return lang_hooks.decl_printable_name (DECL_ORIGIN (fndecl), 1);
  return fndecl ? lang_hooks.decl_printable_name (fndecl, 1) : "";
}

void
rl_emit_not_analysed (rl_unit_state *u, const rl_pending &p, tree fndecl)
{
  u->not_analysed++;
  char text[512];
  rl_diag_not_analysed_note (p.reason, text, sizeof text);
  if (u->opts.verbose && !p.hidden)
    rl_note (&u->opts, p.loc, text);
  if (u->remarks)
    {
      expanded_location xl = expand_location (p.loc);
      rl_remarks_add_not_analysed_in (u->remarks, xl.file ? xl.file : "", xl.line, xl.column,
				      fndecl ? lang_hooks.decl_printable_name (fndecl, 1) : "",
				      rl_source_function_name (p.loc, fndecl), p.reason);
    }
}

void
rl_emit_removed_copy (rl_unit_state *u, const rl_pending &p)
{
  char text[256];
  rl_diag_removed_copy_note (p.nguards > 0, text, sizeof text);
  if (u->opts.verbose && !p.hidden)
    rl_note (&u->opts, p.loc, text);
}

/* The name GCC gives the translation unit's dump files, without a directory:
   the -dumpbase the driver passes (the source's base name, x.c; with
   -c -o obj/y.o the object's stem and the source's suffix, y.c), else the
   source's base name. */
static const char *
rl_remarks_base_name (void)
{
  const char *base = NULL;
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == OPT_dumpbase && save_decoded_options[i].arg)
      base = save_decoded_options[i].arg;
  if (!base || !*base)
    base = main_input_filename ? main_input_filename : "a";
  return lbasename (base);
}

/* Path of a remarks file into PATH: GIVEN (the file's own option) if set, else
   DIR/<dump base name>.SUFFIX when remarks-dir=DIR is set.  False: not asked. */
static bool
rl_remarks_file_name (const rl_options *opts, const char *given, const char *suffix,
		      char *path, size_t len)
{
  if (given)
    snprintf (path, len, "%s", given);
  else if (opts->remarks_dir)
    snprintf (path, len, "%s/%s.%s", opts->remarks_dir, rl_remarks_base_name (), suffix);
  else
    return false;
  return true;
}

typedef int (*rl_remarks_writer) (const rl_remarks *, const char *, char *, size_t);

/* The remarks document of U in its three views: JSON, and the LLVM YAML and
   SARIF views of the same document (diag/llvm-yaml.c, diag/sarif.c), each
   only when asked for.  Nothing is written at -O0 or when no nest was
   recorded; a unit whose nests were all not analysed is written (the
   reasons are what the user asked to see). */
static void
rl_write_remarks_files (const rl_unit_state *u)
{
  const struct
  {
    const char *given, *suffix;
    rl_remarks_writer write;
  } files[] = {
    { u->opts.remarks_path, "roofline.json", rl_remarks_write },
    { u->opts.yaml_path, "roofline.opt.yaml", rl_remarks_write_llvm_yaml },
    { u->opts.sarif_path, "roofline.sarif", rl_remarks_write_sarif },
  };
  char err[512], path[1024];
  if (!optimize || u->analysed + u->not_analysed == 0)
    return;
  if (u->opts.remarks_dir && mkdir (u->opts.remarks_dir, 0777) && errno != EEXIST)
    {
      error_at (UNKNOWN_LOCATION, "roofline: cannot create the remarks directory %qs: %m",
		u->opts.remarks_dir);
      return;
    }
  for (const auto &f : files)
    {
      if (!rl_remarks_file_name (&u->opts, f.given, f.suffix, path, sizeof path))
	continue;
      if (!f.write (u->remarks, path, err, sizeof err))
	error ("roofline: %s", err);
    }
}

void
rl_emit_unit_end (rl_unit_state *u)
{
  if (u->remarks)
    {
      rl_write_remarks_files (u);
      rl_remarks_free (u->remarks);
      u->remarks = NULL;
    }
  if (u->opts.verbose)
    fprintf (stderr, "roofline: %d nests analysed, %d not analysed, plugin time %.1f ms\n",
	     u->analysed, u->not_analysed, u->seconds * 1e3);
}
