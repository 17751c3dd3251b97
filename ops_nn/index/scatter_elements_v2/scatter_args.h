/* Blob of the ScatterElements kernel. The index positions are walked in "lines": all positions
 * that differ only along `dim` form one line and one block takes whole lines in index order,
 * so writes to one output element always come from one block, in order (deterministic, and
 * the last write wins for reduce none as in a serial scatter). */
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
    int32_t reserved;
    double value_f[2];     /* the scalar in self's dtype (re, im) */
    int64_t value_i;
    uint64_t lines, lines_per_block;
} scatter_args;

#endif
