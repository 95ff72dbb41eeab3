/* STREAM triad with non-temporal stores: a[i] = b[i] + s * c[i] */
#include <immintrin.h>
#define KERNEL k_nttriad
double KERNEL(long n, long m, long l, double *restrict a, double *restrict b, double *restrict c, double *restrict d, double s)
{
	(void)m; (void)l; (void)d;
	__m512d v = _mm512_set1_pd(s);
	for (long i = 0; i < n; i += 8)
		_mm512_stream_pd(a + i, _mm512_fmadd_pd(v, _mm512_load_pd(c + i), _mm512_load_pd(b + i)));
	return 0;
}
