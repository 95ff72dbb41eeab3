/* entropy sum p*log(p), single precision */
#include <math.h>
float entropy(int n, const float *restrict p)
{
	float s = 0.0f;
	for (int i = 0; i < n; i++)
		s -= p[i] * logf(p[i]);
	return s;
}
