/* 3D 27-point box, radius 1 */
#define N 200
void box3d_27(double out[N][N][N], const double in[N][N][N])
{
	for (int k = 1; k < N - 1; k++)
		for (int j = 1; j < N - 1; j++)
			for (int i = 1; i < N - 1; i++) {
				double s = 0.0;
				for (int c = -1; c <= 1; c++)
					for (int b = -1; b <= 1; b++)
						for (int a = -1; a <= 1; a++)
							s += in[k + c][j + b][i + a];
				out[k][j][i] = s / 27.0;
			}
}
