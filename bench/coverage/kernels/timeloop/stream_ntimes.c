/* STREAM-style: the four kernels inside the repetition loop */
#define N 20000000
#define NTIMES 10
static double a[N], b[N], c[N];

void stream(double scalar)
{
	for (int k = 0; k < NTIMES; k++) {
		for (long j = 0; j < N; j++)
			c[j] = a[j];
		for (long j = 0; j < N; j++)
			b[j] = scalar * c[j];
		for (long j = 0; j < N; j++)
			c[j] = a[j] + b[j];
		for (long j = 0; j < N; j++)
			a[j] = b[j] + scalar * c[j];
	}
}
