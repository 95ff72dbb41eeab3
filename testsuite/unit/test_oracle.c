/* Issue 3, acceptance 3: the layer-condition traffic model against an oracle, a
 * fully associative LRU cache simulator (testsuite/oracle/lru.h) driven by the exact
 * address trace of small concrete instances.  Machine: 3 levels of 2 KiB, 16 KiB and
 * 128 KiB (64 B lines, private), factor 1 (full capacity, Kerncraft's LRU mode), so
 * every regime is reached with small sizes.  Compared: lines loaded or allocated per
 * unit of work into each level (misses of that level); the simulation is one cold
 * sweep, the model's smallest regime is "the nest's data is read once".
 *
 * Agreement is required within 5 % (or 0.02 lines per unit for tiny rates) except
 *  - "transition": a level whose capacity lies within 15 % of a regime's footprint;
 *    there LRU keeps part of the reused data and the traffic lies between two regimes
 *    (the model picks one).  Detected automatically and counted.
 *  - the named exceptions in the table, each with its reason.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polyhedral/lc.h"
#include "testsuite/oracle/lru.h"
#include "testsuite/oracle/nestspec.h"

typedef struct oracle_case {
	const char *name;
	const char *spec;
	int skip_level;          /* bit l: level l+1 is a named exception */
	const char *reason;      /* why */
} oracle_case;

