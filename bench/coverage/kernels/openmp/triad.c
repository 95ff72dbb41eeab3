/* STREAM triad, parallel for static */
#define N 20000000
double a[N], b[N], c[N];
void triad(double scalar)
{
#pragma omp parallel for schedule(static)
	for (long j = 0; j < N; j++)
		a[j] = b[j] + scalar * c[j];
}
