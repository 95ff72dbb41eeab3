/* micro-benchmark driver: repetitions doubled until the timer says enough */
double now(void);
double daxpy_bench(long n, double *restrict y, const double *restrict x, double a)
{
	long reps = 1;
	double t0, t1;
	do {
		t0 = now();
		for (long r = 0; r < reps; r++)
			for (long i = 0; i < n; i++)
				y[i] = a * x[i] + y[i];
		t1 = now();
		reps *= 2;
	} while (t1 - t0 < 0.2);
	return t1 - t0;
}
