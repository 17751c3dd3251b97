/* Blob of the FusedPatchMlpGelu kernel (aclnnFusedPatchMlp's GELU pass between two layers, in place
 * on the layer's result in the workspace), the steps of ops-nn
 * experimental/matmul/fused_patch_mlp/op_kernel/fused_patch_mlp.h (GeluCompute) in FP32: FLOAT16 /
 * BF16 cast up, t = x * x * x * 0.044715 + x, t *= -1.595769122, out = x / (exp(t) + 1), cast back
 * with CAST_RINT (FLOAT computes the same steps in FP32). */
#ifndef OPS_NN_FUSED_PATCH_MLP_ARGS_H
#define OPS_NN_FUSED_PATCH_MLP_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct fpm_gelu_args {
    uint64_t buf; /* workspace */
    int64_t n, per_block;
    int32_t dtype, pad;
} fpm_gelu_args;

#endif
