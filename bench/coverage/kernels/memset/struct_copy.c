/* copy records with memcpy inside a gather loop */
#include <string.h>
struct rec { double a[4]; int id; };
void gather(int n, const int *restrict idx, const struct rec *restrict src, struct rec *restrict dst)
{
	for (int i = 0; i < n; i++)
		memcpy(&dst[i], &src[idx[i]], sizeof(struct rec));
}
