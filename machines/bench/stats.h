/* roofline-bench: statistics of repeated measurements (pure functions, unit-tested). */
#ifndef RLB_STATS_H
#define RLB_STATS_H

typedef struct rlb_result {
	double best, median, spread; /* spread = 100 (best - median) / best */
	int unstable;                /* spread > the threshold given */
} rlb_result;

/* Best (largest), median and spread of the N rates V (sorted in place). */
rlb_result rlb_summarize(double *v, int n, double unstable_pct);

/* A figure of NT concurrently running threads from per-thread rates: V[i * REPS + r] is
 * thread i's rate in round r, 0 if it had no valid sub-repetition in that round.  best = sum
 * over threads of each thread's best round, median = sum of the per-thread medians of the
 * valid rounds.  Falls back to rlb_summarize(LOCKSTEP, REPS) if a thread has no valid round.
 * V is sorted in place. */
rlb_result rlb_summarize_threads(double *v, int nt, int reps, double *lockstep,
				 double unstable_pct);

/* A figure's best (largest rate) counts as confirmed when RLB_CONFIRM_N of its rounds, the best
 * included, lie within RLB_CONFIRM_PCT percent of it: on a shared host interference only
 * slows a round, so several rounds near the best say the quiet machine's figure was reached;
 * a lone best far above the rest says too few rounds were quiet (re-measure). */
#define RLB_CONFIRM_N 3
#define RLB_CONFIRM_PCT 2.0

/* How many of the N rates V (> 0 counted only) lie within PCT percent of the largest, the
 * largest included; 0 if none is > 0.  V is not changed. */
int rlb_near_best(const double *v, int n, double pct);

/* Thread i ran NSUB timed sub-repetitions from T0[i * STRIDE + s] to T1[i * STRIDE + s].
 * BEST_NS[i] = duration of its fastest sub-repetition lying entirely inside the window in
 * which every thread was running its timed loop (latest first start .. earliest last end),
 * 0 if none does.  With one thread the window is the whole run. */
void rlb_best_in_window(int nt, int nsub, int stride, const double *t0, const double *t1,
			double *best_ns);

#endif
