/* TurboQuantCompressLatent (see turbo_quant_compress_latent_args.h). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "turbo_quant_compress_latent_args.h"

static int k_turbo_quant_compress_latent(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(tqcl_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const tqcl_args *a = args;
    const int64_t D = a->head_dim, S = a->slot_size;
    if (D != 512 || S < D / 2 + 2 || a->latent.ndim != 2 || a->slot.ndim != 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_tdesc *L = &a->latent, *C = &a->centroids, *O = &a->slot;
    float c[16], bnd[15], x[512];
    for (int i = 0; i < 16; i++) {
        int64_t off = C->offset;
        for (int64_t i2 = i, d = (int64_t)C->ndim - 1; d >= 0; d--) {
            off += (i2 % C->shape[d]) * C->stride[d];
            i2 /= C->shape[d];
        }
        memcpy(&c[i], (const char *)(uintptr_t)C->addr + off * 4, 4);
    }
    for (int i = 0; i < 15; i++) bnd[i] = (c[i] + c[i + 1]) * 0.5f;
    uint64_t t0, t1;
    aclemu_block_range((uint64_t)a->tokens, (uint64_t)a->tokens_per_block, blk, &t0, &t1);
    for (uint64_t t = t0; t < t1; t++) {
        const char *row = (const char *)(uintptr_t)L->addr + (L->offset + (int64_t)t * L->stride[0]) * 4;
        aclemu_load_f32(x, row, L->dtype, L->stride[1] * 4, D);
        float ss = 0.0f;
        for (int64_t d = 0; d < D; d++) ss += x[d] * x[d];
        const float norm = sqrtf(ss + 1e-16f), r = 1.0f / norm;
        unsigned char *o = (unsigned char *)(uintptr_t)O->addr + O->offset + (int64_t)t * O->stride[0];
        const int64_t os = O->stride[1];
        for (int64_t j = 0; j < S; j++) o[j * os] = 0;
        for (int64_t d = 0; d < D; d += 2) {
            unsigned n0 = 0, n1 = 0;
            float u0 = x[d] * r, u1 = x[d + 1] * r;
            for (int b = 0; b < 15; b++) {
                n0 += u0 >= bnd[b];
                n1 += u1 >= bnd[b];
            }
            o[(d / 2) * os] = (unsigned char)(n0 | n1 << 4);
        }
        uint16_t h = aclemu_float_to_half(norm);
        o[(D / 2) * os] = (unsigned char)(h & 0xff);
        o[(D / 2 + 1) * os] = (unsigned char)(h >> 8);
    }
    return 0;
}

ACLEMU_KERNEL("TurboQuantCompressLatent", k_turbo_quant_compress_latent);
