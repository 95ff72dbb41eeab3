/* roofline-bench: characterise the host it runs on into a roofline machine file
 * (docs/roofline-bench.md).
 *
 *   roofline-bench [-o FILE] [-r REPS] [-q] [--port-table NAME] [--name TEXT]
 *   roofline-bench convert-kerncraft IN.yml > OUT.yml
 *
 * Measures: core clock (dependent add chain), topology (sysfs, cpuid), sustained bandwidth
 * per cache level x access width x load/store mix x {1, all} cores, FP throughput per op x
 * width x precision x {1, all} cores.  Every figure is the best of REPS repetitions; the
 * spread (best vs median) is recorded and figures above the threshold are flagged unstable.
 * Progress goes to stderr; the machine file to -o FILE (default stdout).
 */
#include "machines/bench/calib.h"
#include "machines/bench/overlap.h"
#include "machines/bench/calsizes.h"
#include "machines/bench/wssteps.h"
#include "machines/bench/memshare.h"
#include "machines/bench/capacity.h"
#include "machines/bench/tlb.h"
#include "machines/bench/install.h"
#include "machines/bench/kernels.h"
#include "machines/bench/stats.h"
#include "machines/bench/writer.h"
#include "machines/machine.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

/* provenance texts are truncated to the fixed-size fields of rl_machine on purpose */
#pragma GCC diagnostic ignored "-Wformat-truncation"

#define VERSION "1"
#define UNSTABLE_PCT 5.0
#define WARM_NS 1e6        /* warm-up before each repetition */
#define MAXREPS 192
/* extra rounds of the figures whose best is not confirmed (RLB_CONFIRM_N) only while the run is
 * younger than this: a quiet run of the Zen 5 guest of zen5-host-bench.yml has its main rounds
 * done after about 50 s, a busy one (load average 4-9) after 90-120 s, and what follows them
 * takes 30-70 s */
#define EXTRA_UNTIL_S 75.0
/* the main rounds stop when the run is this old (a host so busy that the run would exceed 3
 * minutes: at load average 6-8 the rounds after them took 60 s), after at least
 * MAIN_MIN_ROUNDS of the (up to 2 x REPS) interleaved super-rounds */
#define MAIN_UNTIL_S 95.0
#define MAIN_MIN_ROUNDS 8
/* Memory: one round of a figure is one sweep over its buffers in this many parts, each timed
 * (>= 1 ms: 64 MiB, 1.6 ms at 41 GB/s), the best part the round's figure.  A whole sweep
 * (13-40 ms) outlasts the time slice a busy host grants: with two busy loops beside it on
 * the 2 vCPUs of the Zen 5 guest of zen5-host-bench.yml, one core's memory load measured
 * 23 GB/s instead of 41 in every round. */
#define MEM_CHUNKS 8
#define CAL_SIZES_PER_LEVEL 7   /* working sets of the calibration kernels per level beyond L1 */
/* the levels whose figure in the fit is the median over the sizes: the last cache level; the
 * private ones keep their figure at half the level, the sizes are recorded (docs/roofline-bench.md,
 * "Working sets of the calibration": why) */
#define CAL_SIZES_FIT_FROM(nlev) ((nlev) - 1)

static int quiet;

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu)
{
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof s, &s);
}

/* ------------------------------------------------------------ topology */

typedef struct level_info {
	int level;
	long long size;
	int ways, line, shared;
} level_info;

typedef struct topo {
	char vendor[16], model[128], host[64];
	unsigned family, model_id, stepping;
	int guest;                /* cpuinfo flags say "hypervisor": a virtual machine */
	int ncpu, threads_per_core;
	int nlev;
	level_info lev[RL_MAX_LEVELS];
	int cpus[256];
} topo;

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

static int count_list(const char *s)
{
	int n = 0;
	while (*s) {
		char *e;
		long a = strtol(s, &e, 10), b = a;
		if (e == s)
			break;
		if (*e == '-')
			b = strtol(e + 1, &e, 10);
		n += (int)(b - a + 1);
		s = *e == ',' ? e + 1 : e;
	}
	return n;
}

static void detect_topo(topo *t)
{
	memset(t, 0, sizeof *t);
	gethostname(t->host, sizeof t->host - 1);
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f)) {
		char *v = strchr(line, ':');
		if (!v)
			continue;
		v += 2;
		v[strcspn(v, "\n")] = 0;
		if (!strncmp(line, "vendor_id", 9) && !t->vendor[0])
			snprintf(t->vendor, sizeof t->vendor, "%s", v);
		else if (!strncmp(line, "model name", 10) && !t->model[0])
			snprintf(t->model, sizeof t->model, "%s", v);
		else if (!strncmp(line, "cpu family", 10) && !t->family)
			t->family = (unsigned)atoi(v);
		else if (!strncmp(line, "model\t", 6) && !t->model_id)
			t->model_id = (unsigned)atoi(v);
		else if (!strncmp(line, "stepping", 8) && !t->stepping)
			t->stepping = (unsigned)atoi(v);
		else if (!strncmp(line, "flags", 5) && strstr(v, " hypervisor"))
			t->guest = 1;
	}
	if (f)
		fclose(f);
	/* CPUs we may run on */
	cpu_set_t s;
	CPU_ZERO(&s);
	sched_getaffinity(0, sizeof s, &s);
	for (int i = 0; i < CPU_SETSIZE && t->ncpu < 256; i++)
		if (CPU_ISSET(i, &s))
			t->cpus[t->ncpu++] = i;
	char buf[256], path[256];
	t->threads_per_core = 1;
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
		 t->cpus[0]);
	if (!read_line(path, buf, sizeof buf))
		t->threads_per_core = count_list(buf);
	for (int idx = 0; idx < 16 && t->nlev < RL_MAX_LEVELS; idx++) {
		level_info L = { 0, 0, 0, 64, 1 };
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/type",
			 t->cpus[0], idx);
		if (read_line(path, buf, sizeof buf))
			break;
		if (!strcmp(buf, "Instruction"))
			continue;
#define RD(name) (snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/" name, \
			  t->cpus[0], idx), read_line(path, buf, sizeof buf))
		if (!RD("level")) L.level = atoi(buf);
		if (!RD("size")) {
			char *e;
			L.size = strtoll(buf, &e, 10);
			if (*e == 'K') L.size <<= 10;
			else if (*e == 'M') L.size <<= 20;
		}
		if (!RD("ways_of_associativity")) L.ways = atoi(buf);
		if (!RD("coherency_line_size")) L.line = atoi(buf);
		if (!RD("shared_cpu_list")) L.shared = count_list(buf) / t->threads_per_core;
#undef RD
		if (L.shared < 1) L.shared = 1;
		if (L.size > 0)
			t->lev[t->nlev++] = L;
	}
}

/* ------------------------------------------------------------ parallel runner */

#define MAXSUB 8

typedef struct job {
	int kind;                 /* 0 bandwidth, 1 fp */
	int w, mix;               /* bandwidth */
	int op, width, prec;      /* fp */
	long count;               /* sweeps or iterations per sub-repetition */
	int nsub;                 /* timed sub-repetitions per run, back to back (>= 1) */
	int chunks;               /* > 1: sub-repetition s sweeps part s % chunks of the buffers */
	size_t n;                 /* bytes per stream */
	double warm_ns;           /* untimed run of the kernel before the barrier (every thread) */
	char *buf[256][4];
	double t0[256][MAXSUB], t1[256][MAXSUB]; /* start and end of each sub-repetition */
	double ns[256];           /* whole run per thread */
	double best_ns[256];      /* per thread: fastest sub-repetition inside the common window */
	pthread_barrier_t bar;
} job;

typedef struct targ {
	job *j;
	int idx, cpu;
} targ;

/* bytes per stream that one sweep of J's sub-repetitions covers */
static size_t job_part(const job *j)
{
	return j->chunks > 1 ? j->n / (size_t)j->chunks / 512 * 512 : j->n;
}

/* COUNT sweeps (or FP iterations) of sub-repetition SUB on thread IDX */
static void run_kernel(job *j, int idx, long count, int sub)
{
	if (j->kind == 0) {
		char *s[4];
		size_t n = job_part(j), off = j->chunks > 1 ? n * (size_t)(sub % j->chunks) : 0;
		for (int k = 0; k < 4; k++)
			s[k] = j->buf[idx][k] ? j->buf[idx][k] + off : NULL;
		for (long r = 0; r < count; r++)
			k_bw_sweep(j->w, j->mix, s, n);
	} else
		k_fp(j->op, j->width, j->prec, count);
}

static void *worker(void *p)
{
	targ *a = p;
	job *j = a->j;
	pin(a->cpu);
	/* warm-up: an idle vCPU is slow for its first ~ms (wake-up, clock ramp) and the caches
	 * hold another figure's data; run the kernel untimed for warm_ns first */
	for (double w0 = now_ns(); now_ns() - w0 < j->warm_ns;)
		run_kernel(j, a->idx, j->kind == 0 ? 1 : 100, 0);
	pthread_barrier_wait(&j->bar);
	for (int s = 0; s < j->nsub; s++) {
		j->t0[a->idx][s] = now_ns();
		run_kernel(j, a->idx, j->count, s);
		j->t1[a->idx][s] = now_ns();
	}
	j->ns[a->idx] = j->t1[a->idx][j->nsub - 1] - j->t0[a->idx][0];
	return NULL;
}

/* Run J on NT threads.  Returns the slowest thread's time for the whole run (ns) and sets
 * J->best_ns[i], the fastest sub-repetition of thread i among those that lie entirely inside
 * the window in which every thread was running its timed loop (0 if none does: thread i was
 * descheduled while the others ran).  With one thread the window is the whole run. */
static double run_job(job *j, const topo *t, int nt)
{
	pthread_t th[256];
	targ a[256];
	if (j->nsub < 1) j->nsub = 1;
	if (j->nsub > MAXSUB) j->nsub = MAXSUB;
	pthread_barrier_init(&j->bar, NULL, (unsigned)nt);
	for (int i = 0; i < nt; i++) {
		a[i] = (targ){ j, i, t->cpus[i] };
		if (i)
			pthread_create(&th[i], NULL, worker, &a[i]);
	}
	worker(&a[0]);
	double mx = j->ns[0];
	for (int i = 1; i < nt; i++) {
		pthread_join(th[i], NULL);
		if (j->ns[i] > mx) mx = j->ns[i];
	}
	pthread_barrier_destroy(&j->bar);
	pin(t->cpus[0]);
	rlb_best_in_window(nt, j->nsub, MAXSUB, &j->t0[0][0], &j->t1[0][0], j->best_ns);
	return mx;
}

typedef rlb_result result;