static const oracle_case cases[] = {
	{ "copy", "param n 20000; loop 0 n; array a 8 n; array b 8 n; R b i0; W a i0", 0, NULL },
	{ "daxpy", "param n 20000; loop 0 n; array a 8 n; array b 8 n; R a i0; R b i0; W a i0", 0, NULL },
	{ "triad", "param n 20000; loop 0 n; array a 8 n; array b 8 n; array c 8 n; R b i0; R c i0; W a i0", 0, NULL },
	{ "sum", "param n 20000; loop 0 n; array a 8 n; R a i0", 0, NULL },
	{ "1d-3pt", "param n 20000; loop 1 n-1; array a 8 n; array b 8 n; R a i0-1; R a i0; R a i0+1; W b i0", 0, NULL },
	{ "1d-r4", "param n 20000; loop 4 n-4; array a 8 n; array b 8 n; R a i0-4; R a i0-3; R a i0-2; R a i0-1;"
		   "R a i0; R a i0+1; R a i0+2; R a i0+3; R a i0+4; W b i0", 0, NULL },
	{ "stride2", "param n 40000; loop 0 n 2; array a 8 n; array b 8 n; R b i0; W a i0", 0, NULL },
	{ "stride16", "param n 160000; loop 0 n 16; array a 8 n; array b 8 n; R b i0; W a i0", 0, NULL },
	{ "reverse", "param n 20000; loop n-1 -1 -1; array a 8 n; array b 8 n; R b n-1-i0; W a i0", 0, NULL },
	{ "jacobi2d-100", "param n 100; loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; W b i0 i1;"
			  "R a i0 i1-1; R a i0 i1+1; R a i0-1 i1; R a i0+1 i1", 0, NULL },
	{ "jacobi2d-600", "param n 600; loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; W b i0 i1;"
			  "R a i0 i1-1; R a i0 i1+1; R a i0-1 i1; R a i0+1 i1", 0, NULL },
	{ "box2d-9pt", "param n 300; loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; W b i0 i1;"
		       "R a i0-1 i1-1; R a i0-1 i1; R a i0-1 i1+1; R a i0 i1-1; R a i0 i1; R a i0 i1+1;"
		       "R a i0+1 i1-1; R a i0+1 i1; R a i0+1 i1+1", 0, NULL },
	{ "star2d-r4", "param n 300; loop 4 n-4; loop 4 n-4; array a 8 n n; array b 8 n n; W b i0 i1; R a i0 i1;"
		       "R a i0 i1-4; R a i0 i1-3; R a i0 i1-2; R a i0 i1-1; R a i0 i1+1; R a i0 i1+2; R a i0 i1+3; R a i0 i1+4;"
		       "R a i0-4 i1; R a i0-3 i1; R a i0-2 i1; R a i0-1 i1; R a i0+1 i1; R a i0+2 i1; R a i0+3 i1; R a i0+4 i1", 0, NULL },
	{ "3d-7pt-32", "param n 32; loop 1 n-1; loop 1 n-1; loop 1 n-1; array a 8 n n n; array b 8 n n n;"
		       "R a i0-1 i1 i2; R a i0 i1-1 i2; R a i0 i1 i2-1; R a i0 i1 i2; R a i0 i1 i2+1; R a i0 i1+1 i2;"
		       "R a i0+1 i1 i2; W b i0 i1 i2", 0, NULL },
	{ "3d-7pt-64", "param n 64; loop 1 n-1; loop 1 n-1; loop 1 n-1; array a 8 n n n; array b 8 n n n;"
		       "R a i0-1 i1 i2; R a i0 i1-1 i2; R a i0 i1 i2-1; R a i0 i1 i2; R a i0 i1 i2+1; R a i0 i1+1 i2;"
		       "R a i0+1 i1 i2; W b i0 i1 i2", 0, NULL },
	{ "3d-r4-full", "param n 40; loop 4 n-4; loop 4 n-4; loop 4 n-4; array V 4 n n n; array U 4 n n n;"
			"array ROC 4 n n n; R V i0 i1 i2;"
			"R V i0 i1 i2-1; R V i0 i1 i2+1; R V i0 i1-1 i2; R V i0 i1+1 i2; R V i0-1 i1 i2; R V i0+1 i1 i2;"
			"R V i0 i1 i2-2; R V i0 i1 i2+2; R V i0 i1-2 i2; R V i0 i1+2 i2; R V i0-2 i1 i2; R V i0+2 i1 i2;"
			"R V i0 i1 i2-3; R V i0 i1 i2+3; R V i0 i1-3 i2; R V i0 i1+3 i2; R V i0-3 i1 i2; R V i0+3 i1 i2;"
			"R V i0 i1 i2-4; R V i0 i1 i2+4; R V i0 i1-4 i2; R V i0 i1+4 i2; R V i0-4 i1 i2; R V i0+4 i1 i2;"
			"R U i0 i1 i2; R ROC i0 i1 i2; W U i0 i1 i2", 1,
	  "L1 without any reuse beyond the row: 17 rows of 32 floats (128 B) that start 16 B into a line "
	  "touch 3 lines each, not the 2 the model assumes for whole-line extents (alignment assumption)" },
	{ "3d-r4-sparse", "param n 64; loop 4 n-4; loop 4 n-4; loop 4 n-4; array V 4 n n n; array U 4 n n n;"
		      "R V i0 i1 i2; R V i0 i1 i2-4; R V i0 i1 i2+4; R V i0 i1-4 i2; R V i0 i1+4 i2; R V i0-4 i1 i2;"
		      "R V i0+4 i1 i2; R V i0 i1 i2-2; R V i0 i1 i2+2; R V i0 i1-2 i2; R V i0 i1+2 i2; R V i0-2 i1 i2;"
		      "R V i0+2 i1 i2; R U i0 i1 i2; W U i0 i1 i2", 5,
	  "offsets two layers apart (radius 4 with only +-2, +-4): the reuse distance spans two iterations "
	  "of the carrying loop and the rows are not contiguous in the window; the model's footprint of "
	  "the regime counts the layers once and misses the interleaved rows of the window (L1, L3)" },
	{ "uxx-like", "param n 64; loop 2 n-1; loop 2 n-1; loop 2 n-1; array d1 8 n n n; array u1 8 n n n;"
		      "array xy 8 n n n; array xz 8 n n n; R d1 i0 i1 i2; R d1 i0 i1-1 i2; R d1 i0-1 i1 i2;"
		      "R d1 i0-1 i1-1 i2; R u1 i0 i1 i2; R xy i0 i1 i2; R xy i0 i1-1 i2; R xy i0 i1+1 i2; R xy i0 i1-2 i2;"
		      "R xz i0 i1 i2; R xz i0-1 i1 i2; R xz i0+1 i1 i2; R xz i0-2 i1 i2; W u1 i0 i1 i2", 0, NULL },
	{ "matmul-ijk", "param n 64; loop 0 n; loop 0 n; loop 0 n; array A 8 n n; array B 8 n n; array C 8 n n;"
			"R C i0 i1; R A i0 i2; R B i2 i1; W C i0 i1", 0, NULL },
	{ "matmul-ikj", "param n 64; loop 0 n; loop 0 n; loop 0 n; array A 8 n n; array B 8 n n; array C 8 n n;"
			"R C i0 i2; R A i0 i1; R B i1 i2; W C i0 i2", 0, NULL },
	{ "matmul-jki", "param n 64; loop 0 n; loop 0 n; loop 0 n; array A 8 n n; array B 8 n n; array C 8 n n;"
			"R C i2 i0; R A i2 i1; R B i1 i0; W C i2 i0", 0, NULL },
	{ "transpose", "param n 200; loop 0 n; loop 0 n; array a 8 n n; array b 8 n n; R a i1 i0; W b i0 i1", 0, NULL },
	{ "transpose-w", "param n 200; loop 0 n; loop 0 n; array a 8 n n; array b 8 n n; R a i0 i1; W b i1 i0", 0, NULL },
	{ "matvec", "param n 300; loop 0 n; loop 0 n; array A 8 n n; array x 8 n; array y 8 n;"
		    "R y i0; R A i0 i1; R x i1; W y i0", 0, NULL },
	{ "matvec-t", "param n 300; loop 0 n; loop 0 n; array A 8 n n; array x 8 n; array y 8 n;"
		      "R y i1; R A i0 i1; R x i0; W y i1", 0, NULL },
	{ "trsv-lower", "param n 300; loop 0 n; loop 0 i0; array L 8 n n; array x 8 n;"
			"R L i0 i1; R x i1; R x i0; W x i0", 1,
	  "triangular: x[0..i) grows along the outer loop, so the L1 condition holds for the first rows "
	  "and not for the last; the model uses the average row (a mix of two regimes)" },
	{ "trsv-upper", "param n 300; loop n-1 -1 -1; loop i0+1 n; array U 8 n n; array x 8 n;"
			"R U i0 i1; R x i1; R x i0; W x i0", 1,
	  "triangular (as trsv-lower): x[i+1..n) changes length along the outer loop" },
	{ "tri-update", "param n 300; loop 0 n; loop 0 i0; array a 8 n n; array x 8 n; array y 8 n;"
			"R a i0 i1; R x i1; R y i0; W a i0 i1", 1,
	  "triangular (as trsv-lower)" },
	{ "tiled-transpose", "param n 256; loop 0 n 16; loop 0 n 16; loop i0 i0+16; loop i1 i1+16;"
			     "array a 8 n n; array b 8 n n; R a i3 i2; W b i2 i3", 0, NULL },
	{ "tiled-jacobi", "param n 600; loop 1 n-1 50; loop 1 n-1; loop i0 i0+50; array a 8 n n; array b 8 n n;"
			  "W b i1 i2; R a i1 i2-1; R a i1 i2+1; R a i1-1 i2; R a i1+1 i2", 0, NULL },
	{ "tiled-matmul", "param n 64; loop 0 n 16; loop 0 n; loop 0 n; loop i0 i0+16; array A 8 n n; array B 8 n n;"
			  "array C 8 n n; R C i1 i3; R A i1 i2; R B i2 i3; W C i1 i3", 0, NULL },
	{ "two-statements", "param n 20000; loop 0 n; array a 8 n; array b 8 n; array c 8 n; array d 8 n;"
			    "R b i0; W a i0; R a i0; R d i0; W c i0", 0, NULL },
	{ "rowsum", "param n 300; loop 0 n; loop 0 n; array a 8 n n; array s 8 n; R a i0 i1; R s i0; W s i0", 0, NULL },
	{ "mixed-sizes", "param n 20000; loop 0 n; array a 4 n; array b 8 n; R a i0; W b i0", 0, NULL },
	{ "aos-3", "param n 8000; loop 0 n; array a 8 n 3; array b 8 n; R a i0 0; R a i0 1; R a i0 2; W b i0", 0, NULL },
	{ "column-stride2", "param n 300; loop 0 n; loop 0 150; array a 8 n n; array b 8 n n; R a i0 2*i1; W b i0 i1", 0, NULL },
	{ "jacobi-transposed", "param n 300; loop 1 n-1; loop 1 n-1; array a 8 n n; array b 8 n n; W b i1 i0;"
			       "R a i1 i0-1; R a i1 i0+1; R a i1-1 i0; R a i1+1 i0", 3,
	  "traversal against the storage order, 5.5 % off in L1/L2: a[j][i-1..i+1] share a line except "
	  "when they straddle a line boundary; the model averages that over alignments per column while "
	  "the +-N neighbours add whole teeth (1 line) without that correction" },
};

