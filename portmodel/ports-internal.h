/* Internals shared by the files of the port model (pressure.c, ports.c); not
 * for callers outside portmodel/. */
#ifndef RL_PORTS_INTERNAL_H
#define RL_PORTS_INTERNAL_H

#include "portmodel/ports.h"

/* Distinct port sets (uop groups) one loop body can ask for. */
#define RL_MAX_UOP_GROUPS 64

/* One optimal assignment of N uop groups (port mask, total cycles) to the
 * ports with port capacity T (the bound of rl_ports_minmax), by max-flow: adds
 * each port's cycles to LOAD[port].  Does nothing for more than RL_MAX_UOP_GROUPS groups. */
void rl_ports_assign(const unsigned *mask, const double *cycles, int n, double t,
		     double *load);

#endif
