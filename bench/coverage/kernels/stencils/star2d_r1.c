/* 2D 5-point star, radius 1 */
void star2d_r1(int n, double out[restrict n][n], const double in[restrict n][n], const double c[2])
{
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			out[i][j] = c[0] * in[i][j]
				  + c[1] * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}
