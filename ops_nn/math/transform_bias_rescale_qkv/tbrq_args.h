/* Blob of the TransformBiasRescaleQkv kernel: out_s[b, h, t, d] = (qkv[b, t, (s H + h) D + d] +
 * bias[(s H + h) D + d]) * (s == 0 ? 1 / sqrt(D) : 1), in FLOAT as the real kernel (the add,
 * then the product with the FLOAT scale), rounded once to the output dtype. */
#ifndef OPS_MATH_TBRQ_ARGS_H
#define OPS_MATH_TBRQ_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct tbrq_args {
    aclemu_tdesc qkv, bias, out[3];
    int64_t heads, dph; /* H, D */
    int64_t per_block;  /* rows (s, b, h, t) of D elements */
} tbrq_args;

#endif