/* choose J->count so that one (sub-)repetition takes at least MIN_NS */
static void calibrate(job *j, const topo *t, int nt, double min_ns)
{
	int nsub = j->nsub;
	j->nsub = 1;
	j->count = 1;
	double ns = run_job(j, t, nt);
	while (ns < min_ns / 4 && j->count < (1L << 40)) {
		j->count *= 2;
		ns = run_job(j, t, nt);
	}
	if (ns < min_ns)
		j->count = (long)(j->count * (min_ns / ns) + 1);
	j->nsub = nsub;
}

/* the per-thread rule and why: docs/roofline-bench.md, "all cores" */
static result summarize(double *v, int reps)
{
	return rlb_summarize(v, reps, UNSTABLE_PCT);
}

static result summarize_threads(double *v, int nt, int reps, double *lockstep)
{
	return rlb_summarize_threads(v, nt, reps, lockstep, UNSTABLE_PCT);
}

/* REPS back-to-back runs of J of NSUB sub-repetitions each, concurrently on NT threads;
 * rate = WORK_PER_COUNT x count / ns (work in bytes or flops -> G/s), summarized per thread. */
static result measure(job *j, const topo *t, int nt, double work_per_count, double min_ns,
		      int nsub, int reps)
{
	j->nsub = nsub;
	calibrate(j, t, nt, min_ns);
	double v[256 * 64], lock[64];
	if (reps > 64) reps = 64;
	for (int r = 0; r < reps; r++) {
		lock[r] = work_per_count * (double)j->count * nsub * nt / run_job(j, t, nt);
		for (int i = 0; i < nt; i++)
			v[i * reps + r] = j->best_ns[i] > 0 ? work_per_count * (double)j->count / j->best_ns[i] : 0;
	}
	return summarize_threads(v, nt, reps, lock);
}

/* One bandwidth figure (level x cores x mix x width), measured interleaved with the others. */
typedef struct bwcfg {
	int L, nt, mix, w;
	size_t n;                 /* bytes per stream */
	long count;               /* sweeps per sub-repetition */
	char *(*bufs)[4];         /* per thread: the streams' buffers */
	int more;                 /* takes its group's rounds_more rounds, not rounds */
	int nr;                   /* rounds run */
	double v[MAXREPS];        /* lockstep rate per round (slowest thread) */
	double *tv;               /* per-thread rate per round: tv[i * MAXREPS + r] */
} bwcfg;

#define MAXCFG 512

/* Set J up for figure G: kernel, streams (BUFS[thread][stream] of G's level), warm-up, and
 * NSUB sub-repetitions per run (the count is calibrated or G's). */
static void bw_job(job *j, const bwcfg *g, char *bufs[256][4], double warm_ns, int nsub)
{
	j->kind = 0;
	j->w = g->w;
	j->mix = g->mix;
	j->n = g->n;
	j->warm_ns = warm_ns;
	j->nsub = nsub;
	for (int i = 0; i < g->nt; i++)
		for (int s = 0; s < 4; s++)
			j->buf[i][s] = s < k_streams[g->mix] ? bufs[i][s] : NULL;
}

/* Set J up for the FP figure of OP at WIDTH bits and precision PREC */
static void fp_job(job *j, int op, int width, int prec)
{
	j->kind = 1;
	j->warm_ns = WARM_NS;
	j->op = op;
	j->width = width;
	j->prec = prec;
}

/* ------------------------------------------------------------ main measurement */

static const char *const lvname[] = { "L1", "L2", "L3", "L4" };

/* Buffers of 64 KiB and more (every buffer beyond the L1's) are 2 MiB aligned and asked to be
 * backed by transparent huge pages: with 4 KiB pages the physical placement, and with it the
 * conflict misses in a cache filled to one half, changes from run to run (the L2 figures
 * differed by up to 16 % between runs on the Emerald Rapids class Xeon; on the Zen 5 guest the
 * 512 KiB L2 buffers, then on 4 KiB pages, made one run's L2 load, store and update kernels
 * 25-30 % slower in every round); huge pages make the placement of a working set within a page
 * the same every run. */
#define XALLOC_HUGE_FROM (64u << 10)

static char *xalloc(size_t n)
{
	void *p = NULL;
	size_t al = n >= XALLOC_HUGE_FROM ? (2u << 20) : 4096;
	size_t sz = n ? (n + al - 1) / al * al : 4096;
	if (posix_memalign(&p, al, sz))
		return NULL;
#ifdef MADV_HUGEPAGE
	if (al > 4096)
		madvise(p, sz, MADV_HUGEPAGE);
#endif
	memset(p, 1, sz);
	return p;
}

static const char *guess_port_table(const topo *t)
{
	if (!strcmp(t->vendor, "GenuineIntel") && t->family == 6) {
		switch (t->model_id) {
		case 0x2a: case 0x2d: case 0x3a: case 0x3e: return "snb";
		case 0x8f: case 0xcf: case 0x97: case 0x9a: case 0xb7: case 0xba: case 0xbf:
		case 0xad: case 0xae: return "glc";
		}
	}
	if (!strcmp(t->vendor, "AuthenticAMD") && t->family == 0x19 &&
	    (t->model_id >= 0x10 && (t->model_id < 0x20 || t->model_id >= 0x60)))
		return "zen4";
	/* family 1Ah models 00h-1Fh (Zen 5 server, Turin: full 512-bit pipes, as measured for
	   zen5.yml); the other Zen 5 parts (client, some with a 256-bit FP data path): zen4,
	   the nearest table that does not assume the full-width pipes */
	if (!strcmp(t->vendor, "AuthenticAMD") && t->family == 0x1a)
		return t->model_id < 0x20 ? "zen5" : "zen4";
	return "";
}

static void progress(int i, int n, const char *what, result r, const char *unit)
{
	if (quiet)
		return;
	fprintf(stderr, "[%3d/%3d] %-34s %10.2f %s  (median %.2f, spread %.1f %%%s)\n", i, n, what,
		r.best, unit, r.median, r.spread, r.unstable ? ", UNSTABLE" : "");
}

/* One run of the measurement: the host, the figures it measures and the machine it fills */
typedef struct bench_run {
	topo t;
	k_features feat;
	int reps;                 /* repetitions per figure */
	int ncore;                /* physical cores: one thread on each */
	int ncores_list[2], ncc;  /* the core counts measured: 1 and (if more) all */
	int widths[4], nw;        /* access widths in bytes */
	int nlev;                 /* cache levels + MEM */
	int total, step;          /* figures, for the progress lines */
	char date[64];
	char load0[64], load1[64];   /* load average before / after */
	double t_start, secs;
	double ghz_add, ghz_imul, ghz;
	long long per_level[RL_MAX_LEVELS + 1]; /* working set per thread and level */
	long long mem_set;
	rl_machine *m;
	job *j;
	rlb_cal cal;              /* the ECM calibration kernels and their fit */
	int cal_ok;               /* the fit ran (the file gets its calibration block) */
	double cal_gbs[RLB_CAL_MAXK][RL_MAX_LEVELS + 1]; /* 1-core best of each kernel, GB/s */
	double nt_gbs[2];         /* 1-core best of the non-temporal store and copy in memory */
	int extra_rounds;         /* rounds of the figures whose best was not confirmed */
	int rounds[3];            /* main rounds run: cache levels, memory, memory (1 core, widest) */
	rlb_capacity cap;         /* effective capacities for the layer conditions */
	rlb_tlb tlb;              /* TLB reach and miss costs */
	rlb_overlap ovl;          /* serial fractions of the overlapping links */
} bench_run;

/* The ECM calibration kernels (fill:evict per line 1:0, 1:1, 2:1, 1:1, 3:1 fitted; 4:1 and 4:0
 * held out), by kernel of kernels.h: streams, read / written streams (bit masks), load and
 * store instructions per unit of work at the widest access (one per line and stream). */
static const struct cal_def {
	const char *name;
	int mix, nstreams, reads, writes, loads, stores, fitted;
} cal_defs[] = {
	{ "load", K_LOAD, 1, 1, 0, 1, 0, 1 },
	{ "store", K_STORE, 1, 0, 1, 0, 1, 1 },
	{ "copy", K_1LD1ST, 2, 1, 2, 1, 1, 1 },
	{ "update", K_UPDATE, 1, 1, 1, 1, 1, 1 },
	{ "2load_1store", K_2LD1ST, 3, 3, 4, 2, 1, 1 },
	{ "3load_1store", K_3LD1ST, 4, 7, 8, 3, 1, 0 },
	{ "4load", K_SUM4, 4, 15, 0, 4, 0, 0 },
};
#define NCAL ((int)(sizeof cal_defs / sizeof cal_defs[0]))

static void cal_setup(bench_run *b)
{
	rlb_cal *c = &b->cal;
	memset(c, 0, sizeof *c);
	c->nlevels = b->t.nlev;
	c->nk = NCAL;
	for (int i = 0; i < NCAL; i++) {
		rlb_cal_kernel *k = &c->k[i];
		snprintf(k->name, sizeof k->name, "%s", cal_defs[i].name);
		k->nstreams = cal_defs[i].nstreams;
		k->reads = cal_defs[i].reads;
		k->writes = cal_defs[i].writes;
		k->loads = cal_defs[i].loads;
		k->stores = cal_defs[i].stores;
		k->fitted = cal_defs[i].fitted;
	}
}

/* a 1-core figure at the widest access: cycles per unit of work of its calibration kernel */
static void cal_record(bench_run *b, const bwcfg *f, double gbs)
{
	if (f->nt != 1 || f->w != b->widths[b->nw - 1] || !(gbs > 0))
		return;
	for (int i = 0; i < NCAL; i++)
		if (cal_defs[i].mix == f->mix)
			b->cal_gbs[i][f->L] = gbs;
}

/* FP operations per instruction of WIDTH bits and precision PREC (an FMA counts 2) */
static double flops_per_insn(int width, int prec, int fma)
{
	int lanes = width <= 64 ? 1 : width / prec;
	return lanes * (fma ? 2.0 : 1.0);
}

