/* Blob of the tensor-list optimizer kernels (FusedAdamw, FusedSgd): up to OL_MAX_TENSORS list
 * positions per launch, each with up to OL_MAX_ROLES operands (params, grads, moments ...);
 * role r's input is op[2r], its output (for in+out roles) op[2r + 1] — the same buffer unless the
 * view needed staging. Blocks split the launch's elements as one flat range. */
#ifndef OPS_NN_OPTIM_LIST_ARGS_H
#define OPS_NN_OPTIM_LIST_ARGS_H

#include "nn_cbuf.h"

#define OL_MAX_TENSORS 10
#define OL_MAX_ROLES 6

typedef struct ol_tensor {
    nn_cbuf op[2 * OL_MAX_ROLES];
    int64_t numel, first; /* elements, and where they start in the launch's flat range */
} ol_tensor;

typedef struct ol_args {
    int64_t total, per_block;
    int32_t ntensors, reserved;
    double s[12];               /* the op's scalars */
    nn_cbuf scale, found_inf;   /* optional one-element tensors shared by all positions */
    ol_tensor t[OL_MAX_TENSORS];
} ol_args;

#endif
