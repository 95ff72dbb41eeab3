/* Example loop nests for `make demo`: compile with
 *   gcc -O3 -march=native -fplugin=./roofline.so -c examples/kernels.c
 * and read the notes at each loop. */
#define N 4000

double a[N][N], b[N][N];

/* DAXPY: 2 loads, 1 store, 2 flops per iteration */
void daxpy(int n, double s, double *restrict x, const double *restrict y)
{
	for (int i = 0; i < n; i++)
		x[i] = x[i] + s * y[i];
}

/* STREAM triad */
void triad(int n, double s, double *restrict a1, const double *restrict b1,
	   const double *restrict c1)
{
	for (int i = 0; i < n; i++)
		a1[i] = b1[i] + s * c1[i];
}

/* Sum reduction: strict FP order (no -ffast-math) */
double sum(int n, const double *x)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i];
	return s;
}

/* 2D 5-point Jacobi sweep on static arrays */
void jacobi2d(void)
{
	for (int j = 1; j < N - 1; j++)
		for (int i = 1; i < N - 1; i++)
			b[j][i] = (a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i]) * 0.25;
}

/* 2D 5-point Jacobi with runtime size and flattened indexing */
void jacobi2d_flat(int n, double *restrict dst, const double *restrict src)
{
	for (int j = 1; j < n - 1; j++)
		for (int i = 1; i < n - 1; i++)
			dst[j * n + i] = (src[j * n + i - 1] + src[j * n + i + 1] +
					  src[(j - 1) * n + i] + src[(j + 1) * n + i]) * 0.25;
}

/* Indirect access: not analysed (shown with -fplugin-arg-roofline-verbose) */
void gather(int n, double *restrict y, const double *restrict x, const int *idx)
{
	for (int i = 0; i < n; i++)
		y[i] = x[idx[i]];
}