/* topology, features, the figures to measure; 0, or -1 on a host without kernels */
static int bench_setup(bench_run *b, int reps)
{
	detect_topo(&b->t);
	k_detect(&b->feat);
	if (!b->feat.x86) {
		fprintf(stderr, "roofline-bench: only x86-64 hosts have measurement kernels\n");
		return -1;
	}
	if (b->t.nlev == 0) {
		fprintf(stderr, "roofline-bench: no cache information in /sys/devices/system/cpu\n");
		return -1;
	}
	b->reps = reps;
	b->t_start = now_ns();
	snprintf(b->load0, sizeof b->load0, "?");
	snprintf(b->load1, sizeof b->load1, "?");
	read_line("/proc/loadavg", b->load0, sizeof b->load0);
	b->load0[strcspn(b->load0, " ")] = 0;
	pin(b->t.cpus[0]);
	time_t now = time(NULL);
	strftime(b->date, sizeof b->date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	b->ncore = b->t.ncpu / (b->t.threads_per_core > 0 ? b->t.threads_per_core : 1);
	if (b->ncore < 1) b->ncore = 1;
	/* one thread per physical core: take every threads_per_core-th CPU (sibling layout
	 * is usually 0..n-1 then n..2n-1; with 1 thread/core this is all CPUs) */
	b->ncores_list[0] = 1;
	b->ncores_list[1] = b->ncore;
	b->ncc = b->ncore > 1 ? 2 : 1;
	static const int widths[4] = { 8, 16, 32, 64 };
	memcpy(b->widths, widths, sizeof widths);
	b->nw = b->feat.avx512f ? 4 : b->feat.avx ? 3 : 2;
	b->nlev = b->t.nlev + 1;
	b->total = 2 + b->nlev * b->nw * K_NMIX * b->ncc + 5 * (2 + (b->nw - 1) * 2) * b->ncc +
		   b->nlev * (K_NKERN - K_NMIX - 2) + 2;
	b->step = 0;
	cal_setup(b);
	if (!quiet)
		fprintf(stderr, "roofline-bench %s on %s: %s, %d cores x %d threads, %d cache levels, "
			"avx %d avx512f %d fma %d; %d reps per figure\n", VERSION, b->t.host,
			b->t.model, b->ncore, b->t.threads_per_core, b->t.nlev, b->feat.avx,
			b->feat.avx512f, b->feat.fma, reps);
	return 0;
}

/* one timing of each clock chain (about 5 ms each); the fastest so far kept */
static void clock_sample(bench_run *b)
{
	double t0 = now_ns();
	k_chain(20000, 0);
	double g = 20000.0 * 1000 / (now_ns() - t0);
	if (g > b->ghz_add) b->ghz_add = g;
	t0 = now_ns();
	k_chain(7000, 1);
	g = 7000.0 * 3000 / (now_ns() - t0);
	if (g > b->ghz_imul) b->ghz_imul = g;
	/* noise only slows a chain down: the faster of the two estimates (on the Zen 5 guest
	   of zen5-host-bench.yml the add chain once ran at half speed for a whole 5-repetition
	   run while the imul chain did not) */
	b->ghz = b->ghz_add > b->ghz_imul ? b->ghz_add : b->ghz_imul;
}

/* the clock: dependent add chains (1 cy each), imul chains (3 cy) as a cross-check; sampled
 * again after every round of the bandwidth figures (clock_sample), so the clock is the fastest
 * over the whole measurement, not over its first 0.3 s (two runs' clocks on the Zen 5 guest
 * of zen5-host-bench.yml differed by 1.4 %, and every in-core prediction in time with them) */
static void measure_clock(bench_run *b)
{
	for (int r = 0; r < 2 * b->reps + 1; r++)
		clock_sample(b);
	if (!quiet) {
		fprintf(stderr, "[%3d/%3d] clock (add chain)                  %10.3f GHz\n",
			++b->step, b->total, b->ghz_add);
		fprintf(stderr, "[%3d/%3d] clock (imul chain, cross-check)    %10.3f GHz\n",
			++b->step, b->total, b->ghz_imul);
	} else
		b->step += 2;
}

/* working set per thread of each level (and of MEM) */
static void plan_working_sets(bench_run *b)
{
	const topo *t = &b->t;
	for (int L = 0; L < b->nlev; L++) {
		long long per_thread;
		if (L == t->nlev) {
			long long llc = t->lev[t->nlev - 1].size;
			per_thread = 2 * llc > (512LL << 20) ? 2 * llc : (512LL << 20);
			b->mem_set = per_thread;
		} else if (L == 0) {
			per_thread = t->lev[0].size / 2;
		} else if (L == t->nlev - 1 && L >= 2) {
			/* 4 x the level below, less if the LLC share per core is smaller: a guest's
			 * usable part of a big shared LLC is far smaller than sysfs says (the
			 * Emerald Rapids guest of emr-host-bench.yml: 260 MiB reported; the 1-core
			 * bandwidth falls from 30 to 27 GB/s at 64 MiB and to 14 GB/s, memory, at
			 * 128 MiB), and with 16 x L2 per thread the buffers of the interleaved
			 * figures (up to 2 x working set per thread) overflowed it; 2-4 x L2
			 * measured the same bandwidth (no L2 hits seen at 2 x L2) */
			long long below = t->lev[L - 1].size;
			per_thread = t->lev[L].size / (2 * t->lev[L].shared);
			if (per_thread > 4 * below) per_thread = 4 * below;
			if (per_thread < 2 * below) per_thread = 2 * below;
		} else {
			per_thread = t->lev[L].size / 2;
			if (t->lev[L].shared > 1) per_thread /= t->lev[L].shared;
		}
		b->per_level[L] = per_thread;
	}
}

/* One group of bandwidth figures measured together in interleaved rounds: the cache levels,
 * memory, or the calibration kernels at several working sets */
typedef struct bw_group {
	const char *what;         /* progress label */
	bwcfg *cfg;
	int ncfg;
	int rounds;               /* main rounds (each figure once per round) */
	int rounds_more;          /* main rounds of the figures marked 'more' (>= rounds) */
	int done;                 /* main rounds run so far */
	double min_ns;            /* per sub-repetition */
	int nsub;
	double warm_ns;
	int slowest;              /* several threads: the slowest thread's rate per round (memory) */
	int chunks;               /* > 1: each sub-repetition sweeps one of this many parts */
} bw_group;

static bwcfg cfg_cache[MAXCFG], cfg_mem[MAXCFG];
static char *lbuf[RL_MAX_LEVELS + 1][256][4], *lraw[RL_MAX_LEVELS + 1][256][4];

/* Stream s of a kernel starts s x STREAM_SKEW bytes into its (2 MiB aligned) buffer: with all
 * streams at the same offset modulo 4 KiB and 2 MiB, loads alias stores in the L1 (4K aliasing)
 * and all streams map to the same DRAM banks (on the Zen 5 guest of zen5-host-bench.yml four
 * aligned load streams ran 1.8x slower per line in memory than one) */
#define STREAM_SKEW (17 * 64 + 4096 * 5)

/* buffers of levels L0..L1-1: per thread, stream 0 holds the whole working set (load mix),
 * streams 1 to 3 half of it.  0 or -1. */
static int alloc_level_buffers(const bench_run *b, int L0, int L1)
{
	for (int L = L0; L < L1; L++)
		for (int i = 0; i < b->ncore; i++)
			for (int s = 0; s < 4; s++) {
				size_t sz = (size_t)(s ? b->per_level[L] / 2 : b->per_level[L]) / 512 * 512;
				if (!(lraw[L][i][s] = xalloc(sz + (size_t)s * STREAM_SKEW))) {
					fprintf(stderr, "roofline-bench: cannot allocate %zu bytes\n", sz);
					return -1;
				}
				lbuf[L][i][s] = lraw[L][i][s] + (size_t)s * STREAM_SKEW;
			}
	return 0;
}

static void free_level_buffers(const bench_run *b, int L0, int L1)
{
	for (int L = L0; L < L1; L++)
		for (int i = 0; i < b->ncore; i++)
			for (int s = 0; s < 4; s++) {
				free(lraw[L][i][s]);
				lbuf[L][i][s] = lraw[L][i][s] = NULL;
			}
}

/* a figure at level L: NT threads, kernel MIX, width W, working set WS over the streams */
static bwcfg bw_figure(int L, int nt, int mix, int w, size_t ws, char *(*bufs)[4])
{
	return (bwcfg){ L, nt, mix, w, (size_t)(ws / (size_t)k_streams[mix]) / 512 * 512, 0, bufs,
			0, 0, { 0 }, NULL };
}

/* the figures of levels L0..L1-1 (level x cores x mix x width, then the kernels only the ECM
 * calibration uses: one core, widest access) into G */
static void plan_level_figures(const bench_run *b, bw_group *g, int L0, int L1)
{
	g->ncfg = 0;
	for (int L = L0; L < L1; L++)
		for (int ci = 0; ci < b->ncc; ci++)
			for (int mix = 0; mix < K_NMIX; mix++)
				for (int wi = 0; wi < b->nw && g->ncfg < MAXCFG; wi++)
					g->cfg[g->ncfg++] = bw_figure(L, b->ncores_list[ci], mix,
						b->widths[wi], (size_t)b->per_level[L], lbuf[L]);
	for (int L = L0; L < L1; L++)
		for (int mix = K_NMIX; mix < K_NKERN && g->ncfg < MAXCFG; mix++)
			if (mix < K_NTSTORE || L == b->t.nlev)   /* non-temporal: memory only */
				g->cfg[g->ncfg++] = bw_figure(L, 1, mix, b->widths[b->nw - 1],
							      (size_t)b->per_level[L], lbuf[L]);
}

/* every figure of G calibrated to >= min_ns per sub-repetition, room for its rounds.  0 or -1 */
static int calibrate_group(bench_run *b, bw_group *g)
{
	for (int c = 0; c < g->ncfg; c++) {
		bwcfg *f = &g->cfg[c];
		bw_job(b->j, f, f->bufs, g->warm_ns, g->nsub);
		b->j->chunks = g->chunks;
		calibrate(b->j, &b->t, f->nt, g->min_ns);
		f->count = b->j->count;
		f->nr = 0;
		if (!(f->tv = calloc((size_t)f->nt * MAXREPS, sizeof f->tv[0]))) {
			fprintf(stderr, "roofline-bench: out of memory\n");
			return -1;
		}
	}
	return 0;
}

/* one repetition of figure F (J's warm-up, NSUB timed sub-repetitions) into its next round */
static void run_figure(bench_run *b, const bw_group *g, bwcfg *f)
{
	job *j = b->j;
	if (f->nr >= MAXREPS)
		return;
	bw_job(j, f, f->bufs, g->warm_ns, g->nsub);
	j->chunks = g->chunks;
	j->count = f->count;
	double bytes = (double)job_part(j) * k_streams[f->mix] * (double)f->count;
	f->v[f->nr] = bytes * g->nsub * f->nt / run_job(j, &b->t, f->nt);
	for (int i = 0; i < f->nt; i++)
		f->tv[i * MAXREPS + f->nr] = j->best_ns[i] > 0 ? bytes / j->best_ns[i] : 0;
	f->nr++;
}

/* main rounds of G until UPTO have run, or the run is older than UNTIL_S seconds; round r runs
 * repetition r of every figure */
static void run_group_rounds(bench_run *b, bw_group *g, int upto, double until_s)
{
	int last = g->rounds_more > g->rounds ? g->rounds_more : g->rounds;
	if (upto > last) upto = last;
	for (; g->done < upto && (now_ns() - b->t_start) / 1e9 < until_s; g->done++) {
		for (int c = 0; c < g->ncfg; c++)
			if (g->done < g->rounds || g->cfg[c].more)
				run_figure(b, g, &g->cfg[c]);
		clock_sample(b);
		if (!quiet)
			fprintf(stderr, "          %s: round %d/%d of %d figures (%.1f s into the run)\n",
				g->what, g->done + 1, last, g->ncfg, (now_ns() - b->t_start) / 1e9);
	}
}

/* F's rounds as one figure: per thread (sum of each thread's best; docs/roofline-bench.md,
 * "all cores"), or the slowest thread's per round (G->slowest, several threads) */
static result figure_result(const bw_group *g, bwcfg *f)
{
	static double tv[256 * MAXREPS], v[MAXREPS];
	memcpy(v, f->v, sizeof v[0] * (size_t)f->nr);
	if (g->slowest && f->nt > 1)
		return summarize(v, f->nr);
	for (int i = 0; i < f->nt; i++)
		memcpy(tv + i * f->nr, f->tv + i * MAXREPS, sizeof tv[0] * (size_t)f->nr);
	return summarize_threads(tv, f->nt, f->nr, v);
}

/* is F's best confirmed: RLB_CONFIRM_N rounds (the best one included) within RLB_CONFIRM_PCT
 * of it, for every thread (G->slowest: the slowest thread's rates) */
static int figure_confirmed(const bw_group *g, const bwcfg *f)
{
	if (g->slowest && f->nt > 1)
		return rlb_near_best(f->v, f->nr, RLB_CONFIRM_PCT) >= RLB_CONFIRM_N;
	for (int i = 0; i < f->nt; i++)
		if (rlb_near_best(f->tv + i * MAXREPS, f->nr, RLB_CONFIRM_PCT) < RLB_CONFIRM_N)
			return 0;
	return 1;
}

/* Extra rounds, after the main ones, of the figures of the NG groups G whose best is not
 * confirmed (figure_confirmed): up to MAXEXTRA rounds, each one repetition of every such
 * figure, while the run is younger than UNTIL_S seconds.  Returns the rounds run. */
static int remeasure_unconfirmed(bench_run *b, bw_group **g, int ng, int maxextra, double until_s)
{
	int r = 0;
	for (; r < maxextra && (now_ns() - b->t_start) / 1e9 < until_s; r++) {
		int n = 0, at = 0;
		char per[256] = "";
		for (int k = 0; k < ng; k++) {
			int nk = 0;
			for (int c = 0; c < g[k]->ncfg; c++)
				if (!figure_confirmed(g[k], &g[k]->cfg[c])) {
					run_figure(b, g[k], &g[k]->cfg[c]);
					nk++;
				}
			if (nk && at < (int)sizeof per)
				at += snprintf(per + at, sizeof per - (size_t)at, "%s%s %d", at ? ", " : "",
					       g[k]->what, nk);
			n += nk;
		}
		if (!n)
			break;
		if (!quiet)
			fprintf(stderr, "          extra round %d/%d of the figures whose best was not yet "
				"confirmed by %d rounds within %.0f %%: %s (%.1f s into the run)\n", r + 1,
				maxextra, RLB_CONFIRM_N, RLB_CONFIRM_PCT, per, (now_ns() - b->t_start) / 1e9);
	}
	return r;
}

/* the name of kernel MIX: a bandwidth-table mix, a calibration kernel or a non-temporal one */
static const char *kernel_name(int mix)
{
	if (mix < K_NMIX)
		return rl_mix_name((rl_mix)mix);
	if (mix == K_NTSTORE || mix == K_NTCOPY)
		return mix == K_NTSTORE ? "nt_store" : "nt_copy";
	for (int i = 0; i < NCAL; i++)
		if (cal_defs[i].mix == mix)
			return cal_defs[i].name;
	return "?";
}

/* the figures of G whose best is not confirmed, on one line */
static void print_unconfirmed(const bench_run *b, const bw_group *g)
{
	int n = 0;
	for (int c = 0; c < g->ncfg; c++) {
		const bwcfg *f = &g->cfg[c];
		if (figure_confirmed(g, f))
			continue;
		fprintf(stderr, "%s%s %d B %s %d core%s %lld KiB", n++ ? ", " : "          not confirmed "
			"(the best of its rounds is kept): ", f->L < b->t.nlev ? lvname[f->L] : "MEM",
			f->w, kernel_name(f->mix),
			f->nt, f->nt > 1 ? "s" : "", (long long)(f->n * (size_t)k_streams[f->mix]) >> 10);
	}
	if (n)
		fputc('\n', stderr);
}

/* the group's figures into the machine's bandwidth table (or, for the kernels only the
 * calibration uses, the calibration), in the order planned */
static void record_group(bench_run *b, bw_group *g)
{
	rl_machine *m = b->m;
	for (int c = 0; c < g->ncfg; c++) {
		bwcfg *f = &g->cfg[c];
		result r = figure_result(g, f);
		free(f->tv);
		f->tv = NULL;
		cal_record(b, f, r.best);
		const char *lname = f->L < b->t.nlev ? lvname[f->L] : "MEM";
		if (f->mix >= K_NTSTORE && f->nt == 1 && f->w == b->widths[b->nw - 1])
			b->nt_gbs[f->mix - K_NTSTORE] = r.best;
		char what[96];
		if (f->mix >= K_NMIX) {
			snprintf(what, sizeof what, "%s %2d B %-12s (ECM calibration)", lname, f->w,
				 kernel_name(f->mix));
			progress(++b->step, b->total, what, r, "GB/s");
			continue;
		}
		rl_bw_row *row = &m->bw[m->nbw++];
		snprintf(row->level, sizeof row->level, "%s", lname);
		row->width = f->w * 8;
		row->mix = (rl_mix)f->mix;
		row->cores = f->nt;
		row->gbs = r.best;
		row->spread_pct = r.spread;
		row->unstable = r.unstable;
		snprintf(what, sizeof what, "%s %2d B %-12s %d core%s (%lld KiB)", lname, f->w,
			 rl_mix_name((rl_mix)f->mix), f->nt, f->nt > 1 ? "s" : "",
			 b->per_level[f->L] >> 10);
		progress(++b->step, b->total, what, r, "GB/s");
	}
}

/* ------------------------------------------------------------ calibration working sets */

/* The calibration kernels at several working sets per cache level beyond the L1: the fit
 * takes the median over them at the last level (docs/roofline-bench.md, "Working sets of the
 * calibration") */
static rlb_calsizes cal_sizes;
static int cal_sizes_ok;

#define CS_MAXF (RLB_WS_SETS * RL_MAX_LEVELS * RLB_CS_MAXN * RLB_CAL_MAXK)
#define CS_MAXB (RL_MAX_LEVELS * RLB_CS_MAXN)

static bwcfg cfg_sizes[CS_MAXF];
/* per figure: calibration kernel, buffer set (size: L x RLB_CS_MAXN + i) and which of the
   independent sets (0 .. RLB_WS_SETS - 1) */
static int cs_kernel[CS_MAXF], cs_set[CS_MAXF], cs_copy[CS_MAXF];
static char *cs_raw[RLB_WS_SETS][CS_MAXB][4], *cs_buf[RLB_WS_SETS][CS_MAXB][1][4];

static void cal_sizes_free(void)
{
	for (int y = 0; y < RLB_WS_SETS; y++)
		for (int x = 0; x < CS_MAXB; x++)
			for (int k = 0; k < 4; k++) {
				free(cs_raw[y][x][k]);
				cs_raw[y][x][k] = cs_buf[y][x][0][k] = NULL;
			}
}

/* NSETS independent buffer sets (4 streams: the first the whole working set, the others half
 * of it, each STREAM_SKEW further into its own 2 MiB-aligned allocation) per level and size;
 * the sets allocated alternately, so that each set's buffers lie apart from the other's */
static int cal_sizes_alloc(const rlb_calsizes *s, int nsets)
{
	for (int L = 1; L < s->nlevels; L++)
		for (int i = 0; i < s->n[L]; i++)
			for (int k = 0; k < 4; k++)
				for (int y = 0; y < nsets; y++) {
					int x = L * RLB_CS_MAXN + i;
					size_t sz = (size_t)(k ? s->ws[L][i] / 2 : s->ws[L][i]) / 512 * 512;
					if (!(cs_raw[y][x][k] = xalloc(sz + (size_t)k * STREAM_SKEW))) {
						fprintf(stderr, "roofline-bench: cannot allocate %zu bytes\n",
							sz);
						return -1;
					}
					cs_buf[y][x][0][k] = cs_raw[y][x][k] + (size_t)k * STREAM_SKEW;
				}
	return 0;
}

/* plan the calibration kernels (one core, widest access) at NPER working sets per level beyond
 * the L1 into G: interleaved like the cache levels, >= 1 ms warm-up and 3 timed
 * sub-repetitions of >= 1 ms per round.  0 or -1. */
static int cal_sizes_group(bench_run *b, bw_group *g, rlb_calsizes *s, int nsets);

static int cal_sizes_plan(bench_run *b, bw_group *g, int nper)
{
	long long size[RL_MAX_LEVELS];
	int shared[RL_MAX_LEVELS];
	for (int L = 0; L < b->t.nlev; L++) {
		size[L] = b->t.lev[L].size;
		shared[L] = b->t.lev[L].shared > b->ncore ? b->ncore : b->t.lev[L].shared;
	}
	rlb_calsizes_plan(&cal_sizes, b->t.nlev, size, shared, nper);
	return cal_sizes_group(b, g, &cal_sizes, 1);
}

/* the figures of the planned working sets S into G (buffers allocated): NSETS independent
 * buffer sets per size, each set's figure beside the other's in every round; 2 x REPS rounds
 * in all (REPS per set with two sets).  0 or -1. */
static int cal_sizes_group(bench_run *b, bw_group *g, rlb_calsizes *s, int nsets)
{
	*g = (bw_group){ "calibration working sets", cfg_sizes, 0, 2 * b->reps / nsets, 0, 0, 1e6,
			 3, WARM_NS, 0, 0 };
	if (g->rounds > MAXREPS) g->rounds = MAXREPS;
	if (cal_sizes_alloc(s, nsets)) {
		cal_sizes_free();
		return -1;
	}
	for (int L = 1; L < s->nlevels; L++)
		for (int i = 0; i < s->n[L]; i++)
			for (int k = 0; k < NCAL; k++)
				for (int y = 0; y < nsets; y++, g->ncfg++) {
					int x = L * RLB_CS_MAXN + i;
					cfg_sizes[g->ncfg] = bw_figure(L, 1, cal_defs[k].mix,
								       b->widths[b->nw - 1],
								       (size_t)s->ws[L][i], cs_buf[y][x]);
					cs_kernel[g->ncfg] = k;
					cs_set[g->ncfg] = x;
					cs_copy[g->ncfg] = y;
				}
	return calibrate_group(b, g);
}

/* every figure's best round into S[its buffer set]->t in cycles per unit of work (and, with
 * SMED, the median of its rounds into SMED[its buffer set]->t); the buffers freed */
static void cal_sizes_store(bench_run *b, bw_group *g, rlb_calsizes *s, rlb_calsizes *smed)
{
	for (int c = 0; c < g->ncfg; c++) {
		/* bytes (all streams) per ns -> cycles per unit of work (one line per stream) */
		bwcfg *f = &g->cfg[c];
		result res = figure_result(g, f);
		free(f->tv);
		f->tv = NULL;
		int L = cs_set[c] / RLB_CS_MAXN, i = cs_set[c] % RLB_CS_MAXN;
		double unit = (double)b->t.lev[0].line * k_streams[f->mix] * b->ghz;
		s[cs_copy[c]].t[cs_kernel[c]][L][i] = res.best > 0 ? unit / res.best : 0;
		if (smed)
			smed[cs_copy[c]].t[cs_kernel[c]][L][i] = res.median > 0 ? unit / res.median : 0;
	}
	cal_sizes_free();
}

/* the per-size figures into CAL_SIZES, printed */
static void cal_sizes_finish(bench_run *b, bw_group *g)
{
	cal_sizes_store(b, g, &cal_sizes, NULL);   /* one buffer set: into cal_sizes */
	cal_sizes_ok = 1;
	if (!quiet) {
		fprintf(stderr, "calibration kernels per working set, cycles per unit of work (the fit "
			"takes the median of the %s rows):\n", lvname[CAL_SIZES_FIT_FROM(b->t.nlev)]);
		rlb_calsizes_print(stderr, &cal_sizes, &b->cal, "  ");
	}
}

/* The calibration kernels at NPER working sets per level alone (roofline-bench sizes) */
static void cal_sizes_run(bench_run *b, int nper)
{
	static bw_group g;
	if (cal_sizes_plan(b, &g, nper))
		return;
	run_group_rounds(b, &g, g.rounds, 1e9);
	bw_group *all[1] = { &g };
	remeasure_unconfirmed(b, all, 1, b->reps, EXTRA_UNTIL_S);
	cal_sizes_finish(b, &g);
}

/* Bandwidths and the calibration kernels at several working sets.  The repetitions are
 * interleaved: round r runs repetition r of every figure of a group before round r + 1, so
 * that a burst of other work on a shared host spoils one repetition of many figures instead
 * of all repetitions of one figure; and the groups' rounds alternate over the whole phase
 * (a round of the cache levels, of memory, of the working sets, ...) so a noisy phase of the
 * host hits some rounds of a figure, not all.  Cache levels and working
 * sets: 2 x REPS rounds of a >= 1 ms warm-up and 3 timed sub-repetitions of >= 1 ms; memory:
 * REPS + 1 rounds (one core at the widest access: 2 x REPS) of one sweep in MEM_CHUNKS timed
 * parts (>= 1 ms each).  A figure
 * is its best round; then figures whose best is not confirmed by RLB_CONFIRM_N rounds within
 * RLB_CONFIRM_PCT get up to REPS extra rounds while the run is younger than EXTRA_UNTIL_S.
 * NPER: working sets per level (0: none).  0 or -1. */
static int measure_bandwidths(bench_run *b, int nper)
{
	static bw_group gc, gm, gs;
	int nl = b->t.nlev;
	gc = (bw_group){ "cache levels", cfg_cache, 0, 2 * b->reps, 0, 0, 1e6, 3, WARM_NS, 0, 0 };
	gm = (bw_group){ "memory", cfg_mem, 0, b->reps + 1, 2 * b->reps, 0, 1e6, MEM_CHUNKS, 0, 1,
			 MEM_CHUNKS };
	if (gc.rounds > MAXREPS) gc.rounds = MAXREPS;
	if (gm.rounds_more > MAXREPS) gm.rounds_more = MAXREPS;
	if (alloc_level_buffers(b, 0, nl + 1))
		return -1;
	plan_level_figures(b, &gc, 0, nl);
	plan_level_figures(b, &gm, nl, nl + 1);
	/* one core's memory figures at the widest access - the ECM calibration's kernels, the
	   model's memory cost - get 2 x REPS rounds, the others REPS + 1 */
	for (int c = 0; c < gm.ncfg; c++)
		gm.cfg[c].more = gm.cfg[c].nt == 1 && gm.cfg[c].w == b->widths[b->nw - 1];
	if (calibrate_group(b, &gc) || calibrate_group(b, &gm))
		return -1;
	int sizes = nper > 0 && !cal_sizes_plan(b, &gs, nper);
	/* super-round k of K runs each group's rounds up to its share k / K: every group's rounds
	   spread over the whole phase; after MAIN_MIN_ROUNDS super-rounds, none starts once the
	   run is MAIN_UNTIL_S old */
	bw_group *grp[3] = { &gc, &gm, &gs };
	int K = gc.rounds > gm.rounds_more ? gc.rounds : gm.rounds_more;
	if (sizes && gs.rounds > K) K = gs.rounds;
	for (int k = 1; k <= K; k++) {
		double until = k <= MAIN_MIN_ROUNDS ? 1e9 : MAIN_UNTIL_S;
		if ((now_ns() - b->t_start) / 1e9 >= until)
			break;
		for (int x = 0; x < (sizes ? 3 : 2); x++) {
			int last = grp[x]->rounds_more > grp[x]->rounds ? grp[x]->rounds_more
									: grp[x]->rounds;
			run_group_rounds(b, grp[x], (last * k + K - 1) / K, 1e9);
		}
	}
	if (!quiet)
		fprintf(stderr, "          clock, the fastest over every round: add chain %.3f GHz, imul "
			"chain %.3f GHz\n", b->ghz_add, b->ghz_imul);
	b->rounds[0] = gc.done;
	b->rounds[1] = gm.done < gm.rounds ? gm.done : gm.rounds;
	b->rounds[2] = gm.done;
	bw_group *all[3] = { &gc, &gm, &gs };
	b->extra_rounds = remeasure_unconfirmed(b, all, sizes ? 3 : 2, b->reps, EXTRA_UNTIL_S);
	if (!quiet)
		for (int k = 0; k < (sizes ? 3 : 2); k++)
			print_unconfirmed(b, all[k]);
	free_level_buffers(b, 0, nl + 1);
	record_group(b, &gc);
	record_group(b, &gm);
	if (sizes)
		cal_sizes_finish(b, &gs);
	return 0;
}

/* the calibration kernels across each level's working sets (the small_working_sets table) */
static rlb_calsizes ws_sizes, ws_set[RLB_WS_SETS];   /* best rounds: the fit's reference */
static rlb_calsizes ws_med, ws_med_set[RLB_WS_SETS]; /* median rounds: the step */
static rlb_ws_step ws_step[RL_MAX_LEVELS];
static int ws_ok, cal_ws_ref[RL_MAX_LEVELS];   /* 1: level L's fit took the table's top sizes */

/* the provenance of the per-size figures: a sentence for calibration.source */
static void cal_sizes_method(char *out, size_t len)
{
	int at = 0, from = CAL_SIZES_FIT_FROM(cal_sizes.nlevels);
	*out = 0;
	if (!cal_sizes_ok)
		return;
	for (int L = 1; L < cal_sizes.nlevels && at < (int)len; L++)
		if (cal_sizes.n[L])
			at += snprintf(out + at, len - (size_t)at, "; %s: %s %d working sets of "
				       "%lld-%lld KiB (equal steps)", lvname[L], L >= from ?
				       "the median over" : cal_ws_ref[L] ? "each kernel's smallest "
				       "figure at the top three sizes of small_working_sets' table "
				       "(the faster of 2 buffer sets), recorded at" :
				       "at half the level, recorded at",
				       cal_sizes.n[L], cal_sizes.ws[L][0] >> 10,
				       cal_sizes.ws[L][cal_sizes.n[L] - 1] >> 10);
	if (at < (int)len)
		snprintf(out + at, len - (size_t)at, ", figures per size in the comment below");
}

/* roofline-bench sizes [N]: the clock and the calibration kernels at N working sets per level
 * (default 7), the per-size table on stdout */
static int sizes_cmd(int argc, char **argv)
{
	static bench_run b;
	int nper = argc > 2 ? atoi(argv[2]) : CAL_SIZES_PER_LEVEL;
	if (nper < 1 || nper > RLB_CS_MAXN) {
		fprintf(stderr, "roofline-bench sizes: expected 1..%d working sets per level\n",
			RLB_CS_MAXN);
		return 2;
	}
	if (bench_setup(&b, 15))
		return 1;
	measure_clock(&b);
	if (!(b.j = calloc(1, sizeof *b.j)))
		return 1;
	cal_sizes_run(&b, nper);
	if (!cal_sizes_ok)
		return 1;
	printf("# roofline-bench sizes %d on '%s' (%s, %s family %u model %u), %s, clock %.3f GHz\n",
	       nper, b.t.host, b.t.model, b.t.vendor, b.t.family, b.t.model_id, b.date, b.ghz);
	rlb_calsizes_print(stdout, &cal_sizes, &b.cal, "");
	free(b.j);
	return 0;
}

/* ------------------------------------------------------------ link costs per working set */

/* the calibration kernels across each level's working sets and the step of each link's cost
 * (machines/bench/wssteps.c; docs/roofline-bench.md, "Small working sets") */

/* The figures of RLB_WS_SETS independent buffer sets per size in the same rounds; the step is
 * fitted to their combination (per figure the faster set) and written only when each set's
 * figures alone show it too (rlb_wssteps_confirm) */
static void ws_steps_run(bench_run *b)
{
	long long size[RL_MAX_LEVELS];
	int shared[RL_MAX_LEVELS];
	for (int L = 0; L < b->t.nlev; L++) {
		size[L] = b->t.lev[L].size;
		shared[L] = b->t.lev[L].shared > b->ncore ? b->ncore : b->t.lev[L].shared;
	}
	rlb_wssteps_plan(&ws_sizes, b->t.nlev, size, shared);
	for (int y = 0; y < RLB_WS_SETS; y++)
		ws_set[y] = ws_med_set[y] = ws_sizes;
	static bw_group g;
	ws_ok = !cal_sizes_group(b, &g, &ws_sizes, RLB_WS_SETS);
	if (ws_ok) {
		run_group_rounds(b, &g, g.rounds, 1e9);
		cal_sizes_store(b, &g, ws_set, ws_med_set);
		rlb_wssteps_combine(&ws_sizes, ws_set, RLB_WS_SETS);
		rlb_wssteps_combine(&ws_med, ws_med_set, RLB_WS_SETS);
	}
	/* the step from the medians of the rounds: the small-working-set regime is the machine's
	   usual state, and a phase of the host in which it ran fast made the best rounds of one
	   run of the Zen 5 guest step by x 1.11 where the best rounds of ten other tables gave
	   1.26-1.31 (docs/roofline-bench.md) */
	for (int L = 1; ws_ok && L < b->t.nlev; L++) {
		rlb_ws_step per[RLB_WS_SETS];
		for (int y = 0; y < RLB_WS_SETS; y++)
			rlb_wssteps_fit(&ws_med_set[y], &b->cal, L, &per[y]);
		rlb_wssteps_fit(&ws_med, &b->cal, L, &ws_step[L]);
		rlb_wssteps_confirm(&ws_step[L], per, RLB_WS_SETS);
	}
	if (ws_ok && !quiet) {
		fprintf(stderr, "link costs per working set: calibration kernels, cycles per unit of "
			"work (the median of each figure's rounds, the faster of %d buffer sets), and "
			"the median ratio to their top three sizes:\n", RLB_WS_SETS);
		rlb_wssteps_print(stderr, &ws_med, ws_step, &b->cal, "  ");
	}
}

/* roofline-bench ws-steps: the clock and the link-cost steps alone, the table on stdout */
static int ws_steps_cmd(void)
{
	static bench_run b;
	if (bench_setup(&b, 15))
		return 1;
	measure_clock(&b);
	if (!(b.j = calloc(1, sizeof *b.j)))
		return 1;
	quiet = 1;
	ws_steps_run(&b);
	if (!ws_ok)
		return 1;
	printf("# roofline-bench ws-steps on '%s' (%s, %s family %u model %u), %s, clock %.3f GHz\n",
	       b.t.host, b.t.model, b.t.vendor, b.t.family, b.t.model_id, b.date, b.ghz);
	rlb_wssteps_print(stdout, &ws_med, ws_step, &b.cal, "");
	free(b.j);
	return 0;
}

/* ------------------------------------------------------------ last level's memory share */

/* the share of a working set around the last level's size that comes from memory
 * (machines/bench/memshare.c; docs/roofline-bench.md, "Working sets around the last level's
 * size"): 2 x REPS interleaved rounds, none started after MS_UNTIL_S seconds of this step */
#define MS_UNTIL_S 12.0
static rlb_memshare mshare;

static void mshare_run(bench_run *b)
{
	rlb_memshare_plan(&mshare, b->t.nlev > 0 ? b->t.lev[b->t.nlev - 1].size : 0);
	if (mshare.n < 2)
		return;
	if (rlb_memshare_measure(&mshare, b->widths[b->nw - 1], b->ghz, 2 * b->reps, MS_UNTIL_S)) {
		mshare.n = 0;
		if (!quiet)
			fprintf(stderr, "roofline-bench: no memory_share (allocation or kernel "
				"failed)\n");
		return;
	}
	rlb_memshare_fit(&mshare);
	if (!quiet) {
		fprintf(stderr, "memory share of working sets around the %s size (cycles per line; "
			"share = (t - t at the first size) / (t in memory - t at the first size)):\n",
			lvname[b->t.nlev - 1]);
		rlb_memshare_print(stderr, &mshare, "  ");
	}
}

/* roofline-bench memory-share: the clock and the memory share alone, the table and the key */
static int mshare_cmd(void)
{
	static bench_run b;
	static rl_machine m;
	if (bench_setup(&b, 15))
		return 1;
	measure_clock(&b);
	quiet = 1;
	mshare_run(&b);
	if (!mshare.found)
		return 1;
	printf("# roofline-bench memory-share on '%s' (%s, %s family %u model %u), %s, clock "
	       "%.3f GHz, load average %s\n", b.t.host, b.t.model, b.t.vendor, b.t.family,
	       b.t.model_id, b.date, b.ghz, b.load0);
	rlb_memshare_print(stdout, &mshare, "# ");
	m.nlevels = 1;
	rlb_memshare_apply(&mshare, &m);
	rlb_write_memory_share(stdout, &m.levels[0], "    ");
	return 0;
}

/* FP peaks: every op x precision x width on NT threads */
static void measure_fp_peaks(bench_run *b, int nt)
{
	static const int fpw[] = { 0, 128, 256, 512 };
	static const rl_fpop fpop_of[] = { RL_FP_FMA, RL_FP_ADD, RL_FP_MUL, RL_FP_DIV, RL_FP_SQRT };
	job *j = b->j;
	rl_machine *m = b->m;
	for (int op = 0; op < 5; op++)
		for (int prec = 32; prec <= 64; prec += 32)
			for (int wi = 0; wi < b->nw; wi++) {
				int width = fpw[wi] ? fpw[wi] : prec;
				if (op == 0 && !b->feat.fma)
					continue;
				if (!b->feat.avx) /* the FP kernels use VEX encodings */
					continue;
				fp_job(j, op, width, prec);
				double fpi = K_FP_PER_ITER * flops_per_insn(width, prec, op == 0);
				result r = measure(j, &b->t, nt, fpi, 2e6, 4, b->reps);
				rl_flops_row *p = &m->flops[m->nflops++];
				*p = (rl_flops_row){ fpop_of[op], width, prec, nt, r.best, r.spread,
						     r.unstable };
				char what[96];
				snprintf(what, sizeof what, "%s %3d-bit %s %d core%s", rl_fpop_name(p->op),
					 width, prec == 32 ? "SP" : "DP", nt, nt > 1 ? "s" : "");
				progress(++b->step, b->total, what, r, "GFLOP/s");
			}
}

/* names, clock, cores and the ECM rule of the machine; HOW: how it was measured */
static void describe_host(bench_run *b, const char *name, const char *how)
{
	rl_machine *m = b->m;
	const topo *t = &b->t;
	snprintf(m->long_name, sizeof m->long_name, "%s", name ? name : t->model);
	snprintf(m->description, sizeof m->description,
		 "%s (%s family %u model %u stepping %u), %d cores x %d threads as seen by host "
		 "'%s'%s", t->model, t->vendor, t->family, t->model_id, t->stepping, b->ncore,
		 t->threads_per_core, t->host, t->guest ? "; one measured virtual-machine guest: "
		 "its figures, not the whole chip's" : "");
	snprintf(m->source, sizeof m->source, "measured: %s", how);
	snprintf(m->host_vendor, sizeof m->host_vendor, "%s", t->vendor);
	m->host_family = (int)t->family;
	m->host_model = (int)t->model_id;
	m->clock_ghz = b->ghz;
	m->cores = b->ncore;
	/* the vendor's rule until the ECM calibration (describe_calibration) fits one */
	m->overlap = (!strcmp(t->vendor, "AuthenticAMD") && t->family >= 0x17) ? RL_OVERLAP_ZEN
									       : RL_OVERLAP_SERIAL;
	m->serial_links = 1;
	m->lc_safety_factor = 0.5;
	snprintf(m->nonoverlapping[0], sizeof m->nonoverlapping[0], "load");
	m->n_nonoverlapping = 1;
	snprintf(m->ecm_source, sizeof m->ecm_source, "vendor rule (%s: %s overlap), not measured",
		 t->vendor, m->overlap == RL_OVERLAP_ZEN ? "zen" : "serial");
}

/* cache levels from sysfs; transfers from the 1-core load bandwidths at WMAX bits */
static void describe_caches(bench_run *b, int wmax)
{
	rl_machine *m = b->m;
	const topo *t = &b->t;
	m->nlevels = t->nlev;
	for (int L = 0; L < t->nlev; L++) {
		rl_cache_level *c = &m->levels[L];
		snprintf(c->name, sizeof c->name, "%s", lvname[L]);
		c->size = t->lev[L].size;
		c->line = t->lev[L].line;
		c->ways = t->lev[L].ways;
		c->shared_by = t->lev[L].shared > b->ncore ? b->ncore : t->lev[L].shared;
		c->write_allocate = 1;
		/* AMD Zen's L3 is filled by L2 evictions only */
		c->victim = L >= 2 && !strcmp(t->vendor, "AuthenticAMD") && t->family >= 0x17;
		if (L < t->nlev - 1) {
			const rl_bw_row *b0 = rl_machine_bw(m, lvname[L], wmax, RL_MIX_LOAD, 1);
			const rl_bw_row *b1 = rl_machine_bw(m, lvname[L + 1], wmax, RL_MIX_LOAD, 1);
			double t0 = c->line * b->ghz / b0->gbs, t1 = c->line * b->ghz / b1->gbs;
			c->cycles_per_line = t1 - t0 > 0.05 ? t1 - t0 : 0.05;
			snprintf(c->source, sizeof c->source,
				 "sysfs; transfer = T(%s) - T(%s) of the 1-core %d-bit load kernel "
				 "(%.2f - %.2f cy/CL), %s", lvname[L + 1], lvname[L], wmax, t1, t0,
				 b->date);
		} else
			snprintf(c->source, sizeof c->source, "sysfs cpu%d/cache (shared_cpu_list: %d "
				 "cores)", t->cpus[0], t->lev[L].shared);
	}
}

/* memory bandwidth: the load kernel at WMAX bits on all cores and on one */
static void describe_memory(bench_run *b, int wmax, const char *how)
{
	rl_machine *m = b->m;
	const rl_bw_row *mall = rl_machine_bw(m, "MEM", wmax, RL_MIX_LOAD, b->ncore);
	const rl_bw_row *m1 = rl_machine_bw(m, "MEM", wmax, RL_MIX_LOAD, 1);
	m->mem_bandwidth_gbs = mall->gbs;
	m->mem_bandwidth_1core_gbs = m1->gbs;
	snprintf(m->mem_benchmark, sizeof m->mem_benchmark, "load");
	snprintf(m->mem_source, sizeof m->mem_source,
		 "measured: %d-bit load kernel, %lld MiB per core, %d and 1 cores; spread %.1f %% / "
		 "%.1f %% (best vs median)%s; %s", wmax, b->mem_set >> 20, b->ncore,
		 mall->spread_pct, m1->spread_pct, (mall->unstable || m1->unstable) ? " UNSTABLE" : "",
		 how);
}

/* non-temporal stores in memory, one core (sfence after each sweep): a stream of them alone
 * (nt_store, cy per line) and next to a load stream (nt_copy: its time per line read or
 * stored, nt_mixed) */
static void describe_nontemporal(bench_run *b, int wmax)
{
	rl_machine *m = b->m;
	double line = b->t.lev[0].line;
	if (!(b->nt_gbs[0] > 0))
		return;
	m->mem_nt_cycles = line * b->ghz / b->nt_gbs[0];
	if (b->nt_gbs[1] > 0)   /* bytes counted: the lines read + the lines stored */
		m->mem_nt_mixed_cycles = line * b->ghz / b->nt_gbs[1];
	snprintf(m->mem_source + strlen(m->mem_source), sizeof m->mem_source - strlen(m->mem_source),
		 "; nt_store / nt_mixed: %d-bit non-temporal store / copy kernels, one core",
		 wmax);
}

/* the ECM calibration: link costs per direction and the composition rule fitted to the
 * calibration kernels (machines/bench/calib.c); the residuals of every rule on stderr */
static void describe_calibration(bench_run *b, int wmax, const char *how)
{
	rl_machine *m = b->m;
	const rl_bw_row *l1 = rl_machine_bw(m, "L1", wmax, RL_MIX_LOAD, 1);
	b->cal.load_cycles = wmax / 8 * b->ghz / l1->gbs;
	for (int i = 0; i < NCAL; i++)
		for (int L = 0; L <= b->t.nlev; L++)
			b->cal.k[i].t[L] = b->cal_gbs[i][L] > 0 ? (double)b->t.lev[0].line *
				k_streams[cal_defs[i].mix] * b->ghz / b->cal_gbs[i][L] : 0;
	if (cal_sizes_ok)
		rlb_calsizes_apply(&cal_sizes, &b->cal, CAL_SIZES_FIT_FROM(b->t.nlev));
	/* the levels with a further cache level beyond them: the kernels' large-working-set
	   figures of the small_working_sets table, the base its step multiplies (at half the L2
	   the one-stream kernels of the Zen 5 guest sit on their own step: update 1.20 against
	   1.04 cy per unit beyond it, and the fill came out 6 % high) */
	for (int L = 1; ws_ok && L < CAL_SIZES_FIT_FROM(b->t.nlev); L++)
		if (rlb_wssteps_reference(&ws_sizes, &b->cal, L))
			cal_ws_ref[L] = 1;
	rlb_cal_counts(&b->cal, m);
	if (rlb_cal_fit_all(&b->cal)) {
		fprintf(stderr, "roofline-bench: a calibration kernel was not measured; the file "
			"keeps the vendor's rule and the load kernel's transfers\n");
		return;
	}
	if (!quiet)
		rlb_cal_print(stderr, &b->cal);
	rlb_cal_apply(&b->cal, m, how);
	b->cal_ok = 1;
	for (int L = 0; L < m->nlevels - 1; L++)
		snprintf(m->levels[L].source, sizeof m->levels[L].source, "sysfs; fill/evict: "
			 "calibration fit, transfer = fill");
	snprintf(m->mem_source + strlen(m->mem_source), sizeof m->mem_source - strlen(m->mem_source),
		 "; fill / evict: one core, ECM calibration fit");
	describe_nontemporal(b, wmax);
}

/* the serial fractions of the overlapping links from the Jacobi kernel and the fitted link
 * costs (machines/bench/overlap.c); the calibration kernels' residuals with them on stderr */
static void describe_serial_fractions(bench_run *b, const char *how)
{
	if (!b->cal_ok)
		return;
	rlb_overlap_fit(&b->ovl, b->m, &b->cal);
	if (!quiet)
		rlb_overlap_print(stderr, &b->ovl, &b->cal);
	rlb_overlap_apply(&b->ovl, b->m, how);
}

/* in-core rows from the 1-core measurements */
static void derive_incore_rows(bench_run *b)
{
	static const rl_iclass cls_of[] = { RL_IC_FMA, RL_IC_FADD, RL_IC_FMUL, RL_IC_FDIV,
					    RL_IC_FSQRT };
	static const char *const unit_of[] = { "fp", "fp", "fp", "fp_div", "fp_div" };
	rl_machine *m = b->m;
	snprintf(m->incore_source, sizeof m->incore_source,
		 "derived from the 1-core measurements: load/store cycles = width * clock / L1 "
		 "bandwidth; FP cycles = flops per instruction * clock / peak; ialu, branch: estimates");
	for (int wi = 0; wi < b->nw; wi++) {
		int wb = b->widths[wi] * 8;
		const rl_bw_row *ld = rl_machine_bw(m, "L1", wb, RL_MIX_LOAD, 1);
		const rl_bw_row *st = rl_machine_bw(m, "L1", wb, RL_MIX_STORE, 1);
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_LOAD, wb, "load",
			b->widths[wi] * b->ghz / ld->gbs, 0, 0 };
		m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_STORE, wb, "store",
			b->widths[wi] * b->ghz / st->gbs, 0, 0 };
	}
	for (int i = 0; i < m->nflops; i++) {
		const rl_flops_row *p = &m->flops[i];
		if (p->cores != 1)
			continue;
		double fpi = flops_per_insn(p->width, p->precision, p->op == RL_FP_FMA);
		rl_iclass_cost k = { cls_of[p->op], p->width, "", fpi * b->ghz / p->gflops, 0,
				     p->precision };
		snprintf(k.unit, sizeof k.unit, "%s", unit_of[p->op]);
		if (m->ncosts < RL_MAX_ICLASSES)
			m->costs[m->ncosts++] = k;
	}
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_IALU, 0, "alu", 0.25, 0, 0 };
	m->costs[m->ncosts++] = (rl_iclass_cost){ RL_IC_BRANCH, 0, "branch", 0.5, 0, 0 };
}

