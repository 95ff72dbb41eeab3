/* Predicted time of a loop nest over all its executions, and its share of the function
 * (the static counterpart of a profiler's "self time").
 *
 *   iterations  = points of the nest's iteration domain: the innermost loop's trip count times
 *                 the trip counts of the loops enclosing it (every loop of the rl_nest, which
 *                 includes the enclosing loops whose counts are known, repetition loops too);
 *                 bounds that depend on outer iterators (triangular nests) are counted exactly
 *                 by enumerating the outer iterators, within a budget beyond which the
 *                 remaining levels are counted at the mean of the outer iterator (exact for a
 *                 bound linear in one outer iterator);
 *   executions  = times the innermost loop is entered (points of the enclosing loops' domain);
 *   work_units  = iterations / iterations per unit of work (one cache line of iterations);
 *   cycles      = work_units x T, T the ECM prediction at the nest's data level in cy per unit
 *                 (the figure of the notes); on N > 1 cores (cores= or an OpenMP loop) the
 *                 cycles of the wall clock: work / P(N) x f;
 *   seconds     = cycles / f.
 *   per execution = (rl_time_per_execution) the cycles each execution of the innermost loop
 *                 costs beyond its passes, the sum of these components:
 *                 leaving the loop (rl_time_exit_cycles): an execution of more passes of the
 *                 compiled body (source iterations / iterations per pass) than the port table
 *                 says the branch predictor foresees ends with a mispredicted exit; it costs
 *                 the table's penalty when the loop runs at full_at cycles per pass or
 *                 faster, nothing from hidden_from cycles per pass on (the work still queued
 *                 behind the exit branch hides the refetch), linearly less in between; the
 *                 executions are counted per trip count as the iterations are (a triangular
 *                 loop's short executions cost nothing);
 *                 cycles += the components' cycles over all executions (divided among the
 *                 cores on N > 1 cores).
 *   per execution: the code around the innermost loop (model/rows.h: the enclosing loop's
 *                 own instructions, the remainder code) adds executions x its cycles.
 *
 * A count that cannot be known (a size parameter without a value) leaves the nest unranked
 * with the reason as a code; an enclosing loop of unknown count (left out of the nest) makes
 * the time one repetition's (repeat_line).  The model gives numbers and codes, diag/ the words.
 */
#ifndef RL_TIME_H
#define RL_TIME_H

#include "polyhedral/nest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rl_time_why {
	RL_TIME_RANKED = 0,
	RL_TIME_PARAM_UNKNOWN,  /* a loop bound uses parameter `param` without a value */
	RL_TIME_NO_NEST,        /* no loops, or the performance could not be computed */
	RL_TIME_NO_CYCLES       /* no cycles per unit (T <= 0) or no clock */
} rl_time_why;

typedef struct rl_time {
	int computed;           /* 0: never computed (all other fields zero) */
	int ranked;             /* 1: seconds known */
	rl_time_why why;
	char param[RL_NAME_MAX];/* RL_TIME_PARAM_UNKNOWN: the parameter */
	double iterations;      /* innermost iterations over all executions */
	double executions;      /* executions of the innermost loop */
	double work_units;
	double cycles;          /* core cycles (wall clock on `cores` cores) */
	double seconds;
	int approximate;        /* 1: part of the count taken at the mean of an outer iterator */
	int repeat_line;        /* != 0: an enclosing loop (at this line when > 0) runs an unknown
				   number of times; the figures are for one of its iterations */
	int data_assumed;       /* 1: array sizes unknown, data level assumed (memory) */
	/* the code GCC runs around the innermost loop once per execution (model/rows.h,
	 * rl_time_per_execution): cycles per execution and over all executions (0: none) */
	double row_cycles;
	double row_total_cycles;
	/* sizes taken from the calls of the function (rl_param.from_calls): "n = 100, m = 1000"
	 * and the number of calls (0: none) */
	char call_sizes[96];
	int call_count;
	int cores;              /* cores the time is for */
	/* per execution of the innermost loop (rl_time_per_execution) */
	double passes_per_entry;  /* passes of the compiled body per execution, mean (0: none) */
	int exit_predicted;       /* passes per execution up to which the exit is foreseen */
	double long_entries;      /* executions of more passes than that */
	double exit_cycles;       /* cycles a long execution pays for leaving (0: none) */
	double entry_cycles;      /* all per-execution terms: cycles per execution, mean */
	double entry_total_cycles;/* ... over all executions, wall clock (cycles includes them) */
	/* the function the loop belongs to in the source: the compiled function, or the
	 * function GCC inlined the loop from (rl_time_set_function) */
	char function[RL_NAME_MAX];
	/* per function (rl_time_function_totals): the sum of the ranked nests of that
	 * function and this nest's share of it (-1: unknown) */
	double function_seconds;
	double function_share;
} rl_time;

