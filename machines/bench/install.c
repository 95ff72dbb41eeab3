/* roofline-bench install FILE [--system]: make a measured machine file the default of the
 * compilations that target the CPU they run on (-march=native or no -march; see
 * machines/select.h).  Only a file measured on this CPU is accepted: its host: block
 * (vendor, family, model, written by roofline-bench) must match the running CPU. */
#include "machines/bench/install.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "machines/machine.h"
#include "machines/select.h"

/* mkdir -p of the directory part of PATH */
static int make_parent_dirs(const char *path)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

/* copy FROM to TO through TO.tmp and a rename (a reader never sees half a file) */
static int copy_file(const char *from, const char *to)
{
	char tmp[1100];
	snprintf(tmp, sizeof tmp, "%s.tmp", to);
	FILE *in = fopen(from, "rb"), *out = in ? fopen(tmp, "wb") : NULL;
	char buf[8192];
	size_t n;
	int bad = !in || !out;
	while (!bad && (n = fread(buf, 1, sizeof buf, in)) > 0)
		bad = fwrite(buf, 1, n, out) != n;
	bad |= (in && ferror(in)) || (out && fclose(out) != 0);
	if (in)
		fclose(in);
	if (bad || rename(tmp, to)) {
		remove(tmp);
		return -1;
	}
	return 0;
}

/* whether M may be installed on this CPU; says why not on stderr */
static int check_measured_here(const rl_machine *m, const char *file)
{
	char vendor[16];
	unsigned family = 0, model = 0;
	if (!m->host_vendor[0]) {
		fprintf(stderr, "roofline-bench install: %s has no 'host:' block: only a file "
			"measured by roofline-bench (which records the CPU) can be the default\n", file);
		return -1;
	}
	if (!rl_machine_describes_host(m)) {
		rl_host_cpu(vendor, sizeof vendor, &family, &model);
		fprintf(stderr, "roofline-bench install: %s was measured on %s family %d model %d, "
			"this CPU is %s family %u model %u: measure this one with "
			"'roofline-bench -o FILE'\n", file, m->host_vendor, m->host_family,
			m->host_model, vendor, family, model);
		return -1;
	}
	return 0;
}

int rlb_install(int argc, char **argv)
{
	const char *file = NULL;
	int system_wide = 0;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--system"))
			system_wide = 1;
		else if (!file && argv[i][0] != '-')
			file = argv[i];
		else {
			fprintf(stderr, "usage: roofline-bench install FILE [--system]\n");
			return 2;
		}
	}
	if (!file) {
		fprintf(stderr, "usage: roofline-bench install FILE [--system]\n");
		return 2;
	}
	char err[1024], dest[1024];
	rl_machine *m = rl_machine_load(file, err, sizeof err);
	if (!m) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	int bad = check_measured_here(m, file);
	rl_machine_free(m);
	if (bad)
		return 1;
	if (system_wide)
		snprintf(dest, sizeof dest, "%s", RL_SYSTEM_HOST_MACHINE);
	else if (!rl_machine_user_host_path(dest, sizeof dest)) {
		fprintf(stderr, "roofline-bench install: neither XDG_CONFIG_HOME nor HOME is set\n");
		return 1;
	}
	if (make_parent_dirs(dest) || copy_file(file, dest)) {
		fprintf(stderr, "roofline-bench install: cannot write %s: %s\n", dest, strerror(errno));
		return 1;
	}
	printf("installed %s as %s: compilations with -march=native or without -march use it "
	       "on this CPU%s; remove that file to go back to the bundled machines\n", file, dest,
	       system_wide ? " (a per-user file takes precedence)" : "");
	return 0;
}