/* the machine model from the measurements */
static void describe_machine(bench_run *b, const char *port_table, const char *name)
{
	rl_machine *m = b->m;
	char how[200];
	snprintf(how, sizeof how, "roofline-bench %s on '%s', %s, %d reps per figure, best of reps "
		 "+ %d extra, run took %.0f s", VERSION, b->t.host, b->date, b->reps, b->extra_rounds,
		 b->secs);
	int wmax = b->widths[b->nw - 1] * 8;
	describe_host(b, name, how);
	describe_caches(b, wmax);
	describe_memory(b, wmax, how);
	describe_calibration(b, wmax, how);
	describe_serial_fractions(b, how);
	rlb_capacity_apply(&b->cap, m);
	rlb_tlb_apply(&b->tlb, m, how);
	snprintf(m->port_table, sizeof m->port_table, "%s",
		 port_table ? port_table : guess_port_table(&b->t));
	derive_incore_rows(b);
	snprintf(m->bw_source, sizeof m->bw_source,
		 "measured: %s. Bytes requested by the cores (loads + stores, no write-allocate "
		 "traffic) / time; all cores: sum of each core's best while all ran (memory: slowest core); "
		 "spread = (best - median) / best; unstable if > %.0f %%",
		 how, UNSTABLE_PCT);
	snprintf(m->flops_source, sizeof m->flops_source,
		 "measured: %s. 48 independent instructions per iteration; flops counted per lane "
		 "(FMA = 2)", how);
}

