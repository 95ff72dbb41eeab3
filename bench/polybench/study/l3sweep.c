/* How much of the L3 a single core's repeated working set keeps: cycles per 64 B line of a
 * streaming kernel that sweeps S bytes again and again, for S from 1 MiB to 96 MiB.
 * kernel "load": s += a[i] over S bytes (8 independent vector sums); "copy": b[i] = a[i] + c, S/2 bytes each (1 read
 * stream, 1 write stream with write-allocate, as a Jacobi sweep).  Best of ROUNDS sweeps after
 * one warm-up sweep; cycles from the dependency-chain clock of bench/incore/clock.h.
 *   l3sweep load|copy [rounds [MiB...]]     (gcc -O3 -march=native) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../incore/clock.h"

static double sink;

__attribute__((noinline)) static void sweep_load(const double *a, long n)
{
	typedef double v8 __attribute__((vector_size(64)));
	v8 s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };
	const v8 *v = (const v8 *)a;

	for (long i = 0; i < n / 8; i += 4) {
		s0 += v[i];
		s1 += v[i + 1];
		s2 += v[i + 2];
		s3 += v[i + 3];
	}
	s0 += s1 + s2 + s3;
	for (int k = 0; k < 8; k++)
		sink += s0[k];
}

__attribute__((noinline)) static void sweep_copy(double *restrict b, const double *restrict a,
						 long n)
{
	for (long i = 0; i < n; i++)
		b[i] = a[i] + 1.0;
}

int main(int argc, char **argv)
{
	int copy = argc > 1 && !strcmp(argv[1], "copy");
	int rounds = argc > 2 ? atoi(argv[2]) : 5;
	static double mib[32] = { 1, 2, 4, 8, 12, 16, 20, 24, 28, 32, 40, 48, 64, 96 };
	unsigned nsz = 14;
	double ghz = clock_ghz_of(50);
	if (argc > 3) {
		nsz = 0;
		for (int i = 3; i < argc && nsz < 32; i++)
			mib[nsz++] = atof(argv[i]);
	}
	char *mem = aligned_alloc(4096, 96u << 20);

	memset(mem, 1, 96u << 20);
	printf("%s kernel, clock %.2f GHz\n", copy ? "copy" : "load", ghz);
	for (unsigned s = 0; s < nsz; s++) {
		long bytes = (long)(mib[s] * (1 << 20)), n = bytes / 8;
		double best = 1e30;
		for (int r = 0; r <= rounds; r++) {
			double t0 = now_ns();
			if (copy)
				sweep_copy((double *)(mem + bytes / 2), (double *)mem, n / 2);
			else
				sweep_load((double *)mem, n);
			double t = now_ns() - t0;
			if (r && t < best)
				best = t;
		}
		printf("S %5.2f MiB: %6.2f cy/CL\n", mib[s], best * ghz / (bytes / 64.0));
	}
	return sink == 12345.0;
}
