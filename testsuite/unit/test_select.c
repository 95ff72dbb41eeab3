/* Unit tests of machines/select.c: every GCC -march name that names a bundled machine selects
 * it (also through -mtune), every machine of the table ships and loads, the cpuid table, and the
 * list of bundled machines that errors and help print.
 * Run from the repository root (or set RL_SRCDIR to it). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machines/machine.h"
#include "machines/select.h"
#include "portmodel/ports.h"

static const char *srcdir(void)
{
	const char *d = getenv("RL_SRCDIR");
	return d && *d ? d : ".";
}

/* The expected map, written out independently of the table in select.c. */
static const struct {
	const char *march, *machine;
} expected[] = {
	{ "sandybridge", "snb-e5-2680" },     { "corei7-avx", "snb-e5-2680" },
	{ "ivybridge", "snb-e5-2680" },       { "core-avx-i", "snb-e5-2680" },
	{ "haswell", "hsw-e5-2695v3" },       { "core-avx2", "hsw-e5-2695v3" },
	{ "broadwell", "hsw-e5-2695v3" },     { "skylake-avx512", "skx-gold-6140" },
	{ "cascadelake", "skx-gold-6140" },   { "cooperlake", "emr-host" },
	{ "icelake-server", "icx-8360y" },    { "sapphirerapids", "spr-8480" },
	{ "emeraldrapids", "emr-host" },      { "znver2", "zen2-epyc-7452" },
	{ "znver3", "zen3-epyc-7763" },       { "znver4", "zen4" },
	{ "znver5", "zen5-host-bench" },
};
#define NEXPECTED (sizeof expected / sizeof expected[0])

static void test_every_march_name(void **state)
{
	(void)state;
	char why[128];
	for (size_t i = 0; i < NEXPECTED; i++) {
		char want[128];
		const char *m = rl_machine_default_name(expected[i].march, NULL, 0, why, sizeof why);
		snprintf(want, sizeof want, "-march=%s", expected[i].march);
		if (strcmp(m, expected[i].machine) != 0)
			fail_msg("-march=%s selects %s, expected %s", expected[i].march, m,
				 expected[i].machine);
		assert_string_equal(why, want);
		/* -march wins over -mtune; an unknown -march leaves it to -mtune */
		assert_string_equal(rl_machine_default_name(expected[i].march, "znver2", 0, why, sizeof why),
				    expected[i].machine);
		assert_string_equal(rl_machine_default_name("x86-64", expected[i].march, 0, why, sizeof why),
				    expected[i].machine);
		snprintf(want, sizeof want, "-mtune=%s", expected[i].march);
		assert_string_equal(why, want);
	}
}

/* -march=native: the driver hands cc1 the nearest CPU name it knows (GCC 12 on a Zen 5:
 * znver3); the host CPU's own file comes first, the -march table only when the host CPU
 * has none.  Generic levels and an absent -march target the running CPU too. */
static void test_native(void **state)
{
	(void)state;
	char why[128], vendor[16];
	unsigned family, model;
	const char *host = NULL;
	if (rl_host_cpu(vendor, sizeof vendor, &family, &model))
		host = rl_machine_for_cpu(!strcmp(vendor, "AuthenticAMD"),
					  !strcmp(vendor, "GenuineIntel"), family, model);
	const char *m = rl_machine_default_name("znver3", NULL, 1, why, sizeof why);
	assert_string_equal(m, host ? host : "zen3-epyc-7763");
	assert_string_equal(why, host ? "host cpu (-march=native)" : "-march=znver3");
	assert_true(rl_machine_arch_is_host("znver3", 1));
	assert_true(rl_machine_arch_is_host(NULL, 0));
	assert_true(rl_machine_arch_is_host("x86-64", 0));
	assert_true(rl_machine_arch_is_host("x86-64-v3", 0));
	assert_false(rl_machine_arch_is_host("haswell", 0));
}

