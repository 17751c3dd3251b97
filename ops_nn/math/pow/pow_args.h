/* Blob of the Pow kernel (host planner and device kernel). */
#ifndef OPS_MATH_POW_ARGS_H
#define OPS_MATH_POW_ARGS_H

#include "aclemu_op/kargs.h"

/* Which operand is the scalar: none (op[1] ^ op[2]), the exponent (op[1] ^ s) or the base
 * (s ^ op[1]). */
enum { POW_TT = 0, POW_TS = 1, POW_ST = 2 };

typedef struct pow_args {
    aclemu_ew ew;        /* op[0] out, op[1] first tensor, op[2] exponent tensor (POW_TT) */
    int32_t mode;
    int32_t promoted;    /* aclDataType the power is computed in (then cast to out) */
    double scalar_f;     /* the scalar, rounded to the promoted dtype */
    int64_t scalar_i;
} pow_args;

#endif
