/* Blob of the LinearCeGrad kernel (aclnnFusedLinearCrossEntropyLossGrad): per row b of BT the
 * gradient of the logits g[b, :] (V values, FLOAT16 / BF16, contiguous in the workspace) from
 *  - the softmax tensor (high-performance branch, `soft` given), or
 *  - the FP32 logits input @ weight^T (workspace, a CubeGemm before it) with lmax / sumexp
 *    (memory-saving branch): exp(l - lmax[b]) / sumexp[b];
 * minus 1 at maskedTarget[b] when the row's targetMask is 0 (BOOL per row, or UINT8 bits: row b
 * in bit b % 8 of byte b / 8), times grad[b], rounded to the gradient's dtype. */
#ifndef OPS_NN_FLCEG_ARGS_H
#define OPS_NN_FLCEG_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct flceg_args {
    uint64_t logits;   /* workspace FP32 [BT, V], 0 in the softmax branch */
    uint64_t g;        /* workspace [BT, V] of g_dtype */
    aclemu_tdesc soft, lmax, sumexp, grad, mask, target;
    int64_t bt, v;
    int32_t g_dtype, mask_bits; /* mask_bits: targetMask is UINT8 bits */
    int32_t has_soft, reserved;
    uint64_t per_block; /* rows */
} flceg_args;

#endif
