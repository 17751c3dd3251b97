/* Blobs of the staging kernels (NnPack uses a bare aclemu_ew: op[0] destination, op[1] source). */
#ifndef OPS_NN_COMMON_NN_STAGE_ARGS_H
#define OPS_NN_COMMON_NN_STAGE_ARGS_H

#include "aclemu_op/kargs.h"
#include "nn_cbuf.h"

typedef struct nn_fill_args {
    aclemu_ew ew;      /* one operand */
    double value;
} nn_fill_args;

/* NnSumParts: out[i] = sum over p of parts[p * n + i] (FP32 partial column sums that the
 * blocks of a previous launch left in the workspace). Blocks split i. */
typedef struct nn_sum_parts_args {
    uint64_t parts;    /* workspace address */
    int64_t nparts, n, per_block;
    nn_cbuf out;
} nn_sum_parts_args;

#endif
