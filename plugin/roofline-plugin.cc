/* roofline.so - plugin entry: options, machine choice, passes, notes, remarks.
 *
 * Passes (see docs/internals.md):
 *   roofline_nest  GIMPLE, before "vect":   rl_nest of every outermost loop
 *   roofline_vf    GIMPLE, after "vect":    vector factor of each innermost loop
 *   roofline_rtl   RTL, after "loop2_doloop": INSN_UIDs of the innermost loops
 *   roofline_emit  RTL, after "sched2":     generated instructions, model, notes
 * Nothing here changes the IL: the passes only read.
 */
#include "plugin/plugin-internal.h"

#include <time.h>
#include <vector>

#include "diag/diag.h"
#include "machines/machine.h"
#include "machines/select.h"
#include "model/report.h"

static const char *const rl_help_text =
  "roofline: static ECM and roofline predictions per loop nest\n"
  "  -fplugin-arg-roofline-machine=NAME|PATH  machine model (bundled name or YAML file)\n"
  "  -fplugin-arg-roofline-define=NAME=VALUE  value of a size parameter (repeatable)\n"
  "  -fplugin-arg-roofline-cores=N            active cores (default 1)\n"
  "  -fplugin-arg-roofline-clock=GHZ          core clock (default: the machine's)\n"
  "  -fplugin-arg-roofline-remarks=PATH       JSON remarks file (default <dumpbase>.roofline.json)\n"
  "  -fplugin-arg-roofline-yaml-remarks=PATH  LLVM YAML remarks for opt-viewer\n"
  "                                           (default <dumpbase>.roofline.opt.yaml)\n"
  "  -fplugin-arg-roofline-sarif=PATH         SARIF 2.1.0 log (default <dumpbase>.roofline.sarif)\n"
  "  -fplugin-arg-roofline-verbose            details and \"not analysed\" reasons\n"
  "  -fplugin-arg-roofline-quiet              no notes (remarks file only)\n"
  "  -fplugin-arg-roofline-help               this text\n";

static const char *const rl_valid_keys =
  "machine, define, cores, clock, remarks, yaml-remarks, sarif, verbose, quiet, help";

/* Options and per-translation-unit state. */
static struct {
  std::vector<rl_define> defines;
  int cores = 1;
  double clock_ghz = 0;         /* clock=GHZ, 0: the machine's */
  bool verbose = false, quiet = false;
  const char *remarks_path = NULL;
  const char *yaml_path = NULL, *sarif_path = NULL;
  rl_machine *machine = NULL;
  rl_ports *ports = NULL;       /* port table of the machine, NULL: class rows */
  rl_remarks *remarks = NULL;
  double seconds = 0;
  int analysed = 0, not_analysed = 0;
} rl;

/* A nest modelled before vect, waiting for its generated code. */
struct rl_pending
{
  rl_nest *nest;        /* NULL when not analysed */
  location_t loc;
  char reason[256];
  int innermost_num;    /* GIMPLE loop number of the innermost loop */
  int vector_factor;
  int source_lanes;     /* lanes of vector code written in the source (intrinsics), 1 if none */
};
static std::vector<rl_pending> rl_pending_nests;
static tree rl_pending_fndecl;

/* ------------------------------------------------------------------ timing */

static double
rl_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ emit */

static void
rl_note (location_t loc, const char *text)
{
  if (!rl.quiet)
    inform (loc, "%s", text);
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (loc), "%s\n", text);
}

static void
rl_emit_report (const rl_pending &p, const rl_body *body, const char *nt_text)
{
  rl_report *r = XNEW (rl_report);
  /* the layer conditions are analysed once per nest, also for cores=N */
  rl_report_build_cores (p.nest, body, rl.machine, rl.ports, rl.cores, r);
  char text[1024];
  if (r->analysed)
    {
      rl.analysed++;
      rl_diag_ecm_note (r, text, sizeof text);
      rl_note (p.loc, text);
      /* concise lines 2 and 3; verbose lists all advice below */
      if (rl_diag_perf_note (r, text, sizeof text))
	rl_note (p.loc, text);
      if (!rl.verbose && rl_diag_advice_note (r, 0, text, sizeof text))
	rl_note (p.loc, text);
      for (int i = 0; rl.verbose && rl_diag_verbose_note (r, i, text, sizeof text); i++)
	rl_note (p.loc, text);
      if (rl.verbose && nt_text && nt_text[0])
	rl_note (p.loc, nt_text);
    }
  else
    {
      rl.not_analysed++;
      rl_diag_not_analysed_note (r->reason, text, sizeof text);
      if (rl.verbose)
	rl_note (p.loc, text);
    }
  if (rl.remarks)
    rl_remarks_add_report (rl.remarks, r);
  XDELETE (r);
}

