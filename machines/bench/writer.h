/* roofline-bench: write an rl_machine as a roofline-machine/1 YAML file. */
#ifndef RLB_WRITER_H
#define RLB_WRITER_H
#include <stdio.h>
#include "machines/machine.h"

/* HEADER: comment text (each line gets "# "), may be NULL.  Returns 0 or -1 on a write error. */
int rlb_write_machine(FILE *f, const rl_machine *m, const char *header);

/* The line "INDENTmemory_share: { sizes: [...], shares: [...] }" of level C (none without
 * points) */
void rlb_write_memory_share(FILE *f, const rl_cache_level *c, const char *indent);

/* Read a Kerncraft machine file and write it as roofline-machine/1 to OUT.  0 or -1 with ERR. */
int rlb_convert_kerncraft(const char *in, FILE *out, char *err, size_t errlen);
#endif
