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

/* The bundled machine for a GCC -march / -mtune name, NULL if none (the table is in
 * select.c).  rl_machine_arch_entry: its I-th entry into *ARCH, *MACHINE; 0 past the end. */
const char *rl_machine_for_arch(const char *arch);
int rl_machine_arch_entry(size_t i, const char **arch, const char **machine);

/* The bundled machine for a CPU by cpuid vendor (AMD or INTEL non-zero), family and
 * model (extended fields included), NULL if none. */
const char *rl_machine_for_cpu(int amd, int intel, unsigned family, unsigned model);

/* The names of the machine files in DIR (NAME.yml), sorted, as "a, b, c" into OUT
 * (truncated to LEN).  Returns how many there are (0 if DIR cannot be read). */
int rl_machine_bundled_names(const char *dir, char *out, size_t len);

#define RL_DEFAULT_MACHINE "emr-host"

#ifdef __cplusplus
}
#endif
#endif
