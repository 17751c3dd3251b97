/* Blob of MseLossGrad: ew op[0] out, op[1] gradOutput, op[2] self, op[3] target. */
#ifndef OPS_NN_MSE_LOSS_BACKWARD_ARGS_H
#define OPS_NN_MSE_LOSS_BACKWARD_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct mse_grad_args {
    aclemu_ew ew;
    double scale; /* 2, or 2/numel for mean */
} mse_grad_args;

#endif
