/* Argument blob of the Cast kernel. */
#ifndef OPS_MATH_CAST_ARGS_H
#define OPS_MATH_CAST_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct cast_args {
    aclemu_ew ew; /* op[0] = out (target dtype), op[1] = self */
} cast_args;

/* "CastFp4": FLOAT / FLOAT16 / BFLOAT16 -> FLOAT4_E2M1 over n contiguous elements (the arch35
 * cast_struct.h policies: FLOAT and FLOAT16 through BFLOAT16, each step round to nearest even, then
 * FP4 round to nearest even, saturated to +-6); the destination two per byte, even element = low
 * nibble. Offsets in elements; blocks own even-sized runs (no byte is shared). */
typedef struct cast_fp4_args {
    uint64_t src, dst;
    int64_t src_off, dst_off, n, per_block;
    int32_t src_dtype, pad;
} cast_fp4_args;

#endif
