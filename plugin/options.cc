/* options.cc - the -fplugin-arg-roofline-KEY[=VALUE] options: help text,
 * parsing, errors.  A bad option is a user error: the compilation fails with a
 * message that lists the valid keys.
 */
#include "plugin/plugin-state.h"

const char *const rl_options_help =
  "roofline: static ECM and roofline predictions per loop nest\n"
  "  -fplugin-arg-roofline-machine=NAME|PATH  machine model (bundled name or YAML file)\n"
  "  -fplugin-arg-roofline-define=NAME=VALUE  value of a size parameter (repeatable)\n"
  "  -fplugin-arg-roofline-cores=N            active cores (default 1; OpenMP loops:\n"
  "                                           the machine's cores)\n"
  "  -fplugin-arg-roofline-clock=GHZ          core clock (default: the machine's)\n"
  "  -fplugin-arg-roofline-remarks=PATH       JSON remarks file\n"
  "  -fplugin-arg-roofline-yaml-remarks=PATH  LLVM YAML remarks for opt-viewer\n"
  "  -fplugin-arg-roofline-sarif=PATH         SARIF 2.1.0 log\n"
  "  -fplugin-arg-roofline-remarks-dir=DIR    all three into DIR (DIR/x.c.roofline.json, ...);\n"
  "                                           no remarks file unless asked\n"
  "  -fplugin-arg-roofline-verbose[=yes|no]   details and \"not analysed\" reasons\n"
  "  -fplugin-arg-roofline-quiet[=yes|no]     no notes (remarks files only)\n"
  "  -fplugin-arg-roofline-timing[=yes|no]    the plugin's own CPU time on stderr\n"
  "                                           (yes|no: also 1|0, true|false)\n"
  "  -fplugin-arg-roofline-only=FUNC|FILE:LINE notes only for the nests of function\n"
  "                                           FUNC or at FILE:LINE (repeatable or a\n"
  "                                           comma list; the remarks keep all)\n"
  "  -fplugin-arg-roofline-help               this text\n";

static const char *const rl_valid_keys =
  "machine, define, cores, clock, remarks, yaml-remarks, sarif, verbose, quiet, timing, only, "
  "help, remarks-dir";

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

/* A boolean key's value into *ON: none (the key alone) or 1, yes, true for
   true, 0, no, false for false.  False for any other value. */
static bool
rl_parse_bool (const char *s, bool *on)
{
  static const char *const yes[] = { "1", "yes", "true" }, *const no[] = { "0", "no", "false" };
  if (!s)
    {
      *on = true;
      return true;
    }
  for (int i = 0; i < 3; i++)
    if (!strcmp (s, yes[i]) || !strcmp (s, no[i]))
      {
	*on = !strcmp (s, yes[i]);
	return true;
      }
  return false;
}

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

/* Whether ITEM (one element of only=) is FILE:LINE: a colon followed by a
   positive number ending the item. */
static bool
rl_only_line (const char *item, const char **colon, long long *line)
{
  *colon = strrchr (item, ':');
  return *colon && *colon != item && rl_parse_long (*colon + 1, line) && *line > 0;
}

/* only=FUNC|FILE:LINE[,...] into OPTS->only. */
static bool
rl_parse_only (const char *key, const char *val, rl_options *opts)
{
  if (!val || !*val)
    return rl_option_error (key, "expected FUNC or FILE:LINE (or a comma list)");
  char *copy = xstrdup (val);
  for (char *save = NULL, *item = strtok_r (copy, ",", &save); item;
       item = strtok_r (NULL, ",", &save))
    {
      const char *colon;
      long long line;
      bool ident = ISALPHA (item[0]) || item[0] == '_';
      for (const char *q = item; ident && *q; q++)
	ident = ISALNUM (*q) || *q == '_';
      if (!ident && !rl_only_line (item, &colon, &line))
	{
	  free (copy);
	  return rl_option_error (key, "expected FUNC (an identifier) or FILE:LINE "
				  "(a positive line number), comma-separated");
	}
      opts->only.push_back (xstrdup (item));
    }
  bool empty = opts->only.empty ();
  free (copy);
  if (empty)
    return rl_option_error (key, "expected FUNC or FILE:LINE (or a comma list)");
  return true;
}

