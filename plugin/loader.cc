/* roofline.so - the loader GCC opens with -fplugin=roofline.
 *
 * It references no GCC internals but error(), so any GCC can open it; it checks
 * that the running GCC is the one the plugin was built for and only then opens
 * roofline-core.so (beside it), which holds the plugin proper.  Without this, a
 * plugin built for GCC 12 loaded into GCC 11 fails inside dlopen with an
 * "undefined symbol: _Z14free_data_refs..." message that says nothing useful.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"

#include <dlfcn.h>

int plugin_is_GPL_compatible;

extern void error (const char *, ...);

typedef int (*rl_core_init_fn) (struct plugin_name_args *, struct plugin_gcc_version *);

static bool
rl_same_gcc (const struct plugin_gcc_version *a, const struct plugin_gcc_version *b)
{
  return !strcmp (a->basever, b->basever) && !strcmp (a->datestamp, b->datestamp)
	 && !strcmp (a->devphase, b->devphase) && !strcmp (a->revision, b->revision);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!rl_same_gcc (version, &gcc_version))
    {
      error ("roofline: this plugin was built for GCC %s (%s) and cannot run in GCC %s (%s); "
	     "rebuild it for this compiler: make CC=gcc-%.2s", gcc_version.basever,
	     gcc_version.datestamp, version->basever, version->datestamp, version->basever);
      return 0;  /* the error stops the compilation */
    }
  char path[4096];
  const char *slash = strrchr (info->full_name, '/');
  snprintf (path, sizeof path, "%.*s%sroofline-core.so", slash ? (int) (slash - info->full_name) : 0,
	    info->full_name, slash ? "/" : "./");
  void *core = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  rl_core_init_fn init = core ? (rl_core_init_fn) dlsym (core, "roofline_core_init") : NULL;
  if (!init)
    {
      error ("roofline: cannot load %s: %s", path, dlerror ());
      return 0;
    }
  return init (info, version);
}
