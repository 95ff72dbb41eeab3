/* reset an accumulator row with memset then accumulate into it */
#include <string.h>
void rowsum(int n, int m, const float *restrict a, float *restrict acc, float *restrict out)
{
	for (int i = 0; i < n; i++) {
		memset(acc, 0, m * sizeof(float));
		for (int j = 0; j < m; j++)
			acc[j] += a[(long)i * m + j];
		out[i] = acc[0] + acc[m - 1];
	}
}
