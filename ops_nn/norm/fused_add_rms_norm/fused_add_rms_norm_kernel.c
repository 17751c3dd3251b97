/* FusedAddRmsNorm kernel, per row as the real kernel rounds: s = x1 * scale in FP32 (rounded to
 * FLOAT16 before the add when x1 is FLOAT16), x = s + x2 rounded to x1's dtype (what xOut holds
 * and the norm reads), rstd = 1 / sqrt(mean(x^2) + eps), y = x * rstd * gamma. */
#include "acl/acl_base.h"
#include "fused_add_rms_norm_args.h"
#include "norm_rows.h"

static int fused_add_rms_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(fused_add_rms_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const fused_add_rms_norm_args *a = (const fused_add_rms_norm_args *)args;
    int64_t s, e, n = a->h.n;
    int32_t dt = a->x1.dtype;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(3, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n, *g = t + n;
    nr_load(&a->gamma, 0, n, g);
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x1, r * n, n, x);
        for (int64_t i = 0; i < n; i++)
            x[i] *= a->scale;
        if (dt == ACL_FLOAT16)
            nr_round(x, n, dt, t);
        nr_load(&a->x2, r * n, n, t);
        for (int64_t i = 0; i < n; i++)
            x[i] += t[i];
        nr_round(x, n, dt, t);
        nr_store(&a->x, r * n, n, x);
        float rstd = nr_rms_rstd(x, n, a->h.eps);
        for (int64_t i = 0; i < n; i++)
            x[i] = x[i] * rstd * g[i];
        nr_store(&a->y, r * n, n, x);
        nr_store(&a->rstd, r, 1, &rstd);
    }
    return 0;
}

ACLEMU_KERNEL("FusedAddRmsNorm", fused_add_rms_norm_kernel);
