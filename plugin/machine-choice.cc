/* machine-choice.cc - which machine file the compilation uses, and loading it.
 *
 * The machine is the one named by machine=NAME|PATH, else the bundled machine
 * for the command line's -march / -mtune, else for the host CPU (cpuid), else
 * the built-in default (machines/select.c decides).  Bundled files live beside
 * roofline.so.  The port table the machine names is loaded with it.  Every
 * problem is a user error: the compilation fails.
 */
#include "plugin/plugin-state.h"

#include "machines/select.h"

#include <sched.h>

/* A user error located in another file (a machine file): MSG is
 * "FILE:LINE:COL: what was expected".  Printed as a compiler diagnostic
 * "FILE:LINE:COL: error: roofline: ..." and counted as an error, so the
 * compilation fails as it does for a bad command-line option. */
static void
rl_user_error_at_file (const char *msg)
{
  const char *p = msg;
  for (int colons = 0; *p && colons < 3; p++)
    if (*p == ':')
      colons++;
  if (!*p)
    {
      error ("roofline: %s", msg);
      return;
    }
  fprintf (stderr, "%.*s error: roofline:%s\n", (int) (p - msg), msg, p);
  diagnostic_kind_count (global_dc, DK_ERROR)++;
}

/* The last -march= / -mtune= of the command line, or NULL. */
static const char *
rl_last_option_arg (size_t opt_index)
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

/* The port table MACHINE names, if any, into *PORTS (bundled tables:
   DIR/ports/NAME.yml). */
static bool
rl_load_port_table (const char *dir, const rl_machine *machine, bool verbose,
		    rl_ports **ports)
{
  const char *tname = rl_ports_name_for (machine);
  if (!tname)
    return true;
  char path[1024], err[1024];
  if (!rl_ports_resolve (dir, tname, path, sizeof path))
    {
      error ("roofline: port table %qs of machine %qs not found in %s/ports",
	     tname, machine->name, dir);
      return false;
    }
  *ports = rl_ports_load (path, err, sizeof err);
  if (!*ports)
    {
      rl_user_error_at_file (err);
      return false;
    }
  if (verbose)
    fprintf (stderr, "roofline: port table %s (%s)\n", (*ports)->name, path);
  return true;
}

void
rl_machine_print_bundled (const char *plugin_path)
{
  char dir[1024], names[1024];
  rl_machine_dir (plugin_path, dir, sizeof dir);
  rl_machine_bundled_names (dir, names, sizeof names);
  fprintf (stderr, "  bundled machines (machine=NAME, in %s):\n    %s\n", dir,
	   names[0] ? names : "none");
}

/* Whether the driver expanded -march=native: it then passes the host's cache
   geometry as --param l1-cache-size=... (host_detect_local_cpu), which a user
   does not type. */
static bool
rl_march_native (void)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == OPT__param_l1_cache_size_)
      return true;
  return false;
}

/* The CPUs this compilation may run on (its affinity mask). */
static int
rl_usable_cpus (void)
{
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0)
    return CPU_COUNT (&set);
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int) n : 1;
}

/* Load the machine file PATH into *MACHINE; a broken file is a user error. */
static bool
rl_load_machine_file (const char *path, rl_machine **machine)
{
  char err[1024];
  *machine = rl_machine_load (path, err, sizeof err);
  if (!*machine)
    rl_user_error_at_file (err);   /* ERR starts with FILE:LINE:COL: */
  return *machine != NULL;
}

/* The bundled machine NAME from DIR into *MACHINE. */
static bool
rl_load_bundled (const char *dir, const char *name, rl_machine **machine)
{
  char path[1024];
  if (!rl_machine_resolve (dir, name, path, sizeof path))
    {
      char names[1024];
      rl_machine_bundled_names (dir, names, sizeof names);
      error ("roofline: machine %qs not found (looked for %s); bundled machines (in %s): %s",
	     name, path, dir, names[0] ? names : "none");
      return false;
    }
  return rl_load_machine_file (path, machine);
}

/* Without machine=: the installed measured file when the compilation targets
   the CPU it runs on and the file describes that CPU; else the bundled file of
   -march / -mtune / the host CPU, an estimate.  Core counts are capped to
   cores= or the usable CPUs. */
static bool
rl_load_default (const char *dir, const rl_options *opts, rl_machine **machine,
		 rl_machine_choice *choice)
{
  const char *march = rl_last_option_arg (OPT_march_);
  bool native = rl_march_native ();
  char path[1024], other[560] = "";
  *machine = NULL;
  if (rl_machine_arch_is_host (march, native) && rl_machine_installed_path (path, sizeof path))
    {
      if (!rl_load_machine_file (path, machine))
	return false;
      if (rl_machine_describes_host (*machine))
	snprintf (choice->why, sizeof choice->why, "the installed file %.600s", path);
      else
	{
	  snprintf (other, sizeof other, "; the installed file %.500s describes another CPU", path);
	  rl_machine_free (*machine);
	  *machine = NULL;
	}
    }
  if (!*machine)
    {
      char why[128];
      const char *name = rl_machine_default_name (march, rl_last_option_arg (OPT_mtune_),
						  native, why, sizeof why);
      if (!rl_load_bundled (dir, name, machine))
	return false;
      snprintf (choice->why, sizeof choice->why, "%s%s", why, other);
      choice->estimated = true;
    }
  int cap = opts->cores_given ? opts->cores : rl_usable_cpus ();
  if (cap < (*machine)->cores)
    {
      choice->file_cores = (*machine)->cores;
      (*machine)->cores = cap;
    }
  return true;
}

bool
rl_machine_choose_and_load (const char *plugin_path, const rl_options *opts,
			    rl_machine **machine, rl_ports **ports, rl_machine_choice *choice)
{
  char dir[1024], err[1024];
  rl_machine_dir (plugin_path, dir, sizeof dir);
  if (opts->machine_arg)
    {
      snprintf (choice->why, sizeof choice->why, "machine=%s", opts->machine_arg);
      if (!rl_load_bundled (dir, opts->machine_arg, machine))
	return false;
    }
  else if (!rl_load_default (dir, opts, machine, choice))
    return false;
  if (opts->clock_ghz > 0 && !rl_perf_set_clock (*machine, opts->clock_ghz, err, sizeof err))
    {
      error ("roofline: %s", err);
      return false;
    }
  if (opts->verbose)
    fprintf (stderr, "roofline: machine %s (%s), chosen by %s\n", (*machine)->name,
	     (*machine)->path, choice->why);
  return rl_load_port_table (dir, *machine, opts->verbose, ports);
}
