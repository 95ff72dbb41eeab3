/* 2D 9-point box, radius 1 (blur) */
void box2d(int ny, int nx, float out[restrict ny][nx], const float in[restrict ny][nx])
{
	for (int i = 1; i < ny - 1; i++)
		for (int j = 1; j < nx - 1; j++)
			out[i][j] = (in[i - 1][j - 1] + in[i - 1][j] + in[i - 1][j + 1]
				   + in[i][j - 1] + in[i][j] + in[i][j + 1]
				   + in[i + 1][j - 1] + in[i + 1][j] + in[i + 1][j + 1]) * (1.0f / 9.0f);
}
