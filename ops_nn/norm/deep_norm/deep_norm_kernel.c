/* DeepNorm kernel: per row x' = alpha * x + gx, mean / rstd of x' (FP32), y = (x' - mean) *
 * rstd * gamma + beta. */
#include "deep_norm_args.h"
#include "norm_rows.h"

static int deep_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(deep_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const deep_norm_args *a = (const deep_norm_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(4, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *g = x + n, *gm = g + n, *bt = gm + n, alpha = (float)a->alpha;
    nr_load(&a->gamma, 0, n, gm);
    nr_load(&a->beta, 0, n, bt);
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x, r * n, n, x);
        nr_load(&a->gx, r * n, n, g);
        for (int64_t i = 0; i < n; i++)
            x[i] = alpha * x[i] + g[i];
        float mean, rstd;
        nr_layer_stats(x, n, a->h.eps, &mean, &rstd);
        for (int64_t i = 0; i < n; i++)
            x[i] = (x[i] - mean) * rstd * gm[i] + bt[i];
        nr_store(&a->y, r * n, n, x);
        nr_store(&a->mean, r, 1, &mean);
        nr_store(&a->rstd, r, 1, &rstd);
    }
    return 0;
}

ACLEMU_KERNEL("DeepNorm", deep_norm_kernel);
