/* 2D 17-point star, radius 4, weights in an array */
void star2d_r4(int n, float *restrict out, const float *restrict in, const float w[5])
{
	for (int i = 4; i < n - 4; i++)
		for (int j = 4; j < n - 4; j++) {
			float s = w[0] * in[i * n + j];
			for (int r = 1; r <= 4; r++)
				s += w[r] * (in[i * n + j + r] + in[i * n + j - r]
					     + in[(i + r) * n + j] + in[(i - r) * n + j]);
			out[i * n + j] = s;
		}
}
