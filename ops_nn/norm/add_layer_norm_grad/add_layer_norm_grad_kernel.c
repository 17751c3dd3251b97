/* AddLayerNormGrad kernel (also LayerNormalizationGrad: no x2, no dsum), per row with
 * x = x1 + x2, xhat = (x - mean) * rstd, g = dy * gamma (FP32):
 * dx = rstd * (g - (sum(g) + xhat * sum(g * xhat)) / D) + dsum; this block's partial
 * dgamma += dy * xhat and dbeta += dy. */
#include <string.h>

#include "add_layer_norm_grad_args.h"
#include "norm_rows.h"

static int add_layer_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(add_layer_norm_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const add_layer_norm_grad_args *a = (const add_layer_norm_grad_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *dgamma = nr_part(&a->h, blk, 0), *dbeta = nr_part(&a->h, blk, 1);
    float *x = nr_scratch(5, n);
    if (!x || !dgamma || !dbeta)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n, *dy = t + n, *gm = dy + n, *g = gm + n;
    nr_load(&a->gamma, 0, n, gm);
    for (int64_t r = s; r < e; r++) {
        float mean, rstd;
        nr_load(&a->mean, r, 1, &mean);
        nr_load(&a->rstd, r, 1, &rstd);
        nr_load(&a->x1, r * n, n, x);
        if (a->x2.present)
            nr_load(&a->x2, r * n, n, t);
        else /* LayerNormalizationGrad: x alone */
            memset(t, 0, (size_t)n * sizeof(float));
        nr_load(&a->dy, r * n, n, dy);
        for (int64_t i = 0; i < n; i++) {
            x[i] = (x[i] + t[i] - mean) * rstd; /* xhat */
            g[i] = dy[i] * gm[i];
            t[i] = g[i] * x[i];
            dgamma[i] += dy[i] * x[i];
            dbeta[i] += dy[i];
        }
        float sg = nr_sum(g, n), sgx = nr_sum(t, n), inv_d = 1.0f / (float)n;
        for (int64_t i = 0; i < n; i++)
            g[i] = rstd * (g[i] - (sg + x[i] * sgx) * inv_d);
        if (a->dsum.present) {
            nr_load(&a->dsum, r * n, n, t);
            for (int64_t i = 0; i < n; i++)
                g[i] += t[i];
        }
        nr_store(&a->dx, r * n, n, g);
    }
    return 0;
}

ACLEMU_KERNEL("AddLayerNormGrad", add_layer_norm_grad_kernel);
