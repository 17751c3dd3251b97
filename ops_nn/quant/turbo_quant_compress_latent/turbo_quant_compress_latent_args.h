/* Blob of the TurboQuantCompressLatent kernel (aclnnTurboQuantCompressLatent), the steps of ops-nn
 * experimental/quant/turbo_quant_compress_latent/op_kernel/turbo_quant_compress_latent.h in FP32:
 * per token norm = sqrt(sum(x * x) + 1e-16), u = x * (1 / norm), the code = how many of the 15
 * midpoints (c[b] + c[b + 1]) * 0.5 u reaches (u >= midpoint), two codes a byte (even dim in the
 * low nibble: the kernel's int4 pack of the code as two's complement is the same four bits), then
 * the norm as FLOAT16 (round to nearest even) little-endian after the headDim / 2 code bytes, the
 * rest of the slot zero. */
#ifndef OPS_NN_TURBO_QUANT_COMPRESS_LATENT_ARGS_H
#define OPS_NN_TURBO_QUANT_COMPRESS_LATENT_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct tqcl_args {
    aclemu_tdesc latent, centroids, slot;
    int64_t tokens, head_dim, slot_size, tokens_per_block;
} tqcl_args;

#endif
