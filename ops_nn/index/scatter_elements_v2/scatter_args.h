/* Blob of the ScatterElements and GatherElements kernels. The index positions are walked in "lines": all positions
 * that differ only along `dim` form one line and one block takes whole lines in index order,
 * so writes to one output element always come from one block, in order (deterministic, and
 * the last write wins for reduce none as in a serial scatter).
 * ScatterReduce without includeSelf, and mean, count the updates of each target in a workspace
 * of int64 counters, one per (line, position along dim); the block owning the line zeroes the
 * counters it uses first, so the workspace needs no initialisation.
 * GatherElements walks the same lines: src[p] = out[p with dim -> index[p]] (`out` is then the
 * gathered tensor, read only, and `src` the index-shaped result). */
#ifndef OPS_NN_SCATTER_ARGS_H
#define OPS_NN_SCATTER_ARGS_H

#include "aclemu_op/kargs.h"

enum { SCATTER_NONE = 0, SCATTER_ADD, SCATTER_MUL, SCATTER_MAX, SCATTER_MIN, SCATTER_MEAN };

typedef struct scatter_args {
    aclemu_tdesc out;      /* already holds self (a copy launch runs first when out is not self) */
    aclemu_tdesc index;    /* int32 / int64 */
    aclemu_tdesc src;      /* unused with has_value */
    int32_t dim;
    int32_t reduce;
    int32_t has_value;     /* ScatterValue: the scalar below instead of src */
    int32_t include_self;  /* 0: a target's first update replaces it (ScatterReduce) */
    double value_f[2];     /* the scalar in self's dtype (re, im) */
    int64_t value_i;
    uint64_t lines, lines_per_block;
    uint64_t counts;       /* device address of lines * len(out dim) int64 counters, or 0 */
} scatter_args;

#endif