static void
rl_emit_not_analysed (const rl_pending &p)
{
  rl.not_analysed++;
  char text[512];
  rl_diag_not_analysed_note (p.reason, text, sizeof text);
  if (rl.verbose)
    rl_note (p.loc, text);
  if (rl.remarks)
    {
      expanded_location xl = expand_location (p.loc);
      rl_remarks_add_not_analysed (rl.remarks, xl.file ? xl.file : "", xl.line, xl.column,
				   rl_pending_fndecl
				   ? lang_hooks.decl_printable_name (rl_pending_fndecl, 1) : "",
				   p.reason);
    }
}

/* Model and report every pending nest of the current function (bodies may be
   missing: then the in-core terms come from the source). */
static void
rl_flush_pending (void)
{
  for (rl_pending &p : rl_pending_nests)
    {
      if (!p.nest)
	{
	  rl_emit_not_analysed (p);
	  continue;
	}
      const rl_body *found = rl_rtl_body (p.innermost_num);
      rl_body *body = NULL;
      if (found && found->ninsns > 0)
	{
	  body = XNEW (rl_body);
	  *body = *found;
	  body->vector_factor = p.vector_factor > 0 ? p.vector_factor : 1;
	  body->iters_per_pass = body->vector_factor * (body->unroll > 0 ? body->unroll : 1);
	}
      p.nest->vector_factor = p.vector_factor;
      /* non-temporal stores in the generated code (rtl-body.cc, UNSPEC_MOVNT):
	 the traffic model's flag is per nest, so it is set only when every
	 store of the body is non-temporal */
      char nt_text[256] = "";
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
	{
	  p.nest->nontemporal_stores = 1;
	  snprintf (nt_text, sizeof nt_text, "roofline: non-temporal stores (%s): no "
		    "write-allocate, the stored lines go straight to memory", ntname);
	}
      else if (nnt > 0)
	snprintf (nt_text, sizeof nt_text, "roofline: %d of %d stores non-temporal (%s): "
		  "modelled with write-allocate (the model takes non-temporal stores only "
		  "when all stores of the loop are)", nnt, nstores, ntname);
      rl_emit_report (p, body, nt_text);
      XDELETE (body);
      rl_nest_free (p.nest);
    }
  rl_pending_nests.clear ();
  rl_pending_fndecl = NULL_TREE;
  rl_rtl_reset ();
}

/* ------------------------------------------------------------------ passes */

static unsigned int
rl_execute_nest (function *fun)
{
  double t0 = rl_now ();
  if (rl_pending_fndecl && rl_pending_fndecl != fun->decl)
    rl_flush_pending ();
  rl_pending_fndecl = fun->decl;
  RL_FOR_EACH_LOOP (fun, loop)
    {
      if (loop_outer (loop) != fun->x_current_loops->tree_root)
	continue;
      rl_pending p = {};
      p.loc = rl_loop_location (loop);
      p.nest = rl_nest_alloc ();
      if (!p.nest
	  || !rl_gimple_build_nest (fun, loop, rl.defines.data (), (int) rl.defines.size (),
				    p.nest, p.reason, sizeof p.reason))
	{
	  rl_nest_free (p.nest);
	  p.nest = NULL;
	}
      else
	{
	  p.innermost_num = p.nest->loops[p.nest->nloops - 1].gcc_loop_num;
	  /* vector types before vect come from the source: not vectorised by GCC */
	  class loop *in = get_loop (fun, p.innermost_num);
	  p.source_lanes = in ? rl_gimple_vector_factor (in) : 1;
	}
      rl_pending_nests.push_back (p);
    }
  rl.seconds += rl_now () - t0;
  return 0;
}

