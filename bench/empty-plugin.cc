/* An empty GCC plugin: bench/overhead.sh loads it once to measure what
 * -ftime-report's "plugin execution" line shows for a plugin that does nothing
 * (GCC times every plugin-callback dispatch under that timer once any plugin is
 * loaded, so the line is never zero). */
#include "gcc-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

static void
empty_finish (void *, void *)
{
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    return 1;
  register_callback (info->base_name, PLUGIN_FINISH, empty_finish, NULL);
  return 0;
}
