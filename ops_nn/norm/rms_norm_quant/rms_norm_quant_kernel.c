/* RmsNormQuant kernel, per row: rstd = 1 / sqrt(mean(x^2) + eps) (FP32), q = x * rstd * gamma +
 * beta, y = round(q / scale + offset) with the INT8 epilogue. */
#include "norm_quant_epilogue.h"
#include "norm_rows.h"
#include "rms_norm_quant_args.h"

static int rms_norm_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rms_norm_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rms_norm_quant_args *a = (const rms_norm_quant_args *)args;
    int64_t s, e, n = a->h.n, sn = a->scale_n;
    nr_block_rows(&a->h, blk, &s, &e);
    if (sn != 1 && sn != n)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *x = nr_scratch(5, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *g = x + n, *b = g + n, *sc = b + n, *of = sc + n;
    nr_load(&a->gamma, 0, n, g);
    nr_load(&a->beta, 0, n, b);
    nr_load(&a->scale, 0, sn, sc);
    nr_load(&a->offset, 0, sn, of);
    for (int64_t r = s; r < e; r++) {
        nr_load(&a->x, r * n, n, x);
        float rstd = nr_rms_rstd(x, n, a->h.eps);
        for (int64_t i = 0; i < n; i++) {
            int64_t k = sn == 1 ? 0 : i;
            x[i] = (float)nq_quant_int8(x[i] * rstd * g[i] + b[i], sc[k], of[k], 1);
        }
        nr_store(&a->y, r * n, n, x);
    }
    return 0;
}

ACLEMU_KERNEL("RmsNormQuant", rms_norm_quant_kernel);