/* The table has no entry the expected map lacks, and each of its machines ships and loads. */
static void test_table_machines_ship(void **state)
{
	(void)state;
	const char *arch, *machine;
	size_t n = 0;
	for (size_t i = 0; rl_machine_arch_entry(i, &arch, &machine); i++, n++) {
		int listed = 0;
		for (size_t j = 0; j < NEXPECTED; j++)
			listed |= strcmp(expected[j].march, arch) == 0;
		if (!listed)
			fail_msg("-march=%s is in the table but not tested here", arch);
		char path[1024], err[1024];
		snprintf(path, sizeof path, "%s/machines/%s.yml", srcdir(), machine);
		rl_machine *m = rl_machine_load(path, err, sizeof err);
		if (!m)
			fail_msg("-march=%s: %s", arch, err);
		/* the port table it names ships too */
		const char *table = rl_ports_name_for(m);
		char dir[1024], tpath[1024];
		snprintf(dir, sizeof dir, "%s/machines", srcdir());
		if (table && !rl_ports_resolve(dir, table, tpath, sizeof tpath))
			fail_msg("-march=%s: machine %s names port table %s, not found", arch, machine,
				 table);
		rl_machine_free(m);
	}
	assert_int_equal(n, NEXPECTED);
}

static void test_unmapped_names(void **state)
{
	(void)state;
	for (const char *const *a = (const char *const[]){ "x86-64", "x86-64-v3", "skylake", "alderlake",
							   "icelake-client", "znver1", "native", "", NULL };
	     *a; a++)
		assert_null(rl_machine_for_arch(*a));
	assert_null(rl_machine_for_arch(NULL));
}

static void test_cpu_table(void **state)
{
	(void)state;
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0x2d), "snb-e5-2680");
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0x3f), "hsw-e5-2695v3");
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0x55), "skx-gold-6140");
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0x6a), "icx-8360y");
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0x8f), "spr-8480");
	assert_string_equal(rl_machine_for_cpu(0, 1, 6, 0xcf), "emr-host");
	assert_string_equal(rl_machine_for_cpu(1, 0, 0x17, 0x31), "zen2-epyc-7452");
	assert_string_equal(rl_machine_for_cpu(1, 0, 0x19, 0x01), "zen3-epyc-7763");
	assert_string_equal(rl_machine_for_cpu(1, 0, 0x19, 0x11), "zen4");
	assert_string_equal(rl_machine_for_cpu(1, 0, 0x1a, 0x02), "zen5-host-bench");
	assert_string_equal(rl_machine_for_cpu(1, 0, 0x1a, 0x44), "zen4");
	assert_null(rl_machine_for_cpu(1, 0, 0x17, 0x01)); /* Zen 1 */
	assert_null(rl_machine_for_cpu(0, 1, 6, 0x9e));    /* a client Skylake derivative */
	assert_null(rl_machine_for_cpu(0, 1, 0x19, 0x01)); /* vendor matters */
}

static void test_bundled_names(void **state)
{
	(void)state;
	char dir[1024], names[1024];
	snprintf(dir, sizeof dir, "%s/machines", srcdir());
	int n = rl_machine_bundled_names(dir, names, sizeof names);
	assert_true(n >= 14);
	assert_non_null(strstr(names, "snb-e5-2680, spr-8480, zen2-epyc-7452, zen3-epyc-7763, zen4"));
	assert_null(strstr(names, ".yml"));
	char small[8];
	assert_int_equal(rl_machine_bundled_names(dir, small, sizeof small), n);
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_int_equal(rl_machine_bundled_names("/nonexistent", names, sizeof names), 0);
	assert_string_equal(names, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_march_name),
		cmocka_unit_test(test_table_machines_ship),
		cmocka_unit_test(test_native),
		cmocka_unit_test(test_unmapped_names),
		cmocka_unit_test(test_cpu_table),
		cmocka_unit_test(test_bundled_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