/* Whether FILE (as GCC names the source) is the file NAME of an only= item:
   the same path, or NAME is its last components. */
static bool
rl_same_file (const char *file, const char *name, size_t len)
{
  size_t flen = strlen (file);
  if (flen < len || strncmp (file + flen - len, name, len))
    return false;
  return flen == len || file[flen - len - 1] == '/';
}

bool
rl_options_focus (const rl_options *opts, const char *fname, const char *file, int line)
{
  if (opts->only.empty ())
    return true;
  for (const char *item : opts->only)
    {
      const char *colon;
      long long l;
      if (rl_only_line (item, &colon, &l))
	{
	  if (file && l == line && rl_same_file (file, item, colon - item))
	    return true;
	  continue;
	}
      /* FUNC, or FUNC._omp_fn.N that GCC outlined from it */
      size_t len = strlen (item);
      if (fname && !strncmp (fname, item, len)
	  && (!fname[len] || !strncmp (fname + len, "._omp_fn.", 9)))
	return true;
    }
  return false;
}

/* The option KEY (VAL: its value, NULL if none) into OPTS.  NDEFINES counts the
   define= options seen so far. */
static bool
rl_parse_option (struct plugin_name_args *info, const char *key, const char *val,
		 int *ndefines, rl_options *opts)
{
  long long v;
  if (!strcmp (key, "help"))
    {
      fputs (rl_options_help, stderr);
      rl_machine_print_bundled (info->full_name);
    }
  else if (!strcmp (key, "verbose") || !strcmp (key, "quiet") || !strcmp (key, "timing"))
    {
      if (!rl_parse_bool (val, &(key[0] == 'v' ? opts->verbose
				 : key[0] == 'q' ? opts->quiet : opts->timing)))
	return rl_option_error (key, "expected no value or one of 1, yes, true, 0, no, false");
    }
  else if (!strcmp (key, "machine") || !strcmp (key, "remarks")
	   || !strcmp (key, "yaml-remarks") || !strcmp (key, "sarif")
	   || !strcmp (key, "remarks-dir"))
    {
      if (!val || !*val)
	return rl_option_error (key, "missing value");
      (key[0] == 'm' ? opts->machine_arg
       : !strcmp (key, "remarks-dir") ? opts->remarks_dir
       : key[0] == 'r' ? opts->remarks_path
       : key[0] == 'y' ? opts->yaml_path : opts->sarif_path) = val;
    }
  else if (!strcmp (key, "cores"))
    {
      if (!rl_parse_long (val, &v) || v < 1 || v > 4096)
	return rl_option_error (key, "expected a core count 1..4096");
      opts->cores = (int) v;
      opts->cores_given = true;
    }
  else if (!strcmp (key, "clock"))
    {
      char *end = NULL;
      double g = val ? strtod (val, &end) : 0;
      if (!val || !*val || *end || !(g > 0.0 && g <= 100.0))
	return rl_option_error (key, "expected a clock in GHz (0 < GHZ <= 100)");
      opts->clock_ghz = g;
    }
  else if (!strcmp (key, "only"))
    return rl_parse_only (key, val, opts);
  else if (!strcmp (key, "define"))
    {
      val = rl_raw_define_value (info->base_name, (*ndefines)++);
      const char *eq = val ? strchr (val, '=') : NULL;
      if (!eq || eq == val || !rl_parse_long (eq + 1, &v) || v < 0)
	return rl_option_error (key, "expected NAME=VALUE with a non-negative integer VALUE");
      opts->defines.push_back ({ xstrndup (val, eq - val), v });
    }
  else
    {
      error ("roofline: unknown option %<-fplugin-arg-roofline-%s%>; valid keys: %s",
	     key, rl_valid_keys);
      return false;
    }
  return true;
}

bool
rl_options_parse (struct plugin_name_args *info, rl_options *opts)
{
  int ndefines = 0;
  for (int i = 0; i < info->argc; i++)
    if (!rl_parse_option (info, info->argv[i].key, info->argv[i].value, &ndefines, opts))
      return false;
  return true;
}
