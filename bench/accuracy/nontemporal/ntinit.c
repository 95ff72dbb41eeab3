/* store with non-temporal stores: a[i] = s (8 doubles per _mm512_stream_pd) */
#include <immintrin.h>
#define KERNEL k_ntinit
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)b; (void)c; (void)d;
	__m512d v = _mm512_set1_pd(s);
	for (long i = 0; i < n; i += 8)
		_mm512_stream_pd(a + i, v);
	return 0;
}
