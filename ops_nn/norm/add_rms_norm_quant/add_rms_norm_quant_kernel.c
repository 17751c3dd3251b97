/* AddRmsNormQuant kernel, per row: x = x1 + x2 rounded to x1's dtype (what xOut holds and the
 * norm reads), rstd = 1 / sqrt(mean(x^2) + eps) in FP32, y = x * rstd * gamma, then the INT8
 * epilogue with scales1 / zeroPoints1 (and scales2 / zeroPoints2 when scales2 is given). */
#include "add_rms_norm_quant_args.h"
#include "norm_quant_epilogue.h"
#include "norm_rows.h"

static void quant_row(const float *y, const float *scale, const float *zp, int div_mode, int64_t n, float *q)
{
    for (int64_t i = 0; i < n; i++)
        q[i] = (float)nq_quant_int8(y[i], scale[i], zp ? zp[i] : 0.0f, div_mode);
}

static int add_rms_norm_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(add_rms_norm_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const add_rms_norm_quant_args *a = (const add_rms_norm_quant_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(8, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n, *g = t + n, *s1 = g + n, *s2 = s1 + n, *z1 = s2 + n, *z2 = z1 + n, *q = z2 + n;
    nr_load(&a->gamma, 0, n, g);
    nr_load(&a->s1, 0, n, s1);
    nr_load(&a->s2, 0, n, s2);
    nr_load(&a->z1, 0, n, z1);
    nr_load(&a->z2, 0, n, z2);
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x1, r * n, n, x);
        nr_load(&a->x2, r * n, n, t);
        for (int64_t i = 0; i < n; i++)
            x[i] += t[i];
        /* round the sum through x1's dtype: xOut and the normalised value agree */
        nr_round(x, n, a->x1.dtype, t);
        nr_store(&a->xout, r * n, n, x);
        float rstd = nr_rms_rstd(x, n, a->h.eps);
        for (int64_t i = 0; i < n; i++)
            x[i] = x[i] * rstd * g[i];
        quant_row(x, s1, a->z1.present ? z1 : NULL, a->div_mode, n, q);
        nr_store(&a->y1, r * n, n, q);
        if (a->y2.present) {
            quant_row(x, s2, a->z2.present ? z2 : NULL, a->div_mode, n, q);
            nr_store(&a->y2, r * n, n, q);
        }
    }
    return 0;
}

ACLEMU_KERNEL("AddRmsNormQuant", add_rms_norm_quant_kernel);
