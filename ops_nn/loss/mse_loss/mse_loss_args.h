/* Blobs of the MseLoss kernels. MseLossNone: ew op[0] out, op[1] self, op[2] target.
 * MseLossPartial: ew over the broadcast shape (op[0] self, op[1] target); block b writes its
 * partial sum (double) to parts[b]. MseLossFinish: one block sums the parts into out. */
#ifndef OPS_NN_MSE_LOSS_ARGS_H
#define OPS_NN_MSE_LOSS_ARGS_H

#include "aclemu_op/kargs.h"
#include "nn_cbuf.h"

typedef struct mse_partial_args {
    aclemu_ew ew;
    uint64_t parts;
} mse_partial_args;

typedef struct mse_finish_args {
    uint64_t parts;
    int64_t nparts;
    double scale;     /* 1/numel for mean, 1 for sum */
    nn_cbuf out;
} mse_finish_args;

#endif
