/* Argument blob of the Cast kernel. */
#ifndef OPS_MATH_CAST_ARGS_H
#define OPS_MATH_CAST_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct cast_args {
    aclemu_ew ew; /* op[0] = out (target dtype), op[1] = self */
} cast_args;

#endif
