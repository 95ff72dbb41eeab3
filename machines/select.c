/* Default machine: -march/-mtune first, then the host CPU, then the built-in default.
 * Two tables decide: GCC's -march names -> bundled machine files, and the host's cpuid
 * (vendor, family, model) -> bundled machine files. */
#include "machines/select.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* Every x86-64 -march name of GCC (11 to 14) whose CPU has a bundled machine file: the
 * file of that microarchitecture, or of the core it shares with a close relative (same
 * core and cache design: Ivy Bridge is Sandy Bridge's shrink, Broadwell Haswell's,
 * Cascade Lake Skylake-SP's).  Not mapped: client parts (skylake, icelake-client,
 * alderlake, ...), znver1, the generic x86-64 levels; the CARM paper's desktop machines
 * (carm-*) are chosen only by name.  -mtune uses the same table. */
static const struct rl_arch_machine {
	const char *arch, *machine;
} arch_table[] = {
	{ "sandybridge", "snb-e5-2680" },
	{ "corei7-avx", "snb-e5-2680" },
	{ "ivybridge", "snb-e5-2680" },
	{ "core-avx-i", "snb-e5-2680" },
	{ "haswell", "hsw-e5-2695v3" },
	{ "core-avx2", "hsw-e5-2695v3" },
	{ "broadwell", "hsw-e5-2695v3" },
	{ "skylake-avx512", "skx-gold-6140" },
	{ "cascadelake", "skx-gold-6140" },
	/* GCC 12 knows no Emerald Rapids: -march=native on the development host (an
	 * Emerald Rapids guest) becomes cooperlake */
	{ "cooperlake", "emr-host" },
	{ "icelake-server", "icx-8360y" },
	{ "sapphirerapids", "spr-8480" },
	{ "emeraldrapids", "emr-host" },
	{ "znver2", "zen2-epyc-7452" },
	{ "znver3", "zen3-epyc-7763" },
	{ "znver4", "zen4" },
	/* Zen 5: the measured 2-vCPU Zen 5 guest (its caches, clock and transfers; its port
	 * table is Zen 4's) */
	{ "znver5", "zen5-host-bench" },
};

/* Host CPUs by cpuid vendor, family and model range -> bundled machine file. */
enum { RL_INTEL, RL_AMD };
static const struct rl_cpu_machine {
	int vendor;
	unsigned family, model_lo, model_hi;
	const char *machine;
} cpu_table[] = {
	{ RL_INTEL, 6, 0x2a, 0x2a, "snb-e5-2680" },      /* Sandy Bridge */
	{ RL_INTEL, 6, 0x2d, 0x2d, "snb-e5-2680" },      /* Sandy Bridge-EP */
	{ RL_INTEL, 6, 0x3a, 0x3a, "snb-e5-2680" },      /* Ivy Bridge */
	{ RL_INTEL, 6, 0x3e, 0x3e, "snb-e5-2680" },      /* Ivy Bridge-EP */
	{ RL_INTEL, 6, 0x3c, 0x3c, "hsw-e5-2695v3" },    /* Haswell */
	{ RL_INTEL, 6, 0x3f, 0x3f, "hsw-e5-2695v3" },    /* Haswell-EP */
	{ RL_INTEL, 6, 0x45, 0x46, "hsw-e5-2695v3" },    /* Haswell ULT, GT3e */
	{ RL_INTEL, 6, 0x3d, 0x3d, "hsw-e5-2695v3" },    /* Broadwell */
	{ RL_INTEL, 6, 0x47, 0x47, "hsw-e5-2695v3" },    /* Broadwell GT3e */
	{ RL_INTEL, 6, 0x4f, 0x4f, "hsw-e5-2695v3" },    /* Broadwell-EP */
	{ RL_INTEL, 6, 0x56, 0x56, "hsw-e5-2695v3" },    /* Broadwell-DE */
	{ RL_INTEL, 6, 0x55, 0x55, "skx-gold-6140" },    /* Skylake-SP, Cascade Lake */
	{ RL_INTEL, 6, 0x6a, 0x6a, "icx-8360y" },        /* Ice Lake-SP */
	{ RL_INTEL, 6, 0x6c, 0x6c, "icx-8360y" },        /* Ice Lake-D */
	{ RL_INTEL, 6, 0x8f, 0x8f, "spr-8480" },         /* Sapphire Rapids */
	{ RL_INTEL, 6, 0xcf, 0xcf, "emr-host" },         /* Emerald Rapids */
	{ RL_AMD, 0x17, 0x30, 0x3f, "zen2-epyc-7452" },  /* Zen 2: Rome */
	{ RL_AMD, 0x17, 0x60, 0x7f, "zen2-epyc-7452" },  /* Zen 2: Renoir, Lucienne, Matisse */
	{ RL_AMD, 0x19, 0x00, 0x0f, "zen3-epyc-7763" },  /* Zen 3: Milan */
	{ RL_AMD, 0x19, 0x20, 0x2f, "zen3-epyc-7763" },  /* Zen 3: Vermeer */
	{ RL_AMD, 0x19, 0x40, 0x5f, "zen3-epyc-7763" },  /* Zen 3: Rembrandt, Cezanne */
	{ RL_AMD, 0x19, 0x10, 0x1f, "zen4" },            /* Zen 4: Genoa */
	{ RL_AMD, 0x19, 0x60, 0x7f, "zen4" },            /* Zen 4: Raphael, Phoenix */
	{ RL_AMD, 0x19, 0xa0, 0xaf, "zen4" },            /* Zen 4: Bergamo, Siena */
	{ RL_AMD, 0x1a, 0x00, 0x1f, "zen5-host-bench" }, /* Zen 5: Turin, Turin dense (a measured guest) */
	{ RL_AMD, 0x1a, 0x20, 0xff, "zen4" },            /* Zen 5 client parts: the nearest socket */
};

