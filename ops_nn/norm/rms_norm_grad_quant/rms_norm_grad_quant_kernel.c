/* RmsNormGradQuant kernel, per row in FP32 as ops-nn norm/rms_norm_grad_quant/op_kernel/arch35/
 * rms_norm_grad_quant_dx_full_load.h computes it: g = dy * gamma, xr = x * rstd, mean =
 * sum(g * xr) * (1 / n), dx = (g - xr * mean) * rstd; q = dx / scalesX (divMode) or dx * scalesX,
 * + offsetX (INT32 as FP32); INT8 through INT32 (RINT), FP16 and the truncating INT8 cast - one
 * round half to even of q, saturated to [-128, 127] (the quant driver's encoder). This block's
 * partial dgamma += dy * (x * rstd) (rms_norm_grad_quant_dgamma_helper.h). */
#include "norm_rows.h"
#include "quant_codec.h"
#include "rms_norm_grad_quant_args.h"

static int rms_norm_grad_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rms_norm_grad_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rms_norm_grad_quant_args *a = (const rms_norm_grad_quant_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *dgamma = nr_part(&a->h, blk, 0);
    float *x = nr_scratch(4, n);
    if (!x || !dgamma)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + n, *gm = dy + n, *t = gm + n, scale, offset = 0.0f;
    nr_load(&a->gamma, 0, n, gm);
    nr_load(&a->scale, 0, 1, &scale);
    nr_load(&a->offset, 0, 1, &offset);
    uint8_t *q = (uint8_t *)nn_ptr(&a->dx);
    for (int64_t r = s; r < e; r++) {
        float rstd;
        nr_load(&a->rstd, r, 1, &rstd);
        nr_load(&a->x, r * n, n, x);
        nr_load(&a->dy, r * n, n, dy);
        for (int64_t i = 0; i < n; i++) {
            x[i] = x[i] * rstd;   /* xr */
            dgamma[i] += dy[i] * x[i];
            dy[i] = dy[i] * gm[i]; /* g */
            t[i] = dy[i] * x[i];
        }
        float mean = nr_sum(t, n) * (1.0f / (float)n);
        for (int64_t i = 0; i < n; i++) {
            float dx = (dy[i] - x[i] * mean) * rstd;
            float v = (a->div_mode ? dx / scale : dx * scale) + offset;
            q[r * n + i] = (uint8_t)quant_encode(v, a->code, QUANT_RINT);
        }
    }
    return 0;
}

ACLEMU_KERNEL("RmsNormGradQuant", rms_norm_grad_quant_kernel);
