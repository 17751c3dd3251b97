/* GroupNormalizationGrad kernel, per group row of M elements in FP32 (the real kernel's formula,
 * gamma element-wise): xhat = (x - mean) * rstd, s1 = sum(dy * gamma), s2 = sum(dy * gamma * xhat),
 * dx = rstd / M * gamma * (M * dy - s1 - xhat * s2). */
#include "group_normalization_grad_args.h"
#include "norm_rows.h"

static int group_normalization_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(group_normalization_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const group_normalization_grad_args *a = (const group_normalization_grad_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(4, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + n, *g = dy + n, *t = g + n;
    float M = (float)n, invM = 1.0f / (float)n;
    for (int64_t r = s; r < e; r++) {
        float mean, rstd;
        nr_load(&a->x, r * n, n, x);
        nr_load(&a->dy, r * n, n, dy);
        nr_load(&a->gamma, r * n, n, g);
        nr_load(&a->mean, r, 1, &mean);
        nr_load(&a->rstd, r, 1, &rstd);
        for (int64_t i = 0; i < n; i++) {
            x[i] = (x[i] - mean) * rstd; /* xhat */
            t[i] = dy[i] * g[i];
        }
        float s1 = nr_sum(t, n);
        for (int64_t i = 0; i < n; i++)
            t[i] *= x[i];
        float s2 = nr_sum(t, n), coeff = rstd * invM;
        for (int64_t i = 0; i < n; i++)
            t[i] = coeff * (g[i] * (M * dy[i] - s1 - x[i] * s2));
        nr_store(&a->dx, r * n, n, t);
    }
    return 0;
}

ACLEMU_KERNEL("GroupNormalizationGrad", group_normalization_grad_kernel);