static unsigned int
rl_execute_vf (function *fun)
{
  double t0 = rl_now ();
  for (rl_pending &p : rl_pending_nests)
    if (p.nest && p.innermost_num < (int) number_of_loops (fun))
      {
	class loop *l = get_loop (fun, p.innermost_num);
	p.vector_factor = l ? rl_gimple_vector_factor (l) : 0;
	if (p.vector_factor > 0 && p.source_lanes > 1)
	  p.vector_factor = p.vector_factor > p.source_lanes
	    ? p.vector_factor / p.source_lanes : 1;
      }
  rl.seconds += rl_now () - t0;
  return 0;
}

static unsigned int
rl_execute_rtl_loops (function *fun)
{
  double t0 = rl_now ();
  if (!rl_pending_nests.empty ())
    rl_rtl_record_loops (fun);
  rl.seconds += rl_now () - t0;
  return 0;
}

static unsigned int
rl_execute_emit (function *fun)
{
  double t0 = rl_now ();
  if (!rl_pending_nests.empty ())
    {
      rl_rtl_extract_bodies (fun);
      rl_flush_pending ();
    }
  rl.seconds += rl_now () - t0;
  return 0;
}

/* One pass class for all four: the work differs only by the execute hook. */
class rl_pass : public opt_pass
{
public:
  rl_pass (const pass_data &data, unsigned int (*exec) (function *))
    : opt_pass (data, g), m_exec (exec) {}
  opt_pass *clone () final override { return new rl_pass (*this); }
  bool gate (function *) final override { return true; }
  unsigned int execute (function *fun) final override { return m_exec (fun); }
private:
  unsigned int (*m_exec) (function *);
};

static const pass_data rl_gimple_pass_data = {
  GIMPLE_PASS, "roofline", OPTGROUP_LOOP, TV_PLUGIN_RUN, PROP_cfg | PROP_ssa, 0, 0, 0, 0
};
static const pass_data rl_rtl_pass_data = {
  RTL_PASS, "roofline_rtl", OPTGROUP_LOOP, TV_PLUGIN_RUN, PROP_cfg, 0, 0, 0, 0
};

static void
rl_register_pass (const pass_data &data, unsigned int (*exec) (function *),
		  const char *ref, enum pass_positioning_ops pos, const char *plugin)
{
  struct register_pass_info info;
  info.pass = new rl_pass (data, exec);
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

/* ------------------------------------------------------------------ finish */

static void
rl_finish (void *, void *)
{
  if (!rl.machine)
    return;
  if (!rl_pending_nests.empty ())
    rl_flush_pending ();
  if (rl.remarks)
    {
      char err[512], path[1024];
      if (rl.remarks_path)
	snprintf (path, sizeof path, "%s", rl.remarks_path);
      else
	snprintf (path, sizeof path, "%s.roofline.json", dump_base_name ? dump_base_name : "a");
      if (!rl_remarks_write (rl.remarks, path, err, sizeof err))
	error ("roofline: %s", err);
      /* The YAML and SARIF views of the same document (diag/llvm-yaml.c, diag/sarif.c). */
      if (rl.yaml_path)
	snprintf (path, sizeof path, "%s", rl.yaml_path);
      else
	snprintf (path, sizeof path, "%s.roofline.opt.yaml", dump_base_name ? dump_base_name : "a");
      if (!rl_remarks_write_llvm_yaml (rl.remarks, path, err, sizeof err))
	error ("roofline: %s", err);
      if (rl.sarif_path)
	snprintf (path, sizeof path, "%s", rl.sarif_path);
      else
	snprintf (path, sizeof path, "%s.roofline.sarif", dump_base_name ? dump_base_name : "a");
      if (!rl_remarks_write_sarif (rl.remarks, path, err, sizeof err))
	error ("roofline: %s", err);
      rl_remarks_free (rl.remarks);
      rl.remarks = NULL;
    }
  if (rl.verbose)
    fprintf (stderr, "roofline: %d nests analysed, %d not analysed, plugin time %.1f ms\n",
	     rl.analysed, rl.not_analysed, rl.seconds * 1e3);
  rl_machine_free (rl.machine);
  rl.machine = NULL;
  rl_ports_free (rl.ports);
  rl.ports = NULL;
}

/* ------------------------------------------------------------------ options */

/* Report a user error about a plugin option; the compilation fails. */
static bool
rl_option_error (const char *key, const char *what)
{
  error ("roofline: %s for %<-fplugin-arg-roofline-%s%>; valid keys: %s", what, key,
	 rl_valid_keys);
  return false;
}

static bool
rl_parse_long (const char *s, long long *out)
{
  if (!s || !*s)
    return false;
  char *end;
  errno = 0;
  long long v = strtoll (s, &end, 10);
  if (*end || errno)
    return false;
  *out = v;
  return true;
}

static const char *rl_machine_arg;

/* The VALUE of the N-th -fplugin-arg-PLUGIN-define=VALUE, as written.  GCC's own
   parser mangles a value that contains '=' (define=n=3000 reaches the plugin as
   "n=300"), so the text is taken from the saved command line. */
static const char *
rl_raw_define_value (const char *plugin, int n)
{
  size_t len = strlen (plugin);
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const char *arg = save_decoded_options[i].arg;
      if (save_decoded_options[i].opt_index != OPT_fplugin_arg_ || !arg
	  || strncmp (arg, plugin, len) || strncmp (arg + len, "-define=", 8))
	continue;
      if (n-- == 0)
	return arg + len + 8;
    }
  return NULL;
}

