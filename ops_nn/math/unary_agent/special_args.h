/* Blob of the "SpecialUnary" kernel (Ndtri, FresnelCos, FresnelSin): out = f(x) evaluated in
 * FP32 (the vector loops of ops_nn/vec) and rounded once into out's dtype. */
#ifndef OPS_MATH_SPECIAL_ARGS_H
#define OPS_MATH_SPECIAL_ARGS_H

#include "aclemu_op/kargs.h"

enum { SPECIAL_NDTRI = 0, SPECIAL_FRESNEL_COS = 1, SPECIAL_FRESNEL_SIN = 2 };

typedef struct special_args {
    aclemu_ew ew; /* op[0] out, op[1] x */
    int32_t fn;   /* SPECIAL_* */
    int32_t reserved;
} special_args;

#endif
