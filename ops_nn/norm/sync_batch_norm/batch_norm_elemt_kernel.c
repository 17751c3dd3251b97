/* BatchNormElemt kernel, per row (n, c) in FP32: the op_api turns invstd into the variance
 * 1 / invstd^2 - eps and runs inference BatchNorm, so y = (x - mean) / sqrt(var + eps) *
 * weight + bias (weight 1 / bias 0 when absent). */
#include <math.h>

#include "norm_rows.h"
#include "sync_bn_args.h"

static int batch_norm_elemt_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(bn_elemt_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const bn_elemt_args *a = (const bn_elemt_args *)args;
    int64_t s, e, S = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(1, S);
    if (!x || a->C <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int64_t r = s; r < e; r++) {
        int64_t c = r % a->C;
        float mean, invstd, w = 1.0f, b = 0.0f;
        nr_load(&a->mean, c, 1, &mean);
        nr_load(&a->invstd, c, 1, &invstd);
        nr_load(&a->weight, c, 1, &w);
        nr_load(&a->bias, c, 1, &b);
        float var = 1.0f / (invstd * invstd) - (float)a->h.eps;
        float k = w / sqrtf(var + (float)a->h.eps);
        nr_load(&a->x, r * S, S, x);
        for (int64_t i = 0; i < S; i++)
            x[i] = (x[i] - mean) * k + b;
        nr_store(&a->y, r * S, S, x);
    }
    return 0;
}

ACLEMU_KERNEL("BatchNormElemt", batch_norm_elemt_kernel);
