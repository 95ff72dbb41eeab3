/* machine-load.h - internals shared by the machine loaders: the native format
 * (machine-load.c) and the Kerncraft format (kerncraft.c).  Not part of the API.
 */
#ifndef RL_MACHINE_LOAD_H
#define RL_MACHINE_LOAD_H

#include "machines/machine.h"
#include "machines/yaml-check.h"

/* Names of the bandwidth mixes and FP operations as the machine file spells them */
extern const char *const rl_mix_names[RL_MIX_COUNT];
extern const char *const rl_fpop_names[RL_FP_COUNT];

/* 1 if ROOT is a Kerncraft machine file: a 'memory hierarchy' key and no 'schema' key */
int rl_machine_is_kerncraft(rl_yaml_ctx *c, yaml_node_t *root);
/* Read the Kerncraft machine file ROOT into M.  -1 with a message in C. */
int rl_machine_load_kerncraft(rl_yaml_ctx *c, yaml_node_t *root, rl_machine *m);

/* Derived figures of a loaded machine: the memory transfer time of a line (clock and memory
 * bandwidth), which is also the transfer of the last cache level. */
void rl_machine_derive(rl_machine *m);

#endif
