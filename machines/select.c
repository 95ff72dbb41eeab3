/* Default machine: -march/-mtune first, then the host CPU, then the built-in default.
 * The table maps GCC's -march names to bundled machine files. */
#include "machines/select.h"

#include <stdio.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static const struct { const char *arch; const char *machine; } arch_table[] = {
	{ "sandybridge", "snb-e5-2680" },
	{ "corei7-avx", "snb-e5-2680" },
	{ "znver3", "zen4" },
	{ "znver4", "zen4" },
	/* GCC 12 has no -march for the exact tuning of Emerald/Sapphire Rapids:
	 * -march=native on such a CPU becomes cooperlake; sapphirerapids is the core. */
	{ "sapphirerapids", "emr-host" },
	{ "emeraldrapids", "emr-host" },
	{ "cooperlake", "emr-host" },
};

static const char *machine_for_arch(const char *arch)
{
	if (!arch)
		return NULL;
	for (size_t i = 0; i < sizeof(arch_table) / sizeof(arch_table[0]); i++)
		if (strcmp(arch, arch_table[i].arch) == 0)
			return arch_table[i].machine;
	return NULL;
}

/* Bundled machine of the host CPU by vendor, family and model; NULL if none. */
static const char *machine_for_host(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned eax, ebx, ecx, edx;
	if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
		return NULL;
	int amd = ebx == 0x68747541;   /* "Auth" of AuthenticAMD */
	int intel = ebx == 0x756e6547; /* "Genu" of GenuineIntel */
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		return NULL;
	unsigned family = (eax >> 8) & 0xf, model = (eax >> 4) & 0xf;
	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (family == 0x6 || family == 0xf)
		model |= ((eax >> 16) & 0xf) << 4;
	if (amd && family == 0x19)
		return "zen4";  /* Zen 3 and Zen 4 share family 19h */
	if (intel && family == 6 && (model == 0xcf || model == 0x8f))
		return "emr-host"; /* Emerald Rapids, Sapphire Rapids */
	if (intel && family == 6 && (model == 0x2d || model == 0x2a))
		return "snb-e5-2680";
#endif
	return NULL;
}

const char *rl_machine_default_name(const char *march, const char *mtune, char *why, size_t len)
{
	const char *m = machine_for_arch(march);
	if (m) {
		snprintf(why, len, "-march=%s", march);
		return m;
	}
	m = machine_for_arch(mtune);
	if (m) {
		snprintf(why, len, "-mtune=%s", mtune);
		return m;
	}
	m = machine_for_host();
	if (m) {
		snprintf(why, len, "host cpu");
		return m;
	}
	snprintf(why, len, "built-in default");
	return RL_DEFAULT_MACHINE;
}
