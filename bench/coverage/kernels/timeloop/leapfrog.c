/* 1D wave equation, leapfrog, three time levels rotated each step */
#define NX 100000
static double up[NX], u[NX], um[NX];

void leapfrog(int nsteps, double c2)
{
	for (int n = 0; n < nsteps; n++) {
		for (int i = 1; i < NX - 1; i++)
			up[i] = 2.0 * u[i] - um[i] + c2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
		for (int i = 0; i < NX; i++) {
			um[i] = u[i];
			u[i] = up[i];
		}
	}
}
