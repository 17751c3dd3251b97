/* Blob of the Sqrt kernel. */
#ifndef OPS_MATH_SQRT_ARGS_H
#define OPS_MATH_SQRT_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct sqrt_args {
    aclemu_ew ew; /* op[0] out, op[1] self */
    int32_t result; /* aclDataType of the result before the cast to out */
    int32_t reserved;
} sqrt_args;

#endif