/* the comment at the top of the machine file: how every figure was measured */
static void format_header(const bench_run *b, char *hdr, size_t len)
{
	const topo *t = &b->t;
	int hl = snprintf(hdr, len,
		"Written by roofline-bench %s (docs/roofline-bench.md) on %s.\n"
		"Host: '%s', %s, vendor %s family %u model %u stepping %u.\n"
		"Topology: %d cores x %d threads (CPUs usable by this process: %d); caches from\n"
		"/sys/devices/system/cpu/cpu%d/cache; features avx %d, fma %d, avx512f %d.\n"
		"Clock: dependent chains timed with CLOCK_MONOTONIC (not the TSC) at the start and after\n"
		"every bandwidth round, the fastest: add %.3f GHz, imul (3 cy) %.3f GHz -> clock = the\n"
		"faster of the two.\n"
		"Bandwidths: inline-asm kernels per width (8/16/32/64 B) and mix; working set per core:\n",
		VERSION, b->date, t->host, t->model, t->vendor, t->family, t->model_id, t->stepping,
		b->ncore, t->threads_per_core, t->ncpu, t->cpus[0], b->feat.avx, b->feat.fma,
		b->feat.avx512f, b->ghz_add, b->ghz_imul);
	snprintf(hdr + hl, len - (size_t)hl,
		"  L1: L1/2; L2: L2/2; last level: LLC/(2 x sharing cores) within [2, 4] x L2;\n"
		"  MEM: max(2 x LLC, 512 MiB). %d runs of 3 timed sub-repetitions >= 1 ms each, interleaved\n"
		"  over the figures (MEM %d runs of one sweep in 8 timed parts, one core at the widest\n"
		"  access %d), the rounds of the groups (cache, memory, calibration sizes) alternating;\n"
		"  %d extra rounds of the figures whose best was not confirmed by %d rounds within %.0f %%;\n"
		"  the file keeps the best and the spread (best vs median); all\n"
		"  cores: sum of each core's best sub-repetition while all cores ran (MEM: the slowest\n"
		"  core's round).\n"
		"Total run time %.0f s. Unstable figures (spread > %.0f %%) carry 'unstable: true'.\n"
		"Load average (1 min) before / after: %s / %s (other work on the host makes runs slower,\n"
		"never faster: the best of the repetitions is the machine's capability).",
		b->rounds[0], b->rounds[1], b->rounds[2], b->extra_rounds, RLB_CONFIRM_N, RLB_CONFIRM_PCT,
		b->secs, UNSTABLE_PCT, b->load0, b->load1);
}

