/* FusedPatchMlpGelu (see fused_patch_mlp_args.h). */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "fused_patch_mlp_args.h"

static int k_fused_patch_mlp_gelu(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(fpm_gelu_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const fpm_gelu_args *a = args;
    const size_t es = aclemu_kdtype_size(a->dtype);
    uint64_t i0, i1;
    aclemu_block_range((uint64_t)a->n, (uint64_t)a->per_block, blk, &i0, &i1);
    char *buf = (char *)(uintptr_t)a->buf;
    float v[1024];
    for (uint64_t s = i0; s < i1; s += 1024) {
        int64_t n = (int64_t)(i1 - s < 1024 ? i1 - s : 1024);
        char *p = buf + s * es;
        aclemu_load_f32(v, p, a->dtype, (int64_t)es, n);
        for (int64_t j = 0; j < n; j++) {
            const float x = v[j];
            float t = x * x;
            t = t * x;
            t = t * 0.044715f;
            t = t + x;
            t = t * -1.595769122f;
            float e = expf(t);
            e = e + 1.0f;
            v[j] = x / e;
        }
        aclemu_store_f32(p, a->dtype, (int64_t)es, v, n);
    }
    return 0;
}

ACLEMU_KERNEL("FusedPatchMlpGelu", k_fused_patch_mlp_gelu);
