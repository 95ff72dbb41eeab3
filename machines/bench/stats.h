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

/* Thread i ran NSUB timed sub-repetitions from T0[i * STRIDE + s] to T1[i * STRIDE + s].
 * BEST_NS[i] = duration of its fastest sub-repetition lying entirely inside the window in
 * which every thread was running its timed loop (latest first start .. earliest last end),
 * 0 if none does.  With one thread the window is the whole run. */
void rlb_best_in_window(int nt, int nsub, int stride, const double *t0, const double *t1,
			double *best_ns);

#endif