/* write the machine to OUTPATH (stdout without one) and check that the file loads */
static int write_machine(const bench_run *b, const char *outpath, const char *hdr)
{
	FILE *out = stdout;
	if (outpath && !(out = fopen(outpath, "w"))) {
		fprintf(stderr, "roofline-bench: cannot write %s: %s\n", outpath, strerror(errno));
		return -1;
	}
	int wr = rlb_write_machine(out, b->m, hdr);
	if (b->cal_ok) {
		char src[768], sizes[384];
		cal_sizes_method(sizes, sizeof sizes);
		snprintf(src, sizeof src, "roofline-bench %s, %s: 1 core, %d-bit kernels, cycles per "
			 "unit of work (one line per stream) = line x streams x clock / bandwidth%s; "
			 "predicted with the chosen rule; fitted: false = held out", VERSION, b->date,
			 b->widths[b->nw - 1] * 8, sizes);
		rlb_cal_write(out, &b->cal, b->m, src);
		if (cal_sizes_ok) {
			fprintf(out, "# calibration kernels per working set, cycles per unit of work (the "
				"rows above take the median of the %s lines):\n",
				lvname[CAL_SIZES_FIT_FROM(b->t.nlev)]);
			rlb_calsizes_print(out, &cal_sizes, &b->cal, "#   ");
		}
		if (ws_ok) {
			fprintf(out, "# link costs per working set (caches[].small_working_sets: the "
				"step of the ratio row, written when every buffer set's own figures "
				"confirm it; %d buffer sets x %d rounds, the median of each figure's "
				"rounds, the faster set's):\n",
				RLB_WS_SETS, 2 * b->reps / RLB_WS_SETS);
			rlb_wssteps_print(out, &ws_med, ws_step, &b->cal, "#   ");
		}
		if (mshare.found) {
			fprintf(out, "# memory share of working sets around the %s size (caches[%d]."
				"memory_share: the share and reuse share rows; %d rounds):\n",
				lvname[b->t.nlev - 1], b->t.nlev - 1, mshare.rounds);
			rlb_memshare_print(out, &mshare, "#   ");
		}
		wr |= ferror(out);
	}
	if (out != stdout)
		wr |= fclose(out);
	else
		fflush(out);
	if (wr) {
		fprintf(stderr, "roofline-bench: write error\n");
		return -1;
	}
	if (!outpath)
		return 0;
	char err[512];
	rl_machine *chk = rl_machine_load(outpath, err, sizeof err);
	if (!chk) {
		fprintf(stderr, "roofline-bench: the written file does not load: %s\n", err);
		return -1;
	}
	rl_machine_free(chk);
	if (!quiet)
		fprintf(stderr, "roofline-bench: wrote %s (loads; %d bandwidth rows, %d peak rows) "
			"in %.0f s\n", outpath, b->m->nbw, b->m->nflops, b->secs);
	return 0;
}

