/* DeepNormGrad kernel (the op's documented formula), per row in FP32 with D = n:
 *   tmpone = dy * gamma, tmptwo = alpha * x + gx - mean
 *   dvar = -1/D * sum(tmpone * tmptwo) * rstd^3, dmean = -1/D * sum(tmpone) * rstd
 *   dgx = tmpone * rstd + dvar * tmptwo + dmean, dx = alpha * dgx
 *   partial dbeta += dy, dgamma += dy * rstd * tmptwo. */
#include "deep_norm_grad_args.h"
#include "norm_rows.h"

static int deep_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(deep_norm_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const deep_norm_grad_args *a = (const deep_norm_grad_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *dbeta = nr_part(&a->h, blk, 0), *dgamma = nr_part(&a->h, blk, 1);
    float *two = nr_scratch(5, n);
    if (!two || !dbeta || !dgamma)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *one = two + n, *dy = one + n, *gm = dy + n, *t = gm + n, alpha = (float)a->alpha;
    float one_div = -1.0f / (float)n;
    nr_load(&a->gamma, 0, n, gm);
    for (int64_t r = s; r < e; r++) {
        float mean, rstd;
        nr_load(&a->mean, r, 1, &mean);
        nr_load(&a->rstd, r, 1, &rstd);
        nr_load(&a->x, r * n, n, two);
        nr_load(&a->gx, r * n, n, t);
        nr_load(&a->dy, r * n, n, dy);
        for (int64_t i = 0; i < n; i++) {
            two[i] = alpha * two[i] + t[i] - mean;
            one[i] = dy[i] * gm[i];
            t[i] = one[i] * two[i];
            dbeta[i] += dy[i];
            dgamma[i] += dy[i] * rstd * two[i];
        }
        float dvar = one_div * nr_sum(t, n) * rstd * rstd * rstd, dmean = one_div * nr_sum(one, n) * rstd;
        for (int64_t i = 0; i < n; i++) {
            one[i] = one[i] * rstd + dvar * two[i] + dmean;
            t[i] = alpha * one[i];
        }
        nr_store(&a->dgx, r * n, n, one);
        nr_store(&a->dx, r * n, n, t);
    }
    return 0;
}

ACLEMU_KERNEL("DeepNormGrad", deep_norm_grad_kernel);
