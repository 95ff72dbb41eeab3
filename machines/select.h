/* Choice of the default machine when the user names none. */
#ifndef RL_SELECT_H
#define RL_SELECT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "machines/machine.h"

/* Name of the bundled machine for the compilation's -march / -mtune values (either
 * may be NULL), else for the host CPU (cpuid), else RL_DEFAULT_MACHINE; with NATIVE
 * (-march=native: the driver replaced it by the nearest CPU name it knows) the host
 * CPU's file comes first.  WHY gets a short explanation ("-march=sandybridge",
 * "host cpu", "built-in default"). */
const char *rl_machine_default_name(const char *march, const char *mtune, int native, char *why,
				    size_t len);

/* Whether the compilation targets the CPU it runs on: -march=native (NATIVE) or no
 * CPU named (-march absent or a generic x86-64 level).  Then an installed measured
 * machine file of that CPU is the default. */
int rl_machine_arch_is_host(const char *march, int native);

/* The installed measured machine file (roofline-bench install): per user
 * $XDG_CONFIG_HOME/roofline/host.yml (else ~/.config/roofline/host.yml), then
 * system-wide RL_SYSTEM_HOST_MACHINE.  Returns 1 (per user) or 2 (system-wide) with
 * the path in OUT, 0 if neither exists (OUT then holds the system-wide path). */
int rl_machine_installed_path(char *out, size_t len);
/* The per-user path of the installed file into OUT; 0 when neither XDG_CONFIG_HOME nor
 * HOME is set. */
int rl_machine_user_host_path(char *out, size_t len);
#define RL_SYSTEM_HOST_MACHINE "/etc/roofline/host.yml"

/* The running CPU by cpuid: vendor string ("GenuineIntel", "AuthenticAMD") into VENDOR,
 * family and model (extended fields included).  0 when not an x86 CPU. */
int rl_host_cpu(char *vendor, size_t len, unsigned *family, unsigned *model);

/* Whether M was measured on a CPU of the running CPU's vendor, family and model (its
 * host: block). */
int rl_machine_describes_host(const rl_machine *m);

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
