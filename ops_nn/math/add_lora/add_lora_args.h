/* Blob of the AddLora kernel (aclnnAddLora, ops-math). Blocks take ranges of the B tokens. Per
 * token b: out[b, :] = y[b, :]; when 0 <= i = indices[b] < W the columns [y_offset, y_offset + H2)
 * get, in the device's FLOAT16 steps (Cube results leave L0C as FLOAT16, the Vector unit scales and
 * accumulates in FLOAT16):
 *   z1[r] = fp16(sum_h x[b, h] * weightA[i, layer, r, h])     (with weightA; else z1[r] = x[b, r])
 *   z2[j] = fp16(sum_r z1[r] * weightB[i, layer, j, r])
 *   out[b, y_offset + j] = fp16(y[b, y_offset + j] + fp16(z2[j] * fp16(scale)))
 * A negative index (the kernels' "no LoRA" slot) leaves the row as y. */
#ifndef OPS_MATH_ADD_LORA_ARGS_H
#define OPS_MATH_ADD_LORA_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct add_lora_args {
    aclemu_tdesc y, x, weight_b, indices, weight_a, out;
    int32_t has_a, reserved;
    int64_t B, H1, H2, H3, R, W, layer, y_offset, per_block;
    float scale;  /* already rounded to FLOAT16 */
} add_lora_args;

#endif
