/* zero each row of a matrix with memset */
#include <string.h>
void zero_rows(int n, int m, double A[restrict n][m])
{
	for (int i = 0; i < n; i++)
		memset(A[i], 0, m * sizeof(double));
}
