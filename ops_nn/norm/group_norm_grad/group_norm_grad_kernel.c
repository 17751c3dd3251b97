/* GroupNormBackward kernels, in FP32 with M = D * HxW elements per (n, g):
 *   GroupNormGradDx, per (n, g): ds = sum(dy * gamma_c * x), db = sum(dy * gamma_c),
 *     c2 = (db * mean - ds) * rstd^3 / M, c3 = -c2 * mean - db * rstd / M,
 *     dx = rstd * gamma_c * dy + c2 * x + c3 (gamma 1 when absent)
 *   GroupNormGradGamma, per channel c of group g: dgamma = sum over n, i of dy * (x - mean) * rstd,
 *     dbeta = sum of dy.
 * With `swish` (GroupNormSwishGrad) both kernels first replace dy by dy * dswish(y), y =
 * (x - mean) * rstd * gamma_c + beta_c, dswish(y) = (s * (y - y / (1 + e)) + 1) / (1 + e),
 * e = exp(-s * y): the derivative of y * sigmoid(s * y) in the real kernel's order of steps. */
#include <math.h>

#include "group_norm_grad_args.h"
#include "norm_rows.h"

/* dy[0..n) *= dswish(y) at the x[0..n) of one channel (gamma gm, beta bt). */
static void swish_dy(float *dy, const float *x, int64_t n, float mean, float rstd, float gm, float bt, float s)
{
    for (int64_t i = 0; i < n; i++) {
        float y = (x[i] - mean) * rstd * gm + bt;
        float d = expf(-s * y) + 1.0f;
        float t = (y - y / d) * s + 1.0f;
        dy[i] *= t / d;
    }
}

static int group_norm_grad_dx_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(group_norm_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const group_norm_grad_args *a = (const group_norm_grad_args *)args;
    if (a->G <= 0 || a->C % a->G)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e, HW = a->HxW, D = a->C / a->G, M = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(3, M);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + M, *t = dy + M;
    for (int64_t r = s; r < e; r++) {
        int64_t g = r % a->G;
        float mean, rstd;
        nr_load(&a->mean, r, 1, &mean);
        nr_load(&a->rstd, r, 1, &rstd);
        nr_load(&a->x, r * M, M, x);
        nr_load(&a->dy, r * M, M, dy);
        for (int64_t c = 0; c < D; c++) {
            float gm = 1.0f, bt = 0.0f;
            nr_load(&a->gamma, g * D + c, 1, &gm);
            if (a->swish) {
                nr_load(&a->beta, g * D + c, 1, &bt);
                swish_dy(dy + c * HW, x + c * HW, HW, mean, rstd, gm, bt, a->swish_scale);
            }
            for (int64_t i = 0; i < HW; i++)
                dy[c * HW + i] *= gm; /* dy * gamma from here on */
        }
        for (int64_t i = 0; i < M; i++)
            t[i] = dy[i] * x[i];
        float ds = nr_sum(t, M), db = nr_sum(dy, M), inv_m = 1.0f / (float)M;
        float c2 = (db * mean - ds) * rstd * rstd * rstd * inv_m, c3 = -c2 * mean - db * rstd * inv_m;
        for (int64_t i = 0; i < M; i++)
            t[i] = rstd * dy[i] + c2 * x[i] + c3;
        nr_store(&a->dx, r * M, M, t);
    }
    return 0;
}

static int group_norm_grad_gamma_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(group_norm_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const group_norm_grad_args *a = (const group_norm_grad_args *)args;
    if (a->G <= 0 || a->C % a->G)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e, HW = a->HxW, D = a->C / a->G;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(2, HW);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + HW;
    for (int64_t c = s; c < e; c++) {
        float dg = 0.0f, dbs = 0.0f, gm = 1.0f, bt = 0.0f;
        if (a->swish) {
            nr_load(&a->gamma, c, 1, &gm);
            nr_load(&a->beta, c, 1, &bt);
        }
        for (int64_t n = 0; n < a->N; n++) {
            float mean, rstd;
            nr_load(&a->mean, n * a->G + c / D, 1, &mean);
            nr_load(&a->rstd, n * a->G + c / D, 1, &rstd);
            int64_t off = (n * a->C + c) * HW;
            nr_load(&a->x, off, HW, x);
            nr_load(&a->dy, off, HW, dy);
            if (a->swish)
                swish_dy(dy, x, HW, mean, rstd, gm, bt, a->swish_scale);
            dbs += nr_sum(dy, HW);
            for (int64_t i = 0; i < HW; i++)
                x[i] = dy[i] * (x[i] - mean) * rstd;
            dg += nr_sum(x, HW);
        }
        nr_store(&a->dgamma, c, 1, &dg);
        nr_store(&a->dbeta, c, 1, &dbs);
    }
    return 0;
}

ACLEMU_KERNEL("GroupNormGradDx", group_norm_grad_dx_kernel);
ACLEMU_KERNEL("GroupNormGradGamma", group_norm_grad_gamma_kernel);
