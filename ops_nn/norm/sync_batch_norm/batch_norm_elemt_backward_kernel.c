/* BatchNormElemtBackward kernel (PyTorch's batch_norm_backward_elemt), per row (n, c) in FP32
 * with total = sum(counter):
 *   gradInput = (dy - sumDy / total - (x - mean) * invstd^2 * sumDyXmu / total) * invstd * weight */
#include "norm_rows.h"
#include "sync_bn_args.h"

static int batch_norm_elemt_backward_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(bn_elemt_backward_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const bn_elemt_backward_args *a = (const bn_elemt_backward_args *)args;
    int64_t s, e, S = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(2, S > a->W ? S : a->W);
    if (!x || a->C <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + (S > a->W ? S : a->W);
    nr_load(&a->counter, 0, a->W, x);
    float total = nr_sum(x, a->W);
    for (int64_t r = s; r < e; r++) {
        int64_t c = r % a->C;
        float mean, invstd, w = 1.0f, sdy, sdx;
        nr_load(&a->mean, c, 1, &mean);
        nr_load(&a->invstd, c, 1, &invstd);
        nr_load(&a->weight, c, 1, &w);
        nr_load(&a->sum_dy, c, 1, &sdy);
        nr_load(&a->sum_dy_xmu, c, 1, &sdx);
        float mdy = sdy / total, k = invstd * invstd * (sdx / total), scale = invstd * w;
        nr_load(&a->x, r * S, S, x);
        nr_load(&a->dy, r * S, S, dy);
        for (int64_t i = 0; i < S; i++)
            x[i] = (dy[i] - mdy - (x[i] - mean) * k) * scale;
        nr_store(&a->dx, r * S, S, x);
    }
    return 0;
}

ACLEMU_KERNEL("BatchNormElemtBackward", batch_norm_elemt_backward_kernel);
