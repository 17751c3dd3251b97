/* QuantizedBatchNorm kernel, in the FP32 steps of the real kernel: per channel
 *   a = weight / sqrt(var + eps), alpha = a * (inputScale / outputScale),
 *   beta = (-a * mean + bias) * (1 / outputScale);
 * per element y = ((float(x) - float(inputZeroPoint)) * alpha + beta) + float(outputZeroPoint),
 * rounded half away from zero and saturated to y's type (the Cast ROUND to INT32, then through
 * FLOAT16 to INT8 / UINT8, saturating), NaN -> 0 (quant_codec.h). */
#include <math.h>

#include "acl/acl_base.h"

#include "nn_kernel.h"
#include "quant_codec.h"
#include "quantized_batch_norm_args.h"

static int quantized_batch_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(quantized_batch_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const quantized_batch_norm_args *a = (const quantized_batch_norm_args *)args;
    int64_t c0, c1;
    nn_block_items(a->C, a->ch_per_block, blk, &c0, &c1);
    const int64_t N = a->N, C = a->C, S = a->S;
    float *row = (float *)aclemu_worker_scratch((size_t)(S ? S : 1) * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    const char *xp = (const char *)nn_ptr(&a->x);
    char *yp = (char *)nn_ptr(&a->y);
    const float *mean = (const float *)nn_ptr(&a->mean), *var = (const float *)nn_ptr(&a->var);
    const float *w = (const float *)nn_ptr(&a->w), *b = (const float *)nn_ptr(&a->b);
    const size_t es = aclemu_kdtype_size(a->x.dtype);
    int32_t lo = INT32_MIN, hi = INT32_MAX;
    if (a->y.dtype == ACL_INT8)
        lo = -128, hi = 127;
    else if (a->y.dtype == ACL_UINT8)
        lo = 0, hi = 255;
    const float in_zp = -1.0f * (float)a->in_zp, out_zp = (float)a->out_zp;
    const float ratio = a->in_scale / a->out_scale, inv_out = 1.0f / a->out_scale;
    for (int64_t c = c0; c < c1; c++) {
        float d = sqrtf(var[c] + a->eps);
        float wa = (w ? w[c] : 1.0f) / d;
        float alpha = wa * ratio;
        float beta = -wa * mean[c];
        beta = beta + (b ? b[c] : 0.0f);
        beta = beta * inv_out;
        for (int64_t n = 0; n < N; n++) {
            const int64_t base = (n * C + c) * S;
            aclemu_load_f32(row, xp + base * (int64_t)es, a->x.dtype, (int64_t)es, S);
            for (int64_t i = 0; i < S; i++) {
                float v = row[i] + in_zp;
                v = v * alpha;
                v = v + beta;
                v = v + out_zp;
                int32_t q = quant_to_int(v, QUANT_ROUND, lo, hi);
                char *o = yp + (base + i) * (int64_t)es;
                if (a->y.dtype == ACL_INT8)
                    *(int8_t *)o = (int8_t)q;
                else if (a->y.dtype == ACL_UINT8)
                    *(uint8_t *)o = (uint8_t)q;
                else
                    *(int32_t *)o = q;
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("QuantizedBatchNorm", quantized_batch_norm_kernel);