static bool
rl_parse_options (struct plugin_name_args *info)
{
  int ndefines = 0;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key, *val = info->argv[i].value;
      long long v;
      if (!strcmp (key, "help"))
	fputs (rl_help_text, stderr);
      else if (!strcmp (key, "verbose") || !strcmp (key, "quiet"))
	{
	  if (val)
	    return rl_option_error (key, "unexpected value");
	  (key[0] == 'v' ? rl.verbose : rl.quiet) = true;
	}
      else if (!strcmp (key, "machine") || !strcmp (key, "remarks")
	       || !strcmp (key, "yaml-remarks") || !strcmp (key, "sarif"))
	{
	  if (!val || !*val)
	    return rl_option_error (key, "missing value");
	  (key[0] == 'm' ? rl_machine_arg
	   : key[0] == 'r' ? rl.remarks_path
	   : key[0] == 'y' ? rl.yaml_path : rl.sarif_path) = val;
	}
      else if (!strcmp (key, "cores"))
	{
	  if (!rl_parse_long (val, &v) || v < 1 || v > 4096)
	    return rl_option_error (key, "expected a core count 1..4096");
	  rl.cores = (int) v;
	}
      else if (!strcmp (key, "clock"))
	{
	  char *end = NULL;
	  double g = val ? strtod (val, &end) : 0;
	  if (!val || !*val || *end || !(g > 0.0 && g <= 100.0))
	    return rl_option_error (key, "expected a clock in GHz (0 < GHZ <= 100)");
	  rl.clock_ghz = g;
	}
      else if (!strcmp (key, "define"))
	{
	  val = rl_raw_define_value (info->base_name, ndefines++);
	  const char *eq = val ? strchr (val, '=') : NULL;
	  if (!eq || eq == val || !rl_parse_long (eq + 1, &v) || v < 0)
	    return rl_option_error (key, "expected NAME=VALUE with a non-negative integer VALUE");
	  rl.defines.push_back ({ xstrndup (val, eq - val), v });
	}
      else
	{
	  error ("roofline: unknown option %<-fplugin-arg-roofline-%s%>; valid keys: %s",
		 key, rl_valid_keys);
	  return false;
	}
    }
  return true;
}

/* The last -march= / -mtune= of the command line, or NULL. */
static const char *
rl_option_value (size_t opt_index)
{
  const char *v = NULL;
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == opt_index)
      v = save_decoded_options[i].arg;
  return v;
}

