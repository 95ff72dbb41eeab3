/* copy loop GCC turns into memcpy, in a 2D nest */
#define N 1024
void copy2d(double dst[N][N], const double src[N][N])
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			dst[i][j] = src[i][j];
}