static void tiny(rl_machine *m)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "tiny-lru");
	m->nlevels = 3;
	m->lc_safety_factor = 1.0;
	const long long size[3] = { 2048, 16384, 131072 };
	for (int l = 0; l < 3; l++) {
		memcpy(m->levels[l].name, l == 0 ? "L1" : l == 1 ? "L2" : "L3", 3);
		m->levels[l].size = size[l];
		m->levels[l].line = 64;
		m->levels[l].shared_by = 1;
		m->levels[l].write_allocate = 1;
		m->levels[l].cycles_per_line = 2;
	}
	m->mem_cycles_per_line = 4;
}

static void test_oracle(void **state)
{
	(void)state;
	rl_machine m;
	tiny(&m);
	int ncases = (int)(sizeof(cases) / sizeof(cases[0]));
	int compared = 0, transition = 0, named = 0, failed = 0;
	assert_true(ncases >= 30);
	for (int c = 0; c < ncases; c++) {
		rl_nest *n = ns_parse(cases[c].spec);
		assert_non_null(n);
		rl_traffic t;
		rl_lc_report *lc = calloc(1, sizeof(*lc));
		char why[256];
		assert_non_null(lc);
		if (!rl_traffic_lc(n, &m, 1, &t, lc, why, sizeof(why)))
			fail_msg("%s: %s", cases[c].name, why);
		long long cap[3];
		for (int l = 0; l < 3; l++)
			cap[l] = m.levels[l].size / 64;
		or_result r;
		assert_true(or_simulate(n, 3, cap, 64, &r));
		double units = (double)r.iterations / t.iters_per_unit;
		for (int l = 0; l < 3; l++) {
			double pred = t.load_lines[l] + t.wa_lines[l], sim = r.misses[l] / units;
			int near = 0;
			for (int g = 0; g < lc->nregimes; g++) {
				double ratio = lc->regimes[g].footprint_bytes / lc->levels[l].capacity;
				if (lc->regimes[g].loop > 0 && lc->regimes[g].loop < lc->nloops &&
				    ratio > 0.85 && ratio < 1.15)
					near = 1;
			}
			int ok = fabs(pred - sim) <= 0.05 * sim || fabs(pred - sim) <= 0.02;
			const char *tag = ok ? "ok" : near ? "transition" : (cases[c].skip_level >> l) & 1 ? "named" : "FAIL";
			print_message("%-18s L%d regime %d: model %7.3f  LRU %7.3f lines/unit  %s\n", cases[c].name,
				      l + 1, lc->levels[l].regime, pred, sim, tag);
			if (ok)
				compared++;
			else if (near)
				transition++;
			else if ((cases[c].skip_level >> l) & 1)
				named++;
			else
				failed++;
		}
		free(lc);
		rl_nest_free(n);
	}
	print_message("oracle: %d nests, %d level comparisons within 5 %%, %d in LRU transition zones, "
		      "%d named exceptions, %d failures\n", ncases, compared, transition, named, failed);
	assert_int_equal(failed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
