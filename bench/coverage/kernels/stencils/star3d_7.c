/* 3D 7-point star (Stengel et al. ICS 2015 3D Jacobi) */
void star3d_7(int nz, int ny, int nx, double out[restrict nz][ny][nx],
	      const double in[restrict nz][ny][nx], double s)
{
	for (int k = 1; k < nz - 1; k++)
		for (int j = 1; j < ny - 1; j++)
			for (int i = 1; i < nx - 1; i++)
				out[k][j][i] = s * (in[k][j][i - 1] + in[k][j][i + 1] + in[k][j - 1][i]
						    + in[k][j + 1][i] + in[k - 1][j][i] + in[k + 1][j][i]);
}
