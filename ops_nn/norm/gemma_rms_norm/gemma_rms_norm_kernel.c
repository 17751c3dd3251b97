/* GemmaRmsNorm kernel: per row rstd = 1 / sqrt(mean(x^2) + eps), y = x * rstd * (1 + gamma),
 * in FP32. */
#include "gemma_rms_norm_args.h"
#include "norm_rows.h"

static int gemma_rms_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gemma_rms_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const gemma_rms_norm_args *a = (const gemma_rms_norm_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(2, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *g = x + n;
    nr_load(&a->gamma, 0, n, g);
    for (int64_t i = 0; i < n; i++)
        g[i] += 1.0f;
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x, r * n, n, x);
        float rstd = nr_rms_rstd(x, n, a->h.eps);
        for (int64_t i = 0; i < n; i++)
            x[i] = x[i] * rstd * g[i];
        nr_store(&a->y, r * n, n, x);
        nr_store(&a->rstd, r, 1, &rstd);
    }
    return 0;
}

ACLEMU_KERNEL("GemmaRmsNorm", gemma_rms_norm_kernel);
