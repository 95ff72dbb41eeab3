/* The capacity step of roofline-bench alone (machines/bench/capacity.c): the 2D rows' and the
 * 3D planes' sweeps for FILE's cache levels, progress and the factors on stderr.
 *   cc -O2 -I. -o /tmp/capacity-study bench/machines/capacity-study.c machines/bench/capacity.c \
 *      machines/[a-z]*.c model/ecm.c polyhedral/traffic.c polyhedral/nest.c -lyaml -lm
 *   flock /tmp/rl-measure.lock nice -n -5 taskset -c 1 /tmp/capacity-study FILE [AVX] */
#include <stdio.h>
#include <stdlib.h>

#include "machines/bench/capacity.h"
#include "machines/machine.h"

int main(int argc, char **argv)
{
	char err[512];
	if (argc < 2) {
		fprintf(stderr, "usage: capacity-study FILE [AVX: 0 SSE2, 1 AVX2, 2 AVX-512]\n");
		return 2;
	}
	rl_machine *m = rl_machine_load(argv[1], err, sizeof err);
	if (!m) {
		fprintf(stderr, "capacity-study: %s\n", err);
		return 1;
	}
	static rlb_capacity c;
	rlb_capacity_measure(&c, m, argc > 2 ? atoi(argv[2]) : 2, 0);
	for (int L = 0; L < m->nlevels; L++)
		if (c.factor[L] > 0)
			printf("%s: lc_factor %.3f (2D %.3f, 3D %.3f): %s\n", m->levels[L].name,
			       c.factor[L], c.factor2[L], c.factor3[L], c.method[L]);
	rl_machine_free(m);
	return 0;
}
