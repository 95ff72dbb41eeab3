/* the kernels of kernels.c: N iterations over up to four arrays */
typedef double kern_fn(long n, double *restrict a, double *restrict b, double *restrict c,
		       double *restrict d, double s);
kern_fn k_load, k_store, k_copy, k_update, k_triad, k_add, k_daxpy, k_3load_1store, k_sum4;