/* Points of NEST's iteration domain over its loops FIRST..LAST-1 (the loops before FIRST
 * taken at their lower bounds: use FIRST 0).  Returns 1 and *COUNT, or 0 with the unknown
 * parameter's index in *PARAM (-1: none).  *APPROX set to 1 when the budget forced the mean. */
int rl_time_count(const rl_nest *nest, int last, double *count, int *param, int *approx);

/* The predicted time of NEST: ITERS_PER_UNIT iterations per unit of work, T_UNIT cycles per
 * unit at the data level, CLOCK_GHZ; on CORES > 1 cores the wall clock from PERF_CORES (work
 * units per second on CORES cores, WORK_PER_UNIT work per unit).  DATA_ASSUMED: the data
 * level was assumed (sizes unknown).  Fills OUT; never fails. */
void rl_time_nest(const rl_nest *nest, double iters_per_unit, double t_unit, double clock_ghz,
		  int cores, double work_per_unit, double perf_cores, int data_assumed, rl_time *out);

/* The port table's rule for leaving a loop (docs/port-tables.md 'loop_exit'): the exit of an
 * execution of up to PREDICTED passes is foreseen (0: no rule); a longer one costs PENALTY
 * cycles when the loop runs at FULL_AT cycles per pass or faster, nothing at HIDDEN_FROM or
 * slower, linearly less in between. */
typedef struct rl_exit_rule {
	int predicted;
	double penalty;
	double full_at, hidden_from;
} rl_exit_rule;

/* Cycles a mispredicted exit costs a loop of CYCLES_PER_PASS under rule X (0: none). */
double rl_time_exit_cycles(const rl_exit_rule *x, double cycles_per_pass);

/* The per-execution terms of a ranked T (NEST's innermost loop, ITERS_PER_PASS source
 * iterations per pass of the compiled body, CYCLES_PER_PASS its predicted pace): leaving the
 * loop under rule EXIT (NULL: none) and ROW_CYCLES, the code GCC runs around the loop once per
 * execution (model/rows.h rl_rows_overhead; 0: none).  The one place the per-execution terms
 * are summed: sets their fields and adds the sum to the cycles and seconds. */
void rl_time_per_execution(rl_time *t, const rl_nest *nest, int iters_per_pass,
			   double cycles_per_pass, const rl_exit_rule *exit, double row_cycles,
			   double clock_ghz);

/* An enclosing loop at LINE with an unknown count was left out of the nest: T becomes the
 * time of one of its repetitions. */
void rl_time_per_repetition(rl_time *t, int line);

/* The loop of T belongs to source function NAME (GCC inlined it from there). */
void rl_time_set_function(rl_time *t, const char *name);

/* Function totals of the N times T[i] (NULL entries: nests not analysed): each gets the sum of
 * the ranked ones of its function (rl_time.function) and its share of that sum.  Returns the
 * sum over all. */
double rl_time_function_totals(rl_time *const *t, int n);

#ifdef __cplusplus
}
#endif
#endif
