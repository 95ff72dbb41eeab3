/* Choice of the default machine when the user names none. */
#ifndef RL_SELECT_H
#define RL_SELECT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the bundled machine for the compilation's -march / -mtune values (either
 * may be NULL), else for the host CPU (cpuid), else RL_DEFAULT_MACHINE.  WHY gets
 * a short explanation ("-march=sandybridge", "host cpu", "built-in default"). */
const char *rl_machine_default_name(const char *march, const char *mtune, char *why, size_t len);

#define RL_DEFAULT_MACHINE "emr-host"

#ifdef __cplusplus
}
#endif
#endif
