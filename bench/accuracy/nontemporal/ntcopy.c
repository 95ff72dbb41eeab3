/* copy with non-temporal stores: a[i] = b[i] */
#include <immintrin.h>
#define KERNEL k_ntcopy
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)c; (void)d; (void)s;
	for (long i = 0; i < n; i += 8)
		_mm512_stream_pd(a + i, _mm512_load_pd(b + i));
	return 0;
}