static int bench(const char *outpath, int reps, const char *port_table, const char *name)
{
	static bench_run b;
	if (bench_setup(&b, reps))
		return 1;
	measure_clock(&b);
	b.m = calloc(1, sizeof *b.m);
	b.j = calloc(1, sizeof *b.j);
	if (!b.m || !b.j) {
		fprintf(stderr, "roofline-bench: out of memory\n");
		return 1;
	}
	plan_working_sets(&b);
	if (measure_bandwidths(&b, CAL_SIZES_PER_LEVEL))
		return 1;
	ws_steps_run(&b);
	mshare_run(&b);
	for (int ci = 0; ci < b.ncc; ci++)
		measure_fp_peaks(&b, b.ncores_list[ci]);
	/* effective capacities: needs the cache levels of the machine */
	describe_caches(&b, b.widths[b.nw - 1] * 8);
	rlb_capacity_measure(&b.cap, b.m, b.feat.avx512f ? 2 : b.feat.avx && b.feat.fma, quiet);
	rlb_tlb_measure(&b.tlb, b.ghz, quiet);
	if (!b.tlb.ok && !quiet)
		fprintf(stderr, "roofline-bench: no tlb section (%s)\n", b.tlb.why);
	rlb_overlap_measure(&b.ovl, b.m, b.per_level, b.ghz,
			    b.feat.avx512f ? 2 : b.feat.avx && b.feat.fma, quiet);
	b.secs = (now_ns() - b.t_start) / 1e9;
	read_line("/proc/loadavg", b.load1, sizeof b.load1);
	b.load1[strcspn(b.load1, " ")] = 0;
	describe_machine(&b, port_table, name);
	if (ws_ok)
		rlb_wssteps_apply(&ws_sizes, ws_step, b.m);
	rlb_memshare_apply(&mshare, b.m);
	char hdr[4096];
	format_header(&b, hdr, sizeof hdr);
	int rc = write_machine(&b, outpath, hdr) ? 1 : 0;
	free(b.m);
	free(b.j);
	return rc;
}

