/* rl_nest: the kernel model of one loop nest, as the plugin recovers it from GIMPLE.
 *
 * Plain data, no GCC types.  Everything is affine over the nest's loop iterators
 * (outermost first) and named size parameters.  Ownership: rl_nest_alloc returns a
 * zeroed nest owned by the caller; rl_nest_free releases it.  All arrays are fixed
 * size (limits below): a nest that exceeds them is "not analysed", never truncated.
 */
#ifndef RL_NEST_H
#define RL_NEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RL_MAX_LOOPS 8    /* loop depth of one nest */
#define RL_MAX_PARAMS 8   /* symbolic size parameters */
#define RL_MAX_DIMS 6     /* array dimensions */
#define RL_MAX_ARRAYS 32
#define RL_MAX_ACCESSES 64
#define RL_NAME_MAX 64
#define RL_MAX_SIBLINGS 8 /* other innermost loops of an imperfect nest taken into account */

/* c0 + sum it[k]*i_k + sum par[p]*n_p */
typedef struct rl_aff {
	long long it[RL_MAX_LOOPS];
	long long par[RL_MAX_PARAMS];
	long long cst;
} rl_aff;

typedef struct rl_param {
	char name[RL_NAME_MAX];
	int has_value;          /* 1: value known (constant or define=NAME=VALUE) */
	long long value;
	int from_calls;         /* > 0: a parameter of the function whose value is the
				   constant each of its FROM_CALLS calls in the file passes */
} rl_param;

/* for (i = lower; i < upper; i += step), step > 0; or step < 0 with
 * i > upper (exclusive) counting down.  Bounds may refer to outer iterators. */
typedef struct rl_loop {
	rl_aff lower;           /* first value (inclusive) */
	rl_aff upper;           /* exclusive bound */
	long long step;         /* in iterations of the source variable, != 0 */
	int line, column;       /* location of the loop (for-condition) */
	int gcc_loop_num;       /* loop->num in the function (plugin bookkeeping) */
} rl_loop;

typedef enum rl_elem_kind { RL_ELEM_FLOAT, RL_ELEM_DOUBLE, RL_ELEM_INT, RL_ELEM_OTHER } rl_elem_kind;

typedef struct rl_array {
	char name[RL_NAME_MAX];
	rl_elem_kind kind;
	int elem_size;          /* bytes */
	int ndims;
	/* extent of each dimension, outermost first, in elements; extent[0] may be
	 * unknown (has_extent0 == 0): a pointer has no first extent. */
	rl_aff extent[RL_MAX_DIMS];
	int has_extent0;
	int delinearized;       /* 1: dimensions recovered from a flattened subscript */
	int align;              /* base alignment in bytes if known, else 0 */
} rl_array;

typedef struct rl_access {
	int array;              /* index into rl_nest.arrays */
	int is_write;
	rl_aff sub[RL_MAX_DIMS];/* subscripts in elements, outermost dimension first */
	int line;               /* source line of the statement */
} rl_access;

/* floating-point operations of one source iteration of the innermost loop body,
 * as written in the source (GIMPLE before vectorisation) */
typedef struct rl_flops {
	int add, mul, fma, div, sqrt;   /* per precision: index 0 = float, 1 = double */
} rl_flops;

struct rl_nest;

/* Another innermost loop of the same loop tree (a sibling of an imperfect nest): it runs
 * in every iteration of the SHARED outermost loops of this nest (loops 0..SHARED-1 of both
 * nests are the same source loops), BEFORE or after this nest's own loops. */
typedef struct rl_sibling {
	const struct rl_nest *nest;     /* borrowed: its model, outliving this nest's analysis */
	int shared;                     /* >= 1 */
	int before;                     /* 1: runs earlier in each iteration of the shared loops */
} rl_sibling;

typedef struct rl_nest {
	char function[RL_NAME_MAX];
	char file[256];
	int line, column;       /* location of the outermost loop */
	int nloops;
	rl_loop loops[RL_MAX_LOOPS];
	int nparams;
	rl_param params[RL_MAX_PARAMS];
	int narrays;
	rl_array arrays[RL_MAX_ARRAYS];
	int naccesses;
	rl_access accesses[RL_MAX_ACCESSES];
	rl_flops flops[2];      /* [0] float, [1] double */
	int nstatements;        /* assignments storing to memory in the body */
	int vector_factor;      /* lanes of the vectorised innermost loop, 1 if scalar, 0 unknown */
	int nontemporal_stores; /* 1: the generated stores bypass the caches (no write-allocate;
				   the lines go straight to memory) */
	/* the other innermost loops of the loop tree that share enclosing loops with this one
	 * (rl_nest_link_siblings), in source order; the layer conditions count their data
	 * (polyhedral/lc-siblings.c).  None for a perfect nest. */
	int nsiblings;
	rl_sibling siblings[RL_MAX_SIBLINGS];
} rl_nest;

rl_nest *rl_nest_alloc(void);
void rl_nest_free(rl_nest *nest);

/* Link the models NESTS[0..N-1] of the innermost loops of one loop tree, in source order
 * (NULL entries: loops that could not be modelled, skipped): each nest gets as siblings the
 * others whose outermost loops are the same source loops (rl_loop.gcc_loop_num, >= 0) as its
 * own, up to RL_MAX_SIBLINGS, the nearest ones (deepest shared loop, then source order)
 * first.  A nest at the same location as the nest or as a sibling already taken (a copy
 * GCC made of one source loop) is left out. */
void rl_nest_link_siblings(rl_nest **nests, int n);

/* Index of parameter NAME, adding it when absent; -1 when the table is full. */
int rl_nest_param_index(rl_nest *nest, const char *name);

/* Value of AFF with iterators taken from IT (may be NULL: iterators 0) and known
 * parameter values; returns 0 and leaves *out untouched if a parameter used by
 * AFF has no value. */
int rl_aff_eval(const rl_nest *nest, const rl_aff *aff, const long long *it, long long *out);

/* 1 if AFF depends on a loop iterator */
int rl_aff_uses_iters(const rl_aff *aff);

/* Write AFF as text ("2*n + i1 - 1") with iterator names i0.. and parameter names. */
void rl_aff_print(const rl_nest *nest, const rl_aff *aff, char *buf, size_t len);

/* Distance in bytes from access A to access B of the same array (row-major
 * storage with the array's extents): 1 and *out set when the distance does not
 * depend on the iterators and every parameter it involves has a value; 0 otherwise. */
int rl_access_distance_bytes(const rl_nest *nest, const rl_access *a, const rl_access *b,
			     long long *out);

/* Byte stride of access A along loop K (change of its address when i_K grows by
 * one step); 1 and *out set when known (constant after parameter values), else 0. */
int rl_access_stride_bytes(const rl_nest *nest, const rl_access *a, int k, long long *out);

#ifdef __cplusplus
}
#endif
#endif
