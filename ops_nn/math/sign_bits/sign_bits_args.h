/* Blob of the SignBits kernel (pack and unpack). Pack: byte j of out (row-major over out's
 * view) holds the bits of self[8j .. 8j + 7], past the end counted as -1.0. Two layouts, by
 * chip: the 950's kernel (`msb_negative` 1) sets bit 7 - k for x < 0, the A2 / A3 / 310P one bit
 * k for x >= 0 (the pair the unpack inverts); NaN and -0 count as non-negative in both. Unpack:
 * out element e (row-major) = bit (e % 8) of self[e / 8] ? +1 : -1. */
#ifndef OPS_MATH_SIGN_BITS_ARGS_H
#define OPS_MATH_SIGN_BITS_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct sign_bits_args {
    aclemu_tdesc self, out; /* self 1-D; out 2-D */
    int32_t unpack;
    int32_t msb_negative;
    int64_t per_block;      /* out elements per block */
} sign_bits_args;

#endif
