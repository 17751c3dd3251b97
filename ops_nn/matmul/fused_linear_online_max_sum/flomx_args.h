/* Blob of the LinearMaxSum kernel (aclnnFusedLinearOnlineMaxSum): per row b of the FP32 logits
 * (M x N, workspace, from a CubeGemm launch before it) the max, the sum of exp(l - max), the
 * target tests (masked when target < start or target >= end, the real kernel's LT / GE), the
 * masked target (target - start, 0 when masked or outside [0, N)), the predicted logit l - max at
 * it (0 then), and the mask bits, 8 rows per byte, row 8k + j in bit j; the rows of the last byte
 * past M are tested as target 0 (the real test's padding). Blocks own whole bytes (8 rows). */
#ifndef OPS_NN_FLOMX_ARGS_H
#define OPS_NN_FLOMX_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct flomx_args {
    uint64_t logits; /* workspace */
    aclemu_tdesc target, lmax, sumexp, pred, mask, masked;
    int64_t m, n, start, end;
    uint64_t per_block; /* rows, a multiple of 8 */
} flomx_args;

#endif
