/* emit.cc - what the user sees: notes (inform, and -fopt-info through
 * dump_printf_loc), the remarks document and the names of its files.
 * The sentences come from diag/; this file decides where and when they go.
 */
#include "plugin/plugin-state.h"

/* One note at LOC: a diagnostic note unless quiet, and an optimisation remark
   for -fopt-info / -fsave-optimization-record. */
static void
rl_note (const rl_options *opts, location_t loc, const char *text)
{
  if (!opts->quiet)
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
      rl_remarks_add_not_analysed (u->remarks, xl.file ? xl.file : "", xl.line, xl.column,
				   fndecl ? lang_hooks.decl_printable_name (fndecl, 1) : "",
				   p.reason);
    }
}

/* Name of a remarks file: GIVEN (the option's value) if set, else
   <dumpbase>.SUFFIX next to the object (GCC 11+: -o dir/x.o gives dir/x.c.SUFFIX). */
static void
rl_remarks_file_name (const char *given, const char *suffix, char *path, size_t len)
{
  if (given)
    snprintf (path, len, "%s", given);
  else
    snprintf (path, len, "%s.%s", dump_base_name ? dump_base_name : "a", suffix);
}

typedef int (*rl_remarks_writer) (const rl_remarks *, const char *, char *, size_t);

/* The remarks document of U in its three views: JSON, and the LLVM YAML and
   SARIF views of the same document (diag/llvm-yaml.c, diag/sarif.c). */
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
  for (const auto &f : files)
    {
      rl_remarks_file_name (f.given, f.suffix, path, sizeof path);
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
