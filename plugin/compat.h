/* compat.h - the one place that absorbs differences between GCC versions.
 *
 * Every plugin/ file includes this header first and nothing GCC-specific before
 * it.  Supported: GCC 11 and GCC 12 (Debian 12).  Version differences are keyed
 * on GCCPLUGIN_VERSION_MAJOR, as Linux's scripts/gcc-plugins/gcc-common.h does.
 */
#ifndef RL_PLUGIN_COMPAT_H
#define RL_PLUGIN_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfgloop.h"
#include "gimple-iterator.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "ssa.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-chrec.h"
#include "tree-scalar-evolution.h"
#include "tree-data-ref.h"
#include "tree-vectorizer.h"
#include "cgraph.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "dumpfile.h"
#include "langhooks.h"
#include "toplev.h"
#include "opts.h"
#include "options.h"
#include "stringpool.h"
#include "attribs.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"
#include "insn-attr.h"
#include "output.h"
#include "cfgrtl.h"
#include "print-rtl.h"

/* plugin-version.h defines "static struct plugin_gcc_version gcc_version";
 * every file but the one calling plugin_default_version_check would warn
 * -Wunused-variable.  Referencing it from an (unused, hence silent) inline
 * function marks it used. */
static inline const struct plugin_gcc_version *
rl_compat_gcc_version (void)
{
  return &gcc_version;
}

#if GCCPLUGIN_VERSION_MAJOR < 11 || GCCPLUGIN_VERSION_MAJOR > 12
#error "roofline supports GCC 11 and GCC 12"
#endif

/* Iterate over the loops of FUN, innermost first.
 * GCC 12: range-based loops_list; GCC 11: the FOR_EACH_LOOP_FN macro. */
#if GCCPLUGIN_VERSION_MAJOR >= 12
#define RL_FOR_EACH_LOOP_INNERMOST(FUN, LOOP) \
	for (auto LOOP : loops_list ((FUN), LI_FROM_INNERMOST))
#define RL_FOR_EACH_LOOP(FUN, LOOP) \
	for (auto LOOP : loops_list ((FUN), 0))
#else
#define RL_FOR_EACH_LOOP_INNERMOST(FUN, LOOP) \
	class loop *LOOP; FOR_EACH_LOOP_FN ((FUN), LOOP, LI_FROM_INNERMOST)
#define RL_FOR_EACH_LOOP(FUN, LOOP) \
	class loop *LOOP; FOR_EACH_LOOP_FN ((FUN), LOOP, 0)
#endif

#endif
