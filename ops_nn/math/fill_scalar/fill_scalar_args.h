/* Argument blob of the Fill kernel: the value as stored in selfRef's dtype. */
#ifndef OPS_MATH_FILL_SCALAR_ARGS_H
#define OPS_MATH_FILL_SCALAR_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct fill_scalar_args {
    aclemu_ew ew;          /* op[0] = selfRef */
    unsigned char elem[16]; /* one element of selfRef's dtype */
} fill_scalar_args;

#endif
