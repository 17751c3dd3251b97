/* Argument blob of the Relu kernel (shared by relu_api.c and relu_kernel.c). */
#ifndef OPS_NN_RELU_ARGS_H
#define OPS_NN_RELU_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct relu_args {
    aclemu_ew ew; /* op[0] = out, op[1] = self; same dtype */
} relu_args;

#endif