const char *rl_machine_for_arch(const char *arch)
{
	if (!arch)
		return NULL;
	for (size_t i = 0; i < sizeof(arch_table) / sizeof(arch_table[0]); i++)
		if (strcmp(arch, arch_table[i].arch) == 0)
			return arch_table[i].machine;
	return NULL;
}

int rl_machine_arch_entry(size_t i, const char **arch, const char **machine)
{
	if (i >= sizeof(arch_table) / sizeof(arch_table[0]))
		return 0;
	*arch = arch_table[i].arch;
	*machine = arch_table[i].machine;
	return 1;
}

const char *rl_machine_for_cpu(int amd, int intel, unsigned family, unsigned model)
{
	for (size_t i = 0; i < sizeof(cpu_table) / sizeof(cpu_table[0]); i++) {
		const struct rl_cpu_machine *c = &cpu_table[i];
		if ((c->vendor == RL_AMD ? amd : intel) && family == c->family &&
		    model >= c->model_lo && model <= c->model_hi)
			return c->machine;
	}
	return NULL;
}

int rl_host_cpu(char *vendor, size_t len, unsigned *family, unsigned *model)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned eax, ebx, ecx, edx;
	if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
		return 0;
	char v[13];
	memcpy(v, &ebx, 4);
	memcpy(v + 4, &edx, 4);
	memcpy(v + 8, &ecx, 4);
	v[12] = '\0';
	snprintf(vendor, len, "%s", v);
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		return 0;
	*family = (eax >> 8) & 0xf;
	*model = (eax >> 4) & 0xf;
	if (*family == 0xf)
		*family += (eax >> 20) & 0xff;
	if (*family == 0x6 || *family >= 0xf)
		*model |= ((eax >> 16) & 0xf) << 4;
	return 1;
#else
	(void)vendor, (void)len, (void)family, (void)model;
	return 0;
#endif
}

/* Bundled machine of the host CPU by vendor, family and model; NULL if none. */
static const char *machine_for_host(void)
{
	char vendor[16];
	unsigned family, model;
	if (!rl_host_cpu(vendor, sizeof vendor, &family, &model))
		return NULL;
	return rl_machine_for_cpu(!strcmp(vendor, "AuthenticAMD"), !strcmp(vendor, "GenuineIntel"),
				  family, model);
}

int rl_machine_describes_host(const rl_machine *m)
{
	char vendor[16];
	unsigned family, model;
	return m->host_vendor[0] && rl_host_cpu(vendor, sizeof vendor, &family, &model) &&
	       !strcmp(vendor, m->host_vendor) && family == (unsigned)m->host_family &&
	       model == (unsigned)m->host_model;
}

int rl_machine_user_host_path(char *out, size_t len)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0])
		snprintf(out, len, "%s/roofline/host.yml", xdg);
	else if (home && home[0])
		snprintf(out, len, "%s/.config/roofline/host.yml", home);
	else
		out[0] = '\0';
	return out[0] != '\0';
}

int rl_machine_installed_path(char *out, size_t len)
{
	if (rl_machine_user_host_path(out, len) && access(out, R_OK) == 0)
		return 1;
	snprintf(out, len, "%s", RL_SYSTEM_HOST_MACHINE);
	return access(out, R_OK) == 0 ? 2 : 0;
}

/* whether -march=ARCH names no CPU: absent, or a generic x86-64 level */
static int arch_is_generic(const char *arch)
{
	return !arch || !strncmp(arch, "x86-64", 6) || !strcmp(arch, "generic");
}

int rl_machine_arch_is_host(const char *march, int native)
{
	return native || arch_is_generic(march);
}

const char *rl_machine_default_name(const char *march, const char *mtune, int native, char *why,
				    size_t len)
{
	/* -march=native: GCC names the nearest CPU it knows (GCC 12 calls a Zen 5 znver3);
	   the host CPU's own file is the better guess */
	const char *m = native ? machine_for_host() : NULL;
	if (m) {
		snprintf(why, len, "host cpu (-march=native)");
		return m;
	}
	m = rl_machine_for_arch(march);
	if (m) {
		snprintf(why, len, "-march=%s", march);
		return m;
	}
	m = rl_machine_for_arch(mtune);
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

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int rl_machine_bundled_names(const char *dir, char *out, size_t len)
{
	char *names[256];
	int n = 0;
	DIR *d = opendir(dir);
	if (len)
		out[0] = '\0';
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d)) && n < 256;) {
		size_t l = strlen(e->d_name);
		if (e->d_name[0] != '.' && l > 4 && strcmp(e->d_name + l - 4, ".yml") == 0)
			names[n++] = strndup(e->d_name, l - 4);
	}
	closedir(d);
	qsort(names, n, sizeof names[0], compare_names);
	size_t used = 0;
	for (int i = 0; i < n; i++) {
		if (used < len)
			used += snprintf(out + used, len - used, "%s%s", i ? ", " : "", names[i]);
		free(names[i]);
	}
	return n;
}