/* roofline-bench average WIDTH MIX BYTES SECONDS: one figure as a time average, the way
 * likwid-bench -s reports it: SECONDS of back-to-back sweeps over a working set of BYTES in
 * total (split over the mix's streams like the main run), after 0.2 s of untimed sweeps, on
 * the first CPU of the affinity mask; prints GB/s (bytes loaded + stored / wall time).  For
 * comparing the kernels with another tool under the same statistic (bench/machines/). */
/* roofline-bench tlb: the clock and the TLB measurement alone; prints the tlb section */
static int tlb_cmd(void)
{
	static bench_run b;
	static rl_machine m;
	b.reps = 15;
	measure_clock(&b);
	rlb_tlb_measure(&b.tlb, b.ghz, quiet);
	if (!b.tlb.ok) {
		fprintf(stderr, "roofline-bench tlb: %s\n", b.tlb.why);
		return 1;
	}
	rlb_tlb_apply(&b.tlb, &m, "roofline-bench tlb");
	printf("tlb:\n  measured: true\n  source: \"%s\"\n  levels:\n", m.tlb_source);
	for (int i = 0; i < m.ntlb; i++)
		printf("    - { name: %s, entries: %d, page: \"4 KiB\", miss: \"%.3g cy\" }\n",
		       m.tlb[i].name, m.tlb[i].entries, m.tlb[i].miss_cycles);
	return 0;
}

/* roofline-bench serial-fractions FILE: the clock and the Jacobi kernel alone, fractions from
 * FILE's link costs and rule (a file of an earlier run on the machine that runs it); prints
 * the ecm lines */
static int serial_fractions_cmd(const char *path)
{
	static bench_run b;
	char err[512];
	rl_machine *m = rl_machine_load(path, err, sizeof err);
	if (!m) {
		fprintf(stderr, "roofline-bench serial-fractions: %s\n", err);
		return 1;
	}
	if (m->overlap == RL_OVERLAP_SERIAL) {   /* checked before anything is measured */
		fprintf(stderr, "roofline-bench serial-fractions: %s: the serial rule adds every transfer "
			"in full; expected a file with the overlapping or the partial rule\n", path);
		rl_machine_free(m);
		return 1;
	}
	b.reps = 15;
	detect_topo(&b.t);
	k_detect(&b.feat);
	b.nlev = b.t.nlev + 1;
	plan_working_sets(&b);
	measure_clock(&b);
	rlb_overlap_measure(&b.ovl, m, b.per_level, b.ghz,
			    b.feat.avx512f ? 2 : b.feat.avx && b.feat.fma, quiet);
	int rc = rlb_overlap_fit(&b.ovl, m, NULL);
	rlb_overlap_print(stderr, &b.ovl, NULL);
	if (!rc) {
		rlb_overlap_apply(&b.ovl, m, "roofline-bench serial-fractions");
		printf("  serial_fraction: [");
		for (int i = 0; i < m->n_serial_fraction; i++)
			printf("%s%.3g", i ? ", " : "", m->serial_fraction[i]);
		printf("]\n  serial_fraction_source: \"%s\"\n", m->serial_fraction_source);
		if (m->mem_load_factor > 0)
			printf("  memory_load_factor: %.3g\n  memory_load_factor_source: \"%s\"\n",
			       m->mem_load_factor, m->mem_load_factor_source);
	}
	rl_machine_free(m);
	return rc ? 1 : 0;
}

static int average_cmd(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: roofline-bench average WIDTH_BITS MIX BYTES SECONDS\n");
		return 2;
	}
	int w = atoi(argv[2]) / 8, mix = -1;
	for (int k = 0; k < K_NMIX; k++)
		if (!strcmp(argv[3], rl_mix_name((rl_mix)k)))
			mix = k;
	long long bytes = atoll(argv[4]);
	double secs = atof(argv[5]);
	if ((w != 8 && w != 16 && w != 32 && w != 64) || mix < 0 || bytes < 4096 || secs <= 0) {
		fprintf(stderr, "roofline-bench average: expected WIDTH_BITS 64/128/256/512, MIX "
			"load/2load_1store/load_store/store, BYTES >= 4096, SECONDS > 0\n");
		return 2;
	}
	k_features feat;
	k_detect(&feat);
	if (!feat.x86 || (w == 32 && !feat.avx) || (w == 64 && !feat.avx512f)) {
		fprintf(stderr, "roofline-bench average: this CPU has no %d-bit kernel\n", w * 8);
		return 1;
	}
	cpu_set_t cs;
	CPU_ZERO(&cs);
	sched_getaffinity(0, sizeof cs, &cs);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &cs)) {
			pin(c);
			break;
		}
	size_t n = (size_t)(bytes / k_streams[mix]) / 512 * 512;
	char *buf[4] = { NULL, NULL, NULL, NULL };
	for (int s = 0; s < k_streams[mix]; s++)
		if (!(buf[s] = xalloc(n))) {
			fprintf(stderr, "roofline-bench average: cannot allocate %zu bytes\n", n);
			return 1;
		}
	/* warm-up, and the number of sweeps per clock reading: one L1 sweep takes ~60 ns on the
	 * Emerald Rapids guest of emr-host-bench.yml, as long as a clock_gettime there, so the
	 * clock is read every >= 50 us */
	long batch = 1, done = 0;
	double w0 = now_ns();
	while (now_ns() - w0 < 0.2e9) {
		for (long b = 0; b < batch; b++)
			k_bw_sweep(w, mix, buf, n);
		done += batch;
		if ((now_ns() - w0) / (double)done * (double)batch < 50e3)
			batch *= 2;
	}
	long sweeps = 0;
	double t0 = now_ns(), t;
	do {
		for (long b = 0; b < batch; b++)
			k_bw_sweep(w, mix, buf, n);
		sweeps += batch;
	} while ((t = now_ns() - t0) < secs * 1e9);
	printf("%.3f\n", (double)n * k_streams[mix] * (double)sweeps / t);
	for (int s = 0; s < 4; s++)
		free(buf[s]);
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: roofline-bench [-o FILE] [-r REPS] [-q] [--port-table NAME] [--name TEXT]\n"
	      "       roofline-bench install FILE [--system]   (FILE becomes the default machine of\n"
	      "                                                 this CPU: per user, or system-wide)\n"
	      "       roofline-bench convert-kerncraft IN.yml > OUT.yml\n"
	      "       roofline-bench average WIDTH_BITS MIX BYTES SECONDS   (one time-averaged figure)\n"
	      "       roofline-bench tlb       (the TLB section alone, printed)\n"
	      "       roofline-bench serial-fractions FILE   (ecm.serial_fraction alone, with FILE's\n"
	      "                                               link costs, printed)\n"
	      "       roofline-bench sizes [N] (the calibration kernels at N working sets per level)\n"
	      "       roofline-bench ws-steps  (the link costs' steps across each level's working sets)\n"
	      "       roofline-bench memory-share  (the last level's memory share per working set)\n"
	      "Measures the machine it runs on and writes a roofline machine file (docs/roofline-bench.md).\n", f);
}

int main(int argc, char **argv)
{
	const char *out = NULL, *pt = NULL, *name = NULL;
	int reps = 15;
	if (argc >= 2 && !strcmp(argv[1], "average"))
		return average_cmd(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "tlb"))
		return tlb_cmd();
	if (argc >= 2 && !strcmp(argv[1], "serial-fractions")) {
		if (argc != 3) {
			usage(stderr);
			return 2;
		}
		return serial_fractions_cmd(argv[2]);
	}
	if (argc >= 2 && !strcmp(argv[1], "sizes"))
		return sizes_cmd(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "ws-steps"))
		return ws_steps_cmd();
	if (argc >= 2 && !strcmp(argv[1], "memory-share"))
		return mshare_cmd();
	if (argc >= 2 && !strcmp(argv[1], "install"))
		return rlb_install(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "convert-kerncraft")) {
		if (argc != 3) {
			usage(stderr);
			return 2;
		}
		char err[1024];
		if (rlb_convert_kerncraft(argv[2], stdout, err, sizeof err)) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "-r") && i + 1 < argc) {
			reps = atoi(argv[++i]);
			if (reps < 1 || reps > 64) {
				fprintf(stderr, "roofline-bench: -r expects 1..64\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "-q"))
			quiet = 1;
		else if (!strcmp(argv[i], "--port-table") && i + 1 < argc)
			pt = argv[++i];
		else if (!strcmp(argv[i], "--name") && i + 1 < argc)
			name = argv[++i];
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "roofline-bench: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	return bench(out, reps, pt, name);
}
