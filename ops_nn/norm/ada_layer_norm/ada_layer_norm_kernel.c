/* AdaLayerNorm kernel, per row in FP32: mean, rstd = 1 / sqrt(var + eps) (biased), then
 * out = ((x - mean) * rstd * w + b) * (1 + scale[batch]) + shift[batch] (w 1, b 0 when absent). */
#include "ada_layer_norm_args.h"
#include "norm_rows.h"

static int ada_layer_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ada_layer_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ada_layer_norm_args *a = (const ada_layer_norm_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(5, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *w = x + n, *b = w + n, *sc = b + n, *sh = sc + n;
    for (int64_t i = 0; i < n; i++) {
        w[i] = 1.0f;
        b[i] = 0.0f;
    }
    nr_load(&a->w, 0, n, w);
    nr_load(&a->b, 0, n, b);
    for (int64_t r = s; r < e; r++) {
        int64_t batch = r / a->S;
        float mean, rstd;
        nr_load(&a->x, r * n, n, x);
        nr_load(&a->scale, batch * n, n, sc);
        nr_load(&a->shift, batch * n, n, sh);
        nr_layer_stats(x, n, a->h.eps, &mean, &rstd);
        for (int64_t i = 0; i < n; i++)
            x[i] = ((x[i] - mean) * rstd * w[i] + b[i]) * (1.0f + sc[i]) + sh[i];
        nr_store(&a->y, r * n, n, x);
        nr_store(&a->mean, r, 1, &mean);
        nr_store(&a->rstd, r, 1, &rstd);
    }
    return 0;
}

ACLEMU_KERNEL("AdaLayerNorm", ada_layer_norm_kernel);
