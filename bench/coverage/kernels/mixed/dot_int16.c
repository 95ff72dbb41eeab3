/* int16 dot product with int32 accumulation */
#include <stdint.h>
int32_t dot_i16(int n, const int16_t *restrict a, const int16_t *restrict b)
{
	int32_t s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}
