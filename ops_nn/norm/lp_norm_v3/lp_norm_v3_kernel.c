/* LpNormV3 kernel, per row in FP32 as the real kernels: norm = (sum |x|^p + eps)^(1/p) (p = +inf:
 * max |x|, -inf: min |x|); LpNormV3: y = x / norm with the norm first rounded to y's dtype (the
 * real FLOAT16 path divides in FLOAT16); RenormV2: y = x * (max_norm / norm when norm > max_norm,
 * else 1) in FP32. */
#include <math.h>

#include "lp_norm_v3_args.h"
#include "norm_rows.h"

static float row_norm(const float *x, int64_t n, float p, float eps, float *t)
{
    if (isinf(p)) {
        float m = fabsf(x[0]);
        for (int64_t i = 1; i < n; i++)
            m = p > 0 ? fmaxf(m, fabsf(x[i])) : fminf(m, fabsf(x[i]));
        return m;
    }
    for (int64_t i = 0; i < n; i++)
        t[i] = powf(fabsf(x[i]), p);
    return powf(nr_sum(t, n) + eps, 1.0f / p);
}

static int lp_norm_v3_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lp_norm_v3_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const lp_norm_v3_args *a = (const lp_norm_v3_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(2, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n;
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x, r * n, n, x);
        float norm = row_norm(x, n, a->p, a->eps, t);
        if (a->renorm) {
            float scale = norm > a->max_norm ? a->max_norm / norm : 1.0f;
            for (int64_t i = 0; i < n; i++)
                x[i] *= scale;
        } else {
            nr_round(&norm, 1, a->y.dtype, t);
            for (int64_t i = 0; i < n; i++)
                x[i] /= norm;
        }
        nr_store(&a->y, r * n, n, x);
    }
    return 0;
}

ACLEMU_KERNEL("LpNormV3", lp_norm_v3_kernel);
