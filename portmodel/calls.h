/* Call-cost tables (machines/calls/NAME.yml, schema roofline-calls/1 in docs/port-tables.md):
 * the reciprocal throughput of math-library calls (libm scalar functions, libmvec vector
 * variants) in core cycles per call, measured by bench/incore/calls.sh on the CPU the table
 * names.  A port table names its call table (`calls: NAME`); the port model charges each
 * call left in a loop body its row's cycles (ports.c).
 */
#ifndef RL_CALLS_H
#define RL_CALLS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RL_MAX_CALL_ROWS 256
#define RL_CALL_SYMBOL_MAX 32

/* One callee: SYMBOL as it appears in the generated code (exp, expf, _ZGVdN4v_exp). */
typedef struct rl_call_row {
	char symbol[RL_CALL_SYMBOL_MAX];
	double cycles;          /* core cycles per call, reciprocal throughput */
	int elements;           /* results per call: 1 scalar, the lanes of a vector variant */
	char arguments[48];     /* the argument range measured */
	int line;               /* line in the table file */
} rl_call_row;

typedef struct rl_calls {
	char name[64];          /* file stem */
	char path[512];
	char display[128];      /* 'name' */
	char source[256];
	char cpu_vendor[32];    /* the CPU the figures were measured on */
	int cpu_family, cpu_model;
	char cpu_model_name[96];
	int nrows;
	rl_call_row rows[RL_MAX_CALL_ROWS];
} rl_calls;

/* Load PATH; NULL with one message "FILE:LINE:COL: expected ..., got ..." in ERR. */
rl_calls *rl_calls_load(const char *path, char *err, size_t errlen);
void rl_calls_free(rl_calls *c);

/* The row of SYMBOL (a trailing "@PLT" ignored), NULL if none or no table. */
const rl_call_row *rl_calls_find(const rl_calls *c, const char *symbol);

#ifdef __cplusplus
}
#endif
#endif
