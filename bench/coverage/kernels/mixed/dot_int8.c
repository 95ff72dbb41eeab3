/* int8 dot product with int32 accumulation (quantised inference) */
#include <stdint.h>
int32_t dot_i8(int n, const int8_t *restrict a, const int8_t *restrict b)
{
	int32_t s = 0;
	for (int i = 0; i < n; i++)
		s += (int32_t)a[i] * b[i];
	return s;
}