/* Directory of the bundled machine files: beside roofline.so, either machines/
   (build tree) or roofline-machines/ (installed). */
static void
rl_machine_dir (const char *plugin_path, char *dir, size_t len)
{
  const char *slash = strrchr (plugin_path, '/');
  int n = slash ? (int) (slash - plugin_path) : 1;
  const char *base = slash ? plugin_path : ".";
  for (const char *sub : { "/roofline-machines", "/machines" })
    {
      snprintf (dir, len, "%.*s%s", n, base, sub);
      if (access (dir, R_OK) == 0)
	return;
    }
}

static bool
rl_load_machine (const char *plugin_path)
{
  char why[128] = "";
  const char *name = rl_machine_arg;
  if (!name)
    name = rl_machine_default_name (rl_option_value (OPT_march_), rl_option_value (OPT_mtune_),
				    why, sizeof why);
  char dir[1024], path[1024], err[1024];
  rl_machine_dir (plugin_path, dir, sizeof dir);
  if (!rl_machine_resolve (dir, name, path, sizeof path))
    {
      error ("roofline: machine %qs not found (looked for %s); bundled machines are in %s",
	     name, path, dir);
      return false;
    }
  rl.machine = rl_machine_load (path, err, sizeof err);
  if (!rl.machine)
    {
      /* ERR starts with FILE:LINE:COL: like a compiler diagnostic. */
      rl_user_error_at_file (err);
      return false;
    }
  if (rl.clock_ghz > 0 && !rl_perf_set_clock (rl.machine, rl.clock_ghz, err, sizeof err))
    {
      error ("roofline: %s", err);
      return false;
    }
  if (rl.verbose)
    fprintf (stderr, "roofline: machine %s (%s)%s%s\n", rl.machine->name, path,
	     why[0] ? ", chosen by " : "", why);
  /* the port table named by the machine (bundled tables: DIR/ports/NAME.yml) */
  const char *tname = rl_ports_name_for (rl.machine);
  if (tname)
    {
      if (!rl_ports_resolve (dir, tname, path, sizeof path))
	{
	  error ("roofline: port table %qs of machine %qs not found in %s/ports",
		 tname, rl.machine->name, dir);
	  return false;
	}
      rl.ports = rl_ports_load (path, err, sizeof err);
      if (!rl.ports)
	{
	  rl_user_error_at_file (err);
	  return false;
	}
      if (rl.verbose)
	fprintf (stderr, "roofline: port table %s (%s)\n", rl.ports->name, path);
    }
  return true;
}

/* Entry point, called by plugin/loader.cc (roofline.so) once it has checked
   that this is the GCC the plugin was built for. */
extern "C" int
roofline_core_init (struct plugin_name_args *info, struct plugin_gcc_version *)
{
  static struct plugin_info plugin_info = { RL_VERSION, rl_help_text };
  register_callback (info->base_name, PLUGIN_INFO, NULL, &plugin_info);
  if (!rl_parse_options (info) || !rl_load_machine (info->full_name))
    return 0;  /* the error is counted: the compilation fails */
  rl.remarks = rl_remarks_alloc (main_input_filename ? main_input_filename : "", rl.machine);

  rl_register_pass (rl_gimple_pass_data, rl_execute_nest, "vect", PASS_POS_INSERT_BEFORE,
		    info->base_name);
  pass_data vf = rl_gimple_pass_data;
  vf.name = "roofline_vf";
  static pass_data vf_data = vf;
  rl_register_pass (vf_data, rl_execute_vf, "vect", PASS_POS_INSERT_AFTER, info->base_name);
  rl_register_pass (rl_rtl_pass_data, rl_execute_rtl_loops, "loop2_doloop",
		    PASS_POS_INSERT_AFTER, info->base_name);
  static pass_data emit_data = rl_rtl_pass_data;
  emit_data.name = "roofline_emit";
  rl_register_pass (emit_data, rl_execute_emit, "sched2", PASS_POS_INSERT_AFTER,
		    info->base_name);
  register_callback (info->base_name, PLUGIN_FINISH, rl_finish, NULL);
  return 0;
}
